#pragma once

#include "fakeplatforms/oauthapp.h"

#include <QStringList>

namespace slotline::fake {

// How the fake is set up when it starts; POST /__admin/reset returns to it.
struct FakePlatformSettings
{
    OAuthApp x;
    OAuthApp linkedin;
    OAuthApp facebook;
    // Graph API versions served, "v26.0" style; the first is the one printed for Slotline.
    QStringList graphVersions;
    // LinkedIn-Version values (YYYYMM) accepted; empty: the twelve months up to the
    // current one (LinkedIn supports each monthly version for at least a year).
    QStringList linkedinVersions;

    static FakePlatformSettings defaults(quint16 slotlineCallbackPort = 8787);
};

} // namespace slotline::fake
