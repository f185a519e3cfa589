#include "storage/publishattemptrepository.h"

#include "core/clock.h"
#include "storage/statement.h"
#include "storage/transaction.h"

namespace slotline {
namespace {

// The columns read() reads, in its order.
const QString SelectAttempt = QStringLiteral("SELECT id, submission_id, claim_token, sent_at, "
                                             "outcome, platform_post_id, public_url FROM "
                                             "publish_attempts ");

QString toString(PublishAttempt::Outcome outcome)
{
    switch (outcome) {
    case PublishAttempt::Outcome::Pending: return {};
    case PublishAttempt::Outcome::Created: return QStringLiteral("created");
    case PublishAttempt::Outcome::Refused: return QStringLiteral("refused");
    case PublishAttempt::Outcome::Unknown: return QStringLiteral("unknown");
    case PublishAttempt::Outcome::Found: return QStringLiteral("found");
    case PublishAttempt::Outcome::NotFound: return QStringLiteral("not_found");
    }
    return {};
}

PublishAttempt::Outcome outcomeFromString(const QString &text)
{
    for (const auto outcome : {PublishAttempt::Outcome::Created, PublishAttempt::Outcome::Refused,
                               PublishAttempt::Outcome::Unknown, PublishAttempt::Outcome::Found,
                               PublishAttempt::Outcome::NotFound}) {
        if (toString(outcome) == text)
            return outcome;
    }
    return PublishAttempt::Outcome::Pending;
}

} // namespace

PublishAttemptRepository::PublishAttemptRepository(Database &database, const Clock &clock)
    : m_database(database)
    , m_clock(clock)
{ }

qint64 PublishAttemptRepository::begin(const QString &submissionId, const QString &claimToken)
{
    // Its own transaction: committed (and synced) before the request may leave.
    Transaction transaction(m_database);
    qint64 id = 0;
    {
        Statement insert(m_database,
                         QStringLiteral("INSERT INTO publish_attempts (submission_id, "
                                        "claim_token, sent_at) VALUES (?, ?, ?) RETURNING id"));
        insert.bind(submissionId).bind(claimToken).bind(m_clock.nowMs()).exec();
        if (insert.next())
            id = insert.integer(0);
    }
    transaction.commit();
    return id;
}

void PublishAttemptRepository::settle(qint64 attemptId, PublishAttempt::Outcome outcome,
                                      const QString &platformPostId, const QString &publicUrl)
{
    Statement(m_database, QStringLiteral("UPDATE publish_attempts SET outcome = ?, "
                                         "platform_post_id = ?, public_url = ?, settled_at = ? "
                                         "WHERE id = ?"))
        .bindNullableText(toString(outcome))
        .bindNullableText(platformPostId)
        .bindNullableText(publicUrl)
        .bind(m_clock.nowMs())
        .bind(attemptId)
        .exec();
}

std::optional<PublishAttempt> PublishAttemptRepository::latest(const QString &submissionId)
{
    Statement query(m_database, SelectAttempt
                                    + QStringLiteral("WHERE submission_id = ? ORDER BY id DESC "
                                                     "LIMIT 1"));
    query.bind(submissionId).exec();
    return read(query);
}

std::optional<PublishAttempt> PublishAttemptRepository::firstLostAnswer(const QString &submissionId,
                                                                        qint64 beforeId)
{
    // Pending: a stopped server's call, never settled since; unknown and not_found: a lost
    // answer, looked for or not.
    Statement query(m_database,
                    SelectAttempt
                        + QStringLiteral("WHERE submission_id = ? AND id < ? AND (outcome IS NULL "
                                         "OR outcome IN ('unknown', 'not_found')) ORDER BY id "
                                         "LIMIT 1"));
    query.bind(submissionId).bind(beforeId).exec();
    return read(query);
}

std::optional<PublishAttempt> PublishAttemptRepository::read(Statement &query)
{
    if (!query.next())
        return std::nullopt;
    PublishAttempt attempt;
    attempt.id = query.integer(0);
    attempt.submissionId = query.text(1);
    attempt.claimToken = query.text(2);
    attempt.sentAtMs = query.integer(3);
    attempt.outcome = outcomeFromString(query.text(4));
    attempt.platformPostId = query.text(5);
    attempt.publicUrl = query.text(6);
    return attempt;
}

int PublishAttemptRepository::count(const QString &submissionId)
{
    Statement query(
        m_database,
        QStringLiteral("SELECT COUNT(*) FROM publish_attempts WHERE submission_id = ?"));
    query.bind(submissionId).exec();
    query.next();
    return int(query.integer(0));
}

} // namespace slotline
