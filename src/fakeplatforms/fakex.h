#pragma once

#include "fakeplatforms/fakeclock.h"
#include "fakeplatforms/fakeplatform.h"
#include "fakeplatforms/ratecounter.h"
#include "fakeplatforms/tokenstore.h"

#include <QDateTime>
#include <QHash>
#include <QList>

namespace slotline::fake {

// X (x.com + api.x.com): OAuth 2.0 authorization code with PKCE, rotating refresh tokens,
// API v2 posts, users/me and media upload (one-shot and initialize/append/finalize).
class FakeX : public FakePlatform
{
public:
    FakeX(const OAuthApp &app, FakeClock *clock);

    QString name() const override;
    FakeResponse handle(const FakeRequest &request) override;
    FakeResponse serve(const FakeRequest &request) override;
    void reset() override;
    QJsonArray posts() const override;
    QString applySwitches(const QJsonObject &switches) override;
    int revokeTokens(const QString &userId) override;
    QJsonObject describe() const override;
    QJsonObject describeFailureModes() const override;

    static constexpr QLatin1StringView UserId {"1880000000000000001"};
    static constexpr qint64 AccessTokenSeconds = 2 * 60 * 60;
    static constexpr qint64 CodeSeconds = 30;
    static constexpr int MaxWeightedLength = 280;
    // The cap of POST /2/tweets per user and 24 hours until a switch sets another (verify:
    // the real one depends on the access tier).
    static constexpr int DefaultUserLimit24Hour = 1000;

private:
    // X's problem details (RFC 7807): {"title", "type", "status", "detail"}.
    static FakeResponse problem(int status, const QString &title, const QString &detail,
                                const QString &type = QStringLiteral("about:blank"));
    // The API v2 answer to a request it cannot read: 400 with errors[].message.
    static FakeResponse invalidRequest(const QString &message);

    struct Tweet
    {
        QString id;
        QString authorId;
        QString text;
        QStringList mediaIds;
        QString replyTo;
        QDateTime createdAt;
        bool deleted = false;
    };
    struct Media
    {
        QString id;
        QString ownerId;
        QString category;
        QString mediaType;
        qint64 totalBytes = 0;
        qint64 receivedBytes = 0;
        int nextSegment = 0;
        bool finalized = false;
        QString state; // empty: ready without processing; pending, in_progress, succeeded, failed
        QDateTime expiresAt;
    };

    FakeResponse authorize(const FakeRequest &request);
    FakeResponse token(const FakeRequest &request);
    FakeResponse revoke(const FakeRequest &request);
    FakeResponse usersMe(const FakeRequest &request);
    FakeResponse createTweet(const FakeRequest &request);
    FakeResponse tweet(const FakeRequest &request, const QString &id);
    FakeResponse uploadOneShot(const FakeRequest &request);
    FakeResponse initializeUpload(const FakeRequest &request);
    // The caller's upload `id` while it is not finalized; else nullptr and the refusal.
    Media *unfinishedUpload(const FakeRequest &request, const QString &id, FakeResponse *refusal);
    FakeResponse appendUpload(const FakeRequest &request, const QString &id);
    FakeResponse finalizeUpload(const FakeRequest &request, const QString &id);
    FakeResponse uploadStatus(const FakeRequest &request);

    // The user token of the call, or an error answer in `refusal`.
    const IssuedToken *authenticate(const FakeRequest &request, const QStringList &scopes,
                                    FakeResponse *refusal);
    // Confidential clients authenticate with Basic; public ones name themselves in client_id.
    bool clientAuthenticated(const FakeRequest &request, const QUrlQuery &form) const;
    QJsonObject issueTokens(const QString &userId, const QStringList &scopes);
    QJsonObject mediaJson(const Media &media) const;
    QString newMediaId();
    // One STATUS step of a video or GIF: pending, in_progress, then succeeded or failed.
    void advanceProcessing(Media &media) const;

    // Rate limits, the user timeline and eventual consistency (fakexfailures.cpp).
    FakeResponse listUserTweets(const FakeRequest &request);
    QJsonObject timelineTweet(const Tweet &tweet, const QStringList &fields) const;
    static bool isUserTweetsPath(const QString &path);
    static QString endpointOf(const FakeRequest &request);
    RateCounter::Limit limitOf(const QString &endpoint) const;
    QString applyFailureSwitches(const QJsonObject &switches);
    void resetFailureModes();

    RateCounter m_rates;
    QHash<QString, RateCounter::Limit> m_rateLimits; // set by the switch, over the defaults
    int m_userLimit24Hour = DefaultUserLimit24Hour;
    qint64 m_listingDelaySeconds = 0;
    // X bills usage: "ok", or every API call refused as when the app's credits are used up
    // ("credits-depleted", 402) or its usage cap is reached ("monthly-cap", 429).
    QString m_usage = QStringLiteral("ok");

    FakeClock *m_clock;
    OAuthApp m_registeredApp;
    TokenStore m_tokens {QStringLiteral("x")};
    QList<Tweet> m_tweets;
    QHash<QString, Media> m_media;
    qint64 m_nextTweet = 0;
    qint64 m_nextMedia = 0;
    bool m_denyConsent = false;
    bool m_confidentialClient = true;
    bool m_failVideoProcessing = false; // switch videoProcessing: "fail"
};

} // namespace slotline::fake
