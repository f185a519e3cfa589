#include "fakeplatforms/fakeplatformsettings.h"

using namespace Qt::StringLiterals;

namespace slotline::fake {

FakePlatformSettings FakePlatformSettings::defaults(quint16 slotlineCallbackPort)
{
    FakePlatformSettings settings;
    const auto app = [slotlineCallbackPort](const QString &platform) {
        // Both loopback forms, each matched exactly: a developer registers the one the
        // platform takes (some take localhost only).
        const QString path
            = u":"_s + QString::number(slotlineCallbackPort) + u"/oauth/callback/"_s + platform;
        return OAuthApp {u"fake-"_s + platform + u"-client"_s,
                         u"fake-"_s + platform + u"-secret"_s,
                         {u"http://127.0.0.1"_s + path, u"http://localhost"_s + path}};
    };
    settings.x = app(u"x"_s);
    settings.linkedin = app(u"linkedin"_s);
    settings.facebook = app(u"facebook"_s);
    // developers.facebook.com/docs/graph-api/changelog/versions: v26.0 (July 2026) is the
    // newest; v23.0 to v25.0 stay available until 2027-2028.
    settings.graphVersions = {u"v26.0"_s, u"v25.0"_s, u"v24.0"_s, u"v23.0"_s};
    return settings;
}

} // namespace slotline::fake
