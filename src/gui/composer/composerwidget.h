#pragma once

#include "client/apierror.h"
#include "client/apiresults.h"
#include "client/localstore.h"
#include "core/platform.h"
#include "gui/composer/whenchoice.h"

#include <QScopedPointer>
#include <QTimer>
#include <QWidget>

#include <array>
#include <optional>

namespace Ui {
class ComposerWidget;
}

namespace slotline {
class Clock;
}

namespace slotline::client {
class Session;
class MediaPreviewLoader;
} // namespace slotline::client

namespace slotline::gui {

class AccountChoice;
class PlatformChoice;
class MediaStrip;
class ScheduleEditor;
class MessageLabel;

// Where a post is written: one draft at a time, saved to the local store while the user
// types (so nothing typed is lost, online or not), with a live length counter for each
// platform it is meant for, and the actions that publish it now, at a time, or in the
// next free slot. Publications go through the outbox like every change; what the server
// says about them comes back here and is shown next to the field it names.
class ComposerWidget : public QWidget
{
    Q_OBJECT

public:
    // How long typing may pause before the draft is saved.
    static constexpr int AutosaveDelayMs = 800;

    // Publications go through `editor`, as the calendar's drops do.
    ComposerWidget(client::Session &session, ScheduleEditor &editor,
                   client::MediaPreviewLoader &previews, const Clock &clock,
                   QWidget *parent = nullptr);
    ~ComposerWidget() override;

    // The draft being edited (its local id); empty while a new one has not been saved.
    QString draftId() const { return m_draftId; }

    // Saves what is being edited, then starts an empty draft. Neither while media are
    // being uploaded: the user is told to wait.
    void newDraft();
    // Saves what is being edited, then edits `localId` (false when there is no such draft,
    // or media are being uploaded).
    bool openDraft(const QString &localId);
    // The user deletes this draft: what was typed since the last save goes with it, and
    // the composer starts an empty draft (saving first would bring the draft back).
    void discardDraft(const QString &localId);
    // Saves now what the autosave would save soon.
    void saveDraft();
    // Checks what can be checked here, then queues the publication the form describes.
    void publish();
    void focusText();
    // A medium is still being uploaded or fetched: it is not part of the draft until done.
    bool hasMediaUnderWay() const;

    // The choices the window remembers between runs.
    QString lastAccountId() const;
    void setLastAccountId(const QString &accountId);

Q_SIGNALS:
    // The draft in the composer changed (another was opened, or a new one was saved).
    void draftChanged(const QString &localId);
    // A publication went through; `post` says what the server made of it.
    void published(const QString &localId, const slotline::client::PostCreated &post);

private:
    using When = WhenChoice::When;
    // The parts of the form a problem can be about, each with its line for it.
    enum class Field { Text, Account, Time };

    void contentEdited();
    // The store's drafts changed: the one shown may have been deleted or changed underneath.
    void followStore();
    // True (and the user told why) while media are uploading for the draft shown.
    bool refuseLeavingUploads();
    void platformsToggled();
    void updateCounters();
    void fillAccounts();
    void updatePublishButton();
    void updateSaveState();
    void showDraft(const QString &localId);
    // The user changed this part of the form: what the server said about it no longer
    // holds, nor does the outcome of the last publication.
    void fieldEdited(Field field);
    // Checks the form as it is now and shows each part's problem (or none): the problems
    // found here first, else what the server said about that part. True when nothing
    // found here stands in the way of publishing.
    bool validate();
    MessageLabel *labelFor(Field field) const;
    void clearErrors();
    void showError(const client::ApiError &error);
    void showResult(const QString &text, bool problem);
    // The publication the form describes now.
    client::LocalStore::Publication chosenPublication() const;
    // Where the draft already went (or waits to go) with this account and page: asks
    // first, then queues; or queues at once when it went nowhere there yet.
    void confirmAndQueue(const client::LocalStore::Publication &publication);
    void queue(const client::LocalStore::Publication &publication);
    // Says what became of the post sent for publishing from this draft, once it is known.
    void followOutcome();
    void onPublished(const QString &localId, const client::PostCreated &post);
    void onRefused(const QString &subject, const client::ApiError &error);

    QScopedPointer<Ui::ComposerWidget> m_ui;
    client::Session &m_session;
    ScheduleEditor &m_editor;
    const Clock &m_clock;
    MediaStrip *m_media = nullptr;
    PlatformChoice *m_platforms = nullptr;
    AccountChoice *m_where = nullptr;
    WhenChoice *m_when = nullptr;
    QTimer m_autosave;
    QString m_draftId;
    bool m_loading = false; // fields are being filled from a draft, not edited
    bool m_awaitingPublication = false;
    // The post sent for publishing now from this draft: its outcome replaces "Sent for
    // publishing" when the app hears of it. Empty once said, or when the draft changes.
    QString m_followedPostId;
    bool m_publishTried = false; // since the last edit: "write something" may be said
    std::array<QString, 3> m_serverProblems; // by Field
};

} // namespace slotline::gui
