#pragma once

#include <QtGlobal>

namespace slotline {

// What the request guard enforces before QtHttpServer sees a byte.
struct HttpLimits
{
    // Where upload addresses live: a PUT there is streamed to disk by the guard.
    static constexpr char UploadPathPrefix[] = "/uploads/";

    qint64 maxBodyBytes = 1024 * 1024; // JSON bodies, per the API contract
    qint64 maxUploadBytes = qint64(100) * 1024 * 1024; // PUT to an upload address
    int maxHeaderBytes = 16 * 1024; // request line and headers together
    int maxRequestLineBytes = 8 * 1024;
    int headerTimeoutMs = 10'000; // first byte of a request to the end of its headers
    int bodyTimeoutMs = 30'000; // end of headers to the end of the body
    int idleTimeoutMs = 60'000; // a kept-alive connection with nothing to do
    int maxConnections = 2048;
    int lingerMs = 1000; // how long a refused upload is drained before the socket closes
};

} // namespace slotline
