#pragma once

#include "server/platforms/platformconnector.h"

namespace slotline {

// Posts to Facebook Pages with the Page's own token: POST /{page-id}/feed, images staged
// unpublished through /{page-id}/photos and attached (developers.facebook.com,
// docs/pages-api/posts). Facebook gives no way to post to a person's own timeline.
//
// A video goes through the Resumable Upload API with the person's token (/{app-id}/uploads,
// then the file to the upload session, resumed from the offset Facebook holds when the
// connection breaks), is published by POST /{page-id}/videos on graph.facebook.com (Meta's
// Video API overview retired graph-video.facebook.com) with the Page's token, and is
// followed until Facebook has processed it (docs/video-api/guides/publishing,
// docs/graph-api/resumable-upload-api).
class FacebookConnector : public PlatformConnector
{
    Q_OBJECT

public:
    using PlatformConnector::PlatformConnector;

    QString name() const override { return QStringLiteral("facebook"); }

protected:
    QString displayName() const override { return QStringLiteral("Facebook"); }
    // The Page by its id; Facebook posts only to Pages, so without one there is none.
    QString accountUrl(const Account &account, const QString &pageExternalId) const override;
    bool usesPageToken() const override { return true; }
    bool needsPage() const override { return true; }
    void create(const Attempt &attempt, CreateDone done) override;
    // GET /{page-id}/published_posts since the call, with the Page's token.
    PlatformRequest postsRequest(const Attempt &attempt, qint64 sinceMs) const override;
    PostsPage postsPage(const Attempt &attempt, const PlatformRequest &first,
                        const PlatformRequest &asked, const PlatformResponse &response,
                        qint64 sinceMs) const override;
    QString absenceProvesNothing(const Attempt &attempt) const override;
    bool needsPersonToken(const Attempt &attempt) const override;
    QString personTokenRefused(const QString &why) const override;

private:
    struct VideoUpload
    {
        QString session; // "upload:…", with its ?sig=… as Facebook gave it
        qint64 offset = 0;
        int resumes = 0;
        QString videoId;
        int statusChecks = 0;
    };
    // An upload session resumed this often after a broken connection, at most.
    static constexpr int MaxUploadResumes = 3;
    static constexpr int MaxStatusChecks = 60;

    std::optional<PlatformError> graphFailureOf(const PlatformResponse &response,
                                                bool creates) const;
    // The error of a call made with the person's token: a refused token fails this post
    // only, and leaves the account connected.
    std::optional<PlatformError> personCallFailureOf(const PlatformResponse &response) const;
    void uploadPhotos(const Attempt &attempt, QStringList photos, CreateDone done);
    void createPost(const Attempt &attempt, const QStringList &photos, CreateDone done);

    // A form POSTed to an edge of the Page (`urlName` "api" or "video") with its token.
    PlatformRequest pageForm(const Attempt &attempt, const QString &urlName, const QString &edge,
                             const QList<QPair<QString, QString>> &fields) const;
    static const MediaFile *videoOf(const Attempt &attempt);
    QUrl graphUrl(const Attempt &attempt, const QString &path) const;
    void startVideoUpload(const Attempt &attempt, CreateDone done);
    void sendVideo(const Attempt &attempt, VideoUpload upload, CreateDone done);
    // After a broken upload: where Facebook's copy ends, to go on from there.
    void resumeVideo(const Attempt &attempt, VideoUpload upload, const QString &why,
                     CreateDone done);
    void publishVideo(const Attempt &attempt, const QString &handle, CreateDone done);
    void checkVideo(const Attempt &attempt, VideoUpload upload, CreateDone done);
    Created videoPost(const Attempt &attempt, const QString &videoId) const;
};

} // namespace slotline
