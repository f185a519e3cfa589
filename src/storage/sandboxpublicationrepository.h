#pragma once

#include "core/platform.h"

#include <QString>
#include <QStringList>

#include <optional>

namespace slotline {

class Database;

// A post as the sandbox connector published it.
struct SandboxPublication
{
    QString id; // unguessable: it is the public page's address
    QString token; // the connector's idempotency token
    QString accountId;
    QString accountName;
    QString username;
    Platform platform = Platform::LinkedIn;
    QString pageName;
    QString text;
    QStringList mediaUrls;
    qint64 publishedAtMs = 0;
};

class SandboxPublicationRepository
{
public:
    explicit SandboxPublicationRepository(Database &database);

    // Publishes once per token: a repeated token returns the first publication.
    SandboxPublication publish(const SandboxPublication &publication);
    std::optional<SandboxPublication> findByToken(const QString &token);
    std::optional<SandboxPublication> find(const QString &id);
    int count();

private:
    std::optional<SandboxPublication> findWhere(const QString &column, const QString &value);

    Database &m_database;
};

} // namespace slotline
