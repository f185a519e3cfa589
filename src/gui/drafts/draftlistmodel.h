#pragma once

#include "client/localstore.h"
#include "gui/common/listtablemodel.h"
#include "gui/common/timetext.h"

#include <QHash>
#include <QPixmap>
#include <QTimer>

#include <vector>

namespace slotline::gui {

// The drafts of the LocalStore, most recently edited first: what the draft list shows
// beside the composer. A change (LocalStore::draftsChanged, e.g. the composer's autosave)
// moves, inserts, removes or updates only the rows concerned, so the selection and the
// current draft stay put while the user types.
//
// Columns: the draft's first line, its platforms (one pixmap of their icons), when it was
// last edited ("5 min ago" within the hour), where it stands with the server, and the
// posts made of it (where each went, and what became of it).
// DraftFilterModel narrows and sorts it.
class DraftListModel : public ListTableModel
{
    Q_OBJECT

public:
    enum Column {
        DraftColumn,
        PlatformsColumn,
        EditedColumn,
        SyncColumn,
        PostsColumn,
        ColumnCount
    };
    enum Role {
        LocalIdRole = Qt::UserRole + 1, // QString
        SyncStateRole, // int(client::LocalStore::SyncState)
        UpdatedAtRole, // qint64, ms since the epoch
        TextRole, // the full text
        PlatformsRole, // QVariantList of int(slotline::Platform)
        ServerIdRole, // QString; empty while the server never had it
        PostCountRole, // int: the posts made of it that were not cancelled
    };

    explicit DraftListModel(client::LocalStore &store, QObject *parent = nullptr);

    // The clock and the zone of the Edited column.
    void setTimeText(const TimeText &timeText);

    QModelIndex indexOfDraft(const QString &localId, int column = DraftColumn) const;
    // The draft of a row of this model (not of a proxy).
    std::optional<client::LocalStore::LocalDraft> draftAt(const QModelIndex &index) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;

    // A draft is dragged as calendarmime::Draft (and its text) onto the calendar, which
    // copies it into a post; a post dropped here (calendarmime::Post) asks to be taken off
    // the calendar and kept as a draft (postDropped).
    QStringList mimeTypes() const override;
    QMimeData *mimeData(const QModelIndexList &indexes) const override;
    Qt::DropActions supportedDragActions() const override;
    Qt::DropActions supportedDropActions() const override;
    bool canDropMimeData(const QMimeData *data, Qt::DropAction action, int row, int column,
                         const QModelIndex &parent) const override;
    bool dropMimeData(const QMimeData *data, Qt::DropAction action, int row, int column,
                      const QModelIndex &parent) override;

    // Reads the store again; called on LocalStore::draftsChanged.
    void refresh();

    // "Only here", "Synced", "Waiting to sync", "Conflict" or "Refused".
    static QString syncText(const client::LocalStore::LocalDraft &draft);
    // What the Posts column says beside the icons of the platforms a draft's posts went to
    // ("1 failed", else nothing), and one line per post in full for its tooltip
    // ("Published on X (@demo) on …").
    QString postsText(const QList<Submission> &posts) const;
    // The platforms of its posts that were not cancelled, each once.
    static QList<Platform> postPlatforms(const QList<Submission> &posts);
    QString postsDescription(const QList<Submission> &posts) const;

Q_SIGNALS:
    void postDropped(const QString &submissionId);

private:
    using LocalDraft = client::LocalStore::LocalDraft;

    QVariant draftData(const LocalDraft &draft, int column, int role) const;
    static QString accountText(const Account &account);
    QPixmap platformsPixmap(const QList<Platform> &platforms) const;
    void relativeTimesChanged();

    client::LocalStore &m_store;
    std::vector<LocalDraft> m_drafts;
    QHash<QString, QList<Submission>> m_posts; // by the draft's local id
    TimeText m_timeText;
    // "5 min ago" grows older by itself: the Edited column is announced again each minute.
    QTimer m_ageTimer;
    mutable QHash<QString, QPixmap> m_platformPixmaps;
};

} // namespace slotline::gui
