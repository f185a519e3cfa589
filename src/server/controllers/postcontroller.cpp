#include "server/controllers/postcontroller.h"

#include "core/ids.h"
#include "core/jsonwriter.h"
#include "server/api/jsonliteral.h"
#include "server/api/listing.h"
#include "server/api/operationregistry.h"
#include "server/publishing/postsubmitter.h"
#include "storage/publishedpostrepository.h"
#include "storage/submissionrepository.h"

#include <QJsonArray>

namespace slotline {
namespace {

const QString PostList = QStringLiteral("posts");
const QString PublishedList = QStringLiteral("published-posts");

const char *const PostBodySchema = R"({
    "type": "object", "additionalProperties": false, "required": ["post"],
    "properties": {
        "post": {
            "type": "object", "additionalProperties": false, "required": ["accountId", "content"],
            "properties": {
                "accountId": {"type": "string", "minLength": 1, "maxLength": 100,
                              "description": "An account of this project (GET /users/me/accounts)."},
                "content": {
                    "type": "object", "additionalProperties": false, "required": ["platform"],
                    "properties": {
                        "text": {"type": "string", "maxLength": 100000,
                                 "description": "Required unless mediaUrls has items. X: 280 weighted characters (URLs 23, emoji, CJK and most symbols 2); LinkedIn 3,000; Facebook 63,206."},
                        "platform": {"type": "string", "enum": ["linkedin", "facebook", "twitter", "x"],
                                     "description": "The account's platform; x means twitter."},
                        "mediaUrls": {"type": "array", "maxItems": 50,
                                      "items": {"type": "string", "minLength": 1, "maxLength": 2048},
                                      "description": "http(s) URLs; X takes 4, Facebook 10, LinkedIn 20."}
                    }
                },
                "target": {
                    "type": "object", "additionalProperties": false, "required": ["targetType"],
                    "properties": {
                        "targetType": {"type": "string", "enum": ["linkedin", "facebook", "twitter", "x"],
                                       "description": "The post's platform again."},
                        "pageId": {"type": "string", "minLength": 1, "maxLength": 100,
                                   "description": "A subaccount (page, organization) of the account to post as."}
                    }
                }
            }
        },
        "scheduledTime": {"type": "string", "minLength": 1, "maxLength": 64,
                          "description": "ISO 8601 with Z or an offset; at most 60 s in the past. Without it and without useNextFreeSlot the post is published now."},
        "useNextFreeSlot": {"type": "boolean",
                            "description": "Schedule at the account's next free weekly slot (404 no_available_slot if none in 26 weeks)."},
        "draftId": {"type": "string", "minLength": 1, "maxLength": 100,
                    "description": "The draft (drf_...) the post is made from, for a client that makes posts of drafts itself: the submission then has this draftId and the draft lists it among its publications, as with the publish_draft tool. Must be a draft of this project."}
    }
})";

} // namespace

PostController::PostController(PostSubmitter &submitter, SubmissionRepository &submissions,
                               PublishedPostRepository &published)
    : m_submitter(submitter)
    , m_submissions(submissions)
    , m_published(published)
{ }

