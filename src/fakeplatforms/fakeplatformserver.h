#pragma once

#include "fakeplatforms/fakeclock.h"
#include "fakeplatforms/fakeplatformsettings.h"
#include "fakeplatforms/faultrules.h"
#include "fakeplatforms/httplistener.h"
#include "fakeplatforms/requestjournal.h"

#include <QHash>
#include <QHostAddress>
#include <QObject>

#include <memory>
#include <vector>

namespace slotline::fake {

class FakePlatform;

// X, LinkedIn and Facebook on one port under /x, /linkedin and /facebook, each prefix
// standing for all the hosts of its platform, plus the /__admin API that tests and people
// use to inspect and steer them. Serves from the event loop of the thread it lives on.
class FakePlatformServer : public QObject
{
    Q_OBJECT

public:
    explicit FakePlatformServer(FakePlatformSettings settings, QObject *parent = nullptr);
    ~FakePlatformServer() override;

    // The port listened on, 0 on failure.
    quint16 listen(const QHostAddress &address = QHostAddress::LocalHost, quint16 port = 0);
    quint16 port() const { return m_listener.port(); }
    QString errorString() const { return m_listener.errorString(); }
    QString baseUrl() const;

    FakeClock &clock() { return m_clock; }
    FaultRules &faults() { return m_faults; }
    const RequestJournal &journal() const { return m_journal; }
    FakePlatform *platform(const QString &name) const;
    QJsonArray posts(const QString &platform) const;
    void reset();
    // Answers (or drops) now every call a `hold` fault rule holds; how many there were.
    int releaseHeld() { return m_listener.releaseHeld(); }

    // The largest body loaded into memory for an endpoint that does not read it in pieces.
    static constexpr qint64 MaxWholeBodyBytes = 64 * 1024 * 1024;

    // The slotline-server commands that point Slotline at this fake, one per platform.
    QStringList slotlineCommands() const;

private:
    FakeResponse dispatch(const FakeRequest &request);
    FakeResponse admin(const FakeRequest &request);

    FakePlatformSettings m_settings;
    FakeClock m_clock;
    RequestJournal m_journal;
    FaultRules m_faults;
    // How long each platform takes to answer any call (`answerDelayMs`): a real platform
    // answers in a few hundred ms, which decides how fast one account's posts go out.
    QHash<QString, int> m_answerDelayMs;
    std::vector<std::unique_ptr<FakePlatform>> m_platforms;
    HttpListener m_listener;
    QHostAddress m_address;
};

} // namespace slotline::fake
