#pragma once

#include "client/apiresult.h"
#include "client/apiresults.h"
#include "client/apitransport.h"
#include "client/draftpublication.h"
#include "client/ratelimitgate.h"
#include "client/wirerequest.h"
#include "client/writerequests.h"
#include "core/account.h"
#include "core/apikeyinfo.h"
#include "core/callrecord.h"
#include "core/changeversions.h"
#include "core/creditbalance.h"
#include "core/draft.h"
#include "core/schedule.h"
#include "core/subaccount.h"
#include "core/submission.h"
#include "core/userprofile.h"

#include <QJsonObject>
#include <QObject>
#include <QUrl>
#include <QUrlQuery>

#include <functional>
#include <memory>
#include <optional>

QT_BEGIN_NAMESPACE
class QNetworkReply;
QT_END_NAMESPACE

namespace slotline::client {

struct Paging
{
    int limit = 50;
    QString cursor;
};

struct PostFilter
{
    std::optional<qint64> sinceMs;
    std::optional<qint64> untilMs;
    QStringList statuses; // scheduled, in-progress, published, failed, cancelled
    std::optional<Platform> platform;
    QString accountId;
    Paging paging;
};

struct PublishedPostFilter
{
    QString query;
    std::optional<Platform> platform;
    QString accountId;
    std::optional<qint64> sinceMs;
    std::optional<qint64> untilMs;
    Paging paging;
};

struct CallFilter
{
    QStringList statuses; // 404, 4xx, ...
    QString apiKeyId;
    std::optional<qint64> sinceMs;
    Paging paging;
};

// Every operation of the REST API v2 as a typed call, through one
// QNetworkAccessManager. Answers arrive on `context`'s thread through the callback,
// parsed into core types, or as an ApiError; a callback whose context is gone is not
// called.
//
// Rate limits are kept by its ApiTransport: calls wait while their class has nothing
// left, and rateLimitChanged() tells the app what is left and how long to wait.
class ApiClient : public QObject
{
    Q_OBJECT

public:
    template<typename T>
    using Callback = std::function<void(const ApiResult<T> &)>;

    explicit ApiClient(QObject *parent = nullptr);
    ~ApiClient() override;

    // The server: http(s)://host:port, with or without /api/v2.
    void setBaseUrl(const QUrl &url) { m_transport.setBaseUrl(url); }
    QUrl baseUrl() const { return m_transport.baseUrl(); }
    void setApiKey(const QString &key) { m_transport.setApiKey(key); }
    bool hasApiKey() const { return m_transport.hasApiKey(); }
    // How long a call may go without progress before it fails with a timeout.
    void setTimeoutMs(int ms) { m_transport.setTimeoutMs(ms); }

    const RateLimitGate::Quota &quota(RateClass rateClass) const
    {
        return m_transport.quota(rateClass);
    }
    qint64 waitMs(RateClass rateClass) const { return m_transport.waitMs(rateClass); }
    int queuedCalls() const { return m_transport.queuedCalls(); }

    // Fails every queued and running call with ApiError::Kind::Cancelled.
    void cancelAll() { m_transport.cancelAll(); }

    // Identity, accounts, credits
    void getUser(QObject *context, Callback<UserProfile> done);
    void listAccounts(std::optional<Platform> platform, const Paging &paging, QObject *context,
                      Callback<ItemPage<Account>> done);
    void listSubaccounts(const QString &accountId, const Paging &paging, QObject *context,
                         Callback<ItemPage<Subaccount>> done);
    void getCredits(QObject *context, Callback<CreditBalance> done);
    // How often each kind of the project's data has changed (GET /changes).
    void getChanges(QObject *context, Callback<ChangeVersions> done);

    // Connecting accounts of real platforms. connectAccount starts an attempt (with
    // `accountId`, a reconnection of that account; a write, sent with its idempotency key):
    // the browser goes to the answer's address, and getConnectAttempt says how it went.
    void connectAccount(Platform platform, const QString &accountId, const QString &idempotencyKey,
                        QObject *context, Callback<ConnectStart> done);
    void getConnectAttempt(const QString &state, QObject *context, Callback<ConnectAttempt> done);
    // Disconnects the account; with scheduled posts it is a Conflict
    // (account_has_scheduled_posts) unless `cancelScheduled`, which cancels them.
    void disconnectAccount(const QString &accountId, bool cancelScheduled,
                           const QString &idempotencyKey, QObject *context, Callback<Done> done);

