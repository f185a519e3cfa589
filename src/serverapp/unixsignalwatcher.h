#pragma once

#include <QObject>
#include <QSocketNotifier>

#include <memory>

namespace slotline {

// Delivers SIGINT/SIGTERM as a Qt signal on the event loop. The handler only writes the
// signal number to a socket pair (async-signal-safe); the notifier reads it.
class UnixSignalWatcher : public QObject
{
    Q_OBJECT

public:
    explicit UnixSignalWatcher(const QList<int> &signalNumbers, QObject *parent = nullptr);
    ~UnixSignalWatcher() override;

Q_SIGNALS:
    void signalReceived(int signalNumber);

private:
    void readSignal();

    std::unique_ptr<QSocketNotifier> m_notifier;
    QList<int> m_signals;
};

} // namespace slotline
