#include "storage/logcheckpointer.h"

#include "storage/database.h"

namespace slotline {

LogCheckpointer::LogCheckpointer(int restartAfterFrames)
    : m_restartAfterFrames(restartAfterFrames)
{ }

LogCheckpointer::Report LogCheckpointer::run(Database &database)
{
    Report report;
    Database::CheckpointResult result = database.checkpoint();
    report.logFrames = result.logFrames;
    // Whether SQLite synced the file too is not told: it does when no commit came while
    // the checkpoint ran, which `allCopied` does not say (it counts only what the
    // checkpoint saw when it began).
    if (result.copiedFrames > 0 && result.copiedFrames != m_syncedCopiedFrames) {
        database.syncDatabaseFile();
        m_syncedCopiedFrames = result.copiedFrames;
        report.syncedDatabaseFile = true;
    }
    if (result.logFrames <= m_restartAfterFrames)
        return report;

    // Commits went on while the first checkpoint and the sync ran (milliseconds each):
    // copy and sync those too, so that the restart finds only the last few to copy.
    result = database.checkpoint();
    if (result.copiedFrames > 0) {
        database.syncDatabaseFile();
        report.syncedDatabaseFile = true;
    }
    result = database.checkpoint(Database::CheckpointMode::Restart);
    m_syncedCopiedFrames = 0;
    report.restartedLog = result.allCopied;
    return report;
}

} // namespace slotline
