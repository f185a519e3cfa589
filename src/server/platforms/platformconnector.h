#pragma once

#include "server/platforms/platformauthorization.h"
#include "server/platforms/platformlookuptiming.h"
#include "server/platforms/postmedia.h"
#include "server/publishing/connector.h"

#include <QHash>
#include <QList>
#include <QSet>

namespace slotline {

class Clock;
class Database;
class SecretBox;
class TokenKeeper;
struct PublishAttempt;

// What the three real platforms' connectors share: the app and the account's state, the
// page, the media, the token (refreshed once when the platform refuses it), and turning
// what happened into a result that never invites a second post.
//
// One publication per account at a time, in the order the dispatcher hands them over: a
// platform sees an account's posts in their order, and a rate limit stops the next post
// before it is sent.
//
// A create call is recorded durably before it is sent (PublishAttemptRepository). When
// its outcome is not known (no answer, a dropped connection, a 5xx), or a restarted server
// finds it unsettled, the author's recent posts are read: the post found there is
// published with its id; a post known not to be there may be sent again; when the
// platform cannot tell, the post fails with words that say it may be on the platform.
class PlatformConnector : public Connector
{
    Q_OBJECT

public:
    PlatformConnector(Database &database, const Clock &clock, const SecretBox &secrets,
                      TokenKeeper &tokens, PostMedia &media, PlatformHttpClient &http,
                      QObject *parent = nullptr);
    ~PlatformConnector() override;

    void publish(const PublishRequest &request, Done done) override;
    // A claim left by a server that stopped: its recorded create call tells whether the
    // platform may have the post, and the platform's list of posts whether it does.
    void lookup(const PublishRequest &request, Found found) override;
    bool oneAtATimePerAccount() const override { return true; }

    void setLookupTiming(const PlatformLookupTiming &timing) { m_lookupTiming = timing; }

protected:
    struct Attempt
    {
        PublishRequest request;
        PlatformApp app;
        QString accessToken;
        // The person's own token, when the page's is not enough for some call (Facebook's
        // Resumable Upload API); empty otherwise.
        QString personAccessToken;
        QString pageId; // the subaccount's id, when the post targets one
        QString pageExternalId; // the platform's id of that page or organization
        QList<MediaFile> media;
        bool waitedForFreshToken = false;
    };
    struct Created
    {
        QString platformPostId;
        QString publicUrl;
    };
    using CreateDone = std::function<void(const PlatformResult<Created> &)>;

    // What reading the author's recent posts told about a create call sent at some time.
    struct Search
    {
        enum class Result { Found, NotFound, Undeterminable };
        Result result = Result::Undeterminable;
        Created post;
        QString why; // Undeterminable: in words
    };
    using SearchDone = std::function<void(const Search &)>;

    virtual QString displayName() const = 0;
    // Where a person sees the account's posts on the platform: the page's or
    // organization's (its platform id `pageExternalId`) when the post is for one. Empty
    // when there is no such address.
    virtual QString accountUrl(const Account &account, const QString &pageExternalId) const = 0;
    // Posts of this platform go out with the page's own token (Facebook).
    virtual bool usesPageToken() const { return false; }
    virtual bool needsPage() const { return false; }
    // Whether the attempt also needs the person's token beside the page's.
    virtual bool needsPersonToken(const Attempt &) const { return false; }
    // Why a post that needs the person's token fails when the platform refused that token
    // (`why`), in words that say which posts wait for a reconnect. The account itself stays
    // connected: its page's token publishes the other posts.
    virtual QString personTokenRefused(const QString &why) const { return why; }
    virtual void create(const Attempt &attempt, CreateDone done) = 0;

    // One page of the author's posts as the platform lists them, newest first.
    struct ListedPost
    {
        QString text; // comparable()
        Created post;
    };
    struct PostsPage
    {
        // Only those created at or after the start of the window.
        QList<ListedPost> posts;
        // The request for the following page: none when the platform says there are no
        // more, or when this page already reaches back before the window.
        std::optional<PlatformRequest> next;
        QString failure; // the page could not be used: why, in words
    };
    // The first page of the author's posts since `sinceMs`, LookupPageSize of them.
    virtual PlatformRequest postsRequest(const Attempt &attempt, qint64 sinceMs) const = 0;
    // What the answer to `asked` (`first` or one that followed it) lists.
    virtual PostsPage postsPage(const Attempt &attempt, const PlatformRequest &first,
                                const PlatformRequest &asked, const PlatformResponse &response,
                                qint64 sinceMs) const = 0;
    // Why the author's posts could not be read, in words that say what to change (a scope
    // the app lacks, say).
    virtual QString whyPostsUnread(const Attempt &, const PlatformError &error) const
    {
        return error.message;
    }
    // The attempt's text as the platform keeps it, comparable().
    virtual QString listedText(const Attempt &attempt) const
    {
        return comparable(attempt.request.submission.text);
    }
    // Why the post's absence from the list proves nothing (Facebook lists a video's post
    // late); empty when it proves the post was not made.
    virtual QString absenceProvesNothing(const Attempt &) const { return {}; }
    // A token just issued may be refused for a moment (LinkedIn's 65601): how long to wait
    // before trying it once more.
    virtual qint64 freshTokenGraceMs() const { return 0; }

