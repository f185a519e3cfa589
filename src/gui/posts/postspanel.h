#pragma once

#include "core/submission.h"

#include <QPointer>
#include <QScopedPointer>
#include <QStringList>
#include <QTimer>
#include <QUrl>
#include <QWidget>

#include <optional>

QT_BEGIN_NAMESPACE
class QAction;
class QMessageBox;
class QModelIndex;
QT_END_NAMESPACE

namespace Ui {
class PostsPanel;
}

namespace slotline {
class Clock;
}

namespace slotline::client {
class Session;
}

namespace slotline::gui {

class PostListModel;

// The posts of a time range, as published or scheduled: what became of each (publishing,
// published with its link, failed and why). Read again every few seconds while a post
// is being published, so its outcome shows without asking.
class PostsPanel : public QWidget
{
    Q_OBJECT

public:
    static constexpr int InProgressRefreshMs = 5'000;

    PostsPanel(client::Session &session, const Clock &clock, QWidget *parent = nullptr);

    // Selects the post in the list (when the range shown has it); false when not there.
    bool showPost(const QString &submissionId);
    ~PostsPanel() override;

    QAction *refreshAction() const { return m_refreshAction; }
    QAction *copyLinkAction() const { return m_copyLinkAction; }
    // Opens the account of a failed post the platform may have published all the same.
    QAction *checkAccountAction() const { return m_checkAccountAction; }
    // Publishes a failed post again (after a warning when the platform may have it).
    QAction *tryAgainAction() const { return m_tryAgainAction; }
    // The warning before trying again, while it is open (for tests), or null.
    QMessageBox *tryAgainWarning() const;
    // Only the posts of these accounts; all without.
    void setAccountFilter(const std::optional<QStringList> &accountIds);
    // Reads the range from the server (the list shows the local copy meanwhile).
    void refresh();
    PostListModel &model() { return *m_model; }

Q_SIGNALS:
    // The user looked at this post (it became the current one in the list).
    void postViewed(const QString &submissionId);

private:
    void rangeChosen();
    void updateSummary();
    void useProjectTimezone();
    void openPost(const QModelIndex &index);
    QUrl publicUrlAt(const QModelIndex &index) const;
    QUrl checkUrlAt(const QModelIndex &index) const;
    void updateLinkActions();
    void tryAgain();
    std::optional<Submission> currentPost() const;

    QScopedPointer<Ui::PostsPanel> m_ui;
    client::Session &m_session;
    const Clock &m_clock;
    PostListModel *m_model = nullptr;
    QAction *m_refreshAction = nullptr;
    QAction *m_openAction = nullptr;
    QAction *m_copyLinkAction = nullptr;
    QAction *m_checkAccountAction = nullptr;
    QAction *m_tryAgainAction = nullptr;
    QPointer<QMessageBox> m_tryAgainWarning;
    QTimer m_inProgress;
    qint64 m_sinceMs = 0;
    qint64 m_untilMs = 0;
};

} // namespace slotline::gui
