#pragma once

#include "client/apierror.h"
#include "client/mediaupload.h"
#include "client/wirerequest.h"

#include <QObject>

#include <functional>

namespace slotline::client {

class ApiClient;
struct UploadTicket;

// Sends one upload of the outbox: the address asked for under the entry's idempotency
// key (so a retry is answered the same address), then the file PUT to it. The PUT is
// single use, so a retry after a lost answer reads what the server says about the
// address: used already means the file is in; expired means it may be, and the file's
// public address is asked before anything is sent again.
class MediaUploader : public QObject
{
    Q_OBJECT

public:
    struct Outcome
    {
        enum class Kind {
            Uploaded, // the server has the file at `publicUrl`
            Refused, // the server will not take it (`error` says why)
            Waits, // no answer, or one of the server's own failures: tried again later
            Expired, // its address expired unused: a new one is to be asked for
        };
        Kind kind = Kind::Waits;
        QString publicUrl;
        ApiError error = ApiError(ApiError::Kind::Network, QString());
    };
    using Done = std::function<void(const Outcome &)>;

    explicit MediaUploader(ApiClient &client, QObject *parent = nullptr);

    // `addressRequest`: the entry's first request (POST /media/uploads), as first sent.
    void send(const MediaUpload &upload, const WireRequest &addressRequest,
              const QString &idempotencyKey, Done done);

Q_SIGNALS:
    void progress(const QString &reference, qint64 sent, qint64 total);

private:
    void put(const MediaUpload &upload, const UploadTicket &ticket, const Done &done);
    // The PUT met an expired address: the file is in if its public address serves it.
    void probe(const UploadTicket &ticket, const Done &done);
    static Outcome refusedOrWaits(const ApiError &error);

    ApiClient &m_client;
};

} // namespace slotline::client
