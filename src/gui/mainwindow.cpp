#include "gui/mainwindow.h"

#include "client/session.h"
#include "gui/accounts/accountdisconnection.h"
#include "gui/accounts/accountspanel.h"
#include "gui/accounts/accounttreemodel.h"
#include "gui/accounts/connectaccountdialog.h"
#include "gui/calendar/calendarpanel.h"
#include "gui/calendar/scheduleeditor.h"
#include "gui/common/errortext.h"
#include "gui/composer/composerwidget.h"
#include "gui/drafts/draftspanel.h"
#include "gui/posts/postlistmodel.h"
#include "gui/posts/postspanel.h"
#include "gui/settings/settingsdialog.h"
#include "gui/status/attentionbutton.h"
#include "gui/status/attentiontracker.h"
#include "gui/status/connectionstatuswidget.h"
#include "gui/status/desktopnotifier.h"
#include "ui_mainwindow.h"

#include <QCloseEvent>
#include <QCryptographicHash>
#include <QMessageBox>
#include <QPushButton>
#include <QScreen>
#include <QSettings>
#include <QStatusBar>
#include <QTreeView>
#include <QUndoStack>

using namespace Qt::Literals::StringLiterals;

namespace slotline::gui {

namespace {

constexpr int StatusMessageMs = 15'000;

} // namespace

MainWindow::MainWindow(client::Session &session, client::MediaPreviewLoader &previews,
                       const Clock &clock, const ConnectionChoice &connection, QWidget *parent)
    : QMainWindow(parent)
    , m_ui(new Ui::MainWindow)
    , m_session(session)
    , m_clock(clock)
    , m_connection(connection)
    , m_undoStack(new QUndoStack(this))
    , m_accounts(new AccountTreeModel(session.store(), this))
{
    m_ui->setupUi(this);
    setWindowIcon(QIcon(u":/icons/app/slotline.svg"_s));
    m_accountsPanel = new AccountsPanel(*m_accounts, m_ui->accountsContents);
    m_ui->accountsLayout->addWidget(m_accountsPanel);
    connect(m_accountsPanel, &AccountsPanel::connectRequested, this,
            [this] { connectAccount(QString()); });
    connect(m_accountsPanel, &AccountsPanel::reconnectRequested, this, &MainWindow::connectAccount);
    connect(m_accountsPanel, &AccountsPanel::disconnectRequested, this,
            &MainWindow::disconnectAccount);

    m_drafts = new DraftsPanel(session, *m_undoStack, clock, m_ui->draftsContents);
    m_ui->draftsLayout->addWidget(m_drafts);
    m_editor = new ScheduleEditor(session, *m_undoStack, clock, this);
    m_composer = new ComposerWidget(session, *m_editor, previews, clock, m_ui->composerContents);
    m_ui->composerLayout->addWidget(m_composer);
    m_calendar = new CalendarPanel(session, *m_editor, clock, m_ui->centralTabs);
    m_ui->centralTabs->addTab(m_calendar, tr("Week"));
    m_posts = new PostsPanel(session, clock, m_ui->centralTabs);
    m_ui->centralTabs->addTab(m_posts, tr("Posts"));
    m_status = new ConnectionStatusWidget(session, statusBar());
    m_notifier = new DesktopNotifier(this);
    m_attention = new AttentionTracker(session.store(), *m_notifier, this);
    auto *attentionButton = new AttentionButton(session.store(), *m_attention, statusBar());
    statusBar()->addPermanentWidget(attentionButton);
    statusBar()->addPermanentWidget(m_status);
    connect(m_attention, &AttentionTracker::changed, this, &MainWindow::attentionChanged);
    connect(m_posts, &PostsPanel::postViewed, m_attention, &AttentionTracker::markSeen);
    connect(attentionButton, &AttentionButton::postRequested, this, [this](const QString &id) {
        m_attention->markSeen(id);
        openPost(id);
    });
    connect(attentionButton, &AttentionButton::accountRequested, this, [this](const QString &id) {
        m_attention->markSeen(id);
        showAccount(id);
        // What such an account needs is to be connected again: the way to it, at once.
        const auto account = m_accounts->accountAt(m_accounts->indexOfAccount(id));
        if (account && account->status == AccountStatus::NeedsReconnect
            && AccountsPanel::canReconnect(*account))
            connectAccount(id);
    });
    connect(m_notifier, &DesktopNotifier::activated, this, [this] {
        show();
        raise();
        activateWindow();
    });

    connect(m_drafts, &DraftsPanel::openRequested, this, [this](const QString &localId) {
        m_composer->openDraft(localId);
        m_ui->composerDock->show();
        m_composer->focusText();
    });
    connect(m_drafts, &DraftsPanel::newRequested, this, [this] {
        m_composer->newDraft();
        m_ui->composerDock->show();
        m_composer->focusText();
    });
    connect(m_composer, &ComposerWidget::draftChanged, m_drafts, &DraftsPanel::selectDraft);
    connect(m_drafts, &DraftsPanel::nextFreeSlotRequested, m_calendar,
            &CalendarPanel::scheduleInNextFreeSlot);
    connect(m_drafts, &DraftsPanel::unscheduleRequested, m_editor, &ScheduleEditor::unschedulePost);
    connect(m_calendar, &CalendarPanel::openPostRequested, this, &MainWindow::openPost);
    connect(m_drafts, &DraftsPanel::deleting, m_composer, [this](const QStringList &localIds) {
        for (const QString &localId : localIds)
            m_composer->discardDraft(localId);
    });
    connect(m_accounts, &AccountTreeModel::checkedAccountsChanged, this,
            &MainWindow::accountsChecked);
    connect(&session.sync(), &client::SyncEngine::refused, this, &MainWindow::showRefusal);
    connect(&session.sync(), &client::SyncEngine::schedulingRefused, this,
            &MainWindow::showRefusal);
    connect(&session.sync(), &client::SyncEngine::uploadRefused, this,
            [this](const QString &, const QString &name, const client::ApiError &error) {
                statusBar()->showMessage(tr("“%1” could not be uploaded, and was taken out of "
                                            "its drafts: %2")
                                             .arg(name, ErrorText::describe(error)),
                                         StatusMessageMs);
            });
    connect(&session.sync(), &client::SyncEngine::conflict, this, [this] {
        statusBar()->showMessage(tr("A draft was changed elsewhere too: open it in the drafts "
                                    "list to choose which version to keep."),
                                 StatusMessageMs);
    });
    connect(&session.store(), &client::LocalStore::referenceChanged, this,
            &MainWindow::updateTitle);
    connect(m_status, &ConnectionStatusWidget::settingsRequested, this, &MainWindow::showSettings);

    assembleMenus();
    restoreLayout();
    accountsChecked();
    updateTitle();
    attentionChanged();
}

MainWindow::~MainWindow() = default;

void MainWindow::assembleMenus()
{
    QAction *undo = m_undoStack->createUndoAction(this, tr("&Undo"));
    undo->setIcon(QIcon::fromTheme(u"edit-undo"_s));
    undo->setShortcut(QKeySequence::Undo);
    QAction *redo = m_undoStack->createRedoAction(this, tr("&Redo"));
    redo->setIcon(QIcon::fromTheme(u"edit-redo"_s));
    // QUndoStack writes the prefix before the command's text; a translation may need the
    // command elsewhere. Connected after the stack's own update, so this text wins.
    const auto nameUndo = [undo](const QString &command) {
        if (command.isEmpty()) {
            undo->setText(tr("&Undo"));
            return;
        }
        //: The Edit menu's Undo; %1 is what it undoes, as in "Delete draft “Hello”".
        undo->setText(tr("&Undo %1").arg(command));
    };
    const auto nameRedo = [redo](const QString &command) {
        if (command.isEmpty()) {
            redo->setText(tr("&Redo"));
            return;
        }
        //: The Edit menu's Redo; %1 is what it redoes, as in "Delete draft “Hello”".
        redo->setText(tr("&Redo %1").arg(command));
    };
    connect(m_undoStack, &QUndoStack::undoTextChanged, undo, nameUndo);
    connect(m_undoStack, &QUndoStack::redoTextChanged, redo, nameRedo);
    nameUndo(m_undoStack->undoText());
    nameRedo(m_undoStack->redoText());
    // Ctrl+Shift+Z once: twice (it is the platform's Redo in most places) would make the
    // shortcut ambiguous, and an ambiguous shortcut does nothing.
    QList<QKeySequence> redoKeys = QKeySequence::keyBindings(QKeySequence::Redo);
    if (const QKeySequence shiftZ(Qt::CTRL | Qt::SHIFT | Qt::Key_Z); !redoKeys.contains(shiftZ))
        redoKeys.append(shiftZ);
    redo->setShortcuts(redoKeys);
    m_ui->editMenu->addAction(undo);
    m_ui->editMenu->addAction(redo);
    m_ui->editMenu->addSeparator();
    m_ui->editMenu->addAction(m_drafts->searchAction());

    QAction *first = m_ui->postMenu->actions().value(0);
    m_ui->postMenu->insertAction(first, m_drafts->newAction());
    m_ui->postMenu->insertAction(first, m_drafts->duplicateAction());
    m_ui->postMenu->insertAction(first, m_drafts->deleteAction());
    m_ui->postMenu->insertSeparator(first);
    m_ui->postMenu->addSeparator();
    m_ui->postMenu->addAction(m_drafts->nextFreeSlotAction());
    m_ui->accountsMenu->addAction(m_accountsPanel->connectAction());
    m_ui->accountsMenu->addAction(m_accountsPanel->reconnectAction());
    m_ui->accountsMenu->addAction(m_accountsPanel->disconnectAction());
    m_ui->viewMenu->addAction(m_posts->refreshAction());
    m_ui->viewMenu->addSeparator();
    for (QAction *action : {m_calendar->previousWeekAction(), m_calendar->todayAction(),
                            m_calendar->nextWeekAction()})
        m_ui->viewMenu->addAction(action);
    connect(m_posts->refreshAction(), &QAction::triggered, m_calendar, &CalendarPanel::reload);
    for (QAction *action : {m_drafts->newAction(), m_drafts->duplicateAction(),
                            m_drafts->searchAction(), m_posts->refreshAction()})
        addAction(action); // their shortcuts work wherever the focus is

    connect(m_ui->actionSaveDraft, &QAction::triggered, m_composer, &ComposerWidget::saveDraft);
    connect(m_ui->actionPublish, &QAction::triggered, m_composer, &ComposerWidget::publish);
    connect(m_ui->actionSettings, &QAction::triggered, this, &MainWindow::showSettings);
    connect(m_ui->actionQuit, &QAction::triggered, this, &QWidget::close);
    connect(m_ui->actionAbout, &QAction::triggered, this, &MainWindow::showAbout);
    connect(m_ui->actionSyncNow, &QAction::triggered, this, [this] {
        m_session.connectivity().checkNow();
        m_session.sync().syncNow();
        m_session.sync().refreshReference();
    });
    connect(m_ui->actionFocusAccounts, &QAction::triggered, this, [this] {
        m_ui->accountsDock->show();
        m_accountsPanel->view()->setFocus(Qt::ShortcutFocusReason);
    });
    connect(m_ui->actionFocusDrafts, &QAction::triggered, this, [this] {
        m_ui->draftsDock->show();
        m_drafts->setFocus(Qt::ShortcutFocusReason);
    });
    connect(m_ui->actionFocusComposer, &QAction::triggered, this, [this] {
        m_ui->composerDock->show();
        m_composer->focusText();
    });
    connect(m_ui->actionFocusCalendar, &QAction::triggered, this, [this] {
        m_ui->centralTabs->setCurrentWidget(m_calendar);
        m_calendar->setFocus(Qt::ShortcutFocusReason);
    });
    connect(m_ui->actionFocusPosts, &QAction::triggered, this, [this] {
        m_ui->centralTabs->setCurrentWidget(m_posts);
        m_posts->setFocus(Qt::ShortcutFocusReason);
    });

    QMenu *docks = m_ui->viewMenu->addMenu(tr("&Panels"));
    for (QDockWidget *dock : {m_ui->accountsDock, m_ui->draftsDock, m_ui->composerDock})
        docks->addAction(dock->toggleViewAction());
}

void MainWindow::accountsChecked()
{
    const QStringList checked = m_accounts->checkedAccountIds();
    QList<Platform> platforms;
    for (const Account &account : m_session.store().reference().accounts()) {
        if (checked.contains(account.id) && !platforms.contains(account.platform))
            platforms.append(account.platform);
    }
    // With every account unchecked the lists show nothing of theirs, not everything.
    if (m_accounts->allChecked()) {
        m_drafts->setPlatformFilter(std::nullopt);
        m_posts->setAccountFilter(std::nullopt);
        m_calendar->setAccountFilter(std::nullopt);
    } else {
        m_drafts->setPlatformFilter(platforms);
        m_posts->setAccountFilter(checked);
        m_calendar->setAccountFilter(checked);
    }
}

void MainWindow::updateTitle()
{
    const auto user = m_session.store().reference().user();
    setWindowTitle(user ? tr("%1 — Slotline").arg(user->projectName) : tr("Slotline"));
}

void MainWindow::showRefusal(const QString &subject, const client::ApiError &error)
{
    if (subject == m_composer->draftId())
        return; // the composer shows it next to the field
    statusBar()->showMessage(tr("The server refused a change: %1").arg(ErrorText::describe(error)),
                             StatusMessageMs);
}

void MainWindow::attentionChanged()
{
    m_posts->model().setUnseen(m_attention->unseenPosts());
    const int failed = int(m_attention->unseenPosts().size());
    m_ui->centralTabs->setTabText(m_ui->centralTabs->indexOf(m_posts),
                                  failed > 0 ? tr("Posts (%Ln failed)", nullptr, failed)
                                             : tr("Posts"));
}

void MainWindow::openPost(const QString &submissionId)
{
    m_ui->centralTabs->setCurrentWidget(m_posts);
    if (!m_posts->showPost(submissionId))
        statusBar()->showMessage(tr("This post is outside the range the Posts list shows."),
                                 StatusMessageMs);
}

void MainWindow::showAccount(const QString &accountId)
{
    m_ui->accountsDock->show();
    const QModelIndex index = m_accounts->indexOfAccount(accountId);
    if (index.isValid())
        m_accountsPanel->view()->setCurrentIndex(index);
}

void MainWindow::connectAccount(const QString &reconnectAccountId)
{
    auto *dialog = new ConnectAccountDialog(m_session, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    if (!reconnectAccountId.isEmpty()) {
        for (const Account &account : m_session.store().reference().accounts()) {
            if (account.id == reconnectAccountId)
                dialog->setReconnectAccount(account);
        }
    }
    connect(dialog, &ConnectAccountDialog::accountConnected, this, [this](const QString &id) {
        m_attention->markSeen(id);
        showAccount(id);
    });
    dialog->open();
}

void MainWindow::disconnectAccount(const QString &accountId)
{
    const QList<Account> accounts = m_session.store().reference().accounts();
    const auto account = std::find_if(accounts.cbegin(), accounts.cend(),
                                      [&accountId](const Account &a) { return a.id == accountId; });
    if (account == accounts.cend())
        return;
    auto *disconnection = new AccountDisconnection(m_session, *account, this);
    connect(disconnection, &AccountDisconnection::finished, this, [this](const QString &message) {
        if (message.isEmpty())
            return;
        statusBar()->showMessage(message, StatusMessageMs);
        // Cancelled posts and the credits they gave back.
        m_posts->refreshAction()->trigger();
    });
    disconnection->start();
}

void MainWindow::showSettings()
{
    auto *dialog = new SettingsDialog(m_session, m_clock, m_connection, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &SettingsDialog::connectionChosen, this,
            &MainWindow::connectionChangeRequested);
    dialog->open();
}

void MainWindow::showAbout()
{
    auto *box = new QMessageBox(
        QMessageBox::NoIcon, tr("About Slotline"),
        tr("<h3>Slotline %1</h3><p>Plan, schedule and publish social-media posts.</p>"
           "<p>Connected to %2</p>")
            .arg(QStringLiteral(SLOTLINE_VERSION),
                 m_session.baseUrl().toDisplayString().toHtmlEscaped()),
        QMessageBox::Ok, this);
    box->setIconPixmap(windowIcon().pixmap(64, 64));
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

void MainWindow::restoreLayout()
{
    QSettings settings;
    if (!restoreGeometry(settings.value(u"mainWindow/geometry"_s).toByteArray())) {
        // The first start: the form's size, but no larger than the screen (1,366 by 768
        // laptops would lose the bottom row of buttons).
        if (const QScreen *shownOn = screen())
            resize(size().boundedTo(shownOn->availableGeometry().size()));
    }
    if (!restoreState(settings.value(u"mainWindow/state"_s).toByteArray())) {
        // The first start: the lists wide enough to read, the accounts short, the
        // composer beside the posts.
        resizeDocks({m_ui->draftsDock, m_ui->composerDock}, {360, 400}, Qt::Horizontal);
        resizeDocks({m_ui->accountsDock, m_ui->draftsDock}, {180, 520}, Qt::Vertical);
    }
    settings.beginGroup(serverSettingsGroup());
    if (settings.contains(u"accounts/checked"_s))
        m_accounts->setCheckedAccountIds(settings.value(u"accounts/checked"_s).toStringList());
    m_composer->setLastAccountId(settings.value(u"composer/accountId"_s).toString());
    const QStringList target = settings.value(u"calendar/target"_s).toStringList();
    if (target.size() == 2)
        m_calendar->setTarget({target.at(0), target.at(1)});
}

void MainWindow::saveLayout()
{
    QSettings settings;
    settings.setValue(u"mainWindow/geometry"_s, saveGeometry());
    settings.setValue(u"mainWindow/state"_s, saveState());
    settings.beginGroup(serverSettingsGroup());
    settings.setValue(u"accounts/checked"_s, m_accounts->checkedAccountIds());
    settings.setValue(u"composer/accountId"_s, m_composer->lastAccountId());
    const ScheduleEditor::Target target = m_calendar->target();
    settings.setValue(u"calendar/target"_s, QStringList {target.accountId, target.pageId});
}

QString MainWindow::serverSettingsGroup() const
{
    // The checked accounts and the account last chosen are ids of one server's project:
    // another server's would uncheck everything here.
    if (m_connection.mode == ConnectionChoice::Mode::Bundled)
        return u"servers/bundled"_s;
    const QByteArray address = m_connection.baseUrl.adjusted(QUrl::StripTrailingSlash).toEncoded();
    return u"servers/"_s
           + QString::fromLatin1(
               QCryptographicHash::hash(address, QCryptographicHash::Sha256).toHex().left(16));
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (m_composer->hasMediaUnderWay() && !m_closeConfirmed) {
        // A file joins the draft once the app has its copy, an address once the server
        // has fetched it: closing before loses it. (Uploads wait in the outbox.)
        event->ignore();
        auto *box = new QMessageBox(QMessageBox::Question, tr("Media still on their way"),
                                    tr("A file is still being added to the draft (copied, or "
                                       "fetched from its address). If Slotline closes now, it "
                                       "is not added."),
                                    QMessageBox::NoButton, this);
        box->setObjectName(u"closeWhileUploadingBox"_s);
        box->setAttribute(Qt::WA_DeleteOnClose);
        QPushButton *wait = box->addButton(tr("&Wait"), QMessageBox::RejectRole);
        QPushButton *quit = box->addButton(tr("&Close anyway"), QMessageBox::AcceptRole);
        box->setDefaultButton(wait);
        connect(quit, &QPushButton::clicked, this, [this] {
            m_closeConfirmed = true;
            close();
        });
        box->open();
        return;
    }
    m_composer->saveDraft();
    saveLayout();
    event->accept();
    Q_EMIT closed();
}

} // namespace slotline::gui
