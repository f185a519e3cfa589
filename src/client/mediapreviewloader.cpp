#include "client/mediapreviewloader.h"

#include "client/logcategories.h"

#include <QBuffer>
#include <QFile>
#include <QImageReader>
#include <QLocale>
#include <QMimeDatabase>
#include <QNetworkReply>
#include <QNetworkRequest>

using namespace Qt::Literals::StringLiterals;

namespace slotline::client {
namespace {

// Redirects a media server may send before the address counts as broken.
constexpr int MaximumRedirects = 5;
constexpr int DefaultCacheKiB = 16 * 1024;

ApiError refused(const QString &why)
{
    return ApiError(ApiError::Kind::MalformedAnswer, why);
}

ApiError tooLarge(qint64 limit)
{
    return refused(MediaPreviewLoader::tr("The file is larger than %1 and is not shown.")
                       .arg(QLocale().formattedDataSize(limit)));
}

// "image/png; charset=x" → "image/png"
QString bareMimeType(const QVariant &header)
{
    return header.toString().section(u';', 0, 0).trimmed().toLower();
}

bool isOpaqueType(const QString &mimeType)
{
    return mimeType.isEmpty() || mimeType == "application/octet-stream"_L1
           || mimeType == "binary/octet-stream"_L1;
}

// The image on `device` fitted into `box`, decoded at that size where the format can
// (JPEG scales while decoding, others line by line) so a huge picture is never whole
// in memory; the reader's allocation limit refuses the pathological ones.
ApiResult<MediaPreview> decodeImage(QIODevice *device, const QSize &box, MediaPreview preview)
{
    QImageReader reader(device);
    reader.setAutoTransform(true);
    const QSize full = reader.size();
    if (full.isValid() && (full.width() > box.width() || full.height() > box.height()))
        reader.setScaledSize(full.scaled(box, Qt::KeepAspectRatio).expandedTo(QSize(1, 1)));
    QImage image = reader.read();
    if (image.isNull())
        return refused(MediaPreviewLoader::tr("The file is not an image that can be shown: %1")
                           .arg(reader.errorString()));
    // A format that cannot scale while reading, or a rotation the size did not show.
    if (image.width() > box.width() || image.height() > box.height())
        image = image.scaled(box, Qt::KeepAspectRatio, Qt::SmoothTransformation);
    preview.kind = MediaPreview::Kind::Image;
    preview.thumbnail = std::move(image);
    preview.imageSize = full;
    return preview;
}

ApiResult<MediaPreview> decodeBody(QByteArray body, const QSize &box, const QString &mimeType)
{
    MediaPreview preview;
    preview.size = body.size();
    preview.mimeType
        = isOpaqueType(mimeType) ? QMimeDatabase().mimeTypeForData(body).name() : mimeType;
    QBuffer buffer(&body);
    buffer.open(QIODevice::ReadOnly);
    return decodeImage(&buffer, box, std::move(preview));
}

ApiResult<MediaPreview> decodeFile(const QString &path, const QSize &box)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return ApiError(ApiError::Kind::NotFound,
                        MediaPreviewLoader::tr("Cannot read %1: %2").arg(path, file.errorString()));
    MediaPreview preview;
    preview.size = file.size();
    preview.mimeType = QMimeDatabase().mimeTypeForData(&file).name();
    if (preview.mimeType.startsWith("video/"_L1)) {
        preview.kind = MediaPreview::Kind::Video;
        return preview;
    }
    return decodeImage(&file, box, std::move(preview));
}

} // namespace

struct MediaPreviewLoader::Pending
{
    QString key;
    quint64 generation = 0; // tells a later load of the same address from this one
    QUrl url;
    QList<Waiter> waiters;
    QPointer<QNetworkReply> reply;
    QByteArray body;
    QString mimeType;
    qint64 announcedSize = -1;
    bool headersSeen = false;
    bool settled = false; // the reply says nothing more that counts
    bool complete = false; // the bytes are all there (or on disk): decoding
    QList<QSize> decoding;
};

