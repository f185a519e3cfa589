#pragma once

#include <QObject>
#include <QSet>
#include <QString>

namespace slotline {
struct Account;
struct Submission;
} // namespace slotline

namespace slotline::client {
class LocalStore;
}

namespace slotline::gui {

class DesktopNotifier;

// Keeps what needs the user's attention from going unnoticed: each post that failed and
// each account that needs to be connected again or is no longer connected (a rate-limited
// one does not: its posts wait by themselves) is told once outside the window (by the
// DesktopNotifier) and stays marked in the window until the user has seen it. What was
// told and seen is kept in the local store, so a restart neither says it again nor
// forgets what was not seen yet.
class AttentionTracker : public QObject
{
    Q_OBJECT

public:
    AttentionTracker(client::LocalStore &store, DesktopNotifier &notifier,
                     QObject *parent = nullptr);

    // Failed posts (their ps_ ids) and accounts needing the user (acc_ ids) not seen yet.
    QSet<QString> unseenPosts() const { return m_unseenPosts; }
    QSet<QString> unseenAccounts() const { return m_unseenAccounts; }
    int unseenCount() const { return int(m_unseenPosts.size() + m_unseenAccounts.size()); }

    // The user saw it (opened the failed post, looked at the account).
    void markSeen(const QString &id);
    void markAllSeen();

    // Whether an account needs the user: it must be connected again, or was disconnected.
    static bool needsAttention(const Account &account);
    // What is wrong with such an account, in one line: "X account @ada needs to be
    // connected again".
    static QString accountTrouble(const Account &account);

    // Looks at the store again (done by itself when its posts or accounts change).
    void review();

Q_SIGNALS:
    void changed();

private:
    void load();
    void save();
    void tell(const QList<Submission> &failed, const QList<Account> &accounts);

    client::LocalStore &m_store;
    DesktopNotifier &m_notifier;
    // Keys: a post's id, or "<account id>:<status>" so a new trouble is told again.
    QSet<QString> m_told;
    QSet<QString> m_seen;
    QSet<QString> m_unseenPosts;
    QSet<QString> m_unseenAccounts;
};

} // namespace slotline::gui
