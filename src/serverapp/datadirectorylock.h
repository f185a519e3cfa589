#pragma once

#include <QString>

#include <optional>

namespace slotline {

// Keeps a second `serve` off a data directory a running server owns. Two servers on one
// database would each take the other's posts in progress for abandoned ones and publish
// them again. The lock is the kernel's (flock), so it goes with the process however that
// ends: a SIGKILL, a crash, or a container restarted with the same process id leaves
// nothing stale behind.
class DataDirectoryLock
{
public:
    DataDirectoryLock() = default;
    ~DataDirectoryLock();
    DataDirectoryLock(const DataDirectoryLock &) = delete;
    DataDirectoryLock &operator=(const DataDirectoryLock &) = delete;

    // Locks `directory` for this process. On failure, `error` says why: another server's
    // process id when it holds the lock, the system's error otherwise.
    bool lock(const QString &directory, QString *error);

    // The process id written by the server that holds the directory, if there is one.
    static std::optional<qint64> holder(const QString &directory);

    static QString fileName(const QString &directory);

private:
    int m_descriptor = -1;
};

} // namespace slotline
