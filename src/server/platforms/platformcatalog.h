#pragma once

#include "storage/platformapprepository.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace slotline {

// What Slotline knows of each real platform before an administrator configures it: the
// connector's name, the endpoints and settings it uses by their documented names with
// their real defaults, and the scopes it asks for.
class PlatformCatalog
{
public:
    struct Setting
    {
        QString name;
        QString defaultValue;
        QString description;
        bool isUrl = true;
    };

    // linkedin, x, facebook
    static QStringList connectorNames();
    // Accepts the API's spellings too (twitter means x); nothing for an unknown name.
    static std::optional<QString> connectorName(QStringView spelling);
    static QString displayName(const QString &connector);
    static QList<Setting> settings(const QString &connector);
    static QString defaultScopes(const QString &connector);

    // The app's value for `name`, or the default.
    static QString value(const PlatformApp &app, const QString &name);
    // The endpoint `name` with `path` after it (a base given with a trailing slash
    // gives no double slash).
    static QString endpoint(const PlatformApp &app, const QString &name, QStringView path = {});
    static QString scopes(const PlatformApp &app);

    // Where a platform sends the person back: this path, then the connector's name.
    static constexpr QStringView CallbackPath = u"/oauth/callback/";
    // The callback address of `app` when the server's public base URL is `publicBaseUrl`:
    // its `callback` setting when given, else <public base>/oauth/callback/<platform>.
    static QString callbackUrl(const PlatformApp &app, const QString &publicBaseUrl);

private:
    static QList<Setting> ownSettings(const QString &connector);
};

} // namespace slotline
