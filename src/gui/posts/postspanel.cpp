#include "gui/posts/postspanel.h"

#include "client/session.h"
#include "core/clock.h"
#include "core/platform.h"
#include "gui/common/projecttimezone.h"
#include "gui/common/timetext.h"
#include "gui/posts/failedpostretry.h"
#include "gui/posts/postlistmodel.h"
#include "ui_postspanel.h"

#include <QAction>
#include <QClipboard>
#include <QDesktopServices>
#include <QGuiApplication>
#include <QHeaderView>
#include <QMessageBox>
#include <QTimeZone>

using namespace Qt::Literals::StringLiterals;

namespace slotline::gui {

namespace {

constexpr qint64 DayMs = 24LL * 3'600'000;

struct Range
{
    const char *label;
    int daysBack;
    int daysAhead;
};

// In the class's own context, where tr() looks the labels up.
constexpr Range Ranges[] = {
    {QT_TRANSLATE_NOOP("slotline::gui::PostsPanel", "Last 7 days and next 30 days"), 7, 30},
    {QT_TRANSLATE_NOOP("slotline::gui::PostsPanel", "Next 7 days"), 0, 7},
    {QT_TRANSLATE_NOOP("slotline::gui::PostsPanel", "Last 7 days"), 7, 0},
    {QT_TRANSLATE_NOOP("slotline::gui::PostsPanel", "Last 30 days"), 30, 0},
    {QT_TRANSLATE_NOOP("slotline::gui::PostsPanel", "Last 90 days and next 90 days"), 90, 90},
};

} // namespace

PostsPanel::PostsPanel(client::Session &session, const Clock &clock, QWidget *parent)
    : QWidget(parent)
    , m_ui(new Ui::PostsPanel)
    , m_session(session)
    , m_clock(clock)
    , m_model(new PostListModel(session.store(), this))
{
    m_ui->setupUi(this);
    for (const Range &range : Ranges)
        m_ui->rangeCombo->addItem(tr(range.label));
    m_ui->postsView->setModel(m_model);
    QHeaderView *header = m_ui->postsView->header();
    header->setStretchLastSection(false);
    for (int column = 0; column < m_model->columnCount(); ++column)
        header->setSectionResizeMode(column, QHeaderView::ResizeToContents);
    header->setSectionResizeMode(PostListModel::TextColumn, QHeaderView::Stretch);
    // A failure's reason can be long: the column keeps a sensible width and the tooltip
    // has all of it.
    header->setSectionResizeMode(PostListModel::StatusColumn, QHeaderView::Interactive);
    header->resizeSection(PostListModel::StatusColumn, 220);
    header->setSectionResizeMode(PostListModel::AccountColumn, QHeaderView::Interactive);
    header->resizeSection(PostListModel::AccountColumn, 170);

    m_refreshAction = new QAction(QIcon::fromTheme(u"view-refresh"_s), tr("&Refresh posts"), this);
    m_refreshAction->setShortcut(QKeySequence::Refresh);
    m_ui->refreshButton->setDefaultAction(m_refreshAction);
    connect(m_refreshAction, &QAction::triggered, this, &PostsPanel::refresh);
    connect(m_ui->rangeCombo, &QComboBox::currentIndexChanged, this, &PostsPanel::rangeChosen);
    connect(m_ui->postsView, &QTreeView::activated, this, &PostsPanel::openPost);

    // The published post's address, for opening it or passing it on.
    m_openAction = new QAction(QIcon::fromTheme(u"internet-web-browser"_s),
                               tr("&Open the published post"), this);
    m_copyLinkAction = new QAction(QIcon::fromTheme(u"edit-copy"_s), tr("&Copy its link"), this);
    m_copyLinkAction->setShortcut(QKeySequence::Copy);
    m_copyLinkAction->setShortcutContext(Qt::WidgetShortcut);
    m_ui->postsView->setContextMenuPolicy(Qt::ActionsContextMenu);
    m_ui->postsView->addAction(m_openAction);
    m_ui->postsView->addAction(m_copyLinkAction);
    // A post that failed although the platform may have it: the account is where to look
    // before publishing it again.
    m_checkAccountAction
        = new QAction(QIcon::fromTheme(u"internet-web-browser"_s), tr("Check the &account…"), this);
    m_ui->postsView->addAction(m_checkAccountAction);
    connect(m_checkAccountAction, &QAction::triggered, this, [this] {
        const QUrl link = checkUrlAt(m_ui->postsView->currentIndex());
        if (!link.isEmpty())
            QDesktopServices::openUrl(link);
    });
    m_tryAgainAction = new QAction(QIcon::fromTheme(u"view-refresh"_s), tr("&Try Again"), this);
    m_ui->postsView->addAction(m_tryAgainAction);
    connect(m_tryAgainAction, &QAction::triggered, this, &PostsPanel::tryAgain);
    connect(m_openAction, &QAction::triggered, this,
            [this] { openPost(m_ui->postsView->currentIndex()); });
    connect(m_copyLinkAction, &QAction::triggered, this, [this] {
        const QUrl link = publicUrlAt(m_ui->postsView->currentIndex());
        if (!link.isEmpty())
            QGuiApplication::clipboard()->setText(link.toString());
    });
    connect(m_ui->postsView->selectionModel(), &QItemSelectionModel::currentChanged, this,
            &PostsPanel::updateLinkActions);
    connect(m_ui->postsView->selectionModel(), &QItemSelectionModel::currentChanged, this,
            [this](const QModelIndex &current) {
                if (current.isValid())
                    Q_EMIT postViewed(current.data(PostListModel::SubmissionIdRole).toString());
            });
    connect(m_model, &QAbstractItemModel::dataChanged, this, &PostsPanel::updateLinkActions);
    updateLinkActions();

    m_inProgress.setInterval(InProgressRefreshMs);
    connect(&m_inProgress, &QTimer::timeout, this, &PostsPanel::refresh);
    connect(m_model, &QAbstractItemModel::modelReset, this, &PostsPanel::updateSummary);
    connect(m_model, &QAbstractItemModel::rowsInserted, this, &PostsPanel::updateSummary);
    connect(m_model, &QAbstractItemModel::rowsRemoved, this, &PostsPanel::updateSummary);
    connect(m_model, &QAbstractItemModel::dataChanged, this, &PostsPanel::updateSummary);
    connect(&session.sync(), &client::SyncEngine::published, this, &PostsPanel::refresh);
    connect(&session.sync(), &client::SyncEngine::referenceRefreshed, this, &PostsPanel::refresh);
    connect(&session.store(), &client::LocalStore::referenceChanged, this,
            &PostsPanel::useProjectTimezone);
    // An account reconnected (or lost) changes whether its failed posts can go again.
    connect(&session.store(), &client::LocalStore::referenceChanged, this,
            &PostsPanel::updateLinkActions);
    useProjectTimezone();
    rangeChosen();
}

PostsPanel::~PostsPanel() = default;

void PostsPanel::useProjectTimezone()
{
    m_model->setTimeText(TimeText(&m_clock, ProjectTimeZone::of(m_session.store())));
}

void PostsPanel::setAccountFilter(const std::optional<QStringList> &accountIds)
{
    m_model->setAccountFilter(accountIds);
}

void PostsPanel::rangeChosen()
{
    refresh();
}

void PostsPanel::refresh()
{
    // The range is counted from now at every reading: "Last 7 days" still has the posts
    // published since it was chosen.
    const int chosen = std::max(0, m_ui->rangeCombo->currentIndex());
    const Range &range = Ranges[chosen];
    const qint64 now = m_clock.nowMs();
    m_sinceMs = now - range.daysBack * DayMs;
    m_untilMs = now + range.daysAhead * DayMs;
    m_model->setRange(m_sinceMs, m_untilMs);
    m_session.sync().loadPosts(m_sinceMs, m_untilMs);
}

bool PostsPanel::showPost(const QString &submissionId)
{
    const QModelIndex index = m_model->indexOfPost(submissionId);
    if (!index.isValid())
        return false;
    m_ui->postsView->setCurrentIndex(index);
    m_ui->postsView->scrollTo(index);
    m_ui->postsView->setFocus(Qt::OtherFocusReason);
    return true;
}

void PostsPanel::updateSummary()
{
    m_ui->summaryLabel->setText(tr("%Ln post(s)", nullptr, m_model->rowCount()));
    const bool inProgress = m_model->hasPostsInProgress();
    if (inProgress && !m_inProgress.isActive())
        m_inProgress.start();
    else if (!inProgress)
        m_inProgress.stop();
}

QUrl PostsPanel::publicUrlAt(const QModelIndex &index) const
{
    const QUrl link = index.data(PostListModel::PublicUrlRole).toUrl();
    if (link.isValid() && (link.scheme() == u"https" || link.scheme() == u"http"))
        return link;
    return {};
}

QUrl PostsPanel::checkUrlAt(const QModelIndex &index) const
{
    const QUrl link = index.data(PostListModel::CheckUrlRole).toUrl();
    if (link.isValid() && link.scheme() == u"https")
        return link;
    return {};
}

void PostsPanel::openPost(const QModelIndex &index)
{
    const QUrl link = publicUrlAt(index);
    if (!link.isEmpty())
        QDesktopServices::openUrl(link);
}

void PostsPanel::updateLinkActions()
{
    const bool hasLink = !publicUrlAt(m_ui->postsView->currentIndex()).isEmpty();
    m_openAction->setEnabled(hasLink);
    m_copyLinkAction->setEnabled(hasLink);
    const QModelIndex current = m_ui->postsView->currentIndex();
    const bool mayBePublished = !checkUrlAt(current).isEmpty();
    m_checkAccountAction->setEnabled(mayBePublished);
    if (mayBePublished) {
        const auto platform = Platform(current.data(PostListModel::PlatformRole).toInt());
        //: %1 is the platform (LinkedIn, X, Facebook): opens the account there.
        m_checkAccountAction->setText(
            tr("Check the &account on %1…").arg(platforms::displayName(platform)));
        m_checkAccountAction->setStatusTip(
            tr("%1 may have published this post although it failed: see the account there "
               "before publishing it again.")
                .arg(platforms::displayName(platform)));
    } else {
        m_checkAccountAction->setText(tr("Check the &account…"));
        m_checkAccountAction->setStatusTip({});
    }
    const std::optional<Submission> post = currentPost();
    const std::optional<QString> refusal
        = post ? FailedPostRetry::refusal(m_session.store(), *post) : std::nullopt;
    m_tryAgainAction->setEnabled(post && !refusal);
    m_tryAgainAction->setStatusTip(
        refusal && post && post->status == SubmissionStatus::Failed
            ? *refusal
            : tr("Publish the failed post again, now, to the same account."));
}

std::optional<Submission> PostsPanel::currentPost() const
{
    const QString id
        = m_ui->postsView->currentIndex().data(PostListModel::SubmissionIdRole).toString();
    if (id.isEmpty())
        return std::nullopt;
    return m_session.store().posts().find(id);
}

QMessageBox *PostsPanel::tryAgainWarning() const
{
    return m_tryAgainWarning;
}

void PostsPanel::tryAgain()
{
    const std::optional<Submission> post = currentPost();
    if (!post || FailedPostRetry::refusal(m_session.store(), *post))
        return;
    if (!FailedPostRetry::needsWarning(*post)) {
        FailedPostRetry::retry(m_session.store(), *post, m_clock.nowMs());
        return;
    }
    QAbstractButton *publishAgain = nullptr;
    QAbstractButton *checkAccount = nullptr;
    QMessageBox *box = FailedPostRetry::warning(*post, this, &publishAgain, &checkAccount);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setWindowModality(Qt::WindowModal);
    connect(box, &QMessageBox::finished, this, [this, box, publishAgain, checkAccount, post] {
        if (box->clickedButton() == publishAgain)
            FailedPostRetry::retry(m_session.store(), *post, m_clock.nowMs());
        else if (checkAccount && box->clickedButton() == checkAccount)
            QDesktopServices::openUrl(QUrl(post->checkUrl));
    });
    m_tryAgainWarning = box;
    box->open();
}

} // namespace slotline::gui
