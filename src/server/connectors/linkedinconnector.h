#pragma once

#include "server/platforms/platformconnector.h"

#include <QJsonArray>

namespace slotline {

// Posts to LinkedIn through the versioned Posts API (POST /rest/posts with
// LinkedIn-Version), as the member or as an organization they may post for. The text is
// "little text": every reserved character is escaped, because LinkedIn silently cuts a
// post at the first unescaped one. Images go through /rest/images?action=initializeUpload
// and one PUT each.
class LinkedInConnector : public PlatformConnector
{
    Q_OBJECT

public:
    using PlatformConnector::PlatformConnector;

    QString name() const override { return QStringLiteral("linkedin"); }

protected:
    QString displayName() const override { return QStringLiteral("LinkedIn"); }
    // The organization's page by its id; the member's own profile as LinkedIn shows it to
    // whoever is signed in ("in/me"), since a member's public address is not known here.
    QString accountUrl(const Account &account, const QString &pageExternalId) const override;
    void create(const Attempt &attempt, CreateDone done) override;
    // GET /rest/posts?q=author: an organization's posts need r_organization_social, a
    // member's r_member_social, which LinkedIn grants few apps; without it the platform
    // cannot tell.
    PlatformRequest postsRequest(const Attempt &attempt, qint64 sinceMs) const override;
    PostsPage postsPage(const Attempt &attempt, const PlatformRequest &first,
                        const PlatformRequest &asked, const PlatformResponse &response,
                        qint64 sinceMs) const override;
    QString listedText(const Attempt &attempt) const override;
    // A 403 names the scope the app lacks.
    QString whyPostsUnread(const Attempt &attempt, const PlatformError &error) const override;
    // LinkedIn may refuse a token it has just issued (65601) for a few seconds.
    qint64 freshTokenGraceMs() const override { return lookupTiming().freshTokenGraceMs; }

public:
    // Looks at a video's status before giving up; the wait between looks doubles from one
    // second to a minute.
    static constexpr int MaxStatusChecks = 60;

private:
    static QString postUrl(const QString &urn);
    struct VideoUpload
    {
        QString video; // urn:li:video:…
        QString uploadToken;
        QJsonArray instructions; // {uploadUrl, firstByte, lastByte}, in order
        QStringList etags; // of the parts sent so far, in order
        int statusChecks = 0;
    };

    static QString author(const Attempt &attempt);
    // GET <collection><urn> (/rest/images/ or /rest/videos/): the media's status.
    static PlatformRequest mediaStatusRequest(const Attempt &attempt, const QString &collection,
                                              const QString &urn);
    // PROCESSING_FAILED of an image or video (`kind`), with LinkedIn's reason.
    static PlatformError processingFailure(const QString &kind, const MediaFile &file,
                                           const PlatformResponse &response);
    void initializeVideo(const Attempt &attempt, QStringList media, CreateDone done);
    void uploadPart(const Attempt &attempt, QStringList media, VideoUpload video, CreateDone done);
    void finalizeVideo(const Attempt &attempt, QStringList media, VideoUpload video,
                       CreateDone done);
    void checkVideo(const Attempt &attempt, QStringList media, VideoUpload video, CreateDone done);
    void uploadImages(const Attempt &attempt, QStringList images, CreateDone done);
    // LinkedIn refuses a post whose image is still PROCESSING: each image's status is read
    // (GET /rest/images/{urn}) until it is AVAILABLE. Where the token may not read it, the
    // post is made and a refusal naming the image is tried again (createPost).
    void waitForImages(const Attempt &attempt, const QStringList &media, qsizetype next, int checks,
                       CreateDone done);
    // `mediaRetries`: how often a refusal naming the post's media was tried again.
    void createPost(const Attempt &attempt, const QStringList &images, CreateDone done,
                    int mediaRetries = 0);

public:
    // Looks at an image's status before giving up (about a minute in all).
    static constexpr int MaxImageChecks = 10;
    // A post refused because its media was not ready is tried again this often, after
    // 2 s, 5 s and 10 s.
    static constexpr int MaxMediaRetries = 3;
};

} // namespace slotline
