#include "server/platforms/platformhttpclient.h"

#include "server/api/logcategories.h"

#include <QFile>
#include <QJsonDocument>
#include <QMetaObject>

#include <curl/curl.h>
#include <mutex>

namespace slotline {
namespace {

void initializeCurlOnce()
{
    static std::once_flag once;
    std::call_once(once, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
}

struct Transfer
{
    PlatformResponse response;
    const std::atomic<bool> *stopping = nullptr;
    bool tooLarge = false;
    QFile *bodyFile = nullptr;
    qint64 bodyLeft = 0;
    bool bodyUnreadable = false;
};

size_t readBody(char *buffer, size_t size, size_t count, void *user)
{
    auto *transfer = static_cast<Transfer *>(user);
    const qint64 wanted = qMin(qint64(size * count), transfer->bodyLeft);
    if (wanted == 0)
        return 0;
    const qint64 read = transfer->bodyFile->read(buffer, wanted);
    if (read <= 0) {
        // A file that shrank or broke: a body cut short must not pass for the whole.
        transfer->bodyUnreadable = true;
        return CURL_READFUNC_ABORT;
    }
    transfer->bodyLeft -= read;
    return size_t(read);
}

size_t collectBody(char *data, size_t size, size_t count, void *user)
{
    auto *transfer = static_cast<Transfer *>(user);
    const size_t bytes = size * count;
    if (transfer->response.body.size() + qint64(bytes) > PlatformHttpClient::MaxAnswerBytes) {
        transfer->tooLarge = true;
        return 0; // stops the transfer
    }
    transfer->response.body.append(data, qsizetype(bytes));
    return bytes;
}

size_t collectHeader(char *data, size_t size, size_t count, void *user)
{
    auto *transfer = static_cast<Transfer *>(user);
    const size_t bytes = size * count;
    const QByteArray line = QByteArray(data, qsizetype(bytes)).trimmed();
    if (line.startsWith("HTTP/")) {
        transfer->response.headers.clear(); // a new answer (after a 100 Continue)
    } else if (const qsizetype colon = line.indexOf(':'); colon > 0) {
        transfer->response.headers.emplaceBack(line.first(colon).trimmed().toLower(),
                                               line.sliced(colon + 1).trimmed());
    }
    return bytes;
}

int checkStopping(void *user, curl_off_t, curl_off_t, curl_off_t, curl_off_t)
{
    return static_cast<Transfer *>(user)->stopping->load() ? 1 : 0;
}

} // namespace

QByteArray PlatformResponse::header(QByteArrayView lowerCaseName) const
{
    for (const auto &[name, value] : headers) {
        if (name == lowerCaseName)
            return value;
    }
    return {};
}

QJsonObject PlatformResponse::json() const
{
    return QJsonDocument::fromJson(body).object();
}

PlatformHttpClient::PlatformHttpClient(QObject *parent)
    : QObject(parent)
    , m_stopping(std::make_shared<std::atomic<bool>>(false))
{
    initializeCurlOnce();
    // Transfers block their thread for as long as the platform takes; a few at once is
    // what a handful of due posts needs, and bounds what a slow platform can hold.
    m_pool.setMaxThreadCount(8);
    m_pool.setExpiryTimeout(30'000);
}

PlatformHttpClient::~PlatformHttpClient()
{
    m_stopping->store(true);
    m_pool.waitForDone();
}

void PlatformHttpClient::send(const PlatformRequest &request, QObject *context, Done done)
{
    QPointer<QObject> receiver(context);
    auto stopping = m_stopping;
    m_pool.start([request, receiver, done = std::move(done), stopping] {
        PlatformResponse response = perform(request, *stopping);
        if (stopping->load())
            return;
        QObject *target = receiver.data();
        if (!target)
            return;
        // Queued to the receiver's thread; a receiver deleted meanwhile gets nothing.
        QMetaObject::invokeMethod(
            target,
            [receiver, done, response] {
                if (receiver)
                    done(response);
            },
            Qt::QueuedConnection);
    });
}

PlatformResponse PlatformHttpClient::perform(const PlatformRequest &request,
                                             const std::atomic<bool> &stopping)
{
    Transfer transfer;
    transfer.stopping = &stopping;
    QFile bodyFile(request.bodyFile);
    if (!request.bodyFile.isEmpty()) {
        if (!bodyFile.open(QIODevice::ReadOnly) || !bodyFile.seek(request.bodyOffset)
            || bodyFile.size() < request.bodyOffset + request.bodyLength) {
            transfer.response.failure = PlatformResponse::Failure::NotSent;
            transfer.response.failureText
                = QStringLiteral("the file to send could not be read (%1)").arg(request.bodyFile);
            return transfer.response;
        }
        transfer.bodyFile = &bodyFile;
        transfer.bodyLeft = request.bodyLength;
    }
    CURL *curl = curl_easy_init();
    if (!curl) {
        transfer.response.failure = PlatformResponse::Failure::NotSent;
        transfer.response.failureText = QStringLiteral("the HTTP client could not start");
        return transfer.response;
    }
    const QByteArray url = request.url.toEncoded();
    curl_easy_setopt(curl, CURLOPT_URL, url.constData());
    curl_easy_setopt(curl, CURLOPT_PROTOCOLS_STR, "http,https");
    // A connection of its own, closed afterwards: libcurl retries a request on a reused
    // connection that turns out to be dead, which is a resend by another name.
    curl_easy_setopt(curl, CURLOPT_FRESH_CONNECT, 1L);
    curl_easy_setopt(curl, CURLOPT_FORBID_REUSE, 1L);
    curl_easy_setopt(curl, CURLOPT_FOLLOWLOCATION, 0L);
    curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT_MS, 15'000L);
    curl_easy_setopt(curl, CURLOPT_TIMEOUT_MS, long(request.timeoutMs));
    curl_easy_setopt(curl, CURLOPT_LOW_SPEED_LIMIT, PlatformRequest::MinBytesPerSecond);
    curl_easy_setopt(curl, CURLOPT_LOW_SPEED_TIME, PlatformRequest::StallSeconds);
    curl_easy_setopt(curl, CURLOPT_USERAGENT, "Slotline/" SLOTLINE_VERSION);
    curl_easy_setopt(curl, CURLOPT_ACCEPT_ENCODING, "");
    curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, collectBody);
    curl_easy_setopt(curl, CURLOPT_WRITEDATA, &transfer);
    curl_easy_setopt(curl, CURLOPT_HEADERFUNCTION, collectHeader);
    curl_easy_setopt(curl, CURLOPT_HEADERDATA, &transfer);
    curl_easy_setopt(curl, CURLOPT_NOPROGRESS, 0L);
    curl_easy_setopt(curl, CURLOPT_XFERINFOFUNCTION, checkStopping);
    curl_easy_setopt(curl, CURLOPT_XFERINFODATA, &transfer);

    if (request.method == "GET") {
        curl_easy_setopt(curl, CURLOPT_HTTPGET, 1L);
    } else if (request.method == "HEAD") {
        curl_easy_setopt(curl, CURLOPT_NOBODY, 1L);
    } else {
        if (transfer.bodyFile) {
            curl_easy_setopt(curl, CURLOPT_POST, 1L);
            curl_easy_setopt(curl, CURLOPT_READFUNCTION, readBody);
            curl_easy_setopt(curl, CURLOPT_READDATA, &transfer);
            curl_easy_setopt(curl, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(request.bodyLength));
        } else {
            curl_easy_setopt(curl, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(request.body.size()));
            curl_easy_setopt(curl, CURLOPT_POSTFIELDS, request.body.constData());
        }
        if (request.method != "POST")
            curl_easy_setopt(curl, CURLOPT_CUSTOMREQUEST, request.method.constData());
    }
    curl_slist *headers = nullptr;
    for (const auto &[name, value] : request.headers)
        headers = curl_slist_append(headers, QByteArray(name + ": " + value).constData());
    // No "Expect: 100-continue" pause before larger bodies.
    headers = curl_slist_append(headers, "Expect:");
    curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers);

