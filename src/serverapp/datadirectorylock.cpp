#include "serverapp/datadirectorylock.h"

#include "serverapp/logcategories.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>

#include <cerrno>
#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

using namespace Qt::Literals::StringLiterals;

namespace slotline {

DataDirectoryLock::~DataDirectoryLock()
{
    if (m_descriptor >= 0)
        ::close(m_descriptor); // releases the lock; the file stays for the next server
}

QString DataDirectoryLock::fileName(const QString &directory)
{
    return QDir(directory).filePath(u"serve.lock"_s);
}

std::optional<qint64> DataDirectoryLock::holder(const QString &directory)
{
    QFile file(fileName(directory));
    if (!file.open(QIODevice::ReadOnly))
        return std::nullopt;
    bool ok = false;
    const qint64 pid = file.read(32).trimmed().toLongLong(&ok);
    return ok && pid > 0 ? std::optional(pid) : std::nullopt;
}

bool DataDirectoryLock::lock(const QString &directory, QString *error)
{
    const QByteArray path = QFile::encodeName(fileName(directory));
    const int descriptor = ::open(path.constData(), O_RDWR | O_CREAT | O_CLOEXEC, 0600);
    if (descriptor < 0) {
        *error = u"cannot open %1: %2"_s.arg(fileName(directory), qt_error_string(errno));
        return false;
    }
    if (::flock(descriptor, LOCK_EX | LOCK_NB) != 0) {
        const int lockError = errno;
        ::close(descriptor);
        if (lockError == EWOULDBLOCK) {
            const auto pid = holder(directory);
            *error = pid ? u"another slotline-server (process %1) is serving %2"_s.arg(*pid).arg(
                         directory)
                         : u"another slotline-server is serving %1"_s.arg(directory);
        } else {
            *error = u"cannot lock %1: %2"_s.arg(fileName(directory), qt_error_string(lockError));
        }
        return false;
    }
    // The process id is only for the message above; the lock itself is the flock.
    const QByteArray pid = QByteArray::number(QCoreApplication::applicationPid()) + '\n';
    const bool written
        = ::ftruncate(descriptor, 0) == 0
          && ::pwrite(descriptor, pid.constData(), size_t(pid.size()), 0) == pid.size();
    if (!written)
        qCWarning(lcServe) << "cannot write the process id to" << fileName(directory) << "-"
                           << qt_error_string(errno);
    m_descriptor = descriptor;
    return true;
}

} // namespace slotline
