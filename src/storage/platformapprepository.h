#pragma once

#include <QList>
#include <QMap>
#include <QString>

#include <optional>

namespace slotline {

class Clock;
class Database;
class SecretBox;

// An administrator's developer app at a platform: what the server signs in to it with.
struct PlatformApp
{
    QString platform; // the connector's name: linkedin, x, facebook
    QString clientId;
    QString clientSecret;
    QMap<QString, QString> urls; // endpoint overrides by their documented names
    QString scopes; // empty: the connector's own
    qint64 updatedAtMs = 0;
};

// The platform apps, their secrets sealed with the server's key.
class PlatformAppRepository
{
public:
    PlatformAppRepository(Database &database, const SecretBox &secrets, const Clock &clock);

    void put(const PlatformApp &app);
    // Nothing when the platform has no app, or its secret no longer opens with this key
    // (`unreadable` then says so).
    std::optional<PlatformApp> find(const QString &platform, bool *unreadable = nullptr);
    // Without their secrets (blank): for listing.
    QList<PlatformApp> list();
    bool remove(const QString &platform);

private:
    Database &m_database;
    const SecretBox &m_secrets;
    const Clock &m_clock;
};

} // namespace slotline