void PostController::registerOperations(OperationRegistry &registry)
{
    Operation create;
    create.name = QStringLiteral("create_post");
    create.summary = QStringLiteral("Publish or schedule a post");
    create.description = QStringLiteral(
        "Publishes now, at scheduledTime, or at the next free weekly slot (useNextFreeSlot). One "
        "credit is held at once, charged when the post is published and returned if it is "
        "cancelled "
        "or fails. Send an Idempotency-Key header to make retries safe.");
    create.tag = QStringLiteral("Posts");
    create.method = HttpMethod::Post;
    create.path = QStringLiteral("/posts");
    create.rateClass = RateClass::Write;
    create.bodySchema = jsonObject(PostBodySchema);
    create.bodyRequired = true;
    create.successStatus = 201;
    create.resultSchema = listing::schemaRef(QStringLiteral("PostCreated"));
    create.errorCodes = {ErrorCode::InsufficientCredits, ErrorCode::NoAvailableSlot};
    create.handler = [this](const CallContext &context, const QJsonObject &parameters) {
        return m_submitter.submit(context, PostRequest::fromParameters(parameters));
    };
    registry.add(create);

    Operation list;
    list.name = QStringLiteral("list_posts");
    list.summary = QStringLiteral("Posts");
    list.description = QStringLiteral(
        "The project's submissions in the order of their time: the scheduled time, or the time "
        "they "
        "were created when published now. Pages stay stable while posts are added.");
    list.tag = QStringLiteral("Posts");
    list.method = HttpMethod::Get;
    list.path = QStringLiteral("/posts");
    list.queryParameters = {
        listing::timeParameter(QStringLiteral("since"),
                               QStringLiteral("Only posts at or after this time.")),
        listing::timeParameter(QStringLiteral("until"),
                               QStringLiteral("Only posts before this time.")),
        ParameterSpec {
            QStringLiteral("status"),
            QStringLiteral("Only these statuses; repeat the parameter or separate with commas."),
            jsonObject(R"({"type": "array", "maxItems": 5, "items": {"type": "string",
                           "enum": ["scheduled", "in-progress", "published", "failed", "cancelled"]}})"),
            false},
        ParameterSpec {
            QStringLiteral("platform"), QStringLiteral("Only this platform (x means twitter)."),
            jsonObject(R"({"type": "string", "enum": ["linkedin", "facebook", "twitter", "x"]})"),
            false},
        listing::identifierParameter(QStringLiteral("accountId"),
                                     QStringLiteral("Only this account's posts."), false),
    };
    list.queryParameters.append(listing::pagingParameters());
    list.resultSchema = listing::pageSchema(listing::schemaRef(QStringLiteral("Submission")));
    list.handler = [this](const CallContext &context, const QJsonObject &parameters) {
        return listPosts(context, parameters);
    };
    registry.add(list);

    Operation get;
    get.name = QStringLiteral("get_post");
    get.summary = QStringLiteral("One submission");
    get.description
        = QStringLiteral("A submission and what became of it: its status, public URL or error.");
    get.tag = QStringLiteral("Posts");
    get.method = HttpMethod::Get;
    get.path = QStringLiteral("/posts/{submissionId}");
    get.pathParameters = {listing::identifierParameter(
        QStringLiteral("submissionId"), QStringLiteral("The ps_ id POST /posts gave."), true)};
    get.resultSchema = listing::schemaRef(QStringLiteral("Submission"));
    get.errorCodes = {ErrorCode::NotFound};
    get.handler = [this](const CallContext &context, const QJsonObject &parameters) {
        return getPost(context, parameters);
    };
    registry.add(get);

    Operation published;
    published.name = QStringLiteral("list_published_posts");
    published.summary = QStringLiteral("Published posts");
    published.description
        = QStringLiteral("What was published, newest first, with its public URL.");
    published.tag = QStringLiteral("Posts");
    published.method = HttpMethod::Get;
    published.path = QStringLiteral("/published-posts");
    published.queryParameters = {
        ParameterSpec {QStringLiteral("query"),
                       QStringLiteral("Words the text contains, in any order and any case."),
                       jsonObject(R"({"type": "string", "maxLength": 200})"), false},
        ParameterSpec {
            QStringLiteral("platform"), QStringLiteral("Only this platform (x means twitter)."),
            jsonObject(R"({"type": "string", "enum": ["linkedin", "facebook", "twitter", "x"]})"),
            false},
        listing::identifierParameter(QStringLiteral("accountId"),
                                     QStringLiteral("Only this account's posts."), false),
        listing::timeParameter(QStringLiteral("since"),
                               QStringLiteral("Only posts published at or after this time.")),
        listing::timeParameter(QStringLiteral("until"),
                               QStringLiteral("Only posts published before this time.")),
    };
    published.queryParameters.append(listing::pagingParameters());
    published.resultSchema
        = listing::pageSchema(listing::schemaRef(QStringLiteral("PublishedPost")));
    published.handler = [this](const CallContext &context, const QJsonObject &parameters) {
        return listPublished(context, parameters);
    };
    registry.add(published);
}

Outcome PostController::listPosts(const CallContext &context, const QJsonObject &parameters)
{
    const auto page = listing::pageRequest(parameters, PostList, 2);
    if (const auto *error = std::get_if<ApiError>(&page))
        return *error;
    const auto range = listing::timeRange(parameters);
    if (const auto *error = std::get_if<ApiError>(&range))
        return *error;
    PostFilter filter;
    filter.sinceMs = std::get<listing::TimeRange>(range).sinceMs;
    filter.untilMs = std::get<listing::TimeRange>(range).untilMs;
    for (const QJsonValue &status : parameters.value(QStringLiteral("status")).toArray()) {
        if (const auto parsed = submissionStatusFromString(status.toString()))
            filter.statuses.append(*parsed);
    }
    filter.platform
        = platforms::fromString(parameters.value(QStringLiteral("platform")).toString());
    filter.accountId = parameters.value(QStringLiteral("accountId")).toString();
    return Outcome::ok(listing::streamedPageBody(PostList, [&](JsonWriter &json) {
        return m_submissions.writePage(context.projectId, filter, std::get<PageRequest>(page),
                                       json);
    }));
}

Outcome PostController::getPost(const CallContext &context, const QJsonObject &parameters)
{
    const QString id = parameters.value(QStringLiteral("submissionId")).toString();
    const auto submission = ids::looksLike(id, IdKind::PostSubmission)
                                ? m_submissions.find(context.projectId, id)
                                : std::nullopt;
    if (!submission)
        return ApiError::notFound(QStringLiteral("No post submission %1 in this project.").arg(id));
    return Outcome::ok(JsonWriter::serialize(*submission));
}

Outcome PostController::listPublished(const CallContext &context, const QJsonObject &parameters)
{
    const auto page = listing::pageRequest(parameters, PublishedList, 2);
    if (const auto *error = std::get_if<ApiError>(&page))
        return *error;
    const auto range = listing::timeRange(parameters);
    if (const auto *error = std::get_if<ApiError>(&range))
        return *error;
    PublishedPostFilter filter;
    filter.query = parameters.value(QStringLiteral("query")).toString();
    filter.platform
        = platforms::fromString(parameters.value(QStringLiteral("platform")).toString());
    filter.accountId = parameters.value(QStringLiteral("accountId")).toString();
    filter.sinceMs = std::get<listing::TimeRange>(range).sinceMs;
    filter.untilMs = std::get<listing::TimeRange>(range).untilMs;
    return Outcome::ok(listing::pageBody(
        m_published.list(context.projectId, filter, std::get<PageRequest>(page)), PublishedList));
}

} // namespace slotline
