#pragma once

#include <QDateTime>
#include <QString>
#include <QStringList>

namespace slotline::fake {

// An authorization code or token a fake platform handed out, with what it grants.
struct IssuedToken
{
    enum class Kind { Code, Access, Refresh, Page };

    QString value;
    Kind kind = Kind::Access;
    QString userId;
    QString clientId;
    QStringList scopes;
    QDateTime issuedAt;
    QDateTime expiresAt; // invalid: never expires
    bool revoked = false;
    bool used = false; // codes and rotated refresh tokens
    // Codes: what the token request must repeat.
    QString redirectUri;
    QString codeChallenge;
    QString codeChallengeMethod;
    // Page tokens: the page they act for. Refresh tokens: the access token they renew.
    QString pageId;
    // LinkedIn: a refreshed access token keeps the lifetime of the first refresh token.
    QDateTime refreshExpiresAt;
    // Facebook: a long-lived user token (its page tokens never expire).
    bool longLived = false;

    // An authorization code for `userId`, good for `lifetimeSeconds` from `issued`, that the
    // token request must present from the same client and redirect address.
    static IssuedToken code(const QString &userId, const QString &clientId,
                            const QStringList &scopes, const QDateTime &issued,
                            qint64 lifetimeSeconds, const QString &redirectUri)
    {
        IssuedToken code;
        code.kind = Kind::Code;
        code.userId = userId;
        code.clientId = clientId;
        code.scopes = scopes;
        code.issuedAt = issued;
        code.expiresAt = issued.addSecs(lifetimeSeconds);
        code.redirectUri = redirectUri;
        return code;
    }

    bool expiredAt(const QDateTime &now) const { return expiresAt.isValid() && now >= expiresAt; }
};

} // namespace slotline::fake
