#pragma once

#include "client/localstore.h"
#include "core/account.h"
#include "core/slotcalendar.h"
#include "core/submission.h"
#include "core/weeklyslot.h"
#include "gui/common/rowsync.h"

#include <QAbstractListModel>
#include <QDate>
#include <QHash>
#include <QStringList>
#include <QTimeZone>

#include <optional>
#include <utility>
#include <vector>

namespace slotline {
class Clock;
}

namespace slotline::gui {

// What the week calendar paints: the publishing slots and the posts of seven days, as
// the LocalStore has them. Nothing is shown until setWeek() is called.
//
// Each row is one item, in the order of its start, then slots before posts, then id:
// - a slot occurrence: a weekly slot on its day of the shown week, at the instant its
//   wall-clock time has in the project's zone (where the slots are defined, whatever zone
//   the week is shown in), shown when it applies to at least one shown account. It is
//   taken when a shown account it applies to has a scheduled, publishing or published post
//   in that minute, as the server decides when it looks for a free slot.
// - a post that is not cancelled: at its scheduled time, or at its creation when it was
//   published at once; at its new time while a move waits in the outbox (PendingRole).
// - a draft's publication at a time that waits in the outbox (offline, or not sent yet):
//   pending, with no submission id until the server has made the post.
//
// A change in the store (posts, outbox, accounts, slots) updates only the rows concerned,
// so a view keeps its selection; a row's key is its kind and id (a slot occurrence's id
// includes its date, so another week brings other rows).
class WeekModel : public RowSyncing<QAbstractListModel>
{
    Q_OBJECT

public:
    enum class Kind { Slot, Post };
    Q_ENUM(Kind)

    enum Role {
        KindRole = Qt::UserRole + 1, // int(Kind)
        StartRole, // qint64 ms since the epoch: where the item sits on the time axis
        DayRole, // int 0..6: the column in the shown week, in the model's zone
        MinuteOfDayRole, // int 0..1439: the wall-clock minute of StartRole in the model's zone
        LaneRole, // int: posts whose times overlap share their cell side by side; slots 0
        LaneCountRole, // int: how many lanes this post's group of overlapping posts has; slots 1
        PlatformRole, // int(Platform); slots: -1 when for several platforms (or every account)
        AccountIdRole, // QString; slots: the one account targeted, else empty
        AccountNameRole, // QString: the account's name (its id until the accounts are known)
        PageIdRole, // QString: the page posted to / the one page targeted; else empty
        StatusRole, // int(SubmissionStatus); slots: invalid
        TextRole, // QString: a post's full text; slots: invalid
        TitleRole, // QString: a post's first non-empty line; slots: invalid
        SubmissionIdRole, // QString ps_...; slots: empty
        ScheduleIdRole, // QString; empty for slots and posts published at once
        SlotIdRole, // QString slot_...; posts: empty
        TakenRole, // bool (slots): a post of a shown account it applies to holds its minute
        PendingRole, // bool: a post's move, or a slot's addition, waits to reach the server
        MovableRole, // bool (posts): scheduled, in the future and not being cancelled
        PublicationRole, // qint64: a waiting publication's outbox sequence; else 0
    };

    // How long a post counts as taking on the time axis when posts are put in lanes.
    static constexpr qint64 PostSpanMs = 15 * 60 * 1000;

    explicit WeekModel(client::LocalStore &store, QObject *parent = nullptr);

    // The first day of the week that contains `anyDay`, weeks starting on `firstDayOfWeek`
    // (the view passes QLocale::firstDayOfWeek()).
    static QDate weekStarting(QDate anyDay, Qt::DayOfWeek firstDayOfWeek);

    // The seven days shown, starting at `firstDay`.
    void setWeek(QDate firstDay);
    QDate firstDay() const { return m_firstDay; }
    // The zone the days and times of the week are read in; the project's (ProjectTimeZone)
    // until this is called, or when called with an invalid zone, following it when the
    // server names another.
    void setTimeZone(const QTimeZone &zone);
    QTimeZone timeZone() const;
    // Only the posts and slots of these accounts (none for an empty list); std::nullopt:
    // every account.
    void setAccountFilter(const std::optional<QStringList> &accountIds);
    // What "in the future" means for MovableRole; the system clock when null. It must
    // outlive the model.
    void setClock(const Clock *clock);

    // The instants of the shown week, sinceMs <= t < untilMs: what the view asks the
    // server for (SyncEngine::loadPosts). (0, 0) before setWeek().
    std::pair<qint64, qint64> range() const;

    // The instant of a wall-clock minute of a shown day in the model's zone (a minute a
    // change of daylight saving time skips counts from the hour before the change).
    qint64 instantAt(int day, int minuteOfDay) const;
    // Where an instant is in the shown week (its day column and minute of the day in the
    // model's zone); none when it falls outside. The view asks it where now is.
    std::optional<std::pair<int, int>> placeInWeek(qint64 msSinceEpoch) const;
    // The model's zone as the user reads it: its name and offset, e.g. "Europe/Berlin (UTC+1)".
    QString zoneText() const;

    QModelIndex indexOfPost(const QString &submissionId) const;
    // The occurrence of this weekly slot in the shown week (the first, in the rare week
    // where a change of daylight saving time brings it twice).
    QModelIndex indexOfSlot(const QString &slotId) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    QHash<int, QByteArray> roleNames() const override;
    // Posts that can be moved are dragged as calendarmime::Post (and their text).
    QStringList mimeTypes() const override;
    QMimeData *mimeData(const QModelIndexList &indexes) const override;
    Qt::DropActions supportedDragActions() const override;

    // Reads the store again; called on its referenceChanged, postsChanged and
    // outboxChanged.
    void refresh();

Q_SIGNALS:
    // The shown week's instants changed (another week or zone): the posts of the new range
    // may need loading.
    void rangeChanged(qint64 sinceMs, qint64 untilMs);

private:
    struct Item
    {
        Kind kind = Kind::Post;
        QString key; // kind and id, what syncRows matches rows by
        qint64 startMs = 0;
        int day = 0;
        int minuteOfDay = 0;
        int lane = 0;
        int laneCount = 1;
        QString accountName;
        QString pageName;
        // Posts
        Submission post;
        bool pending = false;
        bool cancelling = false;
        qint64 publication = 0; // the outbox sequence of a publication not made yet
        // Slots
        WeeklySlot slot;
        QDate slotDate; // the date of the occurrence in the slots' zone
        bool taken = false;
        QString targetsText;
    };

    QVariant postData(const Item &item, int role) const;
    QVariant slotData(const Item &item, int role) const;
    QString statusText(const Item &item) const;
    void addPublication(const client::LocalStore::OutboxEntry &entry, qint64 sinceMs,
                        qint64 untilMs, std::vector<Item> &items) const;
    QString targetsText(const WeeklySlot &slot) const;
    QString accountName(const QString &accountId) const;
    QTimeZone currentZone() const;
    void updateCalendar();
    void refreshReference();

    client::LocalStore &m_store;
    const Clock *m_clock = nullptr;
    QDate m_firstDay;
    std::optional<QTimeZone> m_chosenZone; // none: the project's
    SlotCalendar m_calendar; // the model's zone
    QString m_slotZoneName;
    SlotCalendar m_slotCalendar; // the zone the slots are defined in
    std::pair<qint64, qint64> m_range {0, 0};
    std::optional<QStringList> m_accountFilter;
    QList<Account> m_accounts;
    QHash<QString, QString> m_pageNames; // page id -> name
    std::vector<Item> m_items;
};

} // namespace slotline::gui
