#pragma once

#include "core/account.h"
#include "core/submission.h"
#include "gui/common/listtablemodel.h"
#include "gui/common/timetext.h"

#include <QHash>
#include <QSet>
#include <QStringList>

#include <optional>
#include <vector>

namespace slotline::client {
class LocalStore;
}

namespace slotline::gui {

// The post submissions of a time range as the LocalStore has them (scheduled, publishing,
// published, failed, cancelled), newest first: the "published posts and submissions"
// list. Nothing is shown until setRange() is called. A change in the store
// (postsChanged, a queued move or cancellation, new account names) updates only the rows
// concerned.
//
// Columns: when (published, else scheduled, else created), the account (platform icon,
// name, and the page posted to), the text's first line, and the status ("Moving…",
// "Cancelling…" while such a change waits to reach the server), coloured by status.
class PostListModel : public ListTableModel
{
    Q_OBJECT

public:
    enum Column { WhenColumn, AccountColumn, TextColumn, StatusColumn, ColumnCount };
    enum Role {
        SubmissionIdRole = Qt::UserRole + 1, // QString, ps_...
        StatusRole, // int(slotline::SubmissionStatus)
        PublicUrlRole, // QUrl; empty until published
        ScheduleIdRole, // QString; empty for a post published at once
        TimeRole, // qint64, the sort key: scheduled time, else creation time
        AccountIdRole, // QString
        PendingRole, // bool: a move or cancellation waits to reach the server
        // QUrl: where to check the account of a failed post the platform may have
        // published all the same; empty otherwise
        CheckUrlRole,
        PlatformRole, // int(slotline::Platform)
    };

    explicit PostListModel(client::LocalStore &store, QObject *parent = nullptr);

    // The range of cachedPosts (scheduled time, or creation time for posts published at
    // once): since <= t < until.
    void setRange(qint64 sinceMs, qint64 untilMs);
    // Only the posts of these accounts (none for an empty list); std::nullopt: every account.
    void setAccountFilter(const std::optional<QStringList> &accountIds);
    // The clock (what is due) and the zone of the When column.
    void setTimeText(const TimeText &timeText);
    // Failed posts the user has not seen yet: shown in bold (AttentionTracker).
    void setUnseen(const QSet<QString> &submissionIds);

    // Among the rows shown, a post is publishing or a scheduled one is due: the window
    // should refresh from the server until this is false.
    bool hasPostsInProgress() const;

    QModelIndex indexOfPost(const QString &submissionId, int column = WhenColumn) const;
    // The post of a row of this model (not of a proxy), e.g. for LocalStore::queueMove.
    std::optional<Submission> postAt(const QModelIndex &index) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;

    // Reads the store again; called on its postsChanged and outboxChanged.
    void refresh();

private:
    // When the post's account may publish again, while a rate limit holds the post back.
    std::optional<qint64> waitingUntil(const Submission &post) const;
    // What a queued change is doing to a post.
    enum class Pending { None, Moving, Cancelling };

    struct Row
    {
        Submission post;
        Pending pending = Pending::None;
    };

    QVariant whenData(const Row &row, int role) const;
    QVariant accountData(const Row &row, int role) const;
    QVariant statusData(const Row &row, int role) const;
    QString accountText(const Submission &post) const;
    void refreshNames();

    client::LocalStore &m_store;
    TimeText m_timeText;
    std::optional<std::pair<qint64, qint64>> m_range;
    std::optional<QStringList> m_accountFilter;
    std::vector<Row> m_rows;
    QHash<QString, Account> m_accounts;
    QHash<QString, QString> m_pageNames; // page id -> name
    QSet<QString> m_unseen;
};

} // namespace slotline::gui
