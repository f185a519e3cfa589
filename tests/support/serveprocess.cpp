#include "support/serveprocess.h"

#include <QDir>
#include <QFile>
#include <QProcessEnvironment>
#include <QRegularExpression>
#include <QTest>

#include <csignal>
#include <tuple>

namespace slotline::test {

ServeProcess::ServeProcess(const QString &binary, rlim_t softLimit, rlim_t hardLimit,
                           const QStringList &options, const QStringList &prepare)
{
    if (!prepare.isEmpty()) {
        QProcess preparing;
        preparing.start(binary, prepare + QStringList {QStringLiteral("--data"), m_data.path()});
        if (preparing.waitForFinished(60'000))
            m_preparation = preparing.readAllStandardOutput();
    }
    m_process.setProgram(binary);
    m_process.setArguments(QStringList {QStringLiteral("serve"), QStringLiteral("--data"),
                                        m_data.path(), QStringLiteral("--listen"),
                                        QStringLiteral("127.0.0.1:0")}
                           + options);
    m_process.setStandardOutputFile(m_data.filePath(QStringLiteral("stdout.txt")));
    m_process.setStandardErrorFile(m_data.filePath(QStringLiteral("stderr.txt")));
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    // What the server says about its limits is wanted; a line per refusal is not.
    environment.insert(QStringLiteral("QT_LOGGING_RULES"),
                       QStringLiteral("slotline.server.guard.info=false"));
    // Freed memory waits in AddressSanitizer's quarantine (256 MiB by default) before it
    // is used again, and would look like growth: with none, the server's own use shows.
    const QString sanitizer = environment.value(QStringLiteral("ASAN_OPTIONS"));
    environment.insert(QStringLiteral("ASAN_OPTIONS"),
                       (sanitizer.isEmpty() ? QString() : sanitizer + u':')
                           + QStringLiteral("quarantine_size_mb=0"));
    m_process.setProcessEnvironment(environment);
    m_process.setChildProcessModifier([softLimit, hardLimit] {
        const rlimit limit {softLimit, hardLimit};
        ::setrlimit(RLIMIT_NOFILE, &limit);
    });
    m_process.start();
    static const QRegularExpression listening(
        QStringLiteral("listening on http://127\\.0\\.0\\.1:(\\d+)/api/v2"));
    std::ignore = QTest::qWaitFor(
        [&] {
            const auto match = listening.match(standardOutput());
            if (match.hasMatch())
                m_port = quint16(match.captured(1).toUInt());
            return m_port != 0 || m_process.state() == QProcess::NotRunning;
        },
        30'000);
}

ServeProcess::~ServeProcess()
{
    if (m_process.state() != QProcess::NotRunning) {
        m_process.kill();
        m_process.waitForFinished(10'000);
    }
}

int ServeProcess::openDescriptors() const
{
    return int(QDir(QStringLiteral("/proc/%1/fd").arg(pid()))
                   .entryList(QDir::NoDotAndDotDot | QDir::System)
                   .size());
}

std::pair<qint64, qint64> ServeProcess::fileLimits() const
{
    static const QRegularExpression line(QStringLiteral("Max open files\\s+(\\d+)\\s+(\\d+)"));
    const auto match = line.match(readProc(QStringLiteral("limits")));
    return {match.captured(1).toLongLong(), match.captured(2).toLongLong()};
}

qint64 ServeProcess::cpuTicks() const
{
    // The fields after the command name (which may hold spaces), from the state on.
    const QString stat = readProc(QStringLiteral("stat"));
    const qsizetype end = stat.lastIndexOf(u')');
    if (end < 0)
        return -1;
    const QStringList fields = stat.sliced(end + 2).split(u' ');
    return fields.value(11).toLongLong() + fields.value(12).toLongLong();
}

bool ServeProcess::stop()
{
    ::kill(pid(), SIGTERM);
    return m_process.waitForFinished(30'000) && m_process.exitStatus() == QProcess::NormalExit
           && m_process.exitCode() == 0;
}

QString ServeProcess::readFile(const QString &name) const
{
    QFile file(m_data.filePath(name));
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

QString ServeProcess::readProc(const QString &name) const
{
    QFile file(QStringLiteral("/proc/%1/%2").arg(pid()).arg(name));
    return file.open(QIODevice::ReadOnly) ? QString::fromLatin1(file.readAll()) : QString();
}

qint64 ServeProcess::statusField(const char *name) const
{
    const QString prefix = QString::fromLatin1(name);
    for (const QString &line : readProc(QStringLiteral("status")).split(u'\n'))
        if (line.startsWith(prefix))
            return line.sliced(prefix.size()).trimmed().section(u' ', 0, 0).toLongLong();
    return -1;
}

} // namespace slotline::test
