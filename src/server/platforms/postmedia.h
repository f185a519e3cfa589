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
#include <variant>

class QNetworkAccessManager;

namespace slotline {

class MediaLibrary;

// A post's image, read whole: images are a few megabytes at most on every platform.
struct MediaFile
{
    QByteArray bytes;
    QString mimeType;
    QString fileName;
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

    // Images only in this version; anything else is refused with words that say so.
    void load(const QStringList &urls, Done done);

private:
    void loadNext(QStringList urls, QList<MediaFile> loaded, Done done);

    MediaFetcher &fetcher();

    MediaLibrary &m_library;
    AddressPolicy m_policy;
    MediaFetchLimits m_limits;
    // Made at the first fetch. Fetched files live there only until read, never among the
    // media (whose directory holds nothing unrecorded).
    std::unique_ptr<QTemporaryDir> m_fetchDirectory;
    std::unique_ptr<QNetworkAccessManager> m_network;
    std::unique_ptr<MediaFetcher> m_fetcher;
};

} // namespace slotline
