#include "storage/submissionrepository.h"

#include "core/clock.h"
#include "core/jsonwriter.h"
#include "core/postrules.h"
#include "storage/statement.h"
#include "storage/submissionrows.h"
#include "storage/transaction.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>

using namespace Qt::Literals::StringLiterals;

namespace slotline {

using namespace submissionrows;

namespace {

QString sqlName(SubmissionStatus status)
{
    return QLatin1Char('\'') + toString(status) + QLatin1Char('\'');
}

template<std::size_t N>
QString sqlNames(const std::array<SubmissionStatus, N> &statuses)
{
    QStringList names;
    for (const SubmissionStatus status : statuses)
        names.append(sqlName(status));
    return names.join(QLatin1String(", "));
}

// The rule book's "may still change" (PostRules::refusalToChange) as SQL: a change that
// finds the row no longer so changes nothing, and the caller says why.
const QString WhileChangeable = QStringLiteral("status = ") + sqlName(PostRules::ChangeableStatus)
                                + QStringLiteral(" AND claim_token IS NULL");
// PostRules::UnsettledStatuses: what the dispatcher may claim.
const QString UnsettledNames = sqlNames(PostRules::UnsettledStatuses);

} // namespace

SubmissionRepository::SubmissionRepository(Database &database, const Clock &clock)
    : m_database(database)
    , m_clock(clock)
    , m_listings(database)
{ }

void SubmissionRepository::insert(const Submission &submission, qint64 nextAttemptAtMs)
{
    // The listing is written from the very bytes bound, seen as readView() sees a stored
    // row (an empty nullable text is NULL), so that it is what a read of the row would
    // write; rendering it after the insert would write the row twice.
    const auto nullable = [](const QByteArray &utf8) {
        return utf8.isEmpty() ? QByteArrayView() : QByteArrayView(utf8);
    };
    const QByteArray id = submission.id.toUtf8();
    const QByteArray accountId = submission.accountId.toUtf8();
    const QByteArray text = submission.text.toUtf8();
    const QByteArray media = jsonList(submission.mediaUrls).toUtf8();
    const QByteArray targetType
        = submission.target ? submission.target->targetType.toUtf8() : QByteArray();
    const QByteArray pageId = submission.target ? submission.target->pageId.toUtf8() : QByteArray();
    const QByteArray scheduleId = submission.scheduleId.toUtf8();
    const QByteArray draftId = submission.draftId.toUtf8();
    SubmissionView stored;
    stored.id = id;
    stored.accountId = accountId;
    stored.platform = submission.platform;
    stored.text = text;
    stored.mediaUrls = mediaList(media);
    if (!targetType.isEmpty())
        stored.target = SubmissionView::Target {targetType, nullable(pageId)};
    stored.status = submission.status;
    stored.scheduledAtMs = submission.scheduledAtMs;
    stored.scheduleId = nullable(scheduleId);
    stored.createdAtMs = submission.createdAtMs;
    stored.updatedAtMs = submission.updatedAtMs;
    stored.draftId = nullable(draftId);
    JsonWriter listing;
    stored.writeJson(listing);

    Statement insert(
        m_database,
        QStringLiteral("INSERT INTO submissions (id, project_id, account_id, subaccount_id, "
                       "platform, text, media_urls, target_type, status, scheduled_at, "
                       "schedule_id, sort_at, created_at, updated_at, next_attempt_at, "
                       "draft_id, listing_json) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
                       "?, ?, ?, ?, ?)"));
    const auto bindNullable = [&insert](QByteArrayView utf8) -> Statement & {
        return utf8.isNull() ? insert.bind(QVariant()) : insert.bindUtf8(utf8);
    };
    insert.bindUtf8(id).bind(submission.projectId).bindUtf8(accountId);
    bindNullable(stored.target ? stored.target->pageId : QByteArrayView());
    insert.bind(platforms::toString(submission.platform)).bindUtf8(text).bindUtf8(media);
    bindNullable(stored.target ? stored.target->targetType : QByteArrayView());
    insert.bind(toString(submission.status)).bindOptional(submission.scheduledAtMs);
    bindNullable(stored.scheduleId);
    insert.bind(submission.scheduledAtMs.value_or(submission.createdAtMs))
        .bind(submission.createdAtMs)
        .bind(submission.updatedAtMs)
        .bind(nextAttemptAtMs);
    bindNullable(stored.draftId);
    insert.bindUtf8(listing.take()).exec();
}

bool SubmissionRepository::changedOne(const Statement &update, const QString &submissionId)
{
    if (update.rowsAffected() != 1)
        return false;
    m_listings.refresh({submissionId});
    return true;
}

std::optional<Submission> SubmissionRepository::findWhere(const QString &condition,
                                                          const QStringList &values)
{
    Statement query(m_database, submissionrows::select() + QStringLiteral("WHERE ") + condition);
    for (const QString &value : values)
        query.bind(value);
    query.exec();
    if (!query.next())
        return std::nullopt;
    return readRow(query).submission;
}

std::optional<Submission> SubmissionRepository::find(const QString &projectId,
                                                     const QString &submissionId)
{
    return findWhere(QStringLiteral("id = ? AND project_id = ?"), {submissionId, projectId});
}

std::optional<Submission> SubmissionRepository::findBySchedule(const QString &projectId,
                                                               const QString &scheduleId)
{
    return findWhere(QStringLiteral("schedule_id = ? AND project_id = ? AND status <> 'cancelled'"),
                     {scheduleId, projectId});
}

std::optional<Submission> SubmissionRepository::findAnyProject(const QString &submissionId)
{
    return findWhere(QStringLiteral("id = ?"), {submissionId});
}

SubmissionRepository::Query SubmissionRepository::listQuery(const QString &select,
                                                            const QString &projectId,
                                                            const PostFilter &filter,
                                                            const PageRequest &page)
{
    QString sql = select + QStringLiteral("WHERE project_id = ? ");
    QVariantList binds {projectId};
    if (filter.sinceMs) {
        sql += QStringLiteral("AND sort_at >= ? ");
        binds << *filter.sinceMs;
    }
    if (filter.untilMs) {
        sql += QStringLiteral("AND sort_at < ? ");
        binds << *filter.untilMs;
    }
    if (!filter.statuses.isEmpty()) {
        QStringList placeholders;
        for (const SubmissionStatus status : filter.statuses) {
            placeholders << QStringLiteral("?");
            binds << toString(status);
        }
        sql += QStringLiteral("AND status IN (") + placeholders.join(u',') + QStringLiteral(") ");
    }
    if (filter.platform) {
        sql += QStringLiteral("AND platform = ? ");
        binds << platforms::toString(*filter.platform);
    }
    if (!filter.accountId.isEmpty()) {
        sql += QStringLiteral("AND account_id = ? ");
        binds << filter.accountId;
    }
    page.appendTo(sql, binds, "sort_at"_L1, PageRequest::Order::Ascending);
    return Query {sql, binds};
}

Page<Submission> SubmissionRepository::list(const QString &projectId, const PostFilter &filter,
                                            const PageRequest &page)
{
    const Query sql = listQuery(submissionrows::select(), projectId, filter, page);
    Statement query(m_database, sql.sql);
    query.bindAll(sql.binds).exec();
    return readPage(query, page.limit, [](const SubmissionRow &row) { return row.sortAtMs; });
}

QJsonArray SubmissionRepository::writePage(const QString &projectId, const PostFilter &filter,
                                           const PageRequest &page, JsonWriter &items)
{
    const Query sql
        = listQuery(QStringLiteral("SELECT sort_at, id, listing_json FROM submissions "), projectId,
                    filter, page);
    Statement query(m_database, sql.sql);
    query.bindAll(sql.binds).exec();
    // The cursor is taken from the page's last row while it is read, and kept only if the
    // extra row follows.
    int rows = 0;
    QJsonArray cursor;
    while (query.next()) {
        if (rows == page.limit) // the extra row: there is a next page
            return cursor;
        if (const QByteArrayView listing = query.utf8(2); !listing.isNull()) {
            items.raw(listing);
        } else {
            Statement row(m_database, submissionrows::select() + QStringLiteral("WHERE id = ?"));
            row.bind(query.text(1)).exec();
            if (row.next())
                readView(row).writeJson(items);
        }
        if (++rows == page.limit)
            cursor = QJsonArray {query.integer(0), query.text(1)};
    }
    return {};
}

QHash<QString, QList<Draft::Publication>>
SubmissionRepository::publications(const QString &projectId, const QStringList &draftIds,
                                   int perDraft)
{
    QHash<QString, QList<Draft::Publication>> result;
    if (draftIds.isEmpty())
        return result;
    // One query for a whole page of drafts; the ids go as one JSON array, so that every
    // page size is the same statement. The cap is applied while reading, newest first:
    // capping in SQL costs every page, and most drafts have a few posts or none, while
    // only a draft with many posts pays for reading them here. (SQLite 3.40, a page of 50
    // drafts without posts: 31 us like this, 57 us with a window function numbering each
    // draft's posts, 97 us with a correlated bound at each draft's 50th post.)
    Statement query(
        m_database,
        QStringLiteral("SELECT s.draft_id, s.id, s.account_id, s.platform, s.subaccount_id, "
                       "s.status, s.scheduled_at, s.published_at, s.public_url, s.created_at, "
                       "s.error_message FROM json_each(?) d CROSS JOIN submissions s "
                       "WHERE s.project_id = ? AND s.draft_id = d.value "
                       "ORDER BY s.draft_id, s.created_at DESC, s.id DESC"));
    JsonWriter ids;
    ids.beginArray();
    for (const QString &draftId : draftIds)
        ids.value(draftId);
    query.bind(QString::fromUtf8(ids.endArray().take())).bind(projectId).exec();
    QList<Draft::Publication> *current = nullptr;
    QByteArray currentDraft;
    while (query.next()) {
        if (const QByteArrayView draftId = query.utf8(0); !current || draftId != currentDraft) {
            currentDraft = draftId.toByteArray();
            current = &result[Statement::decodeText(draftId)];
        }
        if (current->size() == perDraft)
            continue;
        Draft::Publication publication;
        publication.postSubmissionId = query.text(1);
        publication.accountId = query.text(2);
        publication.platform
            = parseName(query.utf8(3), platforms::fromString).value_or(Platform::LinkedIn);
        publication.pageId = query.text(4);
        publication.status = parseName(query.utf8(5), submissionStatusFromString)
                                 .value_or(SubmissionStatus::Failed);
        publication.scheduledAtMs = query.optionalInteger(6);
        publication.publishedAtMs = query.optionalInteger(7);
        publication.publicUrl = query.text(8);
        publication.createdAtMs = query.integer(9);
        publication.errorMessage = query.text(10);
        current->append(publication);
    }
    // Read newest first; shown oldest first.
    for (QList<Draft::Publication> &publications : result)
        std::reverse(publications.begin(), publications.end());
    return result;
}

Page<Submission> SubmissionRepository::listSchedules(const QString &projectId,
                                                     std::optional<qint64> sinceMs,
                                                     std::optional<qint64> untilMs,
                                                     const PageRequest &page)
{
    QString sql = submissionrows::select()
                  + QStringLiteral("WHERE project_id = ? AND scheduled_at IS NOT NULL "
                                   "AND schedule_id IS NOT NULL AND status <> 'cancelled' ");
    QVariantList binds {projectId};
    if (sinceMs) {
        sql += QStringLiteral("AND scheduled_at >= ? ");
        binds << *sinceMs;
    }
    if (untilMs) {
        sql += QStringLiteral("AND scheduled_at < ? ");
        binds << *untilMs;
    }
    page.appendTo(sql, binds, "scheduled_at"_L1, PageRequest::Order::Ascending);
    Statement query(m_database, sql);
    query.bindAll(binds).exec();
    return readPage(query, page.limit, [](const SubmissionRow &row) {
        return row.submission.scheduledAtMs.value_or(0);
    });
}

bool SubmissionRepository::reschedule(const QString &submissionId, qint64 scheduledAtMs)
{
    Statement update(
        m_database,
        QStringLiteral("UPDATE submissions SET scheduled_at = ?, sort_at = ?, "
                       "next_attempt_at = ?, check_url = NULL, error_code = NULL, updated_at = ? "
                       "WHERE id = ? AND ")
            + WhileChangeable);
    update.bind(scheduledAtMs)
        .bind(scheduledAtMs)
        .bind(scheduledAtMs)
        .bind(m_clock.nowMs())
        .bind(submissionId)
        .exec();
    return changedOne(update, submissionId);
}

bool SubmissionRepository::editContent(const QString &submissionId,
                                       const std::optional<QString> &text,
                                       const std::optional<QStringList> &mediaUrls)
{
    // Each field changes only when given: an empty text is a change, not "keep it".
    Statement update(m_database,
                     QStringLiteral("UPDATE submissions SET "
                                    "text = CASE WHEN ? THEN ? ELSE text END, "
                                    "media_urls = CASE WHEN ? THEN ? ELSE media_urls END, "
                                    "updated_at = ? WHERE id = ? AND ")
                         + WhileChangeable);
    update.bind(text.has_value())
        .bind(text.value_or(QString()))
        .bind(mediaUrls.has_value())
        .bind(mediaUrls ? jsonList(*mediaUrls) : QStringLiteral("[]"))
        .bind(m_clock.nowMs())
        .bind(submissionId)
        .exec();
    return changedOne(update, submissionId);
}

bool SubmissionRepository::cancel(const QString &submissionId)
{
    Statement update(m_database,
                     QStringLiteral("UPDATE submissions SET status = 'cancelled', holds_slot = 0, "
                                    "next_attempt_at = NULL, updated_at = ? WHERE id = ? AND ")
                         + WhileChangeable);
    update.bind(m_clock.nowMs()).bind(submissionId).exec();
    return changedOne(update, submissionId);
}

QStringList SubmissionRepository::pendingOf(const QString &accountId, int *inProgress)
{
    Statement query(m_database,
                    QStringLiteral("SELECT id, status, claim_token FROM submissions WHERE "
                                   "account_id = ? AND status IN (")
                        + UnsettledNames + QLatin1Char(')'));
    query.bind(accountId).exec();
    QStringList pending;
    int running = 0;
    while (query.next()) {
        if (query.text(1) == u"in-progress" || !query.value(2).isNull())
            ++running;
        else
            pending.append(query.text(0));
    }
    if (inProgress)
        *inProgress = running;
    return pending;
}

std::optional<qint64> SubmissionRepository::nextDueAt()
{
    Statement query(m_database,
                    QStringLiteral("SELECT MIN(next_attempt_at) FROM submissions "
                                   "WHERE next_attempt_at IS NOT NULL AND claim_token IS NULL"));
    query.exec();
    if (!query.next())
        return std::nullopt;
    return query.optionalInteger(0);
}

QStringList SubmissionRepository::dueWithinBound(qint64 nowMs, int limit, const ClaimBound &bound)
{
    // The bounded accounts' claims already out: a handful of rows.
    QHash<QString, int> room;
    {
        Statement out(m_database,
                      QStringLiteral("SELECT s.account_id, COUNT(*) FROM submissions s "
                                     "JOIN accounts a ON a.id = s.account_id "
                                     "WHERE s.claim_token IS NOT NULL AND a.connector IN "
                                     "(SELECT value FROM json_each(?)) GROUP BY s.account_id"));
        out.bind(jsonList(bound.connectors)).exec();
        while (out.next())
            room.insert(out.text(0), bound.perAccount - int(out.integer(1)));
    }
    // Due posts in the order they are due, a page at a time, leaving out the accounts with
    // no room left: the due index is read in order, without sorting every due post, and an
    // account's backlog is skipped once it has its share.
    QStringList picked;
    QStringList full;
    for (auto it = room.cbegin(); it != room.cend(); ++it) {
        if (it.value() <= 0)
            full.append(it.key());
    }
    const int page = std::max(limit * 2, 64);
    std::optional<std::tuple<qint64, qint64, QString>> after;
    while (picked.size() < limit) {
        Statement due(
            m_database,
            QStringLiteral("SELECT s.id, s.account_id, a.connector, s.next_attempt_at, s.sort_at "
                           "FROM submissions s LEFT JOIN accounts a ON a.id = s.account_id "
                           "WHERE s.next_attempt_at IS NOT NULL AND s.claim_token IS NULL "
                           "AND s.next_attempt_at <= ? "
                           "AND s.account_id NOT IN (SELECT value FROM json_each(?)) ")
                + (after ? QStringLiteral("AND (s.next_attempt_at, s.sort_at, s.id) > (?, ?, ?) ")
                         : QString())
                + QStringLiteral("ORDER BY s.next_attempt_at, s.sort_at, s.id LIMIT ?"));
        due.bind(nowMs).bind(jsonList(full));
        if (after)
            due.bind(std::get<0>(*after)).bind(std::get<1>(*after)).bind(std::get<2>(*after));
        due.bind(page).exec();
        int read = 0;
        while (due.next()) {
            ++read;
            after.emplace(due.integer(3), due.integer(4), due.text(0));
            if (picked.size() >= limit)
                continue;
            const QString account = due.text(1);
            if (bound.connectors.contains(due.text(2))) {
                auto left = room.find(account);
                if (left == room.end())
                    left = room.insert(account, bound.perAccount);
                if (*left <= 0)
                    continue;
                if (--*left == 0)
                    full.append(account);
            }
            picked.append(due.text(0));
        }
        if (read < page)
            break; // nothing more is due
    }
    return picked;
}

QList<Submission> SubmissionRepository::claimDue(qint64 nowMs, int limit, const QString &token,
                                                 const ClaimBound &bound)
{
    // The claim hands back the claimed rows: the guard (unclaimed, still to publish) is
    // checked row by row inside it.
    Transaction transaction(m_database);
    QList<SubmissionRow> rows;
    {
        const bool bounded = !bound.connectors.isEmpty();
        Statement claim(
            m_database,
            QStringLiteral("UPDATE submissions SET status = 'in-progress', claim_token = ?, "
                           "claimed_at = ?, attempts = attempts + 1, updated_at = ? WHERE id IN (")
                + (bounded ? QStringLiteral("SELECT value FROM json_each(?)")
                           : QStringLiteral("SELECT id FROM submissions WHERE next_attempt_at "
                                            "IS NOT NULL AND claim_token IS NULL AND "
                                            "next_attempt_at <= ? ORDER BY next_attempt_at, "
                                            "sort_at, id LIMIT ?"))
                + QStringLiteral(") AND claim_token IS NULL AND status IN (") + UnsettledNames
                + QStringLiteral(") RETURNING ") + submissionrows::columns());
        claim.bind(token).bind(nowMs).bind(nowMs);
        if (bounded)
            claim.bind(jsonList(dueWithinBound(nowMs, limit, bound)));
        else
            claim.bind(nowMs).bind(limit);
        claim.exec();
        while (claim.next())
            rows.append(readRow(claim));
    }
    QStringList claimedIds;
    for (const SubmissionRow &row : std::as_const(rows))
        claimedIds.append(row.submission.id);
    m_listings.refresh(claimedIds);
    transaction.commit();
    // Oldest first, as they were due.
    std::sort(rows.begin(), rows.end(), [](const SubmissionRow &a, const SubmissionRow &b) {
        return std::tie(a.sortAtMs, a.submission.id) < std::tie(b.sortAtMs, b.submission.id);
    });
    QList<Submission> claimed;
    claimed.reserve(rows.size());
    for (const SubmissionRow &row : std::as_const(rows))
        claimed.append(row.submission);
    return claimed;
}

SubmissionRepository::Overdue SubmissionRepository::overdue(qint64 nowMs)
{
    Statement query(m_database,
                    QStringLiteral("SELECT COUNT(*), MIN(next_attempt_at) FROM submissions "
                                   "WHERE next_attempt_at IS NOT NULL AND claim_token IS NULL "
                                   "AND next_attempt_at <= ?"));
    query.bind(nowMs).exec();
    Overdue overdue;
    if (query.next()) {
        overdue.count = int(query.integer(0));
        overdue.oldestDueAtMs = query.optionalInteger(1);
    }
    return overdue;
}

QList<Submission> SubmissionRepository::claimed()
{
    Statement query(m_database,
                    submissionrows::select()
                        + QStringLiteral("WHERE claim_token IS NOT NULL ORDER BY claimed_at, id"));
    query.exec();
    QList<Submission> result;
    while (query.next())
        result.append(readRow(query).submission);
    return result;
}

bool SubmissionRepository::markPublished(const QString &submissionId, const QString &token,
                                         const QString &publicUrl, qint64 publishedAtMs,
                                         const QString &platformPostId)
{
    Statement update(
        m_database, QStringLiteral("UPDATE submissions SET status = 'published', published_at = ?, "
                                   "public_url = ?, platform_post_id = ?, error_message = NULL, "
                                   "check_url = NULL, error_code = NULL, next_attempt_at = NULL, "
                                   "claim_token = NULL, claimed_at = NULL, updated_at = ? "
                                   "WHERE id = ? AND claim_token = ? AND status = 'in-progress'"));
    update.bind(publishedAtMs)
        .bind(publicUrl)
        .bindNullableText(platformPostId)
        .bind(m_clock.nowMs())
        .bind(submissionId)
        .bind(token)
        .exec();
    return changedOne(update, submissionId);
}

bool SubmissionRepository::markRetry(const QString &submissionId, const QString &token,
                                     qint64 nextAttemptAtMs, const QString &errorMessage)
{
    Statement update(
        m_database,
        QStringLiteral(
            "UPDATE submissions SET next_attempt_at = ?, error_message = ?, "
            "check_url = NULL, error_code = NULL, claim_token = NULL, claimed_at = NULL, "
            "updated_at = ? "
            "WHERE id = ? AND claim_token = ? AND status = 'in-progress'"));
    update.bind(nextAttemptAtMs)
        .bind(errorMessage)
        .bind(m_clock.nowMs())
        .bind(submissionId)
        .bind(token)
        .exec();
    return changedOne(update, submissionId);
}

bool SubmissionRepository::markFailed(const QString &submissionId, const QString &token,
                                      const QString &errorMessage, const QString &checkUrl,
                                      const QString &errorCode)
{
    Statement update(
        m_database, QStringLiteral("UPDATE submissions SET status = 'failed', holds_slot = 0, "
                                   "error_message = ?, check_url = ?, error_code = ?, "
                                   "next_attempt_at = NULL, claim_token = NULL, claimed_at = NULL, "
                                   "updated_at = ? WHERE id = ? AND claim_token = ? "
                                   "AND status = 'in-progress'"));
    update.bind(errorMessage)
        .bindNullableText(checkUrl)
        .bindNullableText(errorCode)
        .bind(m_clock.nowMs())
        .bind(submissionId)
        .bind(token)
        .exec();
    return changedOne(update, submissionId);
}

bool SubmissionRepository::markDeferred(const QString &submissionId, const QString &token,
                                        qint64 untilMs, const QString &reason)
{
    Statement update(
        m_database,
        QStringLiteral(
            "UPDATE submissions SET next_attempt_at = ?, error_message = ?, check_url = NULL, "
            "error_code = NULL, "
            "attempts = MAX(attempts - 1, 0), claim_token = NULL, claimed_at = NULL, "
            "updated_at = ? WHERE id = ? AND claim_token = ? AND status = 'in-progress'"));
    update.bind(untilMs).bind(reason).bind(m_clock.nowMs()).bind(submissionId).bind(token).exec();
    return changedOne(update, submissionId);
}

} // namespace slotline
