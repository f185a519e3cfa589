#include "gui/posts/postlistmodel.h"

#include "client/localstore.h"
#include "core/postrules.h"
#include "gui/common/errortext.h"
#include "gui/common/firstline.h"
#include "gui/common/itemcolors.h"
#include "gui/common/platformstyle.h"
#include "gui/common/rowsync.h"

#include <QFont>
#include <QLocale>
#include <QUrl>

#include <algorithm>
#include <utility>

using namespace Qt::Literals::StringLiterals;

namespace slotline::gui {
namespace {

qint64 sortTime(const Submission &post)
{
    return post.scheduledAtMs.value_or(post.createdAtMs);
}

bool samePost(const Submission &a, const Submission &b)
{
    const auto pageOf
        = [](const Submission &post) { return post.target ? post.target->pageId : QString(); };
    return a.id == b.id && a.accountId == b.accountId && a.platform == b.platform
           && a.text == b.text && a.mediaUrls == b.mediaUrls && pageOf(a) == pageOf(b)
           && a.status == b.status && a.scheduledAtMs == b.scheduledAtMs
           && a.scheduleId == b.scheduleId && a.createdAtMs == b.createdAtMs
           && a.updatedAtMs == b.updatedAtMs && a.publishedAtMs == b.publishedAtMs
           && a.publicUrl == b.publicUrl && a.errorMessage == b.errorMessage
           && a.checkUrl == b.checkUrl && a.errorCode == b.errorCode;
}

} // namespace

PostListModel::PostListModel(client::LocalStore &store, QObject *parent)
    : ListTableModel({tr("When"), tr("Account"), tr("Text"), tr("Status")}, parent)
    , m_store(store)
{
    connect(&m_store, &client::LocalStore::postsChanged, this, &PostListModel::refresh);
    // A move or cancellation that went through (or was refused) changes the outbox.
    connect(&m_store, &client::LocalStore::outboxChanged, this, &PostListModel::refresh);
    connect(&m_store, &client::LocalStore::referenceChanged, this, &PostListModel::refreshNames);
    refreshNames();
}

void PostListModel::setRange(qint64 sinceMs, qint64 untilMs)
{
    const auto range = std::make_pair(sinceMs, untilMs);
    if (m_range == range)
        return;
    m_range = range;
    refresh();
}

void PostListModel::setAccountFilter(const std::optional<QStringList> &accountIds)
{
    if (accountIds == m_accountFilter)
        return;
    m_accountFilter = accountIds;
    refresh();
}

void PostListModel::setTimeText(const TimeText &timeText)
{
    m_timeText = timeText;
    if (!m_rows.empty())
        Q_EMIT dataChanged(index(0, WhenColumn), index(rowCount() - 1, WhenColumn));
}

void PostListModel::refresh()
{
    QHash<QString, Pending> pending;
    for (const client::LocalStore::OutboxEntry &entry : m_store.pendingScheduling()) {
        using Kind = client::LocalStore::OutboxEntry::Kind;
        if (entry.kind == Kind::UpdateSchedule)
            pending.insert(entry.subject, Pending::Moving);
        else if (entry.kind == Kind::CancelSchedule)
            pending.insert(entry.subject, Pending::Cancelling); // after a move: what counts
    }

    std::vector<Row> fresh;
    if (m_range) {
        for (Submission &post : m_store.posts().inRange(m_range->first, m_range->second)) {
            if (m_accountFilter && !m_accountFilter->contains(post.accountId))
                continue;
            const Pending state = post.scheduleId.isEmpty()
                                      ? Pending::None
                                      : pending.value(post.scheduleId, Pending::None);
            fresh.push_back(Row {std::move(post), state});
        }
    }
    std::stable_sort(fresh.begin(), fresh.end(), [](const Row &a, const Row &b) {
        const qint64 at = sortTime(a.post);
        const qint64 bt = sortTime(b.post);
        if (at != bt)
            return at > bt;
        return a.post.id > b.post.id;
    });

    const RowNotifier notify = rowNotifier();
    syncRows(
        m_rows, std::move(fresh), [](const Row &row) { return row.post.id; },
        [this](int row, Row &current, Row &&next) {
            if (samePost(current.post, next.post) && current.pending == next.pending)
                return;
            current = std::move(next);
            Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1));
        },
        notify);
}

