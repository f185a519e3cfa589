#pragma once

#include "server/platforms/platformauthorization.h"

namespace slotline {

// LinkedIn: the 3-legged OAuth 2.0 flow (learn.microsoft.com, linkedin/shared/
// authentication). The client secret goes in the form; access tokens last 60 days and a
// refresh token comes only to apps approved for programmatic refresh. The person is read
// from OpenID's /v2/userinfo; with the organization scopes, the organizations they may
// post as from /rest/organizationAcls.
class LinkedInAuthorization : public PlatformAuthorization
{
    Q_OBJECT

public:
    using PlatformAuthorization::PlatformAuthorization;

    QString connector() const override { return QStringLiteral("linkedin"); }
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

    // The headers every /rest call needs.
    static HttpHeaders restHeaders(const PlatformApp &app, const QString &accessToken);

private:
    void requestToken(const PlatformApp &app, const QList<QPair<QString, QString>> &fields,
                      Done<TokenGrant> done);
    void readOrganizations(const PlatformApp &app, const QString &accessToken,
                           PlatformIdentity identity, Done<PlatformIdentity> done);
    void nameOrganizations(const PlatformApp &app, const QString &accessToken,
                           PlatformIdentity identity, int next, Done<PlatformIdentity> done);
};

} // namespace slotline