MediaPreviewLoader::MediaPreviewLoader(QObject *parent)
    : QObject(parent)
{
    m_network.setRedirectPolicy(QNetworkRequest::SameOriginRedirectPolicy);
    m_decoders.setMaxThreadCount(2);
    m_cache.setMaxCost(DefaultCacheKiB);
}

MediaPreviewLoader::~MediaPreviewLoader()
{
    m_decoders.clear();
    m_decoders.waitForDone();
    // Before the members go: an aborted reply reports its end at once.
    for (const auto &pending : std::as_const(m_pending)) {
        pending->settled = true;
        if (QNetworkReply *reply = pending->reply.data()) {
            disconnect(reply, nullptr, this, nullptr);
            reply->abort();
        }
    }
}

QString MediaPreviewLoader::cacheKey(const QString &urlKey, const QSize &size)
{
    return urlKey + u'@' + QString::number(size.width()) + u'x' + QString::number(size.height());
}

std::optional<MediaPreview> MediaPreviewLoader::cached(const QUrl &url,
                                                       const QSize &thumbnailSize) const
{
    if (const MediaPreview *preview
        = m_cache.object(cacheKey(url.toString(QUrl::FullyEncoded), thumbnailSize)))
        return *preview;
    return std::nullopt;
}

void MediaPreviewLoader::load(const QUrl &url, const QSize &thumbnailSize, QObject *context,
                              Callback done)
{
    const QSize box = thumbnailSize.expandedTo(QSize(1, 1));
    const QString key = url.toString(QUrl::FullyEncoded);
    const auto later = [this, context, done](const ApiResult<MediaPreview> &result) {
        QMetaObject::invokeMethod(
            context ? context : this, [done, result] { done(result); }, Qt::QueuedConnection);
    };
    const QString scheme = url.scheme().toLower();
    if (!url.isValid() || (scheme != "http"_L1 && scheme != "https"_L1 && !url.isLocalFile())) {
        later(ApiError(
            ApiError::Kind::BadRequest,
            tr("Only http, https and local files can be shown: %1").arg(url.toDisplayString())));
        return;
    }
    if (const MediaPreview *preview = m_cache.object(cacheKey(key, box))) {
        later(*preview);
        return;
    }

    Waiter waiter;
    waiter.size = box;
    waiter.context = context;
    waiter.hasContext = context != nullptr;
    waiter.done = std::move(done);
    if (context)
        waiter.watch
            = connect(context, &QObject::destroyed, this, [this, key] { dropIfAbandoned(key); });

    if (const std::shared_ptr<Pending> pending = m_pending.value(key)) {
        pending->waiters.append(std::move(waiter));
        if (pending->complete && !pending->decoding.contains(box))
            decodeFor(pending, box);
        return;
    }
    static quint64 nextGeneration = 0;
    auto pending = std::make_shared<Pending>();
    pending->key = key;
    pending->generation = ++nextGeneration;
    pending->url = url;
    pending->waiters.append(std::move(waiter));
    m_pending.insert(key, pending);
    if (url.isLocalFile()) {
        pending->settled = true;
        pending->complete = true;
        decodeFor(pending, box);
    } else {
        startDownload(pending);
    }
}

void MediaPreviewLoader::startDownload(const std::shared_ptr<Pending> &pending)
{
    QNetworkRequest request(pending->url);
    request.setTransferTimeout(m_timeoutMs);
    request.setMaximumRedirectsAllowed(MaximumRedirects);
    request.setRawHeader("Accept", "image/*, video/*;q=0.5");
    QNetworkReply *reply = m_network.get(request);
    pending->reply = reply;
    connect(reply, &QNetworkReply::metaDataChanged, this,
            [this, pending, reply] { inspectHeaders(pending, reply); });
    connect(reply, &QNetworkReply::readyRead, this,
            [this, pending, reply] { readBody(pending, reply); });
    connect(reply, &QNetworkReply::finished, this,
            [this, pending, reply] { downloadFinished(pending, reply); });
}

