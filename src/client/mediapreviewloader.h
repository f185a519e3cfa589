#pragma once

#include "client/apiresult.h"

#include <QCache>
#include <QHash>
#include <QImage>
#include <QNetworkAccessManager>
#include <QObject>
#include <QPointer>
#include <QSize>
#include <QThreadPool>
#include <QUrl>

#include <functional>
#include <memory>

QT_BEGIN_NAMESPACE
class QNetworkReply;
QT_END_NAMESPACE

namespace slotline::client {

// What a media address shows in a small space: an image's thumbnail, or word that it
// is a video (which has no picture to take without a video decoder).
struct MediaPreview
{
    enum class Kind { Image, Video };

    Kind kind = Kind::Image;
    QImage thumbnail; // Image only: no larger than the size asked for
    QString mimeType; // as the file's server named it (or its bytes tell, for a file)
    qint64 size = -1; // in bytes; -1 when nobody said
    QSize imageSize; // of the full image, when known
};

// Thumbnails of media addresses, for widgets that must not speak HTTP themselves.
//
// A load GETs the address with a network access manager of its own (media addresses
// are public: no API key goes with them), follows same-origin redirects only, and stops
// reading a body past maximumBodySize() or of a type that is no image. Images are
// decoded scaled on worker threads, so a large picture neither blocks the caller's
// thread nor needs its full size in memory. Thumbnails stay in a small in-memory cache
// by address and size; loads of an address already on its way share one request.
// file:// addresses are read from disk the same way, for files about to be uploaded.
//
// A refused or undecodable body is an ApiError of Kind::MalformedAnswer; an answer that
// is not a success is the usual error of its status; a video is no error but a preview
// of Kind::Video.
class MediaPreviewLoader : public QObject
{
    Q_OBJECT

public:
    using Callback = std::function<void(const ApiResult<MediaPreview> &)>;

    static constexpr qint64 DefaultMaximumBodySize = 20 * 1024 * 1024;
    static constexpr int DefaultTimeoutMs = 30'000;

    explicit MediaPreviewLoader(QObject *parent = nullptr);
    ~MediaPreviewLoader() override;

    void setMaximumBodySize(qint64 bytes) { m_maximumBodySize = bytes; }
    qint64 maximumBodySize() const { return m_maximumBodySize; }
    void setTimeoutMs(int ms) { m_timeoutMs = ms; }
    // How many KiB of thumbnails the cache keeps.
    void setCacheCapacityKiB(int kib) { m_cache.setMaxCost(kib); }

    // The preview of `url` fitted into `thumbnailSize` (never enlarged), through `done`
    // on this loader's thread, later, once; not at all when `context` is gone by then.
    // A load whose every caller's context is gone is given up.
    void load(const QUrl &url, const QSize &thumbnailSize, QObject *context, Callback done);
    // What the cache holds for `url` at that size, without loading anything.
    std::optional<MediaPreview> cached(const QUrl &url, const QSize &thumbnailSize) const;

private:
    struct Waiter
    {
        QSize size;
        QPointer<QObject> context;
        bool hasContext = false;
        QMetaObject::Connection watch; // the context's destroyed()
        Callback done;
    };
    struct Pending;

    void startDownload(const std::shared_ptr<Pending> &pending);
    void inspectHeaders(const std::shared_ptr<Pending> &pending, QNetworkReply *reply);
    void readBody(const std::shared_ptr<Pending> &pending, QNetworkReply *reply);
    void downloadFinished(const std::shared_ptr<Pending> &pending, QNetworkReply *reply);
    void decodeFor(const std::shared_ptr<Pending> &pending, const QSize &size);
    void decoded(const std::shared_ptr<Pending> &pending, const QSize &size,
                 const ApiResult<MediaPreview> &result);
    void deliverVideo(const std::shared_ptr<Pending> &pending);
    void failAll(const std::shared_ptr<Pending> &pending, const ApiError &error);
    void stopReading(const std::shared_ptr<Pending> &pending, QNetworkReply *reply);
    void deliver(const std::shared_ptr<Pending> &pending, const QSize &size,
                 const ApiResult<MediaPreview> &result);
    void dropIfAbandoned(const QString &key);
    void finishPending(const std::shared_ptr<Pending> &pending);

    static QString cacheKey(const QString &urlKey, const QSize &size);

    QNetworkAccessManager m_network;
    QThreadPool m_decoders;
    QCache<QString, MediaPreview> m_cache;
    QHash<QString, std::shared_ptr<Pending>> m_pending; // by address
    qint64 m_maximumBodySize = DefaultMaximumBodySize;
    int m_timeoutMs = DefaultTimeoutMs;
};

} // namespace slotline::client
