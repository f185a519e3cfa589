#include "server/platforms/platformcatalog.h"

namespace slotline {

QStringList PlatformCatalog::connectorNames()
{
    return {QStringLiteral("linkedin"), QStringLiteral("x"), QStringLiteral("facebook")};
}

std::optional<QString> PlatformCatalog::connectorName(QStringView spelling)
{
    const QString name = spelling.toString().toLower();
    if (name == u"twitter")
        return QStringLiteral("x");
    if (connectorNames().contains(name))
        return name;
    return std::nullopt;
}

QString PlatformCatalog::displayName(const QString &connector)
{
    if (connector == u"linkedin")
        return QStringLiteral("LinkedIn");
    if (connector == u"x")
        return QStringLiteral("X");
    if (connector == u"facebook")
        return QStringLiteral("Facebook");
    return connector;
}

QList<PlatformCatalog::Setting> PlatformCatalog::settings(const QString &connector)
{
    QList<Setting> list = ownSettings(connector);
    if (!list.isEmpty())
        // The callback address registered with the platform, when it is not this server's
        // own: a localhost or https:// address (LinkedIn may take no other).
        list.append({QStringLiteral("callback"), QString(),
                     QStringLiteral("the callback address registered with the platform, "
                                    "ending in %1%2 (empty: <public-url>%1%2)")
                         .arg(CallbackPath, connector)});
    return list;
}

QList<PlatformCatalog::Setting> PlatformCatalog::ownSettings(const QString &connector)
{
    if (connector == u"x")
        return {
            {QStringLiteral("authorize"), QStringLiteral("https://x.com/i/oauth2/authorize"),
             QStringLiteral("where people authorize the app (OAuth 2.0 with PKCE)")},
            {QStringLiteral("api"), QStringLiteral("https://api.x.com"),
             QStringLiteral("the API: /2/oauth2/token, /2/users/me, /2/tweets, /2/media/upload")},
        };
    if (connector == u"linkedin")
        return {
            {QStringLiteral("authorize"),
             QStringLiteral("https://www.linkedin.com/oauth/v2/authorization"),
             QStringLiteral("where people authorize the app")},
            {QStringLiteral("token"),
             QStringLiteral("https://www.linkedin.com/oauth/v2/accessToken"),
             QStringLiteral("the token endpoint; revoke is its sibling /oauth/v2/revoke")},
            {QStringLiteral("api"), QStringLiteral("https://api.linkedin.com"),
             QStringLiteral("the API: /v2/userinfo, /rest/posts, /rest/images, "
                            "/rest/organizationAcls")},
            // Versions are retired about a year after their release; a refused version is
            // changed here, without a new Slotline.
            {QStringLiteral("version"), QStringLiteral("202606"),
             QStringLiteral("the LinkedIn-Version header (YYYYMM) of every /rest call"), false},
        };
    if (connector == u"facebook")
        return {
            {QStringLiteral("authorize"),
             QStringLiteral("https://www.facebook.com/v26.0/dialog/oauth"),
             QStringLiteral("the login dialog (the Graph API version is in the path)")},
            {QStringLiteral("api"), QStringLiteral("https://graph.facebook.com/v26.0"),
             QStringLiteral("the Graph API, with its version: /oauth/access_token, /me/accounts, "
                            "/{page-id}/feed, /{page-id}/photos, /{app-id}/uploads")},
            // developers.facebook.com/docs/video-api/overview: graph-video.facebook.com
            // "has been deprecated. Use the graph.facebook.com host".
            {QStringLiteral("video"), QStringLiteral("https://graph.facebook.com/v26.0"),
             QStringLiteral("where Page videos are published: /{page-id}/videos (same version "
                            "as api)")},
            // Facebook Login for Business works from a configuration saved in the App
            // Dashboard, which the login dialog takes instead of scopes.
            {QStringLiteral("config_id"), QString(),
             QStringLiteral("a Facebook Login for Business configuration's id: the login "
                            "dialog asks for it instead of scopes (empty: classic Facebook "
                            "Login with scopes)"),
             false},
        };
    return {};
}

QString PlatformCatalog::defaultScopes(const QString &connector)
{
    if (connector == u"x")
        return QStringLiteral("tweet.read tweet.write users.read media.write offline.access");
    if (connector == u"linkedin")
        // Posting as organizations needs LinkedIn's Community Management product, which
        // adds w_organization_social, r_organization_social and rw_organization_admin
        // (platforms set --scopes).
        return QStringLiteral("openid profile w_member_social");
    if (connector == u"facebook")
        return QStringLiteral("pages_show_list,pages_read_engagement,pages_manage_posts");
    return {};
}

QString PlatformCatalog::value(const PlatformApp &app, const QString &name)
{
    const QString configured = app.urls.value(name);
    if (!configured.isEmpty())
        return configured;
    for (const Setting &setting : settings(app.platform)) {
        if (setting.name == name)
            return setting.defaultValue;
    }
    return {};
}

QString PlatformCatalog::endpoint(const PlatformApp &app, const QString &name, QStringView path)
{
    QString base = value(app, name);
    while (base.endsWith(u'/'))
        base.chop(1);
    return base + path;
}

QString PlatformCatalog::callbackUrl(const PlatformApp &app, const QString &publicBaseUrl)
{
    if (const QString configured = app.urls.value(QStringLiteral("callback"));
        !configured.isEmpty())
        return configured;
    QString base = publicBaseUrl;
    while (base.endsWith(u'/'))
        base.chop(1);
    return base + CallbackPath + app.platform;
}

QString PlatformCatalog::scopes(const PlatformApp &app)
{
    return app.scopes.isEmpty() ? defaultScopes(app.platform) : app.scopes;
}

} // namespace slotline
