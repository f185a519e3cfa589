#pragma once

#include <QByteArray>
#include <QString>

namespace slotline::client {

// A write as it goes over the wire: method, path below the API's base (no query), and
// the body's exact bytes (empty: none). The outbox keeps it once a change has been sent,
// so that a retry is byte for byte the first request and the server, which compares
// method, path and body under the same Idempotency-Key, answers it from its record.
struct WireRequest
{
    QByteArray method;
    QString path;
    QByteArray body;

    bool operator==(const WireRequest &) const = default;
};

} // namespace slotline::client