    // Posts and schedules
    void createPost(const NewPost &post, const QString &idempotencyKey, QObject *context,
                    Callback<PostCreated> done);
    void listPosts(const PostFilter &filter, QObject *context, Callback<ItemPage<Submission>> done);
    void getPost(const QString &submissionId, QObject *context, Callback<Submission> done);
    void listPublishedPosts(const PublishedPostFilter &filter, QObject *context,
                            Callback<ItemPage<PublishedPost>> done);
    void listSchedules(const Paging &paging, QObject *context, Callback<ItemPage<Schedule>> done);
    void getSchedule(const QString &scheduleId, QObject *context, Callback<Schedule> done);
    void updateSchedule(const QString &scheduleId, const ScheduleChange &change,
                        const QString &idempotencyKey, QObject *context, Callback<Schedule> done);
    void cancelSchedule(const QString &scheduleId, const QString &idempotencyKey, QObject *context,
                        Callback<Done> done);

    // Weekly slots
    void getSlots(QObject *context, Callback<SlotList> done);
    void addSlots(const QList<WeeklySlot> &slots, bool replace, QObject *context,
                  Callback<QList<WeeklySlot>> done);
    void deleteSlot(const QString &slotId, QObject *context, Callback<Done> done);
    void nextAvailableSlot(const SlotQuery &query, std::optional<qint64> afterMs, QObject *context,
                           Callback<NextSlot> done);

    // Media
    void fetchMedia(const QUrl &url, const QString &idempotencyKey, QObject *context,
                    Callback<MediaItem> done);
    void createUploadUrl(const QString &filename, const QString &contentType,
                         std::optional<qint64> size, QObject *context, Callback<UploadTicket> done);
    // PUTs the file to the ticket's address, streamed from disk; `progress` gets (sent, total).
    // Whether a medium's public address serves a file (HEAD, without a key): an upload
    // whose answer was lost may have stored it. A 404 answers false.
    void probeMedia(const QUrl &publicUrl, QObject *context, Callback<bool> done);
    void uploadFile(const UploadTicket &ticket, const QString &filePath, QObject *context,
                    Callback<MediaItem> done,
                    std::function<void(qint64 sent, qint64 total)> progress = {});

    // Project settings
    void listApiKeys(const Paging &paging, QObject *context, Callback<ItemPage<ApiKeyInfo>> done);
    void listCalls(const CallFilter &filter, QObject *context, Callback<ItemPage<CallRecord>> done);

    // Tools and drafts
    void listTools(QObject *context, Callback<QList<ToolInfo>> done);
    // With `draft.id` empty a new draft is made; otherwise it is saved over, from
    // `baseRevision` when given (a stale one is a Conflict carrying the current draft).
    void saveDraft(const Draft &draft, std::optional<qint64> baseRevision,
                   const QString &idempotencyKey, QObject *context, Callback<Draft> done);
    void listDrafts(const QString &query, const Paging &paging, QObject *context,
                    Callback<ItemPage<Draft>> done);
    void getDraft(const QString &draftId, QObject *context, Callback<Draft> done);
    void deleteDraft(const QString &draftId, const QString &idempotencyKey, QObject *context,
                     Callback<Done> done);
    void publishDraft(const QString &draftId, const DraftPublication &publication,
                      const QString &idempotencyKey, QObject *context, Callback<PostCreated> done);

    // Sends a write as writerequests encoded it (for a retry: as it was first sent, byte
    // for byte) and reads its answer as `Result`: Draft (save_draft's {"draft": ...}),
    // PostCreated, Schedule, QList<WeeklySlot> (add_slots's {"items": [...]}) or Done. Every typed
    // write above goes through here. UploadTicket: POST /media/uploads's answer.
    template<typename Result>
    void send(const WireRequest &request, const QString &idempotencyKey, QObject *context,
              Callback<Result> done);

Q_SIGNALS:
    // After every answer that carried rate-limit headers, and when a class closes or opens.
    void rateLimitChanged(slotline::client::RateClass rateClass);
    // The server answered (any status): it is reachable.
    void serverAnswered(int status);
    // A call got no answer at all (network or timeout).
    void serverUnreachable(const slotline::client::ApiError &error);

private:
    using Call = ApiTransport::Call;

    std::shared_ptr<Call> makeCall(const QByteArray &method, const QString &path,
                                   RateClass rateClass, QObject *context);
    static void withJsonBody(Call &call, const QJsonObject &body);
    void submit(const std::shared_ptr<Call> &call);
    // A write as writerequests encoded it, ready for its answer's reader.
    std::shared_ptr<Call> writeCall(const WireRequest &request, const QString &idempotencyKey,
                                    QObject *context);

    template<typename T>
    void expectObject(const std::shared_ptr<Call> &call, Callback<T> done);
    template<typename T>
    void expectPage(const std::shared_ptr<Call> &call, Callback<ItemPage<T>> done);
    void expectNothing(const std::shared_ptr<Call> &call, Callback<Done> done);

    ApiTransport m_transport;
};

} // namespace slotline::client