void PostListModel::refreshNames()
{
    QHash<QString, Account> accounts;
    QHash<QString, QString> pageNames;
    for (const Account &account : m_store.reference().accounts()) {
        accounts.insert(account.id, account);
        for (const Subaccount &page : m_store.reference().subaccounts(account.id))
            pageNames.insert(page.id, page.name);
    }
    // The state too: a rate-limited account's posts say until when they wait.
    const auto shown = [](const Account &a, const Account &b) {
        return a.name == b.name && a.username == b.username && a.platform == b.platform
               && a.status == b.status && a.rateLimitedUntilMs == b.rateLimitedUntilMs;
    };
    const bool changed
        = pageNames != m_pageNames || accounts.size() != m_accounts.size()
          || std::any_of(accounts.cbegin(), accounts.cend(), [&](const Account &account) {
                 const auto known = m_accounts.constFind(account.id);
                 return known == m_accounts.constEnd() || !shown(*known, account);
             });
    m_accounts = std::move(accounts);
    m_pageNames = std::move(pageNames);
    if (changed && !m_rows.empty())
        Q_EMIT dataChanged(index(0, AccountColumn), index(rowCount() - 1, StatusColumn));
}

std::optional<qint64> PostListModel::waitingUntil(const Submission &post) const
{
    if (post.status != SubmissionStatus::InProgress)
        return std::nullopt;
    const auto account = m_accounts.constFind(post.accountId);
    if (account == m_accounts.constEnd() || account->status != AccountStatus::RateLimited
        || !account->rateLimitedUntilMs || *account->rateLimitedUntilMs <= m_timeText.nowMs())
        return std::nullopt;
    return account->rateLimitedUntilMs;
}

bool PostListModel::hasPostsInProgress() const
{
    const qint64 now = m_timeText.nowMs();
    return std::any_of(m_rows.begin(), m_rows.end(), [now](const Row &row) {
        return PostRules::awaitsOutcome(row.post.status, row.post.scheduledAtMs, now);
    });
}

QModelIndex PostListModel::indexOfPost(const QString &submissionId, int column) const
{
    for (int row = 0; row < int(m_rows.size()); ++row) {
        if (m_rows[size_t(row)].post.id == submissionId)
            return index(row, column);
    }
    return {};
}

std::optional<Submission> PostListModel::postAt(const QModelIndex &index) const
{
    if (!index.isValid() || !checkIndex(index, CheckIndexOption::IndexIsValid))
        return std::nullopt;
    return m_rows[size_t(index.row())].post;
}

int PostListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

void PostListModel::setUnseen(const QSet<QString> &submissionIds)
{
    if (submissionIds == m_unseen)
        return;
    const QSet<QString> before = std::exchange(m_unseen, submissionIds);
    for (int row = 0; row < int(m_rows.size()); ++row) {
        const QString &id = m_rows[size_t(row)].post.id;
        if (before.contains(id) != m_unseen.contains(id))
            Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1), {Qt::FontRole});
    }
}

QVariant PostListModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || !checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const Row &row = m_rows[size_t(index.row())];
    const Submission &post = row.post;
    switch (role) {
    case SubmissionIdRole: return post.id;
    case StatusRole: return int(post.status);
    case PublicUrlRole: return post.publicUrl.isEmpty() ? QUrl() : QUrl(post.publicUrl);
    case ScheduleIdRole: return post.scheduleId;
    case TimeRole: return sortTime(post);
    case AccountIdRole: return post.accountId;
    case PendingRole: return row.pending != Pending::None;
    case PlatformRole: return int(post.platform);
    case CheckUrlRole:
        return post.status == SubmissionStatus::Failed && !post.checkUrl.isEmpty()
                   ? QUrl(post.checkUrl)
                   : QUrl();
    default: break;
    }
    if (role == Qt::FontRole && m_unseen.contains(post.id)) {
        // A failure the user has not looked at yet stands out until they do.
        QFont font;
        font.setBold(true);
        return font;
    }
    switch (index.column()) {
    case WhenColumn: return whenData(row, role);
    case AccountColumn: return accountData(row, role);
    case TextColumn:
        if (role == Qt::DisplayRole)
            return firstLine(post.text);
        if (role == Qt::ToolTipRole)
            return post.text;
        return {};
    case StatusColumn: return statusData(row, role);
    default: return {};
    }
}

QVariant PostListModel::whenData(const Row &row, int role) const
{
    const Submission &post = row.post;
    const qint64 at = post.publishedAtMs.value_or(post.scheduledAtMs.value_or(post.createdAtMs));
    if (role == Qt::DisplayRole)
        return m_timeText.dateTime(at);
    if (role == Qt::ToolTipRole) {
        if (post.publishedAtMs)
            return tr("Published %1").arg(m_timeText.dateTime(*post.publishedAtMs));
        if (post.scheduledAtMs)
            return tr("Scheduled for %1").arg(m_timeText.dateTime(*post.scheduledAtMs));
        return tr("Submitted %1").arg(m_timeText.dateTime(post.createdAtMs));
    }
    return {};
}

