#include "client/apiclient.h"

#include "core/isotime.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>

using namespace Qt::Literals::StringLiterals;

namespace slotline::client {
namespace {

// Longer than the server's own limit for fetching a file (60 s).
constexpr int FetchTimeoutMs = 90'000;

template<typename T>
using Parser = std::function<std::optional<T>(const QJsonObject &, QString *)>;

// The server reads a query string as a form does: "+" is a space. QUrlQuery sends "+" as
// it is and keeps what looks like a percent-encoding, so both are encoded here for a
// value to arrive as it was given.
void addQueryItem(QUrlQuery &query, const QString &name, QString value)
{
    value.replace(u'%', u"%25"_s).replace(u'+', u"%2B"_s);
    query.addQueryItem(name, value);
}

void addPaging(QUrlQuery &query, const Paging &paging)
{
    addQueryItem(query, u"limit"_s, QString::number(paging.limit));
    if (!paging.cursor.isEmpty())
        addQueryItem(query, u"cursor"_s, paging.cursor);
}

ApiError malformed(const QString &why)
{
    return ApiError(
        ApiError::Kind::MalformedAnswer,
        QCoreApplication::translate("ApiClient", "The server's answer was not understood (%1).")
            .arg(why));
}

// The answer's JSON object, or why it is none.
std::optional<QJsonObject> jsonObjectOf(const QByteArray &body, QString *why)
{
    QJsonParseError error {};
    const QJsonDocument document = QJsonDocument::fromJson(body, &error);
    if (error.error != QJsonParseError::NoError) {
        *why = error.errorString();
        return std::nullopt;
    }
    if (!document.isObject()) {
        *why = u"not a JSON object"_s;
        return std::nullopt;
    }
    return document.object();
}

// {"<key>": {...}} around a value, as save_draft and get_draft answer.
template<typename T>
Parser<T> wrapped(const QString &key)
{
    return [key](const QJsonObject &object, QString *error) -> std::optional<T> {
        if (!object.value(key).isObject()) {
            *error = key + u": missing"_s;
            return std::nullopt;
        }
        return T::fromJson(object.value(key).toObject(), error);
    };
}

// POST /schedule/slots: {"items": [...]}, the slots as made.
std::optional<QList<WeeklySlot>> addedSlots(const QJsonObject &object, QString *error)
{
    QList<WeeklySlot> added;
    for (const QJsonValue &item : object.value(u"items"_s).toArray()) {
        auto slot = WeeklySlot::fromJson(item.toObject(), error);
        if (!slot)
            return std::nullopt;
        added.append(*slot);
    }
    return added;
}

} // namespace

ApiClient::ApiClient(QObject *parent)
    : QObject(parent)
{
    connect(&m_transport, &ApiTransport::rateLimitChanged, this, &ApiClient::rateLimitChanged);
    connect(&m_transport, &ApiTransport::serverAnswered, this, &ApiClient::serverAnswered);
    connect(&m_transport, &ApiTransport::serverUnreachable, this, &ApiClient::serverUnreachable);
}

ApiClient::~ApiClient() = default;

std::shared_ptr<ApiClient::Call> ApiClient::makeCall(const QByteArray &method, const QString &path,
                                                     RateClass rateClass, QObject *context)
{
    return m_transport.makeCall(method, path, rateClass, context);
}

void ApiClient::withJsonBody(Call &call, const QJsonObject &body)
{
    ApiTransport::withJsonBody(call, body);
}

void ApiClient::submit(const std::shared_ptr<Call> &call)
{
    m_transport.submit(call);
}

std::shared_ptr<ApiClient::Call>
ApiClient::writeCall(const WireRequest &request, const QString &idempotencyKey, QObject *context)
{
    auto call = makeCall(request.method, request.path, RateClass::Write, context);
    if (!request.body.isEmpty()) {
        call->body = request.body;
        call->hasBody = true;
        call->contentType = "application/json";
    }
    call->idempotencyKey = idempotencyKey.toUtf8();
    return call;
}

template<typename T>
static void deliverParsed(const ApiResult<QByteArray> &answer, const Parser<T> &parse,
                          const ApiClient::Callback<T> &done)
{
    if (!answer.ok()) {
        done(answer.error());
        return;
    }
    QString why;
    const auto object = jsonObjectOf(answer.value(), &why);
    if (!object) {
        done(malformed(why));
        return;
    }
    auto value = parse(*object, &why);
    if (!value) {
        done(malformed(why));
        return;
    }
    done(std::move(*value));
}

template<typename T>
void ApiClient::expectObject(const std::shared_ptr<Call> &call, Callback<T> done)
{
    const Parser<T> parse
        = [](const QJsonObject &object, QString *error) { return T::fromJson(object, error); };
    call->complete = [parse, done = std::move(done)](const ApiResult<QByteArray> &answer) {
        deliverParsed<T>(answer, parse, done);
    };
    submit(call);
}

template<typename T>
void ApiClient::expectPage(const std::shared_ptr<Call> &call, Callback<ItemPage<T>> done)
{
    const Parser<ItemPage<T>> parse
        = [](const QJsonObject &object, QString *error) -> std::optional<ItemPage<T>> {
        if (!object.value(u"items"_s).isArray()) {
            *error = u"items: missing"_s;
            return std::nullopt;
        }
        ItemPage<T> page;
        for (const QJsonValue &item : object.value(u"items"_s).toArray()) {
            auto value = T::fromJson(item.toObject(), error);
            if (!value) {
                *error = u"items."_s + *error;
                return std::nullopt;
            }
            page.items.append(std::move(*value));
        }
        page.cursor = object.value(u"cursor"_s).toString();
        return page;
    };
    call->complete = [parse, done = std::move(done)](const ApiResult<QByteArray> &answer) {
        deliverParsed<ItemPage<T>>(answer, parse, done);
    };
    submit(call);
}

void ApiClient::expectNothing(const std::shared_ptr<Call> &call, Callback<Done> done)
{
    call->complete = [done = std::move(done)](const ApiResult<QByteArray> &answer) {
        if (answer.ok())
            done(Done {});
        else
            done(answer.error());
    };
    submit(call);
}

// --- writes, as encoded once ---------------------------------------------------------------

template<typename Result>
void ApiClient::send(const WireRequest &request, const QString &idempotencyKey, QObject *context,
                     Callback<Result> done)
{
    auto call = writeCall(request, idempotencyKey, context);
    if constexpr (std::is_same_v<Result, Done>) {
        expectNothing(call, std::move(done));
    } else if constexpr (std::is_same_v<Result, Draft>) {
        call->complete = [done = std::move(done)](const ApiResult<QByteArray> &answer) {
            deliverParsed<Draft>(answer, wrapped<Draft>(u"draft"_s), done);
        };
        submit(call);
    } else if constexpr (std::is_same_v<Result, QList<WeeklySlot>>) {
        call->complete = [done = std::move(done)](const ApiResult<QByteArray> &answer) {
            deliverParsed<QList<WeeklySlot>>(answer, addedSlots, done);
        };
        submit(call);
    } else {
        expectObject(call, std::move(done));
    }
}

// --- identity, accounts, credits ---------------------------------------------------------

void ApiClient::getUser(QObject *context, Callback<UserProfile> done)
{
    expectObject(makeCall("GET", u"/users/me"_s, RateClass::Read, context), std::move(done));
}

void ApiClient::listAccounts(std::optional<Platform> platform, const Paging &paging,
                             QObject *context, Callback<ItemPage<Account>> done)
{
    auto call = makeCall("GET", u"/users/me/accounts"_s, RateClass::Read, context);
    if (platform)
        addQueryItem(call->query, u"platform"_s, platforms::toString(*platform));
    addPaging(call->query, paging);
    expectPage(call, std::move(done));
}

void ApiClient::listSubaccounts(const QString &accountId, const Paging &paging, QObject *context,
                                Callback<ItemPage<Subaccount>> done)
{
    auto call = makeCall(
        "GET", writerequests::idPath(u"/users/me/accounts/"_s, accountId) + u"/subaccounts"_s,
        RateClass::Read, context);
    addPaging(call->query, paging);
    expectPage(call, std::move(done));
}

void ApiClient::getCredits(QObject *context, Callback<CreditBalance> done)
{
    expectObject(makeCall("GET", u"/credits"_s, RateClass::Read, context), std::move(done));
}

void ApiClient::getChanges(QObject *context, Callback<ChangeVersions> done)
{
    expectObject(makeCall("GET", u"/changes"_s, RateClass::Read, context), std::move(done));
}

void ApiClient::connectAccount(Platform platform, const QString &accountId,
                               const QString &idempotencyKey, QObject *context,
                               Callback<ConnectStart> done)
{
    expectObject(
        writeCall(writerequests::connectAccount(platform, accountId), idempotencyKey, context),
        std::move(done));
}

void ApiClient::getConnectAttempt(const QString &state, QObject *context,
                                  Callback<ConnectAttempt> done)
{
    expectObject(makeCall("GET", writerequests::idPath(u"/users/me/accounts/connect/"_s, state),
                          RateClass::Read, context),
                 std::move(done));
}

void ApiClient::disconnectAccount(const QString &accountId, bool cancelScheduled,
                                  const QString &idempotencyKey, QObject *context,
                                  Callback<Done> done)
{
    auto call = makeCall("DELETE", writerequests::idPath(u"/users/me/accounts/"_s, accountId),
                         RateClass::Write, context);
    if (cancelScheduled)
        addQueryItem(call->query, u"cancelScheduled"_s, u"true"_s);
    call->idempotencyKey = idempotencyKey.toUtf8();
    expectNothing(call, std::move(done));
}

// --- posts and schedules -----------------------------------------------------------------

void ApiClient::createPost(const NewPost &post, const QString &idempotencyKey, QObject *context,
                           Callback<PostCreated> done)
{
    send<PostCreated>(writerequests::createPost(post), idempotencyKey, context, std::move(done));
}

void ApiClient::listPosts(const PostFilter &filter, QObject *context,
                          Callback<ItemPage<Submission>> done)
{
    auto call = makeCall("GET", u"/posts"_s, RateClass::Read, context);
    if (filter.sinceMs)
        addQueryItem(call->query, u"since"_s, isotime::format(*filter.sinceMs));
    if (filter.untilMs)
        addQueryItem(call->query, u"until"_s, isotime::format(*filter.untilMs));
    for (const QString &status : filter.statuses)
        addQueryItem(call->query, u"status"_s, status);
    if (filter.platform)
        addQueryItem(call->query, u"platform"_s, platforms::toString(*filter.platform));
    if (!filter.accountId.isEmpty())
        addQueryItem(call->query, u"accountId"_s, filter.accountId);
    addPaging(call->query, filter.paging);
    expectPage(call, std::move(done));
}

void ApiClient::getPost(const QString &submissionId, QObject *context, Callback<Submission> done)
{
    expectObject(makeCall("GET", writerequests::idPath(u"/posts/"_s, submissionId), RateClass::Read,
                          context),
                 std::move(done));
}

void ApiClient::listPublishedPosts(const PublishedPostFilter &filter, QObject *context,
                                   Callback<ItemPage<PublishedPost>> done)
{
    auto call = makeCall("GET", u"/published-posts"_s, RateClass::Read, context);
    if (!filter.query.isEmpty())
        addQueryItem(call->query, u"query"_s, filter.query);
    if (filter.platform)
        addQueryItem(call->query, u"platform"_s, platforms::toString(*filter.platform));
    if (!filter.accountId.isEmpty())
        addQueryItem(call->query, u"accountId"_s, filter.accountId);
    if (filter.sinceMs)
        addQueryItem(call->query, u"since"_s, isotime::format(*filter.sinceMs));
    if (filter.untilMs)
        addQueryItem(call->query, u"until"_s, isotime::format(*filter.untilMs));
    addPaging(call->query, filter.paging);
    expectPage(call, std::move(done));
}

void ApiClient::listSchedules(const Paging &paging, QObject *context,
                              Callback<ItemPage<Schedule>> done)
{
    auto call = makeCall("GET", u"/schedules"_s, RateClass::Read, context);
    addPaging(call->query, paging);
    expectPage(call, std::move(done));
}

void ApiClient::getSchedule(const QString &scheduleId, QObject *context, Callback<Schedule> done)
{
    expectObject(makeCall("GET", writerequests::idPath(u"/schedules/"_s, scheduleId),
                          RateClass::Read, context),
                 std::move(done));
}

void ApiClient::updateSchedule(const QString &scheduleId, const ScheduleChange &change,
                               const QString &idempotencyKey, QObject *context,
                               Callback<Schedule> done)
{
    send<Schedule>(writerequests::updateSchedule(scheduleId, change), idempotencyKey, context,
                   std::move(done));
}

void ApiClient::cancelSchedule(const QString &scheduleId, const QString &idempotencyKey,
                               QObject *context, Callback<Done> done)
{
    send<Done>(writerequests::cancelSchedule(scheduleId), idempotencyKey, context, std::move(done));
}

// --- slots -------------------------------------------------------------------------------

void ApiClient::getSlots(QObject *context, Callback<SlotList> done)
{
    expectObject(makeCall("GET", u"/schedule/slots"_s, RateClass::Read, context), std::move(done));
}

void ApiClient::addSlots(const QList<WeeklySlot> &slots, bool replace, QObject *context,
                         Callback<QList<WeeklySlot>> done)
{
    send<QList<WeeklySlot>>(writerequests::addSlots(slots, replace), QString(), context,
                            std::move(done));
}

void ApiClient::deleteSlot(const QString &slotId, QObject *context, Callback<Done> done)
{
    expectNothing(writeCall(writerequests::deleteSlot(slotId), QString(), context),
                  std::move(done));
}

void ApiClient::nextAvailableSlot(const SlotQuery &query, std::optional<qint64> afterMs,
                                  QObject *context, Callback<NextSlot> done)
{
    QJsonObject body;
    if (!query.accountId.isEmpty())
        body.insert(u"accountId"_s, query.accountId);
    if (query.platform)
        body.insert(u"platform"_s, platforms::toString(*query.platform));
    if (!query.subaccountId.isEmpty())
        body.insert(u"subaccountId"_s, query.subaccountId);
    if (afterMs)
        body.insert(u"after"_s, isotime::format(*afterMs));
    // A read for the rate limit, though it is a POST.
    auto call = makeCall("POST", u"/schedule/slots/next-available"_s, RateClass::Read, context);
    withJsonBody(*call, body);
    expectObject(call, std::move(done));
}

// --- media -------------------------------------------------------------------------------

void ApiClient::fetchMedia(const QUrl &url, const QString &idempotencyKey, QObject *context,
                           Callback<MediaItem> done)
{
    auto call = writeCall(writerequests::fetchMedia(url), idempotencyKey, context);
    // The server answers when its fetch is done, which may take it up to a minute.
    call->timeoutMs = FetchTimeoutMs;
    expectObject(call, std::move(done));
}

void ApiClient::createUploadUrl(const QString &filename, const QString &contentType,
                                std::optional<qint64> size, QObject *context,
                                Callback<UploadTicket> done)
{
    expectObject(
        writeCall(writerequests::createUploadUrl(filename, contentType, size), QString(), context),
        std::move(done));
}

void ApiClient::probeMedia(const QUrl &publicUrl, QObject *context, Callback<bool> done)
{
    auto call = makeCall("HEAD", QString(), RateClass::Read, context);
    call->absoluteUrl = publicUrl;
    call->sendKey = false;
    call->complete = [done = std::move(done)](const ApiResult<QByteArray> &answer) {
        if (answer.ok())
            done(true);
        else if (answer.error().kind() == ApiError::Kind::NotFound)
            done(false);
        else
            done(answer.error());
    };
    m_transport.sendNow(call);
}

void ApiClient::uploadFile(const UploadTicket &ticket, const QString &filePath, QObject *context,
                           Callback<MediaItem> done, std::function<void(qint64, qint64)> progress)
{
    // The address is its own permission: no key goes with it, and no rate limit applies.
    auto call = makeCall("PUT", QString(), RateClass::Write, context);
    call->absoluteUrl = QUrl(ticket.uploadUrl);
    call->sendKey = false;
    call->uploadFile = filePath;
    call->contentType = "application/octet-stream";
    call->progress = std::move(progress);
    call->complete = [done = std::move(done)](const ApiResult<QByteArray> &answer) {
        deliverParsed<MediaItem>(answer, &MediaItem::fromJson, done);
    };
    m_transport.sendNow(call);
}

// --- project settings --------------------------------------------------------------------

void ApiClient::listApiKeys(const Paging &paging, QObject *context,
                            Callback<ItemPage<ApiKeyInfo>> done)
{
    auto call = makeCall("GET", u"/project/api-keys"_s, RateClass::Read, context);
    addPaging(call->query, paging);
    expectPage(call, std::move(done));
}

void ApiClient::listCalls(const CallFilter &filter, QObject *context,
                          Callback<ItemPage<CallRecord>> done)
{
    auto call = makeCall("GET", u"/project/api-keys/calls"_s, RateClass::Read, context);
    for (const QString &status : filter.statuses)
        addQueryItem(call->query, u"status"_s, status);
    if (!filter.apiKeyId.isEmpty())
        addQueryItem(call->query, u"apiKeyId"_s, filter.apiKeyId);
    if (filter.sinceMs)
        addQueryItem(call->query, u"since"_s, isotime::format(*filter.sinceMs));
    addPaging(call->query, filter.paging);
    expectPage(call, std::move(done));
}

// --- tools and drafts --------------------------------------------------------------------

namespace { } // namespace

void ApiClient::listTools(QObject *context, Callback<QList<ToolInfo>> done)
{
    auto call = makeCall("GET", u"/tools"_s, RateClass::Read, context);
    call->complete = [done = std::move(done)](const ApiResult<QByteArray> &answer) {
        deliverParsed<QList<ToolInfo>>(
            answer,
            [](const QJsonObject &object, QString *error) -> std::optional<QList<ToolInfo>> {
                QList<ToolInfo> tools;
                for (const QJsonValue &item : object.value(u"items"_s).toArray()) {
                    auto tool = ToolInfo::fromJson(item.toObject(), error);
                    if (!tool)
                        return std::nullopt;
                    tools.append(*tool);
                }
                return tools;
            },
            done);
    };
    submit(call);
}

void ApiClient::saveDraft(const Draft &draft, std::optional<qint64> baseRevision,
                          const QString &idempotencyKey, QObject *context, Callback<Draft> done)
{
    send<Draft>(writerequests::saveDraft(draft, baseRevision), idempotencyKey, context,
                std::move(done));
}

void ApiClient::listDrafts(const QString &query, const Paging &paging, QObject *context,
                           Callback<ItemPage<Draft>> done)
{
    QJsonObject parameters {{u"limit"_s, paging.limit}};
    if (!paging.cursor.isEmpty())
        parameters.insert(u"cursor"_s, paging.cursor);
    if (!query.isEmpty())
        parameters.insert(u"query"_s, query);
    auto call = makeCall("POST", u"/tools/list_drafts"_s, RateClass::Read, context);
    withJsonBody(*call, parameters);
    expectPage(call, std::move(done));
}

void ApiClient::getDraft(const QString &draftId, QObject *context, Callback<Draft> done)
{
    auto call = makeCall("POST", u"/tools/get_draft"_s, RateClass::Read, context);
    withJsonBody(*call, QJsonObject {{u"draftId"_s, draftId}});
    call->complete = [done = std::move(done)](const ApiResult<QByteArray> &answer) {
        deliverParsed<Draft>(answer, wrapped<Draft>(u"draft"_s), done);
    };
    submit(call);
}

void ApiClient::deleteDraft(const QString &draftId, const QString &idempotencyKey, QObject *context,
                            Callback<Done> done)
{
    send<Done>(writerequests::deleteDraft(draftId), idempotencyKey, context, std::move(done));
}

void ApiClient::publishDraft(const QString &draftId, const DraftPublication &publication,
                             const QString &idempotencyKey, QObject *context,
                             Callback<PostCreated> done)
{
    send<PostCreated>(writerequests::publishDraft(draftId, publication), idempotencyKey, context,
                      std::move(done));
}

template void ApiClient::send<Draft>(const WireRequest &, const QString &, QObject *,
                                     Callback<Draft>);
template void ApiClient::send<PostCreated>(const WireRequest &, const QString &, QObject *,
                                           Callback<PostCreated>);
template void ApiClient::send<Schedule>(const WireRequest &, const QString &, QObject *,
                                        Callback<Schedule>);
template void ApiClient::send<QList<WeeklySlot>>(const WireRequest &, const QString &, QObject *,
                                                 Callback<QList<WeeklySlot>>);
template void ApiClient::send<UploadTicket>(const WireRequest &, const QString &, QObject *,
                                            Callback<UploadTicket>);
template void ApiClient::send<Done>(const WireRequest &, const QString &, QObject *,
                                    Callback<Done>);

} // namespace slotline::client