void MediaPreviewLoader::inspectHeaders(const std::shared_ptr<Pending> &pending,
                                        QNetworkReply *reply)
{
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    // A redirect on its way, or an error whose body is read for its message.
    if (pending->settled || pending->headersSeen || status < 200 || status >= 300)
        return;
    pending->headersSeen = true;
    pending->mimeType = bareMimeType(reply->header(QNetworkRequest::ContentTypeHeader));
    const QVariant length = reply->header(QNetworkRequest::ContentLengthHeader);
    if (length.isValid())
        pending->announcedSize = length.toLongLong();

    if (pending->mimeType.startsWith("video/"_L1)) {
        stopReading(pending, reply);
        deliverVideo(pending);
    } else if (!pending->mimeType.startsWith("image/"_L1) && !isOpaqueType(pending->mimeType)) {
        stopReading(pending, reply);
        failAll(pending, refused(tr("The address holds %1, not an image.").arg(pending->mimeType)));
    } else if (pending->announcedSize > m_maximumBodySize) {
        stopReading(pending, reply);
        failAll(pending, tooLarge(m_maximumBodySize));
    }
}

void MediaPreviewLoader::readBody(const std::shared_ptr<Pending> &pending, QNetworkReply *reply)
{
    inspectHeaders(pending, reply);
    if (pending->settled)
        return;
    pending->body += reply->read(m_maximumBodySize + 1 - pending->body.size());
    if (pending->body.size() > m_maximumBodySize) {
        stopReading(pending, reply);
        failAll(pending, tooLarge(m_maximumBodySize));
    }
}

void MediaPreviewLoader::stopReading(const std::shared_ptr<Pending> &pending, QNetworkReply *reply)
{
    pending->settled = true;
    pending->body.clear();
    reply->abort(); // finished() comes at once and finds the load settled
}

void MediaPreviewLoader::downloadFinished(const std::shared_ptr<Pending> &pending,
                                          QNetworkReply *reply)
{
    reply->deleteLater();
    if (pending->settled)
        return;
    readBody(pending, reply);
    if (pending->settled)
        return;
    pending->settled = true;
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    const bool success = status >= 200 && status < 300;
    if (reply->error() != QNetworkReply::NoError && (status == 0 || success)) {
        const bool timedOut = reply->error() == QNetworkReply::TimeoutError
                              || reply->error() == QNetworkReply::OperationCanceledError;
        qCDebug(lcClient).noquote()
            << "preview of" << pending->url.toDisplayString() << "failed:" << reply->errorString();
        failAll(pending,
                ApiError(timedOut ? ApiError::Kind::Timeout : ApiError::Kind::Network,
                         timedOut
                             ? tr("The media server did not answer in time.")
                             : tr("The media cannot be loaded: %1").arg(reply->errorString())));
        return;
    }
    if (!success) {
        failAll(pending, ApiError::fromResponse(status, pending->body, 0));
        return;
    }
    pending->complete = true;
    QList<QSize> sizes;
    for (const Waiter &waiter : std::as_const(pending->waiters)) {
        if (!sizes.contains(waiter.size))
            sizes.append(waiter.size);
    }
    for (const QSize &size : std::as_const(sizes))
        decodeFor(pending, size);
}