QString PostListModel::accountText(const Submission &post) const
{
    const auto account = m_accounts.constFind(post.accountId);
    const QString name = account == m_accounts.constEnd() ? post.accountId : account->name;
    if (!post.target || post.target->pageId.isEmpty())
        return name;
    const QString page = m_pageNames.value(post.target->pageId, post.target->pageId);
    //: A post's account and the page of it the post went to.
    return tr("%1 › %2").arg(name, page);
}

QVariant PostListModel::accountData(const Row &row, int role) const
{
    const Submission &post = row.post;
    switch (role) {
    case Qt::DisplayRole: return accountText(post);
    case Qt::DecorationRole: return PlatformStyle::icon(post.platform);
    case Qt::ToolTipRole: {
        const auto account = m_accounts.constFind(post.accountId);
        QString tip = platforms::displayName(post.platform) + u": "_s + accountText(post);
        if (account != m_accounts.constEnd() && !account->username.isEmpty())
            tip += u" (@"_s + account->username + u')';
        return tip;
    }
    default: return {};
    }
}

QVariant PostListModel::statusData(const Row &row, int role) const
{
    const Submission &post = row.post;
    if (row.pending != Pending::None) {
        if (role == Qt::DisplayRole)
            return row.pending == Pending::Moving ? tr("Moving…") : tr("Cancelling…");
        if (role == Qt::ToolTipRole)
            return tr("Waiting for the server to confirm the change.");
        if (role == Qt::ForegroundRole)
            return ItemColors::busy();
        return {};
    }
    switch (role) {
    case Qt::DisplayRole:
        switch (post.status) {
        case SubmissionStatus::Scheduled: return tr("Scheduled");
        case SubmissionStatus::InProgress: {
            // Its account's rate limit holds it back: until when says more than "publishing".
            const auto until = waitingUntil(post);
            if (!until)
                return tr("Publishing…");
            const QDateTime at = m_timeText.toDateTime(*until);
            const QString when = at.date() == m_timeText.toDateTime(m_timeText.nowMs()).date()
                                     ? QLocale().toString(at.time(), QLocale::ShortFormat)
                                     : m_timeText.dateTime(*until);
            //: A post in the Posts list that waits for its account's rate limit to end.
            return tr("Waiting until %1").arg(when);
        }
        case SubmissionStatus::Published: return tr("Published");
        case SubmissionStatus::Failed:
            return post.errorMessage.trimmed().isEmpty()
                       ? tr("Failed")
                       //: A failed post's state in the Posts list; %1 is the reason.
                       : tr("Failed: %1").arg(ErrorText::postFailure(post));
        case SubmissionStatus::Cancelled: return tr("Cancelled");
        }
        return {};
    case Qt::ToolTipRole:
        if (post.status == SubmissionStatus::Published && !post.publicUrl.isEmpty())
            return post.publicUrl;
        // A post out for longer than a moment says why: a retry after a failed attempt, or
        // the account's rate limit.
        if (post.status == SubmissionStatus::InProgress && !post.errorMessage.trimmed().isEmpty())
            //: An unfinished post's tooltip; %1 is why it waits, as the server put it.
            return tr("Not published yet: %1").arg(post.errorMessage.trimmed());
        if (post.status == SubmissionStatus::Failed) {
            //: A failed post's tooltip; %1 is the reason, as the server or platform put it.
            QString tip = post.errorMessage.trimmed().isEmpty()
                              ? ErrorText::postFailure(post)
                              : tr("Publishing failed: %1").arg(ErrorText::postFailure(post));
            // The app's words name the reason; the server's say what exactly happened.
            if (!ErrorText::postFailureHeadline(post).isEmpty()
                && !post.errorMessage.trimmed().isEmpty())
                tip += u"\n"_s + post.errorMessage.trimmed();
            if (!post.checkUrl.isEmpty() && post.errorCode != u"may_have_published"_s)
                //: Added to a failed post's tooltip; %1 is the platform (LinkedIn, X, ...).
                tip += u"\n"_s
                       + tr("%1 may have published it all the same: check the account there "
                            "before publishing it again.")
                             .arg(platforms::displayName(post.platform));
            return tip;
        }
        return {};
    case Qt::ForegroundRole:
        switch (post.status) {
        case SubmissionStatus::Scheduled: return {};
        case SubmissionStatus::InProgress: return ItemColors::busy();
        case SubmissionStatus::Published: return ItemColors::success();
        case SubmissionStatus::Failed: return ItemColors::error();
        case SubmissionStatus::Cancelled: return ItemColors::muted();
        }
        return {};
    default: return {};
    }
}

} // namespace slotline::gui
