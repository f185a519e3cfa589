#include "gui/status/attentiontracker.h"

#include "client/localstore.h"
#include "core/account.h"
#include "core/postrules.h"
#include "core/submission.h"
#include "gui/common/errortext.h"
#include "gui/common/firstline.h"
#include "gui/status/desktopnotifier.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonObject>

using namespace Qt::Literals::StringLiterals;

namespace slotline::gui {
namespace {

const QString SnapshotName = u"attention"_s;

QString accountKey(const Account &account)
{
    return account.id + u':' + toString(account.status);
}

QJsonArray toArray(const QSet<QString> &values)
{
    QStringList sorted(values.cbegin(), values.cend());
    sorted.sort();
    return QJsonArray::fromStringList(sorted);
}

QSet<QString> toSet(const QJsonValue &value)
{
    QSet<QString> set;
    for (const QJsonValue &item : value.toArray())
        set.insert(item.toString());
    return set;
}

} // namespace

AttentionTracker::AttentionTracker(client::LocalStore &store, DesktopNotifier &notifier,
                                   QObject *parent)
    : QObject(parent)
    , m_store(store)
    , m_notifier(notifier)
{
    load();
    connect(&store, &client::LocalStore::postsChanged, this, &AttentionTracker::review);
    connect(&store, &client::LocalStore::referenceChanged, this, &AttentionTracker::review);
    review();
}

void AttentionTracker::load()
{
    const auto snapshot = m_store.snapshot(SnapshotName);
    if (!snapshot)
        return;
    const QJsonObject object = snapshot->object();
    m_told = toSet(object.value(u"told"_s));
    m_seen = toSet(object.value(u"seen"_s));
}

void AttentionTracker::save()
{
    m_store.putSnapshot(
        SnapshotName,
        QJsonDocument(QJsonObject {{u"told"_s, toArray(m_told)}, {u"seen"_s, toArray(m_seen)}}),
        QDateTime::currentMSecsSinceEpoch());
}

void AttentionTracker::review()
{
    QSet<QString> current; // every key that still stands
    QList<Submission> newlyFailed;
    QSet<QString> unseenPosts;
    for (const Submission &post : m_store.posts().failed()) {
        current.insert(post.id);
        if (!m_told.contains(post.id))
            newlyFailed.append(post);
        if (!m_seen.contains(post.id))
            unseenPosts.insert(post.id);
    }
    QList<Account> newAccounts;
    QSet<QString> unseenAccounts;
    QStringList troubled; // keys of the accounts that need the user
    const QList<Account> accounts = m_store.reference().accounts();
    for (const Account &account : accounts) {
        if (!needsAttention(account))
            continue;
        const QString key = accountKey(account);
        current.insert(key);
        troubled.append(key);
        if (!m_told.contains(key))
            newAccounts.append(account);
        if (!m_seen.contains(key))
            unseenAccounts.insert(account.id);
    }
    // What no longer stands (a post no longer cached, an account connected again) is
    // forgotten, so the record stays as small as the trouble.
    const QSet<QString> told = m_told & current;
    const QSet<QString> seen = m_seen & current;
    const bool changedRecord = told != m_told || seen != m_seen;
    m_told = told;
    m_seen = seen;
    if (!newlyFailed.isEmpty() || !newAccounts.isEmpty()) {
        for (const Submission &post : newlyFailed)
            m_told.insert(post.id);
        for (const QString &key : troubled)
            m_told.insert(key);
        tell(newlyFailed, newAccounts);
    }
    if (changedRecord || !newlyFailed.isEmpty() || !newAccounts.isEmpty())
        save();
    if (unseenPosts != m_unseenPosts || unseenAccounts != m_unseenAccounts) {
        m_unseenPosts = unseenPosts;
        m_unseenAccounts = unseenAccounts;
        Q_EMIT changed();
    }
}

bool AttentionTracker::needsAttention(const Account &account)
{
    // A rate-limited account needs nobody: its posts wait and go out by themselves.
    return !PostRules::mayPublish(account.status);
}

QString AttentionTracker::accountTrouble(const Account &account)
{
    const QString platform = platforms::displayName(account.platform);
    const QString who = account.username.isEmpty() ? account.name : u'@' + account.username;
    if (account.status == AccountStatus::NeedsReconnect)
        //: %1 is the platform, %2 the account ("@ada" or its name).
        return tr("%1 account %2 needs to be connected again").arg(platform, who);
    //: %1 is the platform, %2 the account ("@ada" or its name).
    return tr("%1 account %2 is no longer connected").arg(platform, who);
}

void AttentionTracker::tell(const QList<Submission> &failed, const QList<Account> &accounts)
{
    if (failed.size() == 1) {
        const Submission &post = failed.first();
        m_notifier.notify(tr("A post failed on %1").arg(platforms::displayName(post.platform)),
                          tr("“%1”: %2").arg(firstLine(post.text), ErrorText::postFailure(post)));
    } else if (failed.size() > 1) {
        m_notifier.notify(tr("%Ln post(s) failed", nullptr, int(failed.size())),
                          tr("The Posts list says why."));
    }
    for (const Account &account : accounts) {
        if (account.status == AccountStatus::NeedsReconnect)
            m_notifier.notify(accountTrouble(account),
                              tr("%1 no longer accepts Slotline's access: its posts cannot be "
                                 "published until you reconnect it (Accounts, Reconnect…).")
                                  .arg(platforms::displayName(account.platform)));
        else
            m_notifier.notify(accountTrouble(account),
                              tr("Its posts cannot be published until it is connected again."));
    }
}

void AttentionTracker::markSeen(const QString &id)
{
    bool marked = false;
    if (m_unseenPosts.remove(id)) {
        m_seen.insert(id);
        marked = true;
    }
    if (m_unseenAccounts.remove(id)) {
        for (const Account &account : m_store.reference().accounts()) {
            if (account.id == id)
                m_seen.insert(accountKey(account));
        }
        marked = true;
    }
    if (!marked)
        return;
    save();
    Q_EMIT changed();
}

void AttentionTracker::markAllSeen()
{
    const QSet<QString> posts = m_unseenPosts;
    const QSet<QString> accounts = m_unseenAccounts;
    for (const QString &id : posts)
        m_seen.insert(id);
    for (const Account &account : m_store.reference().accounts()) {
        if (accounts.contains(account.id))
            m_seen.insert(accountKey(account));
    }
    m_unseenPosts.clear();
    m_unseenAccounts.clear();
    save();
    Q_EMIT changed();
}

} // namespace slotline::gui
