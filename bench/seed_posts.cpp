// Fills a server's project with scheduled posts before a benchmark, and counts what a
// project holds after one. The posts go through PostSubmitter, the code behind
// POST /posts (rules, credit held, stored in one transaction each), so they are the rows
// the API would have written; only HTTP is left out.

#include "core/clock.h"
#include "core/isotime.h"
#include "server/access/identitycache.h"
#include "server/api/callcontext.h"
#include "server/publishing/postsubmitter.h"
#include "server/publishing/slotfinder.h"
#include "storage/accountrepository.h"
#include "storage/apikeyrepository.h"
#include "storage/creditrepository.h"
#include "storage/database.h"
#include "storage/databaseerror.h"
#include "storage/draftrepository.h"
#include "storage/projectrepository.h"
#include "storage/slotoccupancy.h"
#include "storage/slotrepository.h"
#include "storage/statement.h"
#include "storage/submissionrepository.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QTextStream>

using namespace slotline;
using namespace Qt::Literals::StringLiterals;

namespace {

qint64 storedPosts(Database &database, const QString &projectId)
{
    Statement query(database, u"SELECT count(*) FROM submissions WHERE project_id = ?"_s);
    query.bind(projectId);
    query.exec();
    query.next();
    return query.integer(0);
}

// Posts of about the length people write, each a little different.
QString postText(int index)
{
    return u"Post %1 of the spring campaign: our new release is out, with a faster calendar "
           "and scheduling across time zones. Read more on the blog."_s.arg(index);
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(
        u"Submits scheduled posts to a project of a slotline-server data directory (through the "
        "same code as POST /posts), then prints how many posts the project holds."_s);
    parser.addHelpOption();
    parser.addOption({u"data"_s, u"The server's data directory."_s, u"dir"_s});
    parser.addOption({u"project"_s, u"Project name."_s, u"name"_s});
    parser.addOption({u"posts"_s, u"Posts to submit; 0 only counts."_s, u"n"_s, u"0"_s});
    parser.process(app);
    QTextStream out(stdout);
    const int postCount = parser.value(u"posts"_s).toInt();
    if (!parser.isSet(u"data"_s) || !parser.isSet(u"project"_s) || postCount < 0) {
        out << "usage: bench_seed_posts --data DIR --project NAME [--posts N]" << Qt::endl;
        return 2;
    }

    try {
        Database database;
        database.open(QDir(parser.value(u"data"_s)).filePath(u"slotline.db"_s));
        const SystemClock clock;
        ProjectRepository projects(database, clock);
        const auto project = projects.findByName(parser.value(u"project"_s));
        if (!project) {
            out << "error: no project " << parser.value(u"project"_s) << Qt::endl;
            return 1;
        }
        if (postCount > 0) {
            AccountRepository accounts(database, clock);
            ApiKeyRepository keys(database, clock);
            CreditRepository credits(database, clock);
            SubmissionRepository submissions(database, clock);
            DraftRepository drafts(database);
            SlotRepository slots(database, clock);
            IdentityCache identities(database, keys, projects, 0);
            SlotOccupancy occupancy(database);
            SlotFinder slotFinder(slots, occupancy, identities);
            PostSubmitter submitter(database, accounts, submissions, drafts, credits, slotFinder,
                                    {});
            const QList<Account> team = accounts.list(project->id, {}, PageRequest {250, {}}).items;
            if (team.isEmpty()) {
                out << "error: the project has no accounts" << Qt::endl;
                return 1;
            }
            credits.grant(project->id, postCount, u"benchmark posts"_s);

            QElapsedTimer timer;
            timer.start();
            // Every ten minutes from a day ahead on, the accounts in turn.
            const qint64 firstAtMs = clock.nowMs() + 24 * 60 * 60 * 1000;
            const CallContext context {project->id, {}, {}, clock.nowMs()};
            for (int i = 0; i < postCount; ++i) {
                const Account &account = team[i % team.size()];
                PostRequest post;
                post.accountId = account.id;
                post.platform = platforms::toString(account.platform);
                post.text = postText(i);
                post.scheduledTime = isotime::format(firstAtMs + qint64(i) * 10 * 60 * 1000);
                const Outcome outcome = submitter.submit(context, post);
                if (outcome.isError()) {
                    out << "error: post " << i << " refused: " << outcome.error().toJsonBytes()
                        << Qt::endl;
                    return 1;
                }
            }
            out << "submitted " << postCount << " posts in " << timer.elapsed() << " ms"
                << Qt::endl;
        }
        out << "posts stored: " << storedPosts(database, project->id) << Qt::endl;
    } catch (const DatabaseError &error) {
        out << "error: " << error.message() << Qt::endl;
        return 1;
    }
    return 0;
}
