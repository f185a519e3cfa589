#include "gui/calendar/weekmodel.h"

#include "client/localstore.h"
#include "client/slotqueue.h"
#include "core/clock.h"
#include "core/isotime.h"
#include "core/postrules.h"
#include "gui/calendar/weeklanes.h"
#include "gui/calendar/weekwallclock.h"
#include "gui/common/calendarmime.h"
#include "gui/common/firstline.h"
#include "gui/common/platformstyle.h"
#include "gui/common/projecttimezone.h"

#include <QLocale>
#include <QMimeData>
#include <QSet>
#include <QTime>

#include <algorithm>
#include <limits>

using namespace Qt::Literals::StringLiterals;

namespace slotline::gui {
namespace {

constexpr qint64 MinuteMs = 60 * 1000;
constexpr qint64 DayMs = 24 * 60 * MinuteMs;

bool samePost(const Submission &a, const Submission &b)
{
    const auto pageOf
        = [](const Submission &post) { return post.target ? post.target->pageId : QString(); };
    return a.id == b.id && a.accountId == b.accountId && a.platform == b.platform
           && a.text == b.text && pageOf(a) == pageOf(b) && a.status == b.status
           && a.scheduledAtMs == b.scheduledAtMs && a.scheduleId == b.scheduleId
           && a.createdAtMs == b.createdAtMs && a.publishedAtMs == b.publishedAtMs
           && a.errorMessage == b.errorMessage;
}

QString clockTime(int minuteOfDay)
{
    return QLocale().toString(QTime(minuteOfDay / 60, minuteOfDay % 60), QLocale::ShortFormat);
}

const SystemClock &systemClock()
{
    static const SystemClock clock;
    return clock;
}

} // namespace

WeekModel::WeekModel(client::LocalStore &store, QObject *parent)
    : RowSyncing<QAbstractListModel>(parent)
    , m_store(store)
    , m_calendar(ProjectTimeZone::of(store))
    , m_slotCalendar(QTimeZone::utc())
{
    connect(&m_store, &client::LocalStore::postsChanged, this, &WeekModel::refresh);
    // A move or cancellation that went through (or was refused) changes the outbox.
    connect(&m_store, &client::LocalStore::outboxChanged, this, &WeekModel::refresh);
    connect(&m_store, &client::LocalStore::referenceChanged, this, &WeekModel::refreshReference);
    m_accounts = m_store.reference().accounts();
    for (const Account &account : std::as_const(m_accounts)) {
        for (const Subaccount &page : m_store.reference().subaccounts(account.id))
            m_pageNames.insert(page.id, page.name);
    }
}

QDate WeekModel::weekStarting(QDate anyDay, Qt::DayOfWeek firstDayOfWeek)
{
    if (!anyDay.isValid())
        return {};
    const int back = (anyDay.dayOfWeek() - int(firstDayOfWeek) + 7) % 7;
    return anyDay.addDays(-back);
}

void WeekModel::setWeek(QDate firstDay)
{
    if (firstDay == m_firstDay)
        return;
    m_firstDay = firstDay;
    updateCalendar();
    refresh();
}

void WeekModel::setTimeZone(const QTimeZone &zone)
{
    const std::optional<QTimeZone> chosen
        = zone.isValid() ? std::optional<QTimeZone>(zone) : std::nullopt;
    if (chosen == m_chosenZone)
        return;
    m_chosenZone = chosen;
    updateCalendar();
    refresh();
}

QTimeZone WeekModel::timeZone() const
{
    return m_calendar.zone();
}

QTimeZone WeekModel::currentZone() const
{
    return m_chosenZone ? *m_chosenZone : ProjectTimeZone::of(m_store);
}

void WeekModel::setAccountFilter(const std::optional<QStringList> &accountIds)
{
    if (accountIds == m_accountFilter)
        return;
    m_accountFilter = accountIds;
    refresh();
}

void WeekModel::setClock(const Clock *clock)
{
    m_clock = clock;
    if (!m_items.empty())
        Q_EMIT dataChanged(index(0), index(rowCount() - 1), {MovableRole});
}

std::pair<qint64, qint64> WeekModel::range() const
{
    return m_range;
}

void WeekModel::updateCalendar()
{
    const QTimeZone zone = currentZone();
    if (zone != m_calendar.zone())
        m_calendar = SlotCalendar(zone);
    std::pair<qint64, qint64> week {0, 0};
    if (m_firstDay.isValid())
        week = {m_calendar.instantOf(m_firstDay, 0, 0),
                m_calendar.instantOf(m_firstDay.addDays(7), 0, 0)};
    if (week == m_range)
        return;
    m_range = week;
    Q_EMIT rangeChanged(m_range.first, m_range.second);
}

void WeekModel::refreshReference()
{
    m_accounts = m_store.reference().accounts();
    m_pageNames.clear();
    for (const Account &account : std::as_const(m_accounts)) {
        for (const Subaccount &page : m_store.reference().subaccounts(account.id))
            m_pageNames.insert(page.id, page.name);
    }
    updateCalendar(); // the project's zone may have changed
    refresh();
}

QString WeekModel::accountName(const QString &accountId) const
{
    for (const Account &account : m_accounts) {
        if (account.id == accountId)
            return account.name.isEmpty() ? account.id : account.name;
    }
    return accountId;
}

void WeekModel::refresh()
{
    std::vector<Item> fresh;
    if (m_firstDay.isValid()) {
        const auto [sinceMs, untilMs] = m_range;
        const WeekWallClock wallClock(m_calendar.zone(), m_firstDay, sinceMs - DayMs,
                                      untilMs + DayMs);
        const auto place = [&](Item &item) {
            const WeekWallClock::Place at = wallClock.placeOf(item.startMs);
            item.day = at.day;
            item.minuteOfDay = at.minuteOfDay;
        };

        QSet<QString> shownIds;
        if (m_accountFilter)
            shownIds = QSet<QString>(m_accountFilter->cbegin(), m_accountFilter->cend());
        const auto shown = [&](const QString &accountId) {
            return !m_accountFilter || shownIds.contains(accountId);
        };
        QHash<QString, QString> names;
        for (const Account &account : std::as_const(m_accounts))
            names.insert(account.id, account.name.isEmpty() ? account.id : account.name);

        QSet<QString> moving;
        QSet<QString> cancelling;
        for (const client::LocalStore::OutboxEntry &entry : m_store.pendingScheduling()) {
            using EntryKind = client::LocalStore::OutboxEntry::Kind;
            if (entry.kind == EntryKind::UpdateSchedule)
                moving.insert(entry.subject);
            else if (entry.kind == EntryKind::CancelSchedule)
                cancelling.insert(entry.subject);
            else if (entry.kind == EntryKind::PublishDraft
                     && !client::LocalStore::isRetracted(entry))
                addPublication(entry, sinceMs, untilMs, fresh);
        }
        for (Item &item : fresh) {
            if (!shown(item.post.accountId))
                item.key.clear(); // dropped below
            else
                place(item);
        }
        std::erase_if(fresh, [](const Item &item) { return item.key.isEmpty(); });

        // The minutes each shown account's posts hold, for telling taken slots.
        QHash<QString, std::vector<qint64>> heldMinutes;
        for (Submission &post : m_store.posts().inRange(sinceMs, untilMs)) {
            if (post.status == SubmissionStatus::Cancelled || !shown(post.accountId))
                continue;
            if (PostRules::occupiesItsMinute(post))
                heldMinutes[post.accountId].push_back(*post.scheduledAtMs);
            Item item;
            item.kind = Kind::Post;
            item.key = u"post:"_s + post.id;
            item.startMs = post.scheduledAtMs.value_or(post.createdAtMs);
            place(item);
            item.accountName = names.value(post.accountId, post.accountId);
            if (post.target && !post.target->pageId.isEmpty())
                item.pageName = m_pageNames.value(post.target->pageId, post.target->pageId);
            if (!post.scheduleId.isEmpty()) {
                item.pending = moving.contains(post.scheduleId);
                item.cancelling = cancelling.contains(post.scheduleId);
            }
            item.post = std::move(post);
            fresh.push_back(std::move(item));
        }
        for (std::vector<qint64> &minutes : heldMinutes)
            std::sort(minutes.begin(), minutes.end());

        QString slotZoneName = m_store.reference().timezone();
        if (!QTimeZone(slotZoneName.toUtf8()).isValid())
            slotZoneName = ProjectTimeZone::nameOf(m_store);
        if (slotZoneName != m_slotZoneName) {
            m_slotZoneName = slotZoneName;
            m_slotCalendar = SlotCalendar(QTimeZone(slotZoneName.toUtf8()));
        }
        for (const WeeklySlot &slot : m_store.plannedSlots()) {
            QList<const Account *> accounts;
            for (const Account &account : std::as_const(m_accounts)) {
                if (shown(account.id)
                    && slot.appliesToAccountOrItsPages(account.id, account.platform))
                    accounts.append(&account);
            }
            if (accounts.isEmpty())
                continue;
            // The zones can be a day apart: the dates around the week, in the slots' zone.
            for (QDate date = m_firstDay.addDays(-2); date < m_firstDay.addDays(9);
                 date = date.addDays(1)) {
                if (date.dayOfWeek() != slot.day)
                    continue;
                const qint64 at = m_slotCalendar.instantOf(date, slot.hour, slot.minute);
                if (at < sinceMs || at >= untilMs)
                    continue;
                Item item;
                item.kind = Kind::Slot;
                item.key = u"slot:"_s + slot.id + u'@' + date.toString(Qt::ISODate);
                item.startMs = at;
                place(item);
                item.slot = slot;
                item.slotDate = date;
                item.pending = client::SlotQueue::isPlannedHere(slot.id);
                item.taken = std::any_of(accounts.cbegin(), accounts.cend(), [&](const Account *a) {
                    const auto held = heldMinutes.constFind(a->id);
                    if (held == heldMinutes.cend())
                        return false;
                    const auto next = std::lower_bound(held->cbegin(), held->cend(), at);
                    return next != held->cend() && *next < at + MinuteMs;
                });
                if (const auto target = slot.singleAccountTarget()) {
                    item.accountName = names.value(target->accountId, target->accountId);
                    if (!target->subaccountId.isEmpty())
                        item.pageName
                            = m_pageNames.value(target->subaccountId, target->subaccountId);
                }
                item.targetsText = targetsText(slot);
                fresh.push_back(std::move(item));
            }
        }

        std::sort(fresh.begin(), fresh.end(), [](const Item &a, const Item &b) {
            if (a.startMs != b.startMs)
                return a.startMs < b.startMs;
            if (a.kind != b.kind)
                return a.kind < b.kind;
            return a.key < b.key;
        });

        weeklanes::assignByDay(
            fresh, [](const Item &item) { return item.kind == Kind::Post; }, PostSpanMs);
    }

    syncRows(
        m_items, std::move(fresh), [](const Item &item) { return item.key; },
        [this](int row, Item &current, Item &&next) {
            const bool same
                = current.startMs == next.startMs && current.day == next.day
                  && current.minuteOfDay == next.minuteOfDay && current.lane == next.lane
                  && current.laneCount == next.laneCount && current.accountName == next.accountName
                  && current.pageName == next.pageName && current.pending == next.pending
                  && current.cancelling == next.cancelling && current.taken == next.taken
                  && current.publication == next.publication
                  && current.targetsText == next.targetsText && samePost(current.post, next.post)
                  && current.slot.id == next.slot.id && current.slot.hour == next.slot.hour
                  && current.slot.minute == next.slot.minute
                  && current.slot.targets == next.slot.targets;
            if (same)
                return;
            current = std::move(next);
            Q_EMIT dataChanged(index(row), index(row));
        },
        rowNotifier());
}

void WeekModel::addPublication(const client::LocalStore::OutboxEntry &entry, qint64 sinceMs,
                               qint64 untilMs, std::vector<Item> &items) const
{
    if (!entry.publication || !entry.publication->scheduledAtMs)
        return; // now, or in the next free slot: shown once the server has placed it
    const client::DraftPublication &where = *entry.publication;
    const qint64 atMs = *where.scheduledAtMs;
    if (atMs < sinceMs || atMs >= untilMs)
        return;
    const auto draft = m_store.draft(entry.subject);
    const auto account = std::find_if(m_accounts.cbegin(), m_accounts.cend(),
                                      [&](const Account &a) { return a.id == where.accountId; });
    if (!draft || account == m_accounts.cend())
        return;
    Item item;
    item.kind = Kind::Post;
    item.key = u"publication:"_s + QString::number(entry.sequence);
    item.startMs = atMs;
    item.accountName = accountName(where.accountId);
    item.pending = true;
    item.publication = entry.sequence;
    item.post.accountId = where.accountId;
    item.post.platform = account->platform;
    item.post.text = draft->text;
    item.post.scheduledAtMs = atMs;
    if (!where.pageId.isEmpty()) {
        item.post.target = PostTarget {QString(), where.pageId};
        item.pageName = m_pageNames.value(where.pageId, where.pageId);
    }
    items.push_back(std::move(item));
}

QString WeekModel::targetsText(const WeeklySlot &slot) const
{
    if (slot.targets.isEmpty())
        return tr("For every account");
    QStringList lines;
    for (const SlotTarget &target : slot.targets) {
        const QString platform = platforms::displayName(target.platform);
        if (target.accountId.isEmpty()) {
            //: A slot's target: every account of a platform.
            lines.append(tr("every %1 account").arg(platform));
        } else if (target.subaccountId.isEmpty()) {
            //: A slot's target: an account, and its platform.
            lines.append(tr("%1 (%2)").arg(accountName(target.accountId), platform));
        } else {
            //: A slot's target: an account's page, and the platform.
            lines.append(tr("%1 › %2 (%3)")
                             .arg(accountName(target.accountId),
                                  m_pageNames.value(target.subaccountId, target.subaccountId),
                                  platform));
        }
    }
    return tr("For %1").arg(QLocale().createSeparatedList(lines));
}

QModelIndex WeekModel::indexOfPost(const QString &submissionId) const
{
    for (size_t row = 0; row < m_items.size(); ++row) {
        const Item &item = m_items[row];
        if (item.kind == Kind::Post && item.post.id == submissionId)
            return index(int(row));
    }
    return {};
}

QModelIndex WeekModel::indexOfSlot(const QString &slotId) const
{
    for (size_t row = 0; row < m_items.size(); ++row) {
        const Item &item = m_items[row];
        if (item.kind == Kind::Slot && item.slot.id == slotId)
            return index(int(row));
    }
    return {};
}

int WeekModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_items.size());
}

