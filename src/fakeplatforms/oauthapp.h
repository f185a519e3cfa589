#pragma once

#include <QString>
#include <QStringList>

namespace slotline::fake {

// An application registered with a platform: what its authorize and token endpoints
// check a client against. Redirect URIs match exactly, port and path included.
struct OAuthApp
{
    QString clientId;
    QString clientSecret;
    QStringList redirectUris;

    bool allowsRedirect(const QString &uri) const { return redirectUris.contains(uri); }
};

} // namespace slotline::fake
