#include "gui/drafts/draftspanel.h"

#include "client/session.h"
#include "core/clock.h"
#include "gui/common/projecttimezone.h"
#include "gui/common/timetext.h"
#include "gui/drafts/deletedraftcommand.h"
#include "gui/drafts/draftfiltermodel.h"
#include "gui/drafts/draftlistmodel.h"
#include "ui_draftspanel.h"

#include <QAction>
#include <QDateTime>
#include <QGuiApplication>
#include <QHeaderView>
#include <QMessageBox>
#include <QPushButton>
#include <QTimeZone>
#include <QUndoStack>

using namespace Qt::Literals::StringLiterals;

namespace slotline::gui {

DraftsPanel::DraftsPanel(client::Session &session, QUndoStack &undoStack, const Clock &clock,
                         QWidget *parent)
    : QWidget(parent)
    , m_ui(new Ui::DraftsPanel)
    , m_session(session)
    , m_clock(clock)
    , m_undoStack(undoStack)
    , m_model(new DraftListModel(session.store(), this))
    , m_filter(new DraftFilterModel(this))
{
    m_ui->setupUi(this);
    m_filter->setSourceModel(m_model);
    m_ui->draftsView->setModel(m_filter);
    m_ui->draftsView->header()->setSectionResizeMode(DraftListModel::DraftColumn,
                                                     QHeaderView::Stretch);
    m_ui->draftsView->header()->setStretchLastSection(false);
    for (int column = 1; column < m_model->columnCount(); ++column)
        m_ui->draftsView->header()->setSectionResizeMode(column, QHeaderView::ResizeToContents);
    m_ui->undoBar->hide();

    m_newAction = new QAction(QIcon::fromTheme(u"document-new"_s), tr("&New draft"), this);
    m_newAction->setShortcut(QKeySequence::New);
    m_duplicateAction = new QAction(QIcon::fromTheme(u"edit-copy"_s), tr("D&uplicate draft"), this);
    m_duplicateAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_D));
    m_deleteAction = new QAction(QIcon::fromTheme(u"edit-delete"_s), tr("&Delete draft"), this);
    m_deleteAction->setShortcut(QKeySequence::Delete);
    // Delete means the selected drafts only while the list has the focus; elsewhere it
    // deletes text.
    m_deleteAction->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    m_ui->draftsView->addAction(m_deleteAction);
    m_ui->draftsView->addAction(m_duplicateAction);
    m_nextSlotAction = new QAction(QIcon::fromTheme(u"appointment-new"_s),
                                   tr("Schedule in next free &slot"), this);
    m_nextSlotAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Return));
    m_nextSlotAction->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    m_ui->draftsView->addAction(m_nextSlotAction);
    m_searchAction = new QAction(QIcon::fromTheme(u"edit-find"_s), tr("&Find draft"), this);
    m_searchAction->setShortcut(QKeySequence::Find);
    // The buttons under the list say only the verb: the dock is narrow, and the list says
    // what they act on (the menus keep the full names).
    //: The drafts list's button for "New draft".
    m_newAction->setIconText(tr("New"));
    //: The drafts list's button for "Duplicate draft".
    m_duplicateAction->setIconText(tr("Duplicate"));
    //: The drafts list's button for "Delete draft".
    m_deleteAction->setIconText(tr("Delete"));
    m_ui->newButton->setDefaultAction(m_newAction);
    m_ui->duplicateButton->setDefaultAction(m_duplicateAction);
    m_ui->deleteButton->setDefaultAction(m_deleteAction);

    connect(m_newAction, &QAction::triggered, this, &DraftsPanel::newRequested);
    connect(m_duplicateAction, &QAction::triggered, this, &DraftsPanel::duplicateSelected);
    connect(m_deleteAction, &QAction::triggered, this, &DraftsPanel::deleteSelected);
    connect(m_nextSlotAction, &QAction::triggered, this, [this] {
        if (const QStringList ids = selectedDraftIds(); !ids.isEmpty())
            Q_EMIT nextFreeSlotRequested(ids.first());
    });
    connect(m_model, &DraftListModel::postDropped, this, &DraftsPanel::unscheduleRequested);
    connect(m_searchAction, &QAction::triggered, this, [this] {
        m_ui->searchEdit->setFocus(Qt::ShortcutFocusReason);
        m_ui->searchEdit->selectAll();
    });
    connect(m_ui->searchEdit, &QLineEdit::textChanged, m_filter, &DraftFilterModel::setSearchText);
    connect(m_ui->draftsView, &QTreeView::activated, this, &DraftsPanel::activated);
    // A drag takes one draft, the one pressed: with several selected, a plain press on one
    // of them makes it the selection, as its release would if no drag followed.
    connect(m_ui->draftsView, &QTreeView::pressed, this, [this](const QModelIndex &index) {
        if (QGuiApplication::keyboardModifiers() != Qt::NoModifier
            || m_ui->draftsView->selectionModel()->selectedRows().size() < 2)
            return;
        m_ui->draftsView->selectionModel()->select(index, QItemSelectionModel::ClearAndSelect
                                                              | QItemSelectionModel::Rows);
    });
    connect(m_ui->draftsView->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &DraftsPanel::updateActions);
    connect(m_filter, &QAbstractItemModel::rowsRemoved, this, &DraftsPanel::updateActions);
    connect(&session.store(), &client::LocalStore::referenceChanged, this,
            &DraftsPanel::useProjectTimezone);
    useProjectTimezone();

    m_undoBarTimer.setSingleShot(true);
    m_undoBarTimer.setInterval(UndoBarMs);
    connect(&m_undoBarTimer, &QTimer::timeout, m_ui->undoBar, &QWidget::hide);
    connect(m_ui->undoButton, &QPushButton::clicked, this, [this] {
        m_undoStack.undo();
        m_ui->undoBar->hide();
    });
    updateActions();
}

