#include "serverapp/unixsignalwatcher.h"

#include <QLoggingCategory>

#include <csignal>
#include <sys/socket.h>
#include <unistd.h>

namespace slotline {
namespace {

// One watcher per process: a signal handler has nowhere else to find its socket.
int g_signalSockets[2] = {-1, -1};

void handleSignal(int signalNumber)
{
    const unsigned char number = static_cast<unsigned char>(signalNumber);
    [[maybe_unused]] const ssize_t written = ::write(g_signalSockets[0], &number, 1);
}

} // namespace

UnixSignalWatcher::UnixSignalWatcher(const QList<int> &signalNumbers, QObject *parent)
    : QObject(parent)
    , m_signals(signalNumbers)
{
    if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, g_signalSockets) != 0) {
        qWarning("cannot watch signals: socketpair failed");
        return;
    }
    m_notifier = std::make_unique<QSocketNotifier>(g_signalSockets[1], QSocketNotifier::Read);
    connect(m_notifier.get(), &QSocketNotifier::activated, this, &UnixSignalWatcher::readSignal);

    struct sigaction action
    { };
    action.sa_handler = handleSignal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    for (const int signalNumber : m_signals)
        ::sigaction(signalNumber, &action, nullptr);
}

UnixSignalWatcher::~UnixSignalWatcher()
{
    struct sigaction action
    { };
    action.sa_handler = SIG_DFL;
    sigemptyset(&action.sa_mask);
    for (const int signalNumber : m_signals)
        ::sigaction(signalNumber, &action, nullptr);
    m_notifier.reset();
    for (int &fd : g_signalSockets) {
        if (fd >= 0)
            ::close(fd);
        fd = -1;
    }
}

void UnixSignalWatcher::readSignal()
{
    unsigned char number = 0;
    if (::read(g_signalSockets[1], &number, 1) == 1)
        Q_EMIT signalReceived(number);
}

} // namespace slotline
