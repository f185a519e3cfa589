#pragma once

#include <QProcess>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>

#include <sys/resource.h>
#include <sys/types.h>
#include <utility>

namespace slotline::test {

// `slotline-server serve` in a process of its own, on 127.0.0.1 and a port it picked,
// over a data directory of its own, started with the open file limits given (a fresh
// login on Debian has soft 1024). Its output goes to files: a full pipe would stall it
// while the test is busy elsewhere.
class ServeProcess
{
public:
    // `binary` is slotline-server; `prepare` runs first with the data directory (for
    // init-demo, say) as slotline-server <prepare...> --data DIR.
    ServeProcess(const QString &binary, rlim_t softLimit, rlim_t hardLimit,
                 const QStringList &options, const QStringList &prepare = {});
    ~ServeProcess();
    ServeProcess(const ServeProcess &) = delete;
    ServeProcess &operator=(const ServeProcess &) = delete;

    // 0 when it did not start listening.
    quint16 port() const { return m_port; }
    pid_t pid() const { return pid_t(m_process.processId()); }
    QString dataDirectory() const { return m_data.path(); }
    QString standardOutput() const { return readFile(QStringLiteral("stdout.txt")); }
    QString standardError() const { return readFile(QStringLiteral("stderr.txt")); }
    // What `prepare` printed.
    QByteArray preparation() const { return m_preparation; }

    // What /proc tells about the process.
    qint64 residentKb() const { return statusField("VmRSS:"); }
    qint64 peakResidentKb() const { return statusField("VmHWM:"); }
    int openDescriptors() const;
    // Soft and hard "Max open files".
    std::pair<qint64, qint64> fileLimits() const;
    // User and system CPU time, in clock ticks.
    qint64 cpuTicks() const;

    // SIGTERM, as a service manager stops it; true when it exited cleanly.
    bool stop();

private:
    QString readFile(const QString &name) const;
    QString readProc(const QString &name) const;
    qint64 statusField(const char *name) const;

    QTemporaryDir m_data;
    QProcess m_process;
    QByteArray m_preparation;
    quint16 m_port = 0;
};

} // namespace slotline::test
