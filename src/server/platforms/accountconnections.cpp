#include "server/platforms/accountconnections.h"

#include "core/clock.h"
#include "core/ids.h"
#include "server/api/logcategories.h"
#include "server/platforms/connectionpage.h"
#include "server/platforms/facebookauthorization.h"
#include "server/platforms/linkedinauthorization.h"
#include "server/platforms/platformcatalog.h"
#include "server/platforms/xauthorization.h"
#include "storage/accountrepository.h"
#include "storage/credentialrepository.h"
#include "storage/database.h"
#include "storage/databaseerror.h"
#include "storage/platformapprepository.h"
#include "storage/transaction.h"

#include <QFileInfo>
#include <QHostAddress>
#include <QRegularExpression>

namespace slotline {
namespace {

Platform platformOf(const QString &connector)
{
    if (connector == u"x")
        return Platform::Twitter;
    if (connector == u"facebook")
        return Platform::Facebook;
    return Platform::LinkedIn;
}

std::optional<qint64> expiryOf(qint64 nowMs, std::optional<qint64> seconds)
{
    if (!seconds)
        return std::nullopt;
    return nowMs + *seconds * 1000;
}

// What the platform's "error" in the callback means, in words.
QString consentRefusal(const QString &platform, const QString &error, const QString &description)
{
    if (error == u"access_denied" || error == u"user_cancelled_login"
        || error == u"user_cancelled_authorize")
        return QStringLiteral("The permission was not given on %1, so nothing was connected. "
                              "Start again from Slotline to connect the account.")
            .arg(platform);
    return QStringLiteral("%1 did not authorize Slotline: %2")
        .arg(platform, description.isEmpty() ? error : description);
}

} // namespace

AccountConnections::AccountConnections(Database &database, const Clock &clock,
                                       const SecretBox &secrets, PlatformHttpClient &http,
                                       QObject *parent)
    : QObject(parent)
    , m_database(database)
    , m_clock(clock)
    , m_secrets(secrets)
{
    for (PlatformAuthorization *authorization :
         {static_cast<PlatformAuthorization *>(new XAuthorization(http, this)),
          static_cast<PlatformAuthorization *>(new LinkedInAuthorization(http, this)),
          static_cast<PlatformAuthorization *>(new FacebookAuthorization(http, this))})
        m_authorizations.insert(authorization->connector(), authorization);
}

AccountConnections::~AccountConnections() = default;

QString AccountConnections::redirectUri(const PlatformApp &app) const
{
    return PlatformCatalog::callbackUrl(app, m_publicBaseUrl);
}

QString AccountConnections::dataOptionForLocalAdministrator() const
{
    // A server only this computer reaches (the desktop app's built-in one) is administered
    // by whoever reads this: the command works as printed only with its own data
    // directory. A server others reach keeps its directory to itself.
    const QString host = QUrl(m_publicBaseUrl).host();
    const QHostAddress address(host);
    const bool local = host == u"localhost" || (!address.isNull() && address.isLoopback());
    const QString databaseFile = m_database.filePath();
    if (!local || databaseFile.isEmpty())
        return {};
    QString directory = QFileInfo(databaseFile).absolutePath();
    // Quoted for a shell when it needs to be.
    if (directory.contains(QRegularExpression(QStringLiteral("[^A-Za-z0-9_./+-]"))))
        directory = u'\'' + directory.replace(u'\'', QStringLiteral("'\\''")) + u'\'';
    return QStringLiteral(" --data ") + directory;
}

PlatformAuthorization *AccountConnections::authorization(const QString &connector) const
{
    return m_authorizations.value(connector);
}

std::variant<AccountConnections::Started, ApiError>
AccountConnections::start(const QString &projectId, const QString &platform,
                          const QString &accountId)
{
    const auto connector = PlatformCatalog::connectorName(platform);
    if (!connector)
        return ApiError::validationFailed(
            {{QStringLiteral("platform"),
              QStringLiteral("Must be one of linkedin, x (or twitter), facebook.")}});
    if (!accountId.isEmpty()) {
        const auto account = ids::looksLike(accountId, IdKind::Account)
                                 ? AccountRepository(m_database, m_clock).find(projectId, accountId)
                                 : std::nullopt;
        if (!account)
            return ApiError::notFound(
                QStringLiteral("No account %1 in this project.").arg(accountId));
        if (account->connector != *connector)
            return ApiError::validationFailed(
                {{QStringLiteral("accountId"),
                  QStringLiteral("Account %1 is a %2 account (%3); it can only be reconnected "
                                 "on its own platform.")
                      .arg(accountId, platforms::displayName(account->platform),
                           account->connector)}});
    }
    bool unreadable = false;
    const auto app
        = PlatformAppRepository(m_database, m_secrets, m_clock).find(*connector, &unreadable);
    if (!app)
        return ApiError(ErrorCode::PlatformNotConfigured,
                        unreadable
                            ? QStringLiteral("The server's %1 app secret cannot be read with its "
                                             "current key (secret.key was replaced); the "
                                             "administrator must run: slotline-server platforms "
                                             "set %2 …")
                                  .arg(PlatformCatalog::displayName(*connector), *connector)
                            : QStringLiteral("This server has no %1 app yet; the administrator "
                                             "configures one with: slotline-server platforms set "
                                             "%2%3 --client-id … --client-secret-file …")
                                  .arg(PlatformCatalog::displayName(*connector), *connector,
                                       dataOptionForLocalAdministrator()))
            .withDetail(QStringLiteral("platform"),
                        QStringLiteral("Not configured on this server."));

    PlatformAuthorization *flow = authorization(*connector);
    OAuthState state;
    // The state is what authenticates the callback: unguessable, unlike an id.
    state.state = PlatformAuthorization::randomUrlSafe(32);
    state.projectId = projectId;
    state.platform = *connector;
    state.accountId = accountId;
    state.redirectUri = redirectUri(*app);
    state.createdAtMs = m_clock.nowMs();
    state.expiresAtMs = state.createdAtMs + StateLifetimeMs;
    QString challenge;
    if (flow->usesPkce()) {
        state.codeVerifier = PlatformAuthorization::makeCodeVerifier();
        challenge = PlatformAuthorization::codeChallenge(state.codeVerifier);
    }
    OAuthStateRepository states(m_database, m_secrets);
    states.removeOlderThan(state.createdAtMs - 24LL * 60 * 60 * 1000);
    states.insert(state);
    return Started {flow->authorizationUrl(*app, state.state, challenge, state.redirectUri),
                    state.state, state.expiresAtMs};
}

void AccountConnections::complete(const QString &connector, const QUrlQuery &query,
                                  std::function<void(Page)> reply)
{
    const QString platformName = PlatformCatalog::displayName(connector);
    const QString stateValue = query.queryItemValue(QStringLiteral("state"), QUrl::FullyDecoded);
    QString why;
    std::optional<OAuthState> state;
    try {
        state = OAuthStateRepository(m_database, m_secrets).take(stateValue, m_clock.nowMs(), &why);
    } catch (const DatabaseError &error) {
        qCCritical(lcOAuth).noquote() << "cannot read the authorization state:" << error.message();
        reply(Page {500, ConnectionPage::failed(
                             platformName, QStringLiteral("The server could not read its "
                                                          "records. Try again in a moment."))});
        return;
    }
    if (!state || state->platform != connector) {
        // Nothing is recorded: without a valid state nobody can say whose this was.
        const QString text
            = why == u"used" ? QStringLiteral("This sign-in was already used. Start again from "
                                              "Slotline to connect another account.")
              : why == u"expired"
                  ? QStringLiteral("This sign-in took longer than 10 minutes and has expired. "
                                   "Start again from Slotline.")
                  : QStringLiteral("This sign-in link is not one Slotline started. Start again "
                                   "from Slotline.");
        reply(Page {400, ConnectionPage::failed(platformName, text)});
        return;
    }
    const QString denial = query.queryItemValue(QStringLiteral("error"), QUrl::FullyDecoded);
    const QString code = query.queryItemValue(QStringLiteral("code"), QUrl::FullyDecoded);
    if (!denial.isEmpty() || code.isEmpty()) {
        fail(*state,
             denial.isEmpty()
                 ? QStringLiteral("%1 sent no authorization code.").arg(platformName)
                 : consentRefusal(
                     platformName, denial,
                     query.queryItemValue(QStringLiteral("error_description"), QUrl::FullyDecoded)),
             reply);
        return;
    }
    const auto app = PlatformAppRepository(m_database, m_secrets, m_clock).find(connector);
    if (!app) {
        fail(*state, QStringLiteral("The server's %1 app was removed meanwhile.").arg(platformName),
             reply);
        return;
    }
    PlatformAuthorization *flow = authorization(connector);
    const OAuthState begun = *state;
    flow->exchangeCode(
        *app, code, begun.codeVerifier, begun.redirectUri,
        [this, flow, app = *app, begun, connector, reply](const PlatformResult<TokenGrant> &grant) {
            if (const auto *error = std::get_if<PlatformError>(&grant)) {
                fail(begun, error->message, reply);
                return;
            }
            const TokenGrant tokens = std::get<TokenGrant>(grant);
            flow->identify(app, tokens,
                           [this, begun, connector, tokens,
                            reply](const PlatformResult<PlatformIdentity> &identity) {
                               if (const auto *error = std::get_if<PlatformError>(&identity)) {
                                   fail(begun, error->message, reply);
                                   return;
                               }
                               finish(begun, connector, tokens,
                                      std::get<PlatformIdentity>(identity), reply);
                           });
        });
}

void AccountConnections::finish(const OAuthState &state, const QString &connector,
                                const TokenGrant &grant, const PlatformIdentity &identity,
                                const std::function<void(Page)> &reply)
{
    const QString platformName = PlatformCatalog::displayName(connector);
    const qint64 now = m_clock.nowMs();
    NewAccount person;
    person.projectId = state.projectId;
    person.platform = platformOf(connector);
    person.name = identity.name.isEmpty() ? identity.username : identity.name;
    person.username = identity.username;
    person.profileImageUrl = identity.profileImageUrl;
    person.connector = connector;
    person.externalId = identity.externalId;
    QString accountId;
    QString who = identity.username.isEmpty() ? person.name : u'@' + identity.username;
    if (connector != u"x")
        who = person.name;
    QString refusal; // set when the connection is refused: nothing is then kept
    try {
        Transaction transaction(m_database);
        AccountRepository accounts(m_database, m_clock);
        if (!state.accountId.isEmpty()) {
            const auto account = accounts.find(state.projectId, state.accountId);
            if (!account) {
                refusal = QStringLiteral("The account being reconnected was deleted meanwhile.");
            } else if (!account->externalId.isEmpty()
                       && account->externalId != identity.externalId) {
                refusal = QStringLiteral("You signed in to %1 as %2, not as %3, the account "
                                         "being reconnected. Sign in as %3, or connect %2 as a "
                                         "new account.")
                              .arg(platformName, who, account->name);
            } else {
                accounts.reconnect(account->id, person);
                accountId = account->id;
            }
        } else {
            accountId = accounts.connect(person).id;
        }
        if (refusal.isEmpty()) {
            CredentialRepository credentials(m_database, m_secrets, m_clock);
            Credential credential;
            credential.ownerId = accountId;
            credential.accountId = accountId;
            credential.accessToken = grant.accessToken;
            credential.refreshToken = grant.refreshToken;
            credential.accessExpiresAtMs = expiryOf(now, grant.expiresInSeconds);
            credential.refreshExpiresAtMs = expiryOf(now, grant.refreshExpiresInSeconds);
            credential.scopes = grant.scopes;
            credentials.put(credential);
            for (const PlatformIdentity::Page &page : identity.pages) {
                const Subaccount subaccount
                    = accounts.putSubaccount(accountId, page.externalId, page.name, page.type);
                if (!page.accessToken.isEmpty()) {
                    Credential pageCredential;
                    pageCredential.ownerId = subaccount.id;
                    pageCredential.accountId = accountId;
                    pageCredential.accessToken = page.accessToken;
                    credentials.put(pageCredential);
                }
            }
            OAuthStateRepository(m_database, m_secrets)
                .finish(state.state, OAuthState::Result::Connected, accountId, {});
            transaction.commit();
        }
    } catch (const DatabaseError &error) {
        qCCritical(lcOAuth).noquote() << "cannot record the connected account:" << error.message();
        fail(state, QStringLiteral("The server could not record the account. Try again."), reply);
        return;
    }
    if (!refusal.isEmpty()) {
        fail(state, refusal, reply);
        return;
    }
    qCInfo(lcOAuth).noquote() << "connected" << connector << "account" << accountId << "with"
                              << identity.pages.size() << "pages for project" << state.projectId;
    reply(Page {200, ConnectionPage::connected(platformName, who, int(identity.pages.size()))});
}

void AccountConnections::fail(const OAuthState &state, const QString &why,
                              const std::function<void(Page)> &reply)
{
    qCInfo(lcOAuth).noquote() << "connecting" << state.platform << "for project" << state.projectId
                              << "failed:" << why;
    try {
        OAuthStateRepository(m_database, m_secrets)
            .finish(state.state, OAuthState::Result::Failed, {}, why);
    } catch (const DatabaseError &error) {
        qCWarning(lcOAuth).noquote() << "cannot record the failure:" << error.message();
    }
    reply(Page {400, ConnectionPage::failed(PlatformCatalog::displayName(state.platform), why)});
}

} // namespace slotline