QVariant WeekModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || !checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const Item &item = m_items[size_t(index.row())];
    switch (role) {
    case KindRole: return int(item.kind);
    case StartRole: return item.startMs;
    case DayRole: return item.day;
    case MinuteOfDayRole: return item.minuteOfDay;
    case LaneRole: return item.lane;
    case LaneCountRole: return item.laneCount;
    case AccountNameRole: return item.accountName;
    default: break;
    }
    return item.kind == Kind::Post ? postData(item, role) : slotData(item, role);
}

QVariant WeekModel::postData(const Item &item, int role) const
{
    const Submission &post = item.post;
    switch (role) {
    case Qt::DisplayRole:
    case TitleRole: return firstLine(post.text);
    case Qt::ToolTipRole: {
        QString account = item.accountName;
        if (!item.pageName.isEmpty())
            //: A post's account and the page of it the post went to.
            account = tr("%1 › %2").arg(account, item.pageName);
        //: A post's tooltip: the account, its platform and the post's status.
        return QString(
            tr("%1 (%2), %3").arg(account, platforms::displayName(post.platform), statusText(item))
            + u"\n\n"_s + post.text);
    }
    case Qt::DecorationRole: return PlatformStyle::icon(post.platform);
    case PlatformRole: return int(post.platform);
    case AccountIdRole: return post.accountId;
    case PageIdRole: return post.target ? post.target->pageId : QString();
    case StatusRole: return int(post.status);
    case TextRole: return post.text;
    case SubmissionIdRole: return post.id;
    case ScheduleIdRole: return post.scheduleId;
    case SlotIdRole: return QString();
    case TakenRole: return false;
    case PendingRole: return item.pending;
    case PublicationRole: return item.publication;
    case MovableRole: {
        if (item.publication)
            return false;
        const qint64 now = (m_clock ? *m_clock : systemClock()).nowMs();
        return PostRules::isChangeable(post, now) && !item.cancelling;
    }
    default: return {};
    }
}

