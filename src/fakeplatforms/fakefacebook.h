#pragma once

#include "fakeplatforms/fakeclock.h"
#include "fakeplatforms/fakeplatform.h"
#include "fakeplatforms/ratecounter.h"
#include "fakeplatforms/tokenstore.h"

#include <QDateTime>
#include <QHash>
#include <QList>

#include <memory>
#include <optional>

class QCryptographicHash;

namespace slotline::fake {

// Facebook Pages (www.facebook.com + graph.facebook.com + graph-video.facebook.com, version
// in the path): Login dialog, code and long-lived token exchange, /me, permissions, Page
// tokens from /me/accounts, Page feed posts and photos, and Page videos uploaded through the
// Resumable Upload API.
class FakeFacebook : public FakePlatform
{
public:
    FakeFacebook(const OAuthApp &app, const QStringList &versions, FakeClock *clock);

    QString name() const override;
    FakeResponse handle(const FakeRequest &request) override;
    FakeResponse serve(const FakeRequest &request) override;
    bool readsBodyInPieces(const FakeRequest &request) const override;
    void reset() override;
    QJsonArray posts() const override;
    QString applySwitches(const QJsonObject &switches) override;
    int revokeTokens(const QString &userId) override;
    int revokeTokensFor(const QJsonObject &options, QString *error) override;
    QJsonObject describe() const override;
    QJsonObject describeFailureModes() const override;

    // The app's Facebook Login for Business configuration (a user access token with
    // pages_show_list, pages_read_engagement, pages_manage_posts, business_management).
    static constexpr QLatin1StringView UserId {"10000000000000001"};
    static constexpr const char16_t *LoginConfigurationId = u"880000000000001";
    static constexpr qint64 ShortLivedSeconds = 60 * 60;
    static constexpr qint64 LongLivedSeconds = 5183944;
    static constexpr qint64 CodeSeconds = 10 * 60;
    static constexpr int MaxMessageLength = 63206;
    // How much of an upload's body is hashed at a time.
    static constexpr qint64 UploadPieceBytes = 1024 * 1024;

private:
    struct Post
    {
        QString id;
        QString pageId;
        QString message;
        QString link;
        QStringList mediaIds;
        bool published = true;
        QDateTime createdAt;
        bool deleted = false;
        QString videoId; // a video's post, shown once the video is processed
    };
    struct Photo
    {
        QString id;
        QString pageId;
        bool published = false;
        bool attached = false;
        qint64 size = 0;
        QString url;
    };
    // Parameters of a Graph call, wherever the client put them: query, form, multipart
    // or JSON body.
    struct Params
    {
        QHash<QString, QString> values;
        QByteArray source;
        QString value(const QString &name) const { return values.value(name); }
        bool has(const QString &name) const { return values.contains(name); }
    };

    FakeResponse dialog(const FakeRequest &request);
    FakeResponse accessToken(const FakeRequest &request, const Params &params);
    FakeResponse me(const FakeRequest &request, const Params &params);
    FakeResponse permissions(const FakeRequest &request, const Params &params);
    FakeResponse accounts(const FakeRequest &request, const Params &params);
    // The person's business portfolios, and the Pages one owns or manages for clients.
    FakeResponse businesses(const Params &params);
    FakeResponse businessPages(bool owned, const Params &params);
    const IssuedToken *businessUser(const Params &params, FakeResponse *refusal);
    // A Page token of `pageId` for the person of `user`, as /me/accounts hands them out.
    QString issuePageToken(const IssuedToken &user, const QString &pageId);
    FakeResponse feed(const QString &pageId, const Params &params);
    FakeResponse photos(const QString &pageId, const Params &params);
    FakeResponse object(const FakeRequest &request, const QString &id, const Params &params);
    QString newPostId(const QString &pageId);
    // The 506 answer when a live post of the Page already says `message`.
    std::optional<FakeResponse> duplicateOf(const QString &pageId, const QString &message);