    void send(const PlatformRequest &request, PlatformHttpClient::Done done);
    // The create call itself: recorded durably, then sent. Every connector sends its
    // create request through here and nothing else.
    void sendCreate(const Attempt &attempt, const PlatformRequest &request,
                    PlatformHttpClient::Done done);
    // The platform accepted the create call but goes on working on the post (Facebook
    // processing a video): the answer is recorded now, so that a server stopped meanwhile
    // publishes it with this id instead of looking for it.
    void recordCreated(const Attempt &attempt, const Created &created);
    // The platform refused the create call (it made nothing) and the connector sends it
    // again itself: the refused call is recorded as such first.
    void settleRefused(const Attempt &attempt);
    // Posts are looked for from this long before the create call was sent: the
    // platform's clock and ours may differ.
    static constexpr qint64 ClockSkewMs = 5 * 60 * 1000;
    // Posts asked for in one page (the most each platform gives in one).
    static constexpr int LookupPageSize = 100;
    // Text compared the way platforms keep it: line ends as \n, no space at either end.
    static QString comparable(const QString &text);
    const PlatformLookupTiming &lookupTiming() const { return m_lookupTiming; }
    // The error of a create call: a 5xx or a missing answer may mean it was created.
    std::optional<PlatformError> createFailureOf(const PlatformResponse &response,
                                                 const QString &platform) const;
    // The error of a media upload: whatever became of it, it made no post, so a lost
    // answer is an ordinary failure to try again.
    std::optional<PlatformError> uploadFailureOf(const PlatformResponse &response,
                                                 const QString &platform) const;
    // Any other call's error, read against this server's clock (quotas end "in 12
    // minutes" or "at midnight").
    std::optional<PlatformError> failureOf(const PlatformResponse &response,
                                           const QString &platform) const;

    struct Part
    {
        QByteArray name;
        QByteArray value;
        QByteArray fileName; // empty: a plain field
        QByteArray contentType;
    };
    // multipart/form-data; `contentType` gets the header value with its boundary.
    static QByteArray multipart(const QList<Part> &parts, QByteArray *contentType);

private:
    // A publication, or the look-up of one a stopped server left (`found` set): both in
    // the account's one queue, so that no later post of the account goes out while an
    // earlier one's fate is being read back.
    struct Queued
    {
        PublishRequest request;
        Done done;
        Found found;
    };
    struct OpenCreate
    {
        qint64 recordId = 0;
        qint64 sentAtMs = 0;
    };

    void enqueue(Queued queued);
    void startNext(const QString &accountId);
    void settleLeftOver(const PublishRequest &request, Found found);
    void run(const PublishRequest &request, Done done);
    // The attempt without media or token, or why it cannot be made.
    std::variant<Attempt, PublishResult> prepare(const PublishRequest &request);
    // The attempt with its token, or the result of not getting one.
    using TokenDone = std::function<void(const std::variant<Attempt, PublishResult> &)>;
    void withToken(Attempt attempt, TokenDone done);
    void createWithToken(Attempt attempt, Done done);
    void attemptCreate(const Attempt &attempt, bool refreshed, Done done);
    void afterUnknown(const Attempt &attempt, const OpenCreate &open, const PlatformError &error,
                      Done done);
    // Refused as a duplicate after `lost`, an earlier call of the same post whose answer
    // was lost: the post that call made is looked for; never reported as a plain failure.
    void afterDuplicate(const Attempt &attempt, const PublishAttempt &lost, Done done);
    // findPost() once the platform has had time to list what the call sent at `sentAtMs`
    // made, and once more a little later if the post is not there yet; a call older than
    // both waits is looked for at once, and once.
    void search(const Attempt &attempt, qint64 sentAtMs, SearchDone done);
    // Looks among the author's posts since `sentAtMs` (less some clock skew) for this
    // attempt's text, page after page while the platform has more of them in the window,
    // up to PlatformLookupTiming::maxPages pages.
    void findPost(const Attempt &attempt, qint64 sentAtMs, SearchDone done);
    // Reads the page `asked`, `pagesRead` pages and `postsRead` posts after `first`.
    void readPosts(const Attempt &attempt, const PlatformRequest &first,
                   const PlatformRequest &asked, qint64 sinceMs, int pagesRead, qsizetype postsRead,
                   SearchDone done);
    // What a search told, recorded against the create call it was about.
    void recordSearch(qint64 recordId, const Search &search);
    PublishResult publishedAs(const Created &post) const;
    PublishResult resultOf(const PlatformError &error, const Attempt &attempt);
    // Failed, and the platform may have the post: `what` happened, and where to check.
    PublishResult unknownOutcome(const QString &what, const Account &account,
                                 const QString &pageExternalId) const;
    // The same for a request not (or no longer) prepared: its page is looked up here.
    PublishResult unknownOutcome(const QString &what, const PublishRequest &request) const;

    Database &m_database;
    const Clock &m_clock;
    const SecretBox &m_secrets;
    TokenKeeper &m_tokens;
    PostMedia &m_media;
    PlatformHttpClient &m_http;
    PlatformLookupTiming m_lookupTiming;
    QHash<QString, QList<Queued>> m_queues; // by account
    QSet<QString> m_busyAccounts;
    QHash<QString, OpenCreate> m_openCreates; // by publication token
};

} // namespace slotline
