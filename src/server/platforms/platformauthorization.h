#pragma once

#include "core/failurecode.h"
#include "server/platforms/platformhttpclient.h"
#include "storage/platformapprepository.h"

#include <QList>
#include <QObject>
#include <QString>
#include <QUrl>

#include <functional>
#include <optional>
#include <variant>

namespace slotline {

// What went wrong talking to a platform, sorted by what can be done about it.
struct PlatformError
{
    enum class Kind {
        Refused, // the platform said no to this request: trying again changes nothing
        TokenRejected, // the token (or refresh token, or code) is invalid, expired or revoked
        Unavailable, // it did not act (not reached, 5xx before acting): may try again
        Unknown, // sent, and no answer: it may have acted
        RateLimited, // over a quota: it did not act, and nothing will until `retryAtMs`
    };
    PlatformError() = default;
    PlatformError(Kind errorKind, QString text, int httpStatus, QString platformCode = {},
                  std::optional<qint64> retryAt = std::nullopt)
        : kind(errorKind)
        , message(std::move(text))
        , status(httpStatus)
        , code(std::move(platformCode))
        , retryAtMs(retryAt)
    { }

    Kind kind = Kind::Refused;
    QString message; // in words for people, the platform's own reason where it gave one
    int status = 0;
    QString code; // the platform's own code where it gave one: 65601, 190/463, DUPLICATE_POST
    std::optional<qint64> retryAtMs; // RateLimited: when the quota allows calls again
    // Refused as a duplicate of a post already on the account: after a call whose answer
    // was lost, the sign that the lost call made the post.
    // What a post that fails on this is called, where the kind alone does not tell: a
    // media file refused or not processed, a person's token refused for a video.
    std::optional<FailureCode> failure;
    bool duplicate = false;
    // RateLimited for every account of the server's app, not this one only (X's usage
    // credits or cap used up).
    bool wholeApp = false;
};

// Tokens as a platform grants them.
struct TokenGrant
{
    QString accessToken;
    QString refreshToken;
    std::optional<qint64> expiresInSeconds;
    std::optional<qint64> refreshExpiresInSeconds;
    QString scopes;
};

// The person who authorized, and the pages or organizations they may publish as.
struct PlatformIdentity
{
    struct Page
    {
        QString externalId;
        QString name;
        QString type; // page, organization
        QString accessToken; // its own token where the platform gives one
    };
    QString externalId;
    QString name;
    QString username;
    QString profileImageUrl;
    QList<Page> pages;
};

template<typename T>
using PlatformResult = std::variant<T, PlatformError>;

// One platform's side of OAuth 2.0: the authorization address, the code exchange, the
// refresh, the profile of whoever authorized, and revoking.
class PlatformAuthorization : public QObject
{
    Q_OBJECT

public:
    template<typename T>
    using Done = std::function<void(const PlatformResult<T> &)>;

    PlatformAuthorization(PlatformHttpClient &http, QObject *parent = nullptr);
    ~PlatformAuthorization() override;

    virtual QString connector() const = 0;
    virtual bool usesPkce() const { return false; }
    virtual QUrl authorizationUrl(const PlatformApp &app, const QString &state,
                                  const QString &codeChallenge,
                                  const QString &redirectUri) const = 0;
    virtual void exchangeCode(const PlatformApp &app, const QString &code,
                              const QString &codeVerifier, const QString &redirectUri,
                              Done<TokenGrant> done)
        = 0;
    // Platforms without a refresh flow for this token answer TokenRejected.
    virtual void refresh(const PlatformApp &app, const QString &refreshToken, Done<TokenGrant> done)
        = 0;
    virtual void identify(const PlatformApp &app, const TokenGrant &grant,
                          Done<PlatformIdentity> done)
        = 0;
    // Best effort: a platform that cannot revoke, or fails to, leaves the token to expire.
    virtual void revoke(const PlatformApp &app, const QString &accessToken,
                        std::function<void(bool revoked)> done)
        = 0;

    // The response as an error, or nothing if it succeeded, with the platform's own reason
    // read out of its error body (PlatformErrorReader).
    static std::optional<PlatformError> failureOf(const PlatformResponse &response,
                                                  const QString &platform);
    // Encoders shared with the connectors.
    static QByteArray formBody(const QList<QPair<QString, QString>> &fields);
    static QUrl withQuery(QUrl url, const QList<QPair<QString, QString>> &fields);
    static QByteArray bearer(const QString &token);

    // `bytes` random bytes from the system's generator, base64url without padding: an
    // unguessable value for a URL.
    static QString randomUrlSafe(int bytes);
    // The PKCE pair (RFC 7636, S256): a random verifier and its challenge.
    static QString makeCodeVerifier();
    static QString codeChallenge(const QString &verifier);

protected:
    PlatformHttpClient &http() { return m_http; }
    void send(const PlatformRequest &request, PlatformHttpClient::Done done);

    static QByteArray basicAuthorization(const QString &user, const QString &password);
    // Sends a request to a token endpoint: its grant, or why not. The endpoints answer a
    // code or token they refuse (invalid, used, expired) with 400 or 401.
    void requestGrant(const PlatformRequest &request, const QString &platform,
                      Done<TokenGrant> done);
    static TokenGrant grantFrom(const QJsonObject &body);

private:
    PlatformHttpClient &m_http;
};

} // namespace slotline