    Params paramsOf(const FakeRequest &request) const;
    const IssuedToken *authenticate(const Params &params, FakeResponse *refusal);
    // A page token for `pageId` with pages_manage_posts, or the Graph #200 error.
    const IssuedToken *authenticatePage(const Params &params, const QString &pageId,
                                        FakeResponse *refusal);
    FakeResponse graphError(int status, const QString &message, const QString &type, int code,
                            int subcode = 0, const QJsonObject &extra = {});
    bool knownPage(const QString &pageId) const;

    // Usage headers and throttling, token failures with a subcode, the published posts
    // listing, the policy block and eventual consistency (fakefacebookfailures.cpp).
    struct Throttle
    {
        int limit = 0; // 0: unlimited
        qint64 windowSeconds = 0;
        int code = 0;
    };
    static Throttle pageThrottleDefaults();
    static Throttle appThrottleDefaults();
    FakeResponse publishedPosts(const FakeRequest &request, const QString &pageId,
                                const Params &params);
    // The Graph error for a token revoked with `m_revokedSubcodes`' subcode (458 by default).
    FakeResponse revokedTokenError(const IssuedToken &token);
    QString applyFailureSwitches(const QJsonObject &switches);
    void resetFailureModes();

    // Resumable uploads, Page videos, their processing and the switches for them
    // (fakefacebookvideos.cpp).
    struct UploadSession
    {
        qint64 number = 0; // in the order sessions were started
        QString id; // what follows "upload:"
        QString signature; // the sig parameter every call on the session repeats
        QString userId;
        QString fileName;
        QString fileType;
        qint64 length = 0;
        qint64 received = 0;
        // Of the bytes received: the bytes themselves are not kept.
        std::shared_ptr<QCryptographicHash> sha256;
        QByteArray digest; // hex, once every byte is in
        QString handle; // once every byte is in
        bool handleUsed = false;
    };
    enum class VideoState { Processing, Ready, Failed };
    struct Video
    {
        QString id;
        QString pageId;
        QString postId;
        QString title;
        QString description;
        QByteArray sha256;
        qint64 bytes = 0;
        QDateTime createdAt;
        VideoState state = VideoState::Processing;
        bool looked = false; // processing ends at the status look after the first
    };
    static bool isUploadSessionPath(const QStringList &rest);
    FakeResponse startUpload(const QString &appId, const Params &params);
    FakeResponse uploadBytes(const FakeRequest &request, const QString &session,
                             const Params &params);
    FakeResponse uploadOffset(const QString &session, const Params &params);
    // The user token of an upload call, which Graph takes only from the Authorization header.
    const IssuedToken *authenticateUploader(const Params &params, FakeResponse *refusal);
    UploadSession *uploadSession(const QString &session, const Params &params,
                                 const IssuedToken &token, const QString &verb,
                                 FakeResponse *refusal);
    FakeResponse videos(const QString &pageId, const Params &params);
    FakeResponse videoNode(Video &video, const Params &params);
    static QString videoStatusName(VideoState state);
    // Whether reads show the post: a video's post waits for the end of its processing.
    bool visible(const Post &post) const;
    QJsonObject videoFieldsOf(const Post &post) const;
    QString applyVideoSwitches(const QJsonObject &switches);
    void resetVideos();
    QJsonObject describeVideos() const;

    QHash<QString, UploadSession> m_uploads; // by id
    QHash<QString, Video> m_videos; // by id
    qint64 m_nextUpload = 0;
    qint64 m_nextVideo = 0;
    bool m_failVideoProcessing = false; // switch videoProcessing: "fail"
    qint64 m_uploadDropAtByte = 0; // switch uploadDropAtByte; 0: off

    RateCounter m_rates;
    Throttle m_pageThrottle = pageThrottleDefaults();
    Throttle m_appThrottle = appThrottleDefaults();
    QHash<QString, int> m_revokedSubcodes; // token value -> error_subcode
    bool m_policyBlock = false;
    qint64 m_listingDelaySeconds = 0;

    FakeClock *m_clock;
    OAuthApp m_registeredApp;
    QStringList m_versions;
    TokenStore m_tokens {QStringLiteral("fb")};
    QList<Post> m_posts;
    QHash<QString, Photo> m_photos;
    qint64 m_nextPost = 0;
    qint64 m_nextPhoto = 0;
    int m_nextTrace = 0;
    bool m_denyConsent = false;
};

} // namespace slotline::fake
