#pragma once

#include "server/http/httplimits.h"
#include "server/media/addresspolicy.h"
#include "server/media/mediafetcher.h"
#include "server/platforms/platformlookuptiming.h"
#include "server/publishing/dispatcher.h"

#include <QString>

namespace slotline {

struct ServerConfig
{
    HttpLimits http;
    int readsPerMinute = 60;
    int writesPerMinute = 30;
    int authFailuresPerMinute = 20;
    int callLogFlushMs = 200;
    // How stale the cached key and project identities may get when another process
    // (the admin commands) changes them; 0 checks on every request.
    int identityRecheckMs = 250;
    // Where this server is reached, for the sandbox's public pages; derived from the
    // listening address when empty.
    QString publicBaseUrl;
    DispatcherConfig dispatcher;
    // When the posts of an account are read after a create call with an unknown outcome.
    PlatformLookupTiming platformLookup;
    // Media files; empty: "media" beside the database.
    QString mediaDirectory;
    // Which addresses POST /media may fetch from beyond public ones (serve --media-allow).
    AddressPolicy mediaAddresses;
    // maxBytes limits uploads too.
    MediaFetchLimits mediaFetch;
    int callLogRetentionDays = 30;
    // The key that seals platform secrets and tokens; empty: SecretBox::keyFilePath()
    // for the database's directory.
    QString secretKeyFile;
};

} // namespace slotline
