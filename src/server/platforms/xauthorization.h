#pragma once

#include "server/platforms/platformauthorization.h"

namespace slotline {

// X: OAuth 2.0 with PKCE (docs.x.com, authentication/oauth-2-0). Confidential clients
// authenticate at the token endpoint with HTTP Basic. Access tokens last two hours;
// offline.access brings a refresh token, which is single use: each refresh answers a new
// one, and the old one is refused from then on.
class XAuthorization : public PlatformAuthorization
{
    Q_OBJECT

public:
    using PlatformAuthorization::PlatformAuthorization;

    QString connector() const override { return QStringLiteral("x"); }
    bool usesPkce() const override { return true; }
    QUrl authorizationUrl(const PlatformApp &app, const QString &state,
                          const QString &codeChallenge, const QString &redirectUri) const override;
    void exchangeCode(const PlatformApp &app, const QString &code, const QString &codeVerifier,
                      const QString &redirectUri, Done<TokenGrant> done) override;
    void refresh(const PlatformApp &app, const QString &refreshToken,
                 Done<TokenGrant> done) override;
    void identify(const PlatformApp &app, const TokenGrant &grant,
                  Done<PlatformIdentity> done) override;
    void revoke(const PlatformApp &app, const QString &accessToken,
                std::function<void(bool)> done) override;

private:
    void requestToken(const PlatformApp &app, const QList<QPair<QString, QString>> &fields,
                      Done<TokenGrant> done);
};

} // namespace slotline