DraftsPanel::~DraftsPanel() = default;

void DraftsPanel::useProjectTimezone()
{
    m_model->setTimeText(TimeText(&m_clock, ProjectTimeZone::of(m_session.store())));
}

void DraftsPanel::setPlatformFilter(const std::optional<QList<Platform>> &platforms)
{
    m_filter->setPlatforms(platforms);
}

QStringList DraftsPanel::selectedDraftIds() const
{
    QStringList ids;
    for (const QModelIndex &index : m_ui->draftsView->selectionModel()->selectedRows())
        ids.append(index.data(DraftListModel::LocalIdRole).toString());
    return ids;
}

void DraftsPanel::selectDraft(const QString &localId)
{
    for (int row = 0; row < m_filter->rowCount(); ++row) {
        const QModelIndex index = m_filter->index(row, 0);
        if (index.data(DraftListModel::LocalIdRole).toString() == localId) {
            m_ui->draftsView->setCurrentIndex(index);
            m_ui->draftsView->scrollTo(index);
            return;
        }
    }
}

void DraftsPanel::duplicateSelected()
{
    QString last;
    for (const QString &localId : selectedDraftIds()) {
        const auto draft = m_session.store().draft(localId);
        if (!draft)
            continue;
        last = m_session.store().createDraft(draft->text, draft->platforms, draft->mediaUrls,
                                             m_clock.nowMs());
    }
    if (!last.isEmpty()) {
        selectDraft(last);
        Q_EMIT openRequested(last);
    }
}

void DraftsPanel::deleteSelected()
{
    const QStringList ids = selectedDraftIds();
    if (ids.isEmpty())
        return;
    Q_EMIT deleting(ids);
    if (ids.size() > 1)
        m_undoStack.beginMacro(tr("Delete %Ln draft(s)", nullptr, int(ids.size())));
    for (const QString &localId : ids)
        m_undoStack.push(new DeleteDraftCommand(m_session.store(), m_clock, localId));
    if (ids.size() > 1)
        m_undoStack.endMacro();
    m_ui->undoLabel->setText(tr("%Ln draft(s) deleted.", nullptr, int(ids.size())));
    m_ui->undoBar->show();
    m_undoBarTimer.start();
}

void DraftsPanel::activated(const QModelIndex &index)
{
    const QString localId = index.data(DraftListModel::LocalIdRole).toString();
    const auto draft = m_session.store().draft(localId);
    if (!draft)
        return;
    if (draft->state == client::LocalStore::SyncState::Conflict)
        resolveConflict(localId);
    Q_EMIT openRequested(localId);
}

void DraftsPanel::resolveConflict(const QString &localId)
{
    const auto draft = m_session.store().draft(localId);
    if (!draft || !draft->theirs)
        return;
    // Window-modal and answered by signal: the window keeps running (syncing, counting
    // down) while the user compares.
    auto *box = new QMessageBox(QMessageBox::Question, tr("Draft changed in two places"),
                                tr("This draft was changed on the server while you edited it "
                                   "here. Which version do you want to keep?"),
                                QMessageBox::NoButton, this);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setInformativeText(tr("<b>Here:</b> %1<br><b>On the server:</b> %2")
                                .arg(draft->text.left(300).toHtmlEscaped(),
                                     draft->theirs->text.left(300).toHtmlEscaped()));
    using Resolution = client::LocalStore::Resolution;
    const std::pair<QString, std::optional<Resolution>> choices[] = {
        {tr("Keep &mine"), Resolution::KeepMine},
        {tr("Keep the &server's"), Resolution::KeepTheirs},
        {tr("Keep &both"), Resolution::KeepBoth},
        {tr("Decide &later"), std::nullopt},
    };
    for (const auto &[label, resolution] : choices) {
        QPushButton *button = box->addButton(label, QMessageBox::ActionRole);
        if (resolution == Resolution::KeepBoth)
            box->setDefaultButton(button);
        connect(button, &QPushButton::clicked, this, [this, localId, resolution] {
            if (resolution && m_session.store().draft(localId))
                m_session.store().resolveConflict(localId, *resolution, m_clock.nowMs());
        });
    }
    box->open();
}

void DraftsPanel::updateActions()
{
    const bool any = m_ui->draftsView->selectionModel()->hasSelection();
    m_duplicateAction->setEnabled(any);
    m_deleteAction->setEnabled(any);
    m_nextSlotAction->setEnabled(any);
}

} // namespace slotline::gui
