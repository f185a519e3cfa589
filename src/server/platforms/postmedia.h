#pragma once

#include "server/media/addresspolicy.h"
#include "server/media/mediafetcher.h"

#include <QByteArray>
#include <QList>
#include <QObject>
#include <QString>
#include <QTemporaryDir>

#include <functional>
#include <memory>
#include <optional>
#include <variant>

class QNetworkAccessManager;

namespace slotline {

class MediaLibrary;

// A file fetched for one post, removed once the last MediaFile naming it is gone.
struct FetchedFile
{
    QString path;
    ~FetchedFile();
};

// A post's media. Images are read whole (a few megabytes at most on every platform);
// videos stay on disk and are read a chunk at a time while they are sent, so a 500 MB
// video never sits in memory.
struct MediaFile
{
    QByteArray bytes; // an image's content; empty for a video
    QString mimeType;
    QString fileName;
    QString path; // a video's file
    qint64 size = 0;
    std::shared_ptr<const FetchedFile> fetched; // keeps a fetched video's file
    std::optional<double> durationSeconds; // a video's, when its file says

    bool isVideo() const { return mimeType.startsWith(u"video/"); }
    // `length` bytes from `offset` (fewer at the end), or nothing when the file cannot be
    // read.
    std::optional<QByteArray> read(qint64 offset, qint64 length) const;
};

// Reads the media of a post before it goes to a platform: this server's own media from
// its files, any other address through the safe fetcher (the same address rules and
// limits as POST /media).
class PostMedia : public QObject
{
    Q_OBJECT

public:
    using Done = std::function<void(const std::variant<QList<MediaFile>, QString> &)>;

    PostMedia(MediaLibrary &library, AddressPolicy policy, MediaFetchLimits limits,
              QObject *parent = nullptr);
    ~PostMedia() override;

    // Images and MP4 videos; anything else is refused with words that say so.
    void load(const QStringList &urls, Done done);

private:
    void loadNext(QStringList urls, QList<MediaFile> loaded, Done done);

    MediaFetcher &fetcher();

    MediaLibrary &m_library;
    AddressPolicy m_policy;
    MediaFetchLimits m_limits;
    // Made at the first fetch. Fetched files live there only until read (a video: until
    // sent), never among the media (whose directory holds nothing unrecorded).
    std::unique_ptr<QTemporaryDir> m_fetchDirectory;
    std::unique_ptr<QNetworkAccessManager> m_network;
    std::unique_ptr<MediaFetcher> m_fetcher;
};

} // namespace slotline
