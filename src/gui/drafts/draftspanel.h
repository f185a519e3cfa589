#pragma once

#include "core/platform.h"

#include <QScopedPointer>
#include <QTimer>
#include <QWidget>

#include <optional>

QT_BEGIN_NAMESPACE
class QAction;
class QModelIndex;
class QUndoStack;
QT_END_NAMESPACE

namespace Ui {
class DraftsPanel;
}

namespace slotline {
class Clock;
}

namespace slotline::client {
class Session;
}

namespace slotline::gui {

class DraftListModel;
class DraftFilterModel;

// The drafts, as the local store has them (so all of it works offline): search, the
// platforms and sync state of each, new / duplicate / delete (undoable, with a bar that
// offers the undo right where the draft was), and opening one in the composer.
class DraftsPanel : public QWidget
{
    Q_OBJECT

public:
    // How long the "Draft deleted. Undo" bar stays.
    static constexpr int UndoBarMs = 10'000;

    DraftsPanel(client::Session &session, QUndoStack &undoStack, const Clock &clock,
                QWidget *parent = nullptr);
    ~DraftsPanel() override;

    QAction *newAction() const { return m_newAction; }
    QAction *duplicateAction() const { return m_duplicateAction; }
    QAction *deleteAction() const { return m_deleteAction; }
    QAction *searchAction() const { return m_searchAction; }
    QAction *nextFreeSlotAction() const { return m_nextSlotAction; }

    // Shows the drafts meant for these platforms (and those meant for none); all without.
    void setPlatformFilter(const std::optional<QList<Platform>> &platforms);
    QStringList selectedDraftIds() const;
    void selectDraft(const QString &localId);

    DraftListModel &model() { return *m_model; }

Q_SIGNALS:
    void openRequested(const QString &localId);
    // These drafts are about to be deleted by the user (what is typed in them goes too).
    void deleting(const QStringList &localIds);
    void newRequested();
    // The draft is to be scheduled in the next free slot (of the calendar's account).
    void nextFreeSlotRequested(const QString &localId);
    // A scheduled post was dragged here from the calendar: it is to become a draft again.
    void unscheduleRequested(const QString &submissionId);

private:
    void duplicateSelected();
    void deleteSelected();
    void activated(const QModelIndex &index);
    void resolveConflict(const QString &localId);
    void updateActions();
    void useProjectTimezone();

    QScopedPointer<Ui::DraftsPanel> m_ui;
    client::Session &m_session;
    const Clock &m_clock;
    QUndoStack &m_undoStack;
    DraftListModel *m_model = nullptr;
    DraftFilterModel *m_filter = nullptr;
    QAction *m_newAction = nullptr;
    QAction *m_duplicateAction = nullptr;
    QAction *m_deleteAction = nullptr;
    QAction *m_nextSlotAction = nullptr;
    QAction *m_searchAction = nullptr;
    QTimer m_undoBarTimer;
};

} // namespace slotline::gui