QVariant WeekModel::slotData(const Item &item, int role) const
{
    const WeeklySlot &slot = item.slot;
    const std::optional<Platform> platform = slot.singlePlatform();
    const std::optional<SlotTarget> single = slot.singleAccountTarget();
    switch (role) {
    case Qt::DisplayRole:
        //: A publishing slot in the week calendar, e.g. "09:00 slot".
        return tr("%1 slot").arg(clockTime(item.minuteOfDay));
    case Qt::ToolTipRole: {
        QString tip = item.taken ? tr("Taken %1 slot").arg(clockTime(item.minuteOfDay))
                                 : tr("Free %1 slot").arg(clockTime(item.minuteOfDay));
        if (m_slotCalendar.zone() != m_calendar.zone()) {
            //: When a slot is, in the zone the slots are defined in: "09:00 in Europe/Berlin".
            tip += u' '
                   + tr("(%1 in %2)").arg(clockTime(slot.hour * 60 + slot.minute), m_slotZoneName);
        }
        tip += u'\n' + item.targetsText;
        if (item.pending)
            tip += u'\n' + tr("Not on the server yet: it is added when the server can be reached.");
        return tip;
    }
    case Qt::DecorationRole:
        return platform ? QVariant(PlatformStyle::icon(*platform)) : QVariant();
    case PlatformRole: return platform ? int(*platform) : -1;
    case AccountIdRole: return single ? single->accountId : QString();
    case PageIdRole: return single ? single->subaccountId : QString();
    case SubmissionIdRole:
    case ScheduleIdRole: return QString();
    case SlotIdRole: return slot.id;
    case TakenRole: return item.taken;
    case PendingRole: return item.pending;
    case MovableRole: return false;
    case PublicationRole: return qint64(0);
    default: return {};
    }
}

