#pragma once

#include "fakeplatforms/fakeclock.h"
#include "fakeplatforms/fakeplatform.h"
#include "fakeplatforms/ratecounter.h"
#include "fakeplatforms/tokenstore.h"

#include <QDateTime>
#include <QHash>
#include <QList>

namespace slotline::fake {

// LinkedIn (www.linkedin.com + api.linkedin.com): 3-legged OAuth with optional
// programmatic refresh, OpenID userinfo, organization roles, versioned REST Posts API
// with little-text commentary, and the Images API.
class FakeLinkedIn : public FakePlatform
{
public:
    FakeLinkedIn(const OAuthApp &app, const QStringList &versions, FakeClock *clock);

    QString name() const override;
    FakeResponse handle(const FakeRequest &request) override;
    FakeResponse serve(const FakeRequest &request) override;
    void reset() override;
    QJsonArray posts() const override;
    QString applySwitches(const QJsonObject &switches) override;
    int revokeTokens(const QString &userId) override;
    QJsonObject describe() const override;
    QJsonObject describeFailureModes() const override;

    // The LinkedIn-Version values accepted now.
    QStringList activeVersions() const;
    static QString memberUrn();

    static constexpr QLatin1StringView MemberId {"fakeMember001"};
    static constexpr qint64 AccessTokenSeconds = 60LL * 24 * 60 * 60;
    static constexpr qint64 RefreshTokenSeconds = 365LL * 24 * 60 * 60;
    static constexpr qint64 CodeSeconds = 30 * 60;
    static constexpr int MaxCommentaryLength = 3000;

private:
    // LinkedIn's error body: {"serviceErrorCode", "message", "status"}.
    static FakeResponse serviceError(int status, int serviceErrorCode, const QString &message);
    // The shape LinkedIn uses for field errors of /rest/posts (verify: exact codes per field).
    static FakeResponse inputError(const QString &message, const QString &fieldPath,
                                   const QString &code, const QString &description);

    struct Post
    {
        QString urn;
        QString author;
        QString commentary; // the little text kept
        QString rendered; // what members see
        QStringList mediaIds;
        QJsonObject body;
        QDateTime createdAt;
        bool deleted = false;
    };
    struct Image
    {
        QString urn;
        QString owner;
        QString uploadToken;
        QDateTime uploadExpiresAt;
        bool uploaded = false;
        qint64 size = 0;
        // LinkedIn processes an image after its upload: PROCESSING until then.
        QDateTime availableAt;
    };
    // WAITING_UPLOAD, PROCESSING or AVAILABLE, now.
    QString statusOf(const Image &image) const;

    // A video of the Videos API: uploaded in parts of PartBytes, each to its own URL,
    // then finalized with the parts' ETags in order, then processed. Only each part's
    // size and hash are kept, never the bytes.
    struct Video
    {
        struct Part
        {
            qint64 firstByte = 0;
            qint64 lastByte = 0;
            QString etag; // empty until uploaded
        };
        QString urn;
        QString owner;
        QString uploadToken;
        qint64 fileSize = 0;
        QList<Part> parts;
        QDateTime uploadExpiresAt;
        QString status = QStringLiteral("WAITING_UPLOAD");
    };
    static constexpr qint64 VideoPartBytes = 4 * 1024 * 1024;

    FakeResponse initializeVideoUpload(const FakeRequest &request);
    FakeResponse uploadVideoPart(const FakeRequest &request, const QString &token, int index);
    FakeResponse finalizeVideoUpload(const FakeRequest &request);
    FakeResponse video(const FakeRequest &request, const QString &urn);
    // Why `id` may not be a post's video, or nothing when it may.
    std::optional<FakeResponse> videoRefusal(const QString &id, const QString &author) const;

    FakeResponse authorize(const FakeRequest &request);
    FakeResponse accessToken(const FakeRequest &request);
    FakeResponse revoke(const FakeRequest &request);
    FakeResponse introspect(const FakeRequest &request);
    FakeResponse userinfo(const FakeRequest &request);
    FakeResponse organizationAcls(const FakeRequest &request);
    FakeResponse organization(const FakeRequest &request, const QString &id);
    FakeResponse createPost(const FakeRequest &request);
    FakeResponse post(const FakeRequest &request, const QString &urn);
    FakeResponse initializeImageUpload(const FakeRequest &request);
    FakeResponse upload(const FakeRequest &request, const QString &token);
    FakeResponse image(const FakeRequest &request, const QString &urn);

    const IssuedToken *authenticate(const FakeRequest &request, FakeResponse *refusal);
    // Version and protocol headers every /rest call needs; an error answer or nullopt.
    std::optional<FakeResponse> checkRestHeaders(const FakeRequest &request) const;
    bool mayActAs(const IssuedToken &token, const QString &author) const;
    // `now` is the request's one moment: lifetimes counted from a second reading of the
    // clock could come out a second short.
    QJsonObject issueAccessToken(const QDateTime &now, const QString &userId,
                                 const QStringList &scopes, const QDateTime &refreshExpiresAt,
                                 const QString &refreshToken);

    // Daily quotas, the fresh-token refusal, the author finder and eventual consistency
    // (fakelinkedinfailures.cpp).
    struct Quota
    {
        int member = 0; // 0: unlimited
        int application = 0;
    };
    FakeResponse findPostsByAuthor(const FakeRequest &request);
    bool refusedWhileFresh(const IssuedToken &token) const;
    QString applyFailureSwitches(const QJsonObject &switches);
    void resetFailureModes();

    RateCounter m_rates;
    QHash<QString, Quota> m_quotas;
    qint64 m_freshTokenRevokedSeconds = 0;
    qint64 m_listingDelaySeconds = 0;

    FakeClock *m_clock;
    OAuthApp m_registeredApp;
    QStringList m_registeredVersions;
    QStringList m_versions;
    TokenStore m_tokens {QStringLiteral("li")};
    QList<Post> m_posts;
    QHash<QString, Image> m_images;
    // How long an uploaded image stays PROCESSING (switch imageProcessingSeconds).
    qint64 m_imageProcessingSeconds = 0;
    QHash<QString, Video> m_videos;
    qint64 m_nextVideo = 0;
    bool m_failVideoProcessing = false; // switch videoProcessing: "fail"
    qint64 m_nextPost = 0;
    qint64 m_nextImage = 0;
    bool m_denyConsent = false;
    bool m_programmaticRefresh = false;
};

} // namespace slotline::fake
