#pragma once

#include <QString>

#include <optional>

namespace slotline {

class Clock;
class Database;
class Statement;

// A create call sent to a real platform, and what became of it.
struct PublishAttempt
{
    enum class Outcome {
        Pending, // sent (or about to be), nothing recorded since
        Created, // the platform answered with the post
        Refused, // the platform answered that it made nothing
        Unknown, // no usable answer: the platform may have the post
        Found, // after an unknown outcome, the post was found on the platform
        NotFound, // after an unknown outcome, the platform showed no such post
    };

    qint64 id = 0;
    QString submissionId;
    QString claimToken;
    qint64 sentAtMs = 0;
    Outcome outcome = Outcome::Pending;
    QString platformPostId;
    QString publicUrl;
};

// The durable record of create calls: one row is written, and committed, before each
// create request leaves the server, so that what a stopped server was doing is known on
// its next start.
class PublishAttemptRepository
{
public:
    PublishAttemptRepository(Database &database, const Clock &clock);

    // Recorded and committed before the call is sent; its id.
    qint64 begin(const QString &submissionId, const QString &claimToken);
    void settle(qint64 attemptId, PublishAttempt::Outcome outcome,
                const QString &platformPostId = {}, const QString &publicUrl = {});
    // The submission's newest create call, if it ever had one.
    std::optional<PublishAttempt> latest(const QString &submissionId);
    int count(const QString &submissionId);
    // The submission's first create call before `beforeId` whose answer was lost (or never
    // recorded): the platform may have made the post then.
    std::optional<PublishAttempt> firstLostAnswer(const QString &submissionId, qint64 beforeId);

private:
    static std::optional<PublishAttempt> read(Statement &query);

    Database &m_database;
    const Clock &m_clock;
};

} // namespace slotline