QString WeekModel::statusText(const Item &item) const
{
    if (item.publication)
        return tr("waiting to be scheduled");
    if (item.pending)
        return tr("moving…");
    switch (item.post.status) {
    case SubmissionStatus::Scheduled: return tr("scheduled");
    case SubmissionStatus::InProgress: return tr("publishing…");
    case SubmissionStatus::Published: return tr("published");
    case SubmissionStatus::Failed:
        if (item.post.errorMessage.isEmpty())
            return tr("failed");
        return tr("failed: %1").arg(item.post.errorMessage);
    case SubmissionStatus::Cancelled: return tr("cancelled");
    }
    return {};
}

Qt::ItemFlags WeekModel::flags(const QModelIndex &index) const
{
    if (!index.isValid() || !checkIndex(index, CheckIndexOption::IndexIsValid))
        return Qt::NoItemFlags;
    Qt::ItemFlags flags = Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemNeverHasChildren;
    if (index.data(MovableRole).toBool())
        flags |= Qt::ItemIsDragEnabled;
    return flags;
}

QStringList WeekModel::mimeTypes() const
{
    return {calendarmime::Post};
}

QMimeData *WeekModel::mimeData(const QModelIndexList &indexes) const
{
    for (const QModelIndex &index : indexes) {
        if (!checkIndex(index, CheckIndexOption::IndexIsValid) || !index.data(MovableRole).toBool())
            continue;
        auto *data = new QMimeData;
        data->setData(calendarmime::Post, index.data(SubmissionIdRole).toString().toUtf8());
        data->setText(index.data(TextRole).toString());
        return data;
    }
    return nullptr;
}

