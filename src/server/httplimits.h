#pragma once

#include <QtGlobal>

namespace slotline {

// What the request guard enforces before QtHttpServer sees a byte.
struct HttpLimits
{
    qint64 maxBodyBytes = 1024 * 1024; // JSON bodies, per the API contract
    int maxHeaderBytes = 16 * 1024; // request line and headers together
    int maxRequestLineBytes = 8 * 1024;
    int headerTimeoutMs = 10'000; // first byte of a request to the end of its headers
    int bodyTimeoutMs = 30'000; // end of headers to the end of the body
    int idleTimeoutMs = 60'000; // a kept-alive connection with nothing to do
    int maxConnections = 2048;
    int lingerMs = 1000; // how long a refused upload is drained before the socket closes
};

} // namespace slotline