    const CURLcode result = curl_easy_perform(curl);
    long status = 0;
    curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &status);
    curl_off_t pretransfer = 0;
    curl_easy_getinfo(curl, CURLINFO_PRETRANSFER_TIME_T, &pretransfer);
    curl_slist_free_all(headers);
    curl_easy_cleanup(curl);

    PlatformResponse &response = transfer.response;
    if (result == CURLE_OK) {
        response.status = int(status);
        return response;
    }
    // Nothing of the request left before the transfer stage: the platform cannot have
    // seen it.
    response.failure = pretransfer == 0 ? PlatformResponse::Failure::NotSent
                                        : PlatformResponse::Failure::Unknown;
    response.failureText
        = transfer.tooLarge
              ? QStringLiteral("the answer was larger than %1 bytes").arg(MaxAnswerBytes)
          : transfer.bodyUnreadable
              ? QStringLiteral("the file being sent could not be read (%1)").arg(request.bodyFile)
              : QString::fromUtf8(curl_easy_strerror(result));
    if (transfer.tooLarge && status > 0) {
        // It answered; only its body was too large to keep.
        response.failure = PlatformResponse::Failure::None;
        response.status = int(status);
        response.body.clear();
    }
    qCDebug(lcConnectors).noquote()
        << request.method << request.url.toDisplayString(QUrl::RemoveQuery)
        << "failed:" << response.failureText;
    return response;
}

} // namespace slotline