void MediaPreviewLoader::decodeFor(const std::shared_ptr<Pending> &pending, const QSize &size)
{
    pending->decoding.append(size);
    // The worker gets plain values: the pending load itself stays on this thread.
    const QString key = pending->key;
    const quint64 generation = pending->generation;
    const QString path = pending->url.isLocalFile() ? pending->url.toLocalFile() : QString();
    const QByteArray body = pending->body;
    const QString mimeType = pending->mimeType;
    m_decoders.start([this, key, generation, path, body, mimeType, size] {
        const ApiResult<MediaPreview> result
            = path.isEmpty() ? decodeBody(body, size, mimeType) : decodeFile(path, size);
        // The loader waits for its workers before it goes, so `this` is still there.
        QMetaObject::invokeMethod(
            this,
            [this, key, generation, size, result] {
                const std::shared_ptr<Pending> current = m_pending.value(key);
                if (current && current->generation == generation)
                    decoded(current, size, result);
            },
            Qt::QueuedConnection);
    });
}

void MediaPreviewLoader::decoded(const std::shared_ptr<Pending> &pending, const QSize &size,
                                 const ApiResult<MediaPreview> &result)
{
    pending->decoding.removeAll(size);
    if (result.ok()) {
        const qsizetype kib = result.value().thumbnail.sizeInBytes() / 1024;
        m_cache.insert(cacheKey(pending->key, size), new MediaPreview(result.value()),
                       int(std::max<qsizetype>(1, kib)));
    }
    deliver(pending, size, result);
    finishPending(pending);
}

void MediaPreviewLoader::deliverVideo(const std::shared_ptr<Pending> &pending)
{
    MediaPreview preview;
    preview.kind = MediaPreview::Kind::Video;
    preview.mimeType = pending->mimeType;
    preview.size = pending->announcedSize;
    QList<QSize> sizes;
    for (const Waiter &waiter : std::as_const(pending->waiters)) {
        if (!sizes.contains(waiter.size))
            sizes.append(waiter.size);
    }
    for (const QSize &size : std::as_const(sizes)) {
        m_cache.insert(cacheKey(pending->key, size), new MediaPreview(preview), 1);
        deliver(pending, size, preview);
    }
    finishPending(pending);
}

void MediaPreviewLoader::failAll(const std::shared_ptr<Pending> &pending, const ApiError &error)
{
    if (m_pending.value(pending->key) == pending)
        m_pending.remove(pending->key);
    const QList<Waiter> waiters = std::exchange(pending->waiters, {});
    for (const Waiter &waiter : waiters) {
        disconnect(waiter.watch);
        if (!waiter.hasContext || waiter.context)
            waiter.done(error);
    }
}

void MediaPreviewLoader::deliver(const std::shared_ptr<Pending> &pending, const QSize &size,
                                 const ApiResult<MediaPreview> &result)
{
    // Taken out first: a callback may load again, even this same address.
    QList<Waiter> receivers;
    for (auto waiter = pending->waiters.begin(); waiter != pending->waiters.end();) {
        if (waiter->size == size) {
            receivers.append(std::move(*waiter));
            waiter = pending->waiters.erase(waiter);
        } else {
            ++waiter;
        }
    }
    for (const Waiter &receiver : std::as_const(receivers)) {
        disconnect(receiver.watch);
        if (!receiver.hasContext || receiver.context)
            receiver.done(result);
    }
}

void MediaPreviewLoader::finishPending(const std::shared_ptr<Pending> &pending)
{
    if (pending->waiters.isEmpty() && pending->decoding.isEmpty()
        && m_pending.value(pending->key) == pending)
        m_pending.remove(pending->key);
}

void MediaPreviewLoader::dropIfAbandoned(const QString &key)
{
    const std::shared_ptr<Pending> pending = m_pending.value(key);
    if (!pending)
        return;
    // The context being destroyed reads as gone already.
    pending->waiters.removeIf(
        [](const Waiter &waiter) { return waiter.hasContext && !waiter.context; });
    if (!pending->waiters.isEmpty())
        return;
    m_pending.remove(key);
    if (QNetworkReply *reply = pending->reply.data(); reply && !pending->settled) {
        qCDebug(lcClient).noquote()
            << "preview of" << pending->url.toDisplayString() << "no longer wanted";
        stopReading(pending, reply);
    }
}

} // namespace slotline::client
