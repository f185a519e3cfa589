#include "server/platforms/postmedia.h"

#include "server/media/mediafetch.h"
#include "server/media/medialibrary.h"
#include "server/media/mp4duration.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QNetworkAccessManager>

namespace slotline {
namespace {

bool isImage(const QString &mimeType)
{
    return mimeType == u"image/jpeg" || mimeType == u"image/png" || mimeType == u"image/gif"
           || mimeType == u"image/webp";
}

// An image is read whole; a video is only looked at (its size and duration) and stays on
// disk.
std::variant<MediaFile, QString> readMedia(const QString &path, const QString &mimeType,
                                           const QString &fileName)
{
    if (!isImage(mimeType) && mimeType != u"video/mp4")
        return QStringLiteral("%1 is %2; only images (JPEG, PNG, GIF, WebP) and MP4 videos can "
                              "be published to real platforms.")
            .arg(fileName, mimeType);
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return QStringLiteral("The media file %1 cannot be read: %2")
            .arg(fileName, file.errorString());
    MediaFile media;
    media.mimeType = mimeType;
    media.fileName = fileName;
    media.size = file.size();
    if (media.isVideo()) {
        media.path = path;
        media.durationSeconds = Mp4Duration::read(file);
    } else {
        media.bytes = file.readAll();
    }
    return media;
}

} // namespace

FetchedFile::~FetchedFile()
{
    QFile::remove(path);
}

std::optional<QByteArray> MediaFile::read(qint64 offset, qint64 length) const
{
    if (path.isEmpty())
        return bytes.mid(offset, length);
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly) || !file.seek(offset))
        return std::nullopt;
    QByteArray chunk = file.read(length);
    if (chunk.size() != qMin(length, size - offset))
        return std::nullopt;
    return chunk;
}

PostMedia::PostMedia(MediaLibrary &library, AddressPolicy policy, MediaFetchLimits limits,
                     QObject *parent)
    : QObject(parent)
    , m_library(library)
    , m_policy(std::move(policy))
    , m_limits(limits)
{ }

MediaFetcher &PostMedia::fetcher()
{
    if (!m_fetcher) {
        m_fetchDirectory = std::make_unique<QTemporaryDir>(
            QDir::temp().filePath(QStringLiteral("slotline-publishing-XXXXXX")));
        m_network = std::make_unique<QNetworkAccessManager>();
        m_fetcher = std::make_unique<MediaFetcher>(m_network.get(), m_policy, m_limits,
                                                   m_fetchDirectory->path());
    }
    return *m_fetcher;
}

PostMedia::~PostMedia()
{
    m_fetcher.reset(); // its fetches end before the manager they use
}

void PostMedia::load(const QStringList &urls, Done done)
{
    loadNext(urls, {}, std::move(done));
}

void PostMedia::loadNext(QStringList urls, QList<MediaFile> loaded, Done done)
{
    if (urls.isEmpty()) {
        done(loaded);
        return;
    }
    const QUrl url(urls.takeFirst());
    const QString name = url.fileName().isEmpty() ? url.toDisplayString() : url.fileName();
    if (const auto own = m_library.ownMedia(url)) {
        auto image = readMedia(m_library.filePath(own->id), own->mimeType,
                               own->filename.isEmpty() ? name : own->filename);
        if (const auto *error = std::get_if<QString>(&image)) {
            done(*error);
            return;
        }
        loaded.append(std::get<MediaFile>(image));
        loadNext(urls, loaded, std::move(done));
        return;
    }
    MediaFetch *fetch = fetcher().fetch(url);
    connect(fetch, &MediaFetch::finished, this,
            [this, fetch, urls, loaded, name, done = std::move(done)]() mutable {
                fetch->deleteLater();
                if (fetch->error()) {
                    done(QStringLiteral("The media %1 could not be fetched: %2")
                             .arg(name, fetch->error()->message));
                    return;
                }
                const MediaFetchResult &result = *fetch->result();
                // Removed when the last copy is gone: at once for an image, after sending for a
                // video.
                std::shared_ptr<const FetchedFile> fetched(new FetchedFile {result.filePath});
                auto media = readMedia(result.filePath, result.mimeType, name);
                if (const auto *error = std::get_if<QString>(&media)) {
                    done(*error);
                    return;
                }
                MediaFile file = std::get<MediaFile>(media);
                if (file.isVideo())
                    file.fetched = std::move(fetched); // read while it is sent, then removed
                loaded.append(file);
                loadNext(urls, loaded, std::move(done));
            });
}

} // namespace slotline
