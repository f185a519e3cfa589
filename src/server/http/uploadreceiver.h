#pragma once

#include "server/api/apierror.h"

#include <QByteArray>
#include <QByteArrayView>

#include <memory>
#include <variant>

namespace slotline {

// Where the bytes of one upload go while they stream in. Destroying a sink that was not
// finished (the client went away, the upload was refused) leaves nothing behind.
class UploadSink
{
public:
    virtual ~UploadSink() = default;

    // The next bytes of the body; an error ends the upload (e.g. not an accepted type).
    virtual std::optional<ApiError> write(QByteArrayView bytes) = 0;
    // The whole body is in: the 201 answer's JSON, or why the upload is refused.
    virtual std::variant<QByteArray, ApiError> finish() = 0;
};

// Takes uploads (PUT to an upload address) that the request guard streams past
// QtHttpServer, which would hold a whole body in memory.
class UploadReceiver
{
public:
    struct Request
    {
        QByteArray target; // path and query, as sent
        QByteArray contentType;
        qint64 contentLength = 0;
    };

    virtual ~UploadReceiver() = default;

    // Called once the headers are in: a sink for the body, or the answer refusing it.
    virtual std::variant<std::unique_ptr<UploadSink>, ApiError> begin(const Request &request) = 0;
};

} // namespace slotline
