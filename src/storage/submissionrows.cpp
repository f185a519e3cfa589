#include "storage/submissionrows.h"

#include "storage/statement.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace slotline::submissionrows {

const QString &columns()
{
    static const QString names = QStringLiteral(
        "id, project_id, account_id, subaccount_id, platform, text, media_urls, target_type, "
        "status, scheduled_at, schedule_id, created_at, updated_at, published_at, public_url, "
        "error_message, attempts, sort_at, claim_token, draft_id, platform_post_id, check_url, "
        "error_code ");
    return names;
}

const QString &select()
{
    static const QString sql
        = QStringLiteral("SELECT ") + columns() + QStringLiteral("FROM submissions ");
    return sql;
}

QString jsonList(const QStringList &values)
{
    return QString::fromUtf8(
        QJsonDocument(QJsonArray::fromStringList(values)).toJson(QJsonDocument::Compact));
}

QStringList mediaList(QByteArrayView json)
{
    if (json == "[]")
        return {}; // most posts: no need to parse it
    QStringList urls;
    for (const QJsonValue &value : QJsonDocument::fromJson(json.toByteArray()).array())
        urls.append(value.toString());
    return urls;
}

SubmissionView readView(const Statement &row)
{
    SubmissionView view;
    view.id = row.utf8(0);
    view.accountId = row.utf8(2);
    view.platform = parseName(row.utf8(4), platforms::fromString).value_or(Platform::LinkedIn);
    view.text = row.utf8(5);
    view.mediaUrls = mediaList(row.utf8(6));
    if (const QByteArrayView targetType = row.utf8(7); !targetType.isNull())
        view.target = SubmissionView::Target {targetType, row.utf8(3)};
    view.status
        = parseName(row.utf8(8), submissionStatusFromString).value_or(SubmissionStatus::Failed);
    view.scheduledAtMs = row.optionalInteger(9);
    view.scheduleId = row.utf8(10);
    view.createdAtMs = row.integer(11);
    view.updatedAtMs = row.integer(12);
    view.publishedAtMs = row.optionalInteger(13);
    view.publicUrl = row.utf8(14);
    view.errorMessage = row.utf8(15);
    view.draftId = row.utf8(19);
    view.platformPostId = row.utf8(20);
    view.checkUrl = row.utf8(21);
    view.errorCode = row.utf8(22);
    return view;
}

SubmissionRow readRow(const Statement &row)
{
    const SubmissionView view = readView(row);
    const auto text = [](QByteArrayView utf8) { return Statement::decodeText(utf8); };
    Submission submission;
    submission.id = text(view.id);
    submission.projectId = row.text(1);
    submission.accountId = text(view.accountId);
    submission.platform = view.platform;
    submission.text = text(view.text);
    submission.mediaUrls = view.mediaUrls;
    if (view.target)
        submission.target = PostTarget {text(view.target->targetType), text(view.target->pageId)};
    submission.status = view.status;
    submission.scheduledAtMs = view.scheduledAtMs;
    submission.scheduleId = text(view.scheduleId);
    submission.createdAtMs = view.createdAtMs;
    submission.updatedAtMs = view.updatedAtMs;
    submission.publishedAtMs = view.publishedAtMs;
    submission.publicUrl = text(view.publicUrl);
    submission.errorMessage = text(view.errorMessage);
    submission.draftId = text(view.draftId);
    submission.platformPostId = text(view.platformPostId);
    submission.checkUrl = text(view.checkUrl);
    submission.errorCode = text(view.errorCode);
    submission.attempts = int(row.integer(16));
    submission.claimToken = row.text(18);
    return SubmissionRow {submission, row.integer(17)};
}

Page<Submission> readPage(Statement &query, int limit, qint64 (*sortKey)(const SubmissionRow &row))
{
    const Page<SubmissionRow> rows
        = collectPage<SubmissionRow>(query, limit, readRow, [sortKey](const SubmissionRow &last) {
              return QJsonArray {sortKey(last), last.submission.id};
          });
    Page<Submission> page;
    page.nextAfter = rows.nextAfter;
    page.items.reserve(rows.items.size());
    for (const SubmissionRow &row : rows.items)
        page.items.append(row.submission);
    return page;
}

} // namespace slotline::submissionrows
