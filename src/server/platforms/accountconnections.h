#pragma once

#include "server/api/apierror.h"
#include "server/platforms/platformcatalog.h"
#include "storage/oauthstaterepository.h"

#include <QByteArray>
#include <QHash>
#include <QObject>
#include <QUrl>
#include <QUrlQuery>

#include <functional>
#include <memory>
#include <variant>

namespace slotline {

class Clock;
class Database;
class PlatformAuthorization;
class PlatformHttpClient;
class SecretBox;
struct PlatformIdentity;
struct TokenGrant;

// Connecting a real account, from the authorization address the app opens to the
// account (and its pages) in the list: the state that authenticates the platform's
// callback, the code exchange, the person's profile, and their tokens, kept sealed.
class AccountConnections : public QObject
{
    Q_OBJECT

public:
    struct Started
    {
        QUrl authorizationUrl;
        QString state;
        qint64 expiresAtMs = 0;
    };
    struct Page
    {
        int status = 200;
        QByteArray html;
    };

    static constexpr qint64 StateLifetimeMs = 10 * 60 * 1000;

    AccountConnections(Database &database, const Clock &clock, const SecretBox &secrets,
                       PlatformHttpClient &http, QObject *parent = nullptr);
    ~AccountConnections() override;

    void setPublicBaseUrl(const QString &url) { m_publicBaseUrl = url; }
    static QString callbackPath() { return PlatformCatalog::CallbackPath.toString(); }
    QString redirectUri(const PlatformApp &app) const;
    // " --data <dir>" for an administration command printed by a server reached only on
    // this computer; empty otherwise.
    QString dataOptionForLocalAdministrator() const;

    PlatformAuthorization *authorization(const QString &connector) const;

    // `platform` as the API spells it; `accountId` to reconnect that account.
    std::variant<Started, ApiError> start(const QString &projectId, const QString &platform,
                                          const QString &accountId);
    // The platform sent the browser back: `reply` gets the page for the person, once.
    void complete(const QString &connector, const QUrlQuery &query,
                  std::function<void(Page)> reply);

private:
    void finish(const OAuthState &state, const QString &connector, const TokenGrant &grant,
                const PlatformIdentity &identity, const std::function<void(Page)> &reply);
    void fail(const OAuthState &state, const QString &why, const std::function<void(Page)> &reply);

    Database &m_database;
    const Clock &m_clock;
    const SecretBox &m_secrets;
    QHash<QString, PlatformAuthorization *> m_authorizations; // children
    QString m_publicBaseUrl;
};

} // namespace slotline
