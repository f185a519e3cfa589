#include "gui/calendar/calendarpanel.h"

#include "client/session.h"
#include "client/syncengine.h"
#include "core/clock.h"
#include "core/postrules.h"
#include "core/weeklyslot.h"
#include "gui/accounts/accounttreemodel.h"
#include "gui/calendar/publishagainquestion.h"
#include "gui/calendar/weekdates.h"
#include "gui/calendar/weekmodel.h"
#include "gui/calendar/weekview.h"
#include "gui/common/errortext.h"
#include "gui/common/itemcolors.h"
#include "gui/common/messagelabel.h"
#include "gui/common/platformstyle.h"
#include "gui/common/projecttimezone.h"
#include "ui_calendarpanel.h"

#include <QAction>
#include <QLocale>
#include <QMessageBox>
#include <QStyle>
#include <QTime>
#include <QTimeZone>

using namespace Qt::Literals::StringLiterals;

namespace slotline::gui {

namespace {

enum ZoneChoice { ProjectZone, ComputerZone };

// A target in the combo: account id and page id.
QStringList targetData(const QString &accountId, const QString &pageId)
{
    return {accountId, pageId};
}

} // namespace

CalendarPanel::CalendarPanel(client::Session &session, ScheduleEditor &editor, const Clock &clock,
                             QWidget *parent)
    : QWidget(parent)
    , m_ui(new Ui::CalendarPanel)
    , m_session(session)
    , m_editor(editor)
    , m_clock(clock)
    , m_model(new WeekModel(session.store(), this))
{
    m_ui->setupUi(this);
    m_model->setClock(&clock);
    m_view = new WeekView(this);
    m_view->setObjectName(u"weekView"_s);
    m_view->setModel(m_model);
    editor.follow(*m_view);
    m_view->setClock(&clock);
    m_ui->viewLayout->addWidget(m_view);
    setFocusProxy(m_view);
    m_ui->messageLabel->clearMessage();

    m_previousAction = new QAction(QIcon::fromTheme(u"go-previous"_s), tr("&Previous week"), this);
    m_previousAction->setShortcut(QKeySequence(Qt::ALT | Qt::Key_PageUp));
    m_nextAction = new QAction(QIcon::fromTheme(u"go-next"_s), tr("&Next week"), this);
    m_nextAction->setShortcut(QKeySequence(Qt::ALT | Qt::Key_PageDown));
    m_todayAction = new QAction(QIcon::fromTheme(u"go-jump-today"_s), tr("&This week"), this);
    m_todayAction->setShortcut(QKeySequence(Qt::ALT | Qt::Key_Home));
    m_editSlotsAction = new QAction(QIcon::fromTheme(u"document-edit"_s), tr("Edit s&lots"), this);
    m_editSlotsAction->setCheckable(true);
    //: The calendar's button that turns slot editing on and off (its menu name is "Edit slots").
    m_editSlotsAction->setIconText(tr("Edit slots"));
    m_editSlotsAction->setToolTip(tr("Click a time to add a weekly publishing slot there for "
                                     "the account chosen; click a slot to remove it"));
    for (QAction *action : {m_previousAction, m_nextAction, m_todayAction}) {
        action->setToolTip(QStringLiteral("%1 (%2)").arg(
            action->text().remove(u'&'), action->shortcut().toString(QKeySequence::NativeText)));
        action->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        addAction(action);
    }
    // Arrows, so the bar leaves the calendar its width; the names are in the tooltips.
    m_previousAction->setIcon(
        QIcon::fromTheme(u"go-previous"_s, style()->standardIcon(QStyle::SP_ArrowBack)));
    m_nextAction->setIcon(
        QIcon::fromTheme(u"go-next"_s, style()->standardIcon(QStyle::SP_ArrowForward)));
    m_ui->previousButton->setToolButtonStyle(Qt::ToolButtonIconOnly);
    m_ui->nextButton->setToolButtonStyle(Qt::ToolButtonIconOnly);
    m_ui->previousButton->setDefaultAction(m_previousAction);
    m_ui->nextButton->setDefaultAction(m_nextAction);
    m_ui->todayButton->setDefaultAction(m_todayAction);
    m_ui->editSlotsButton->setDefaultAction(m_editSlotsAction);
    QFont bold = m_ui->rangeLabel->font();
    bold.setBold(true);
    bold.setPointSizeF(bold.pointSizeF() * 1.15);
    m_ui->rangeLabel->setFont(bold);
    m_ui->dateEdit->setDisplayFormat(QLocale().dateFormat(QLocale::ShortFormat));

    connect(m_previousAction, &QAction::triggered, this,
            [this] { showWeekOf(m_model->firstDay().addDays(-7)); });
    connect(m_nextAction, &QAction::triggered, this,
            [this] { showWeekOf(m_model->firstDay().addDays(7)); });
    connect(m_todayAction, &QAction::triggered, this, [this] {
        showWeekOf(today());
        const QTime now = QDateTime::fromMSecsSinceEpoch(m_clock.nowMs())
                              .toTimeZone(m_model->timeZone())
                              .time();
        m_view->scrollToMinute(std::max(0, now.hour() * 60 + now.minute() - 90));
    });
    connect(m_ui->dateEdit, &QDateEdit::dateChanged, this, &CalendarPanel::showWeekOf);
    connect(m_editSlotsAction, &QAction::toggled, this, [this](bool on) {
        m_view->setSlotEditing(on);
        if (on)
            showSlotEditingHelp();
        else
            m_ui->messageLabel->clearMessage();
    });
    connect(m_ui->targetCombo, &QComboBox::currentIndexChanged, this, &CalendarPanel::targetChosen);
    connect(m_ui->zoneCombo, &QComboBox::currentIndexChanged, this, &CalendarPanel::zoneChosen);
    connect(m_model, &WeekModel::rangeChanged, this, &CalendarPanel::weekChanged);
    connect(m_view, &WeekView::openRequested, this, &CalendarPanel::openPostRequested);
    connect(m_view, &WeekView::timeClicked, this, &CalendarPanel::addSlotAt);
    connect(m_view, &WeekView::slotClicked, this, &CalendarPanel::removeSlot);
    connect(&m_session.sync(), &client::SyncEngine::slotRefused, this,
            &CalendarPanel::showSlotRefused);
    connect(&editor, &ScheduleEditor::refused, this,
            [this](const QString &reason) { showMessage(reason, true); });
    connect(&editor, &ScheduleEditor::againAsked, this, &CalendarPanel::askScheduleAgain);
    // A refusal is about the change refused: one that went through since makes it old news.
    connect(&editor, &ScheduleEditor::accepted, this, [this] {
        if (m_ui->messageLabel->tone() == MessageLabel::Tone::Problem)
            m_ui->messageLabel->clearMessage();
    });
    connect(&session.store(), &client::LocalStore::referenceChanged, this, [this] {
        fillTargets();
        fillZones();
    });
    // A publication's post is in the store as soon as the server made it
    // (LocalStore::publicationDone): no read of the week for it, reads are limited.
    connect(&session.sync(), &client::SyncEngine::referenceRefreshed, this, &CalendarPanel::reload);

    m_messageTimer.setSingleShot(true);
    m_messageTimer.setInterval(MessageMs);
    connect(&m_messageTimer, &QTimer::timeout, this, [this] {
        if (!m_editSlotsAction->isChecked())
            m_ui->messageLabel->clearMessage();
    });
    m_dueTimer.setInterval(DueRefreshMs);
    connect(&m_dueTimer, &QTimer::timeout, this, &CalendarPanel::reload);
    m_nextDueTimer.setSingleShot(true);
    connect(&m_nextDueTimer, &QTimer::timeout, this, &CalendarPanel::checkDue);
    // The model announces a refresh row by row (a change of zone: every row): the rows are
    // looked at once, after the last of them.
    m_checkDue.setSingleShot(true);
    m_checkDue.setInterval(0);
    connect(&m_checkDue, &QTimer::timeout, this, &CalendarPanel::checkDue);
    const auto scheduleCheck = [this] { m_checkDue.start(); };
    connect(m_model, &QAbstractItemModel::dataChanged, this, scheduleCheck);
    connect(m_model, &QAbstractItemModel::rowsInserted, this, scheduleCheck);
    connect(m_model, &QAbstractItemModel::rowsRemoved, this, scheduleCheck);
    connect(m_model, &QAbstractItemModel::modelReset, this, scheduleCheck);

    fillTargets();
    fillZones();
    showWeekOf(today());
    // The working day in view, not midnight.
    m_view->scrollToMinute(7 * 60);
}

CalendarPanel::~CalendarPanel() = default;

QDate CalendarPanel::today() const
{
    return QDateTime::fromMSecsSinceEpoch(m_clock.nowMs()).toTimeZone(m_model->timeZone()).date();
}

void CalendarPanel::showWeekOf(QDate date)
{
    if (!date.isValid())
        return;
    // Another week changes the model's range, which reads it (weekChanged).
    m_model->setWeek(WeekModel::weekStarting(date, QLocale().firstDayOfWeek()));
}

void CalendarPanel::weekChanged()
{
    const QDate first = m_model->firstDay();
    if (!first.isValid())
        return;
    const QDate last = first.addDays(6);
    m_ui->rangeLabel->setText(WeekDates::range(first, last));
    {
        const QSignalBlocker blocker(m_ui->dateEdit);
        if (m_ui->dateEdit->date() < first || m_ui->dateEdit->date() > last)
            m_ui->dateEdit->setDate(first);
    }
    m_view->viewport()->update();
    reload();
}

void CalendarPanel::reload()
{
    const auto [sinceMs, untilMs] = m_model->range();
    if (sinceMs < untilMs)
        m_session.sync().loadPosts(sinceMs, untilMs);
}

void CalendarPanel::checkDue()
{
    // A post due or publishing changes on the server by itself: read the week again until
    // it has settled; and nothing in the model changes when a post's time comes: wake up
    // then to read it. One pass over the rows for both.
    const qint64 now = m_clock.nowMs();
    bool waiting = false;
    std::optional<qint64> nextDue;
    for (int row = 0; row < m_model->rowCount() && !waiting; ++row) {
        const QModelIndex index = m_model->index(row);
        if (index.data(WeekModel::KindRole).toInt() != int(WeekModel::Kind::Post))
            continue;
        const auto status = SubmissionStatus(index.data(WeekModel::StatusRole).toInt());
        const qint64 start = index.data(WeekModel::StartRole).toLongLong();
        waiting = PostRules::awaitsOutcome(status, start, now);
        if (status == SubmissionStatus::Scheduled && start > now && (!nextDue || start < *nextDue))
            nextDue = start;
    }
    if (waiting && !m_dueTimer.isActive())
        m_dueTimer.start();
    else if (!waiting)
        m_dueTimer.stop();
    if (nextDue && !waiting)
        m_nextDueTimer.start(int(std::min<qint64>(*nextDue - now + 1'000, 3'600'000)));
    else
        m_nextDueTimer.stop();
}

void CalendarPanel::fillTargets()
{
    // Until there are accounts to choose from, the first one will be the choice.
    const bool hadAccounts = m_ui->targetCombo->count() > 1;
    const ScheduleEditor::Target chosen = target();
    const QSignalBlocker blocker(m_ui->targetCombo);
    m_ui->targetCombo->clear();
    for (const Account &account : m_session.store().reference().accounts()) {
        // Drafts dropped here are scheduled for the choice. An account that came to need
        // reconnecting stays listed with its state, so that the choice never moves to
        // another account by itself (ScheduleEditor refuses drops for it, saying why); a
        // disconnected one only while it is the choice.
        if (account.status == AccountStatus::Disconnected && account.id != chosen.accountId)
            continue;
        const QIcon icon = PlatformStyle::icon(account.platform);
        QString label = account.name.isEmpty() ? account.id : account.name;
        if (!account.username.isEmpty())
            label = tr("%1 (@%2)").arg(label, account.username);
        if (!PostRules::mayPublish(account.status))
            //: An account in the calendar's "Schedule for" choice, then its state.
            label = tr("%1 — %2").arg(label, AccountTreeModel::statusText(account));
        m_ui->targetCombo->addItem(icon, label, targetData(account.id, QString()));
        for (const Subaccount &page : m_session.store().reference().subaccounts(account.id)) {
            //: An account's page in the calendar's account choice.
            m_ui->targetCombo->addItem(icon, tr("%1 › %2").arg(account.name, page.name),
                                       targetData(account.id, page.id));
        }
    }
    //: The slot target "every account" (for editing slots; a draft needs one account).
    m_ui->targetCombo->addItem(tr("Every account"), targetData(QString(), QString()));
    const int found = hadAccounts
                          ? m_ui->targetCombo->findData(targetData(chosen.accountId, chosen.pageId))
                          : -1;
    // A choice no longer listed becomes "Every account", which schedules nothing: never
    // another account in its place.
    const int everyAccount = m_ui->targetCombo->count() - 1;
    m_ui->targetCombo->setCurrentIndex(found >= 0 ? found : hadAccounts ? everyAccount : 0);
    m_view->setDefaultTarget(target(), m_ui->targetCombo->currentText());
}

ScheduleEditor::Target CalendarPanel::target() const
{
    const QStringList ids = m_ui->targetCombo->currentData().toStringList();
    if (ids.size() != 2)
        return {};
    return {ids.at(0), ids.at(1)};
}

void CalendarPanel::setTarget(const ScheduleEditor::Target &target)
{
    const int found = m_ui->targetCombo->findData(targetData(target.accountId, target.pageId));
    if (found >= 0)
        m_ui->targetCombo->setCurrentIndex(found);
}

void CalendarPanel::targetChosen()
{
    m_view->setDefaultTarget(target(), m_ui->targetCombo->currentText());
    if (m_editSlotsAction->isChecked())
        showSlotEditingHelp(); // it names the target
}

void CalendarPanel::fillZones()
{
    const QTimeZone project = ProjectTimeZone::of(m_session.store());
    const QTimeZone computer = QTimeZone::systemTimeZone();
    const QDateTime now = QDateTime::fromMSecsSinceEpoch(m_clock.nowMs());
    const int chosen = std::max(0, m_ui->zoneCombo->currentIndex());
    const QSignalBlocker blocker(m_ui->zoneCombo);
    m_ui->zoneCombo->clear();
    //: The calendar's time zone choice: the project's zone, e.g. "Europe/Berlin (project)".
    m_ui->zoneCombo->addItem(tr("%1 (project)").arg(QString::fromUtf8(project.id())));
    //: The calendar's time zone choice: this computer's zone, e.g. "UTC (this computer)".
    m_ui->zoneCombo->addItem(tr("%1 (this computer)").arg(QString::fromUtf8(computer.id())));
    for (int choice : {ProjectZone, ComputerZone}) {
        const QTimeZone zone = choice == ProjectZone ? project : computer;
        m_ui->zoneCombo->setItemData(choice,
                                     tr("%1, now %2")
                                         .arg(zone.displayName(now, QTimeZone::LongName),
                                              zone.displayName(now, QTimeZone::OffsetName)),
                                     Qt::ToolTipRole);
    }
    m_ui->zoneCombo->setCurrentIndex(chosen);
}

void CalendarPanel::zoneChosen()
{
    const QDate shown = m_model->firstDay().addDays(3);
    m_model->setTimeZone(m_ui->zoneCombo->currentIndex() == ComputerZone
                             ? QTimeZone::systemTimeZone()
                             : QTimeZone());
    showWeekOf(shown);
}

void CalendarPanel::setAccountFilter(const std::optional<QStringList> &accountIds)
{
    m_model->setAccountFilter(accountIds);
}

void CalendarPanel::askScheduleAgain(const QString &draftLocalId,
                                     const client::DraftPublication &publication)
{
    m_askedAgain = true;
    QMessageBox *question
        = PublishAgainQuestion::make(m_session.store(), draftLocalId, publication, this);
    if (!question)
        return;
    connect(question, &QMessageBox::buttonClicked, this,
            [this, question, draftLocalId, publication](QAbstractButton *button) {
                if (question->buttonRole(button) == QMessageBox::AcceptRole)
                    m_editor.publishDraft(draftLocalId, publication, true);
            });
    question->open();
}

void CalendarPanel::scheduleInNextFreeSlot(const QString &draftLocalId)
{
    m_askedAgain = false;
    if (m_editor.scheduleDraft(draftLocalId, target(), std::nullopt) && !m_askedAgain)
        showMessage(tr("Scheduled in the next free slot of %1; it shows in the calendar once "
                       "the server has placed it.")
                        .arg(m_ui->targetCombo->currentText()),
                    false);
}

void CalendarPanel::showSlotEditingHelp()
{
    showMessage(tr("Editing slots: click a time to add a weekly slot for %1 there, click a "
                   "slot to remove it (or move with the arrows and press Space).")
                    .arg(m_ui->targetCombo->currentText()),
                false);
}

void CalendarPanel::showMessage(const QString &text, bool problem)
{
    // Its line is always there: the week below never moves when a message comes or goes.
    m_ui->messageLabel->setMessage(text, problem ? MessageLabel::Tone::Problem
                                                 : MessageLabel::Tone::Neutral);
    m_messageTimer.start();
}

QString CalendarPanel::slotTimeText(const WeeklySlot &slot)
{
    return tr("%1 at %2")
        .arg(QLocale().dayName(slot.day),
             QLocale().toString(QTime(slot.hour, slot.minute), QLocale::ShortFormat));
}

void CalendarPanel::showSlotRefused(const WeeklySlot &slot, bool addition,
                                    const client::ApiError &error)
{
    showMessage((addition ? tr("The slot on %1 was not added: %2")
                          : tr("The slot on %1 was not removed: %2"))
                    .arg(slotTimeText(slot), ErrorText::describe(error)),
                true);
}

void CalendarPanel::addSlotAt(int day, int minuteOfDay)
{
    // Weekly slots are wall-clock times in the project's zone, whatever zone is shown.
    const qint64 at = m_model->instantAt(day, minuteOfDay);
    const QDateTime there
        = QDateTime::fromMSecsSinceEpoch(at).toTimeZone(ProjectTimeZone::of(m_session.store()));
    WeeklySlot slot;
    slot.day = Qt::DayOfWeek(there.date().dayOfWeek());
    slot.hour = there.time().hour();
    slot.minute = there.time().minute();
    // One slot per day and time (the server's rule): say so rather than send it.
    for (const WeeklySlot &existing : m_session.store().plannedSlots()) {
        if (existing.sameTimeAs(slot)) {
            showMessage(tr("There is already a slot on %1 (perhaps for accounts not shown): "
                           "remove it first, or choose another time.")
                            .arg(slotTimeText(slot)),
                        true);
            return;
        }
    }
    const ScheduleEditor::Target chosen = target();
    if (!chosen.accountId.isEmpty()) {
        for (const Account &account : m_session.store().reference().accounts()) {
            if (account.id == chosen.accountId)
                slot.targets.append(SlotTarget {account.platform, account.id, chosen.pageId});
        }
    }
    // Queued like a post: it shows at once and reaches the server when it can.
    m_session.store().queueSlotAddition(slot);
}

void CalendarPanel::removeSlot(const QString &slotId)
{
    m_session.store().queueSlotRemoval(slotId);
}

} // namespace slotline::gui
