#pragma once

#include "server/platforms/platformconnector.h"

#include <QJsonObject>

namespace slotline {

// Posts to X: images through POST /2/media/upload, a video or an animated GIF in chunks
// through /2/media/upload/initialize, …/append and …/finalize and then processing polled
// with STATUS, the post through POST /2/tweets (docs.x.com, x-api/posts/creation-of-a-post),
// with the person's OAuth 2.0 token.
class XConnector : public PlatformConnector
{
    Q_OBJECT

public:
    using PlatformConnector::PlatformConnector;

    QString name() const override { return QStringLiteral("x"); }

protected:
    QString displayName() const override { return QStringLiteral("X"); }
    // The profile by its @name; by the person's id when the name is not known.
    QString accountUrl(const Account &account, const QString &pageExternalId) const override;
    void create(const Attempt &attempt, CreateDone done) override;
    // GET /2/users/{id}/tweets since the call: X shows each link of the text as a t.co
    // link (expanded in `entities`) and adds one for the media.
    PlatformRequest postsRequest(const Attempt &attempt, qint64 sinceMs) const override;
    PostsPage postsPage(const Attempt &attempt, const PlatformRequest &first,
                        const PlatformRequest &asked, const PlatformResponse &response,
                        qint64 sinceMs) const override;

public:
    // A video's chunk: read from its file only while it is sent.
    static constexpr qint64 ChunkBytes = 4 * 1024 * 1024;
    // Status checks of one video before giving up (X says when to look again).
    static constexpr int MaxStatusChecks = 120;

private:
    static QString postUrl(const QString &username, const QString &id);
    // The post's text as it was written: t.co links expanded, the media's link left out.
    static QString shownText(const QJsonObject &post);
    // `text` with each whole occurrence of `shortUrl` replaced.
    static QString replacedLink(const QString &text, const QString &shortUrl,
                                const QString &replacement);
    struct VideoUpload
    {
        QString mediaId;
        int segment = 0;
        int statusChecks = 0;
    };

    // Videos and animated GIFs: uploaded in chunks, then processed.
    static bool needsChunks(const MediaFile &file);
    void uploadImages(const Attempt &attempt, QStringList mediaIds, CreateDone done);
    void initializeVideo(const Attempt &attempt, QStringList mediaIds, CreateDone done);
    void appendChunk(const Attempt &attempt, QStringList mediaIds, VideoUpload video,
                     CreateDone done);
    void finalizeVideo(const Attempt &attempt, QStringList mediaIds, VideoUpload video,
                       CreateDone done);
    // Follows the processing_info of a finalize or STATUS answer until the video
    // succeeded (then goes on with the next media) or failed.
    void followProcessing(const Attempt &attempt, QStringList mediaIds, VideoUpload video,
                          const PlatformResponse &answer, CreateDone done);
    PlatformRequest mediaRequest(const Attempt &attempt, const QString &path) const;
    void createPost(const Attempt &attempt, const QStringList &mediaIds, CreateDone done);
};

} // namespace slotline
