#pragma once

#include "core/platform.h"
#include "server/api/callcontext.h"
#include "server/api/outcome.h"
#include "storage/database.h"
#include "support/fixedclock.h"

#include <QHash>
#include <QJsonObject>
#include <QStringList>
#include <QTemporaryDir>

#include <memory>

namespace slotline {
class ApiServer;
class OperationRegistry;
struct Operation;
} // namespace slotline

namespace slotline::fuzz {

// What one project of the fixture holds.
struct FixtureProject
{
    QString projectId;
    QString apiKeyId;
    QString timezone;
    QString linkedinAccountId;
    QString twitterAccountId;
    QString facebookAccountId;
    QString facebookPageId;
    QString submissionId; // a post scheduled for tomorrow
    QString scheduleId;
    QString draftId;
    QString slotId;

    QStringList ids() const;
};

// The real ApiServer (not listening) over a database in a temporary directory, with two
// projects: the caller's and a stranger's, none of whose data the caller may ever see.
// Handlers run as the request pipeline runs them, each inside a transaction that is
// rolled back, so every input meets the same data.
class ServerFixture
{
public:
    // 2026-03-02T10:00:00Z, a Monday.
    static constexpr qint64 NowMs = 1'772'445'600'000;

    ServerFixture();
    ~ServerFixture();
    Q_DISABLE_COPY_MOVE(ServerFixture)

    OperationRegistry &registry();
    const FixtureProject &caller() const { return m_caller; }
    const FixtureProject &stranger() const { return m_stranger; }
    CallContext context() const;

    // The handler's outcome; an exception escapes (the pipeline would answer 500).
    Outcome run(const Operation &operation, const QJsonObject &parameters);

    // Ids, words and values worth trying in generated parameters.
    const QStringList &vocabulary() const { return m_vocabulary; }

    // JSON text with the fixture's ids put in for placeholders, so that seed inputs can
    // name them: $linkedin, $twitter, $facebook, $page, $submission, $schedule, $draft,
    // $slot for the caller's, and the same after $stranger. for the stranger's.
    QByteArray withIds(QByteArray text) const;

    // The caller's accounts and their platforms; their pages.
    std::optional<Platform> platformOf(const QString &accountId) const;
    bool isPageOf(const QString &accountId, const QString &pageId) const;

private:
    FixtureProject addProject(const QString &name, const QString &timezone);
    QJsonObject runCommitted(const QString &operationName, const FixtureProject &project,
                             const QJsonObject &parameters);

    QTemporaryDir m_directory;
    FixedClock m_clock {NowMs};
    Database m_database;
    std::unique_ptr<ApiServer> m_server;
    FixtureProject m_caller;
    FixtureProject m_stranger;
    QStringList m_vocabulary;
};

} // namespace slotline::fuzz
