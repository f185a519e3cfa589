#include "server/controllers/postcontroller.h"

#include "core/ids.h"
#include "core/jsonwriter.h"
#include "server/api/listing.h"
#include "server/api/operationregistry.h"
#include "server/publishing/postsubmitter.h"
#include "storage/publishedpostrepository.h"
#include "storage/submissionrepository.h"

#include <QJsonArray>

using namespace Qt::Literals::StringLiterals;

namespace slotline {
namespace {

const QString PostList = QStringLiteral("posts");
const QString PublishedList = QStringLiteral("published-posts");

} // namespace

PostController::PostController(PostSubmitter &submitter, SubmissionRepository &submissions,
                               PublishedPostRepository &published)
    : m_submitter(submitter)
    , m_submissions(submissions)
    , m_published(published)
{ }

void PostController::registerOperations(OperationRegistry &registry)
{
    registry.handle(u"create_post"_s, this, &PostController::createPost);
    registry.handle(u"list_posts"_s, this, &PostController::listPosts);
    registry.handle(u"get_post"_s, this, &PostController::getPost);
    registry.handle(u"list_published_posts"_s, this, &PostController::listPublished);
}

Outcome PostController::createPost(const CallContext &context, const QJsonObject &parameters)
{
    return m_submitter.submit(context, PostRequest::fromParameters(parameters));
}

Outcome PostController::listPosts(const CallContext &context, const QJsonObject &parameters)
{
    const auto asked = listing::rangePage(parameters, PostList, 2);
    if (const auto *error = std::get_if<ApiError>(&asked))
        return *error;
    const listing::RangePage &window = std::get<listing::RangePage>(asked);
    PostFilter filter;
    filter.sinceMs = window.range.sinceMs;
    filter.untilMs = window.range.untilMs;
    for (const QJsonValue &status : parameters.value(QStringLiteral("status")).toArray()) {
        if (const auto parsed = submissionStatusFromString(status.toString()))
            filter.statuses.append(*parsed);
    }
    filter.platform
        = platforms::fromString(parameters.value(QStringLiteral("platform")).toString());
    filter.accountId = parameters.value(QStringLiteral("accountId")).toString();
    return Outcome::ok(listing::streamedPageBody(PostList, [&](JsonWriter &json) {
        return m_submissions.writePage(context.projectId, filter, window.page, json);
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
    const auto asked = listing::rangePage(parameters, PublishedList, 2);
    if (const auto *error = std::get_if<ApiError>(&asked))
        return *error;
    const listing::RangePage &window = std::get<listing::RangePage>(asked);
    PublishedPostFilter filter;
    filter.query = parameters.value(QStringLiteral("query")).toString();
    filter.platform
        = platforms::fromString(parameters.value(QStringLiteral("platform")).toString());
    filter.accountId = parameters.value(QStringLiteral("accountId")).toString();
    filter.sinceMs = window.range.sinceMs;
    filter.untilMs = window.range.untilMs;
    return Outcome::ok(
        listing::pageBody(m_published.list(context.projectId, filter, window.page), PublishedList));
}

} // namespace slotline
