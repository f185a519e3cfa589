#include "gui/composer/composerwidget.h"

#include "client/session.h"
#include "core/clock.h"
#include "core/postrules.h"
#include "gui/calendar/publishagainquestion.h"
#include "gui/calendar/scheduleeditor.h"
#include "gui/common/errortext.h"
#include "gui/common/messagelabel.h"
#include "gui/common/rulewords.h"
#include "gui/composer/accountchoice.h"
#include "gui/composer/answerfield.h"
#include "gui/composer/mediastrip.h"
#include "gui/composer/platformchoice.h"
#include "gui/composer/whenchoice.h"
#include "ui_composerwidget.h"

#include <QMessageBox>
#include <QPushButton>
#include <QTextCursor>

#include <algorithm>
#include <utility>

using namespace Qt::Literals::StringLiterals;

namespace slotline::gui {

ComposerWidget::ComposerWidget(client::Session &session, ScheduleEditor &editor,
                               client::MediaPreviewLoader &previews, const Clock &clock,
                               QWidget *parent)
    : QWidget(parent)
    , m_ui(new Ui::ComposerWidget)
    , m_session(session)
    , m_editor(editor)
    , m_clock(clock)
{
    m_ui->setupUi(this);
    m_platforms
        = new PlatformChoice({{Platform::LinkedIn, m_ui->linkedinButton, m_ui->linkedinCounter},
                              {Platform::Twitter, m_ui->twitterButton, m_ui->twitterCounter},
                              {Platform::Facebook, m_ui->facebookButton, m_ui->facebookCounter}},
                             this);
    // The outcome of a publication takes two lines, kept even while there is none.
    m_ui->resultLabel->setLines(2);

    m_media = new MediaStrip(session, previews, m_ui->mediaContainer);
    m_ui->mediaLayout->addWidget(m_media);
    setTabOrder(m_ui->textEdit, m_media);
    setTabOrder(m_media, m_ui->accountCombo);
    m_where = new AccountChoice(m_ui->accountCombo, m_ui->pageCombo, m_session.store().reference(),
                                this);
    m_when = new WhenChoice(m_ui->nowRadio, m_ui->atRadio, m_ui->slotRadio, m_ui->dateTimeEdit,
                            m_ui->zoneLabel, m_session.store(), m_clock, this);

    m_autosave.setSingleShot(true);
    m_autosave.setInterval(AutosaveDelayMs);
    connect(&m_autosave, &QTimer::timeout, this, &ComposerWidget::saveDraft);

    connect(m_ui->textEdit, &QPlainTextEdit::textChanged, this, [this] {
        updateCounters();
        contentEdited();
    });
    connect(m_platforms, &PlatformChoice::toggled, this, &ComposerWidget::platformsToggled);
    connect(m_media, &MediaStrip::mediaChanged, this, [this] {
        m_media->clearFieldErrors();
        contentEdited();
    });
    connect(m_where, &AccountChoice::accountChosen, this, [this] {
        if (m_loading)
            return;
        fieldEdited(Field::Account);
        updateCounters();
        validate();
        updatePublishButton();
    });
    connect(m_where, &AccountChoice::pageChosen, this, [this] {
        if (m_loading)
            return;
        fieldEdited(Field::Account);
        updatePublishButton();
    });
    connect(m_when, &WhenChoice::changed, this, [this] {
        if (!m_loading)
            fieldEdited(Field::Time);
        validate();
        updatePublishButton();
    });
    connect(m_ui->saveButton, &QPushButton::clicked, this, &ComposerWidget::saveDraft);
    connect(m_ui->publishButton, &QPushButton::clicked, this, &ComposerWidget::publish);

    client::LocalStore &store = session.store();
    connect(&store, &client::LocalStore::referenceChanged, this, [this] {
        fillAccounts();
        m_when->followProject();
    });
    connect(&store, &client::LocalStore::draftsChanged, this, &ComposerWidget::followStore);
    // A publication leaving the outbox frees its button.
    connect(&store, &client::LocalStore::outboxChanged, this, &ComposerWidget::updatePublishButton);
    connect(&session.sync(), &client::SyncEngine::published, this,
            [this](qint64, const QString &localId, const client::PostCreated &post) {
                onPublished(localId, post);
            });
    connect(&session.sync(), &client::SyncEngine::schedulingRefused, this,
            &ComposerWidget::onRefused);
    connect(&store, &client::LocalStore::postsChanged, this, &ComposerWidget::followOutcome);

    fillAccounts();
    clearErrors();
    updateCounters();
    updatePublishButton();
    updateSaveState();
}

ComposerWidget::~ComposerWidget()
{
    // What was typed since the last save is not lost when the window closes.
    if (m_autosave.isActive())
        saveDraft();
}

void ComposerWidget::newDraft()
{
    if (refuseLeavingUploads())
        return;
    saveDraft();
    showDraft(QString());
}

bool ComposerWidget::openDraft(const QString &localId)
{
    if (localId == m_draftId)
        return true;
    if (!m_session.store().draft(localId) || refuseLeavingUploads())
        return false;
    saveDraft();
    showDraft(localId);
    return true;
}

void ComposerWidget::showDraft(const QString &localId)
{
    m_autosave.stop();
    m_loading = true;
    m_draftId = localId;
    const auto draft = localId.isEmpty() ? std::nullopt : m_session.store().draft(localId);
    m_ui->textEdit->setPlainText(draft ? draft->text : QString());
    m_platforms->setChosen(draft ? draft->platforms : QList<Platform> {});
    m_media->setMediaUrls(draft ? draft->mediaUrls : QStringList {});
    m_when->reset();
    m_loading = false;
    m_awaitingPublication = false;
    m_followedPostId.clear();
    fillAccounts();
    clearErrors();
    showResult(QString(), false);
    updateCounters();
    updateSaveState();
    updatePublishButton();
    Q_EMIT draftChanged(m_draftId);
}

bool ComposerWidget::refuseLeavingUploads()
{
    // Media still being added belong to this draft: showing another would drop them.
    if (!m_media->isBusy())
        return false;
    showResult(tr("Wait until the media have been added (or remove them) before opening "
                  "another draft."),
               true);
    return true;
}

void ComposerWidget::followStore()
{
    updateSaveState();
    // While the user types, what is typed wins: it is saved over the draft soon.
    if (m_draftId.isEmpty() || m_loading || m_autosave.isActive())
        return;
    const auto draft = m_session.store().draft(m_draftId);
    if (!draft) {
        // Deleted (from the list, or elsewhere): saving what is shown would bring it back.
        showDraft(QString());
        return;
    }
    // Changed underneath (the server's version was taken, a conflict was resolved): the
    // composer shows what the draft says now, so that a later save does not undo it.
    const bool mediaDiffer = draft->mediaUrls != m_media->mediaUrls() && !m_media->isBusy();
    if (draft->text == m_ui->textEdit->toPlainText() && draft->platforms == m_platforms->chosen()
        && !mediaDiffer)
        return;
    m_loading = true;
    if (draft->text != m_ui->textEdit->toPlainText()) {
        const int position = m_ui->textEdit->textCursor().position();
        m_ui->textEdit->setPlainText(draft->text);
        QTextCursor cursor = m_ui->textEdit->textCursor();
        cursor.setPosition(std::min(position, int(draft->text.size())));
        m_ui->textEdit->setTextCursor(cursor);
    }
    m_platforms->setChosen(draft->platforms);
    if (mediaDiffer)
        m_media->setMediaUrls(draft->mediaUrls);
    m_loading = false;
    fillAccounts();
    updateCounters();
}

void ComposerWidget::discardDraft(const QString &localId)
{
    if (localId.isEmpty() || localId != m_draftId)
        return;
    m_autosave.stop();
    showDraft(QString());
}

bool ComposerWidget::hasMediaUnderWay() const
{
    return m_media->isBusy();
}

void ComposerWidget::focusText()
{
    m_ui->textEdit->setFocus(Qt::ShortcutFocusReason);
}

QString ComposerWidget::lastAccountId() const
{
    return m_where->preferredAccountId();
}

void ComposerWidget::setLastAccountId(const QString &accountId)
{
    m_where->prefer(accountId);
    fillAccounts();
}

void ComposerWidget::contentEdited()
{
    if (m_loading)
        return;
    fieldEdited(Field::Text);
    validate();
    m_autosave.start();
    updateSaveState();
    updatePublishButton();
}

void ComposerWidget::platformsToggled()
{
    if (m_loading)
        return;
    fillAccounts();
    updateCounters();
    contentEdited();
}

void ComposerWidget::saveDraft()
{
    m_autosave.stop();
    const QString text = m_ui->textEdit->toPlainText();
    const QList<Platform> platforms = m_platforms->chosen();
    const QStringList media = m_media->mediaUrls();
    client::LocalStore &store = m_session.store();
    const qint64 now = m_clock.nowMs();
    if (!m_draftId.isEmpty()) {
        const auto saved = store.draft(m_draftId);
        if (saved && saved->text == text && saved->platforms == platforms
            && saved->mediaUrls == media)
            return; // nothing new
        if (saved && store.editDraft(m_draftId, text, platforms, media, now)) {
            updateSaveState();
            return;
        }
        // Deleted meanwhile (here or elsewhere): what is in the composer becomes a new draft.
    }
    if (text.trimmed().isEmpty() && media.isEmpty()) {
        m_draftId.clear(); // an empty page is not worth a draft
        updateSaveState();
        return;
    }
    m_draftId = store.createDraft(text, platforms, media, now);
    updateSaveState();
    Q_EMIT draftChanged(m_draftId);
}

void ComposerWidget::publish()
{
    m_publishTried = true;
    showResult(QString(), false);
    bool ok = validate();
    if (m_media->isBusy()) {
        showResult(tr("Wait until the media have been added."), true);
        ok = false;
    }
    if (!ok || !m_ui->publishButton->isEnabled())
        return;

    saveDraft();
    if (m_draftId.isEmpty())
        return;
    if (const auto draft = m_session.store().draft(m_draftId);
        draft && draft->state == client::LocalStore::SyncState::Conflict) {
        // The server would publish its own version, not the one shown here.
        showResult(tr("Not published: this draft was changed elsewhere too. Choose which "
                      "version to keep in the drafts list, then publish it."),
                   true);
        return;
    }
    const client::LocalStore::Publication publication = chosenPublication();
    if (m_session.store().isPublicationQueued(m_draftId, publication)) {
        showResult(tr("This publication is already on its way; it is not sent twice."), false);
        return;
    }
    if (const auto refusal = m_editor.refusalToPublish(m_draftId, publication)) {
        showResult(tr("Not published: %1").arg(*refusal), true);
        return;
    }
    confirmAndQueue(publication);
}

client::LocalStore::Publication ComposerWidget::chosenPublication() const
{
    client::LocalStore::Publication publication;
    publication.accountId = m_where->accountId();
    publication.pageId = m_where->pageId();
    const When chosen = m_when->when();
    if (chosen == When::At)
        publication.scheduledAtMs = m_when->chosenTimeMs();
    publication.useNextFreeSlot = chosen == When::NextFreeSlot;
    return publication;
}

void ComposerWidget::confirmAndQueue(const client::LocalStore::Publication &publication)
{
    QMessageBox *question
        = PublishAgainQuestion::make(m_session.store(), m_draftId, publication, this);
    if (!question) {
        queue(publication);
        return;
    }
    const QString draftId = m_draftId;
    connect(question, &QMessageBox::buttonClicked, this,
            [this, question, draftId, publication](QAbstractButton *button) {
                if (question->buttonRole(button) == QMessageBox::AcceptRole && draftId == m_draftId)
                    queue(publication);
            });
    question->open();
}

void ComposerWidget::queue(const client::LocalStore::Publication &publication)
{
    if (m_session.store().isPublicationQueued(m_draftId, publication))
        return;
    // Through the one changer, as a drop on the calendar: undoable alike. The user has
    // been asked already when the draft went there before.
    if (!m_editor.publishDraft(m_draftId, publication, true))
        return;
    m_awaitingPublication = true;
    m_publishTried = false;
    updatePublishButton();
    const bool offline = m_session.connectivity().state() == client::Connectivity::State::Offline;
    showResult(offline ? tr("You are offline: the post will be sent when the server is back.")
                       : tr("Sending…"),
               false);
}

void ComposerWidget::onPublished(const QString &localId, const client::PostCreated &post)
{
    if (localId != m_draftId || !m_awaitingPublication)
        return;
    m_awaitingPublication = false;
    m_followedPostId.clear();
    if (post.scheduledAtMs) {
        showResult(tr("Scheduled for %1.").arg(m_when->timeText(*post.scheduledAtMs)), false);
    } else {
        showResult(tr("Sent for publishing. The Posts list shows when it is out."), false);
        m_followedPostId = post.postSubmissionId;
        followOutcome();
    }
    Q_EMIT published(localId, post);
}

void ComposerWidget::followOutcome()
{
    if (m_followedPostId.isEmpty())
        return;
    const auto post = m_session.store().posts().find(m_followedPostId);
    if (!post)
        return;
    switch (post->status) {
    case SubmissionStatus::Published:
        m_followedPostId.clear();
        showResult(tr("Published."), false);
        return;
    case SubmissionStatus::Failed:
        m_followedPostId.clear();
        //: The composer's word on a post it sent that then failed; %1 is why.
        showResult(tr("Not published: %1").arg(ErrorText::postFailure(*post)), true);
        return;
    case SubmissionStatus::Cancelled:
        m_followedPostId.clear();
        showResult(tr("Not published: it was cancelled."), true);
        return;
    case SubmissionStatus::Scheduled:
    case SubmissionStatus::InProgress: return;
    }
}

void ComposerWidget::onRefused(const QString &subject, const client::ApiError &error)
{
    // Shown even when the draft was opened again since it was sent: nobody else says it.
    if (subject != m_draftId)
        return;
    m_awaitingPublication = false;
    showError(error);
}

void ComposerWidget::showError(const client::ApiError &error)
{
    QStringList elsewhere;
    for (const client::ApiError::FieldIssue &issue : error.details()) {
        const AnswerField field = AnswerField::of(issue.field);
        switch (field.part) {
        case AnswerField::Part::Media:
            m_media->setFieldError(field.mediaIndex, issue.message);
            break;
        case AnswerField::Part::Text: m_serverProblems[int(Field::Text)] = issue.message; break;
        case AnswerField::Part::Account:
            m_serverProblems[int(Field::Account)] = issue.message;
            break;
        case AnswerField::Part::Time: m_serverProblems[int(Field::Time)] = issue.message; break;
        case AnswerField::Part::Elsewhere: elsewhere.append(issue.message); break;
        }
    }
    validate();
    QString summary = tr("Not published: %1").arg(ErrorText::describe(error));
    if (!elsewhere.isEmpty())
        summary += u' ' + elsewhere.join(u' ');
    m_ui->resultLabel->setMessage(summary, MessageLabel::Tone::Problem, ErrorText::detail(error));
}

void ComposerWidget::fieldEdited(Field field)
{
    m_serverProblems[int(field)].clear();
    if (field == Field::Text)
        m_media->clearFieldErrors();
    // "Not published: …" or "Scheduled for …" was about the form as it was.
    if (!m_awaitingPublication) {
        m_followedPostId.clear();
        showResult(QString(), false);
    }
}

MessageLabel *ComposerWidget::labelFor(Field field) const
{
    switch (field) {
    case Field::Text: return m_ui->textErrorLabel;
    case Field::Account: return m_ui->accountErrorLabel;
    case Field::Time: return m_ui->timeErrorLabel;
    }
    return m_ui->textErrorLabel;
}

bool ComposerWidget::validate()
{
    std::array<QString, 3> found;
    const QString text = m_ui->textEdit->toPlainText();
    using Kind = ContentViolation::Kind;

    const auto platform = m_where->platform();
    const auto refusal = PostRules::refusalToPublish(m_where->status());
    if (!platform) {
        if (m_publishTried && text.trimmed().isEmpty() && m_media->mediaUrls().isEmpty())
            found[int(Field::Text)]
                = RuleWords::contentProblem(Platform::LinkedIn, {Kind::Empty, 0, 0});
        // Before the accounts are known there is nothing to say about them yet.
        if (m_publishTried || !m_session.store().reference().accounts().isEmpty())
            found[int(Field::Account)]
                = m_where->listsNoAccount()
                      ? tr("There is no connected account for the chosen platforms.")
                      : tr("Choose the account to publish with.");
    } else {
        if (refusal)
            found[int(Field::Account)]
                = RuleWords::publishRefusal(*refusal, m_where->accountName());
        // An empty post is said once publishing was tried; a limit as soon as it is broken.
        for (const ContentViolation &problem :
             PostRules::checkContent(*platform, text, m_media->mediaUrls(),
                                     PostRules::MediaAddresses::WebOrWaitingUpload)) {
            if (problem.kind != Kind::Empty || m_publishTried) {
                found[int(Field::Text)] = RuleWords::contentProblem(*platform, problem);
                break;
            }
        }
    }

    if (m_when->when() == When::At) {
        const auto at = m_when->chosenTimeMs();
        if (!at)
            found[int(Field::Time)]
                = tr("This time does not exist in %1 (the clocks change).").arg(m_when->timezone());
        else if (const auto problem = PostRules::checkTime(*at, m_clock.nowMs()))
            found[int(Field::Time)] = RuleWords::timeProblem(*problem);
    }

    bool ok = true;
    for (const Field field : {Field::Text, Field::Account, Field::Time}) {
        const QString &local = found[int(field)];
        ok = ok && local.isEmpty();
        const QString &shown = local.isEmpty() ? m_serverProblems[int(field)] : local;
        labelFor(field)->setMessage(shown, MessageLabel::Tone::Problem);
        QWidget *input = field == Field::Text      ? static_cast<QWidget *>(m_ui->textEdit)
                         : field == Field::Account ? static_cast<QWidget *>(m_ui->accountCombo)
                                                   : static_cast<QWidget *>(m_ui->dateTimeEdit);
        input->setAccessibleDescription(shown);
    }
    return ok;
}

void ComposerWidget::showResult(const QString &text, bool problem)
{
    m_ui->resultLabel->setMessage(text, problem ? MessageLabel::Tone::Problem
                                                : MessageLabel::Tone::Neutral);
}

void ComposerWidget::clearErrors()
{
    m_publishTried = false;
    for (QString &problem : m_serverProblems)
        problem.clear();
    m_media->clearFieldErrors();
    validate();
}

void ComposerWidget::updateCounters()
{
    m_media->setMaximumCount(m_platforms->showFit(m_ui->textEdit->toPlainText()));
}

void ComposerWidget::fillAccounts()
{
    const bool wasLoading = std::exchange(m_loading, true);
    m_where->refill(m_platforms->chosen());
    m_loading = wasLoading;
    updateCounters();
    validate();
    updatePublishButton();
}

void ComposerWidget::updatePublishButton()
{
    switch (m_when->when()) {
    case When::Now: m_ui->publishButton->setText(tr("Pu&blish now")); break;
    case When::At: m_ui->publishButton->setText(tr("Sche&dule")); break;
    case When::NextFreeSlot: m_ui->publishButton->setText(tr("Put in next free s&lot")); break;
    }
    m_ui->dateTimeEdit->setEnabled(true);
    // While this very publication is on its way, a second click (a double click, an
    // impatient one) has nothing to do.
    const bool sending = !m_draftId.isEmpty()
                         && m_session.store().isPublicationQueued(m_draftId, chosenPublication());
    m_ui->publishButton->setEnabled(!sending);
    m_ui->publishButton->setToolTip(sending ? tr("This post is being sent; wait for the answer.")
                                            : tr("Publish or schedule this post (Ctrl+Return)"));
}

void ComposerWidget::updateSaveState()
{
    QString state;
    if (m_autosave.isActive()) {
        state = tr("Editing…");
    } else if (m_draftId.isEmpty()) {
        state = m_ui->textEdit->toPlainText().isEmpty() ? QString() : tr("Not saved");
    } else if (const auto draft = m_session.store().draft(m_draftId)) {
        using State = client::LocalStore::SyncState;
        switch (draft->state) {
        case State::Synced: state = tr("Saved and synced"); break;
        case State::Pending:
            state = draft->serverId.isEmpty() ? tr("Saved on this computer")
                                              : tr("Saved, waiting to sync");
            break;
        case State::Conflict: state = tr("Changed elsewhere too: choose in the drafts list"); break;
        case State::Refused:
            state = tr("Not accepted by the server: %1").arg(draft->problem);
            break;
        }
        m_ui->titleLabel->setText(tr("Draft"));
    }
    if (m_draftId.isEmpty())
        m_ui->titleLabel->setText(tr("New draft"));
    m_ui->saveStateLabel->setText(state);
}

} // namespace slotline::gui
