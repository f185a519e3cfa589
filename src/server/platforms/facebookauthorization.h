#pragma once

#include "server/platforms/platformauthorization.h"

namespace slotline {

// Facebook Login for Pages (developers.facebook.com, facebook-login and pages/
// getting-started). The code is exchanged for a short-lived user token, which is at once
// exchanged for a long-lived one (about 60 days); /me/accounts with it gives each Page
// the person manages with a Page token that does not expire. Posts go out with the Page
// token, so the person's token running out does not stop publishing; there is no refresh
// flow: when Facebook refuses a token, the person connects again.
class FacebookAuthorization : public PlatformAuthorization
{
    Q_OBJECT

public:
    using PlatformAuthorization::PlatformAuthorization;

    QString connector() const override { return QStringLiteral("facebook"); }
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
    void exchangeForLongLived(const PlatformApp &app, const TokenGrant &shortLived,
                              Done<TokenGrant> done);
    void readBusinesses(const PlatformApp &app, const QString &accessToken,
                        PlatformIdentity identity, Done<PlatformIdentity> done);
    // Reads the first of `edges` (owned_pages, client_pages) and goes on with the rest.
    void readBusinessPages(const PlatformApp &app, const QString &accessToken, QStringList edges,
                           PlatformIdentity identity, Done<PlatformIdentity> done);
    void readPages(const PlatformApp &app, const QString &accessToken, const QUrl &url,
                   PlatformIdentity identity, Done<PlatformIdentity> done);
};

} // namespace slotline