Qt::DropActions WeekModel::supportedDragActions() const
{
    return Qt::MoveAction;
}

qint64 WeekModel::instantAt(int day, int minuteOfDay) const
{
    return m_calendar.instantOf(m_firstDay.addDays(day), minuteOfDay / 60, minuteOfDay % 60);
}

std::optional<std::pair<int, int>> WeekModel::placeInWeek(qint64 msSinceEpoch) const
{
    const QDateTime local
        = QDateTime::fromMSecsSinceEpoch(msSinceEpoch).toTimeZone(m_calendar.zone());
    const qint64 day = m_firstDay.isValid() ? m_firstDay.daysTo(local.date()) : -1;
    if (day < 0 || day >= 7)
        return std::nullopt;
    return std::pair {int(day), local.time().hour() * 60 + local.time().minute()};
}

QString WeekModel::zoneText() const
{
    const QTimeZone zone = m_calendar.zone();
    const QDateTime now = QDateTime::currentDateTimeUtc();
    return tr("%1 (%2)").arg(QString::fromUtf8(zone.id()),
                             zone.displayName(now, QTimeZone::OffsetName));
}

QHash<int, QByteArray> WeekModel::roleNames() const
{
    QHash<int, QByteArray> names = QAbstractListModel::roleNames();
    static const std::pair<Role, const char *> ours[] = {
        {KindRole, "kind"},
        {StartRole, "start"},
        {DayRole, "day"},
        {MinuteOfDayRole, "minuteOfDay"},
        {LaneRole, "lane"},
        {LaneCountRole, "laneCount"},
        {PlatformRole, "platform"},
        {AccountIdRole, "accountId"},
        {AccountNameRole, "accountName"},
        {PageIdRole, "pageId"},
        {StatusRole, "status"},
        {TextRole, "text"},
        {TitleRole, "title"},
        {SubmissionIdRole, "submissionId"},
        {ScheduleIdRole, "scheduleId"},
        {SlotIdRole, "slotId"},
        {TakenRole, "taken"},
        {PendingRole, "pending"},
        {MovableRole, "movable"},
        {PublicationRole, "publication"},
    };
    for (const auto &[role, name] : ours)
        names.insert(role, name);
    return names;
}

} // namespace slotline::gui
