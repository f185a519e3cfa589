#include "gui/drafts/draftlistmodel.h"

#include "gui/common/calendarmime.h"
#include "gui/common/errortext.h"
#include "gui/common/firstline.h"
#include "gui/common/itemcolors.h"
#include "gui/common/platformstrip.h"
#include "gui/common/rowsync.h"

#include <QGuiApplication>
#include <QIcon>
#include <QMimeData>
#include <QPainter>
#include <QSet>

#include <algorithm>

using namespace Qt::Literals::StringLiterals;

namespace slotline::gui {
namespace {

using SyncState = client::LocalStore::SyncState;

constexpr int AgeRefreshMs = 30'000;
constexpr qint64 HourMs = 3'600'000;

bool sameDraft(const client::LocalStore::LocalDraft &a, const client::LocalStore::LocalDraft &b)
{
    return a.localId == b.localId && a.serverId == b.serverId && a.text == b.text
           && a.platforms == b.platforms && a.mediaUrls == b.mediaUrls
           && a.updatedAtMs == b.updatedAtMs && a.state == b.state && a.problem == b.problem;
}

// What the Posts column shows of a draft's posts is the same.
bool samePosts(const QList<Submission> &a, const QList<Submission> &b)
{
    return std::equal(
        a.cbegin(), a.cend(), b.cbegin(), b.cend(), [](const Submission &x, const Submission &y) {
            return x.id == y.id && x.status == y.status && x.accountId == y.accountId
                   && x.platform == y.platform && x.scheduledAtMs == y.scheduledAtMs
                   && x.publishedAtMs == y.publishedAtMs && x.errorMessage == y.errorMessage;
        });
}

qreal devicePixelRatio()
{
    return qApp ? qApp->devicePixelRatio() : 1.0;
}

// Where the icon theme has none (no theme on Windows and macOS, a bare one elsewhere):
// a dot of the state's colour.
QIcon dotIcon(const QColor &color)
{
    const qreal ratio = devicePixelRatio();
    QPixmap pixmap(QSize(16, 16) * ratio);
    pixmap.setDevicePixelRatio(ratio);
    pixmap.fill(Qt::transparent);
    QPainter painter(&pixmap);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setPen(Qt::NoPen);
    painter.setBrush(color);
    painter.drawEllipse(QRectF(3, 3, 10, 10));
    return QIcon(pixmap);
}

QIcon syncIcon(const client::LocalStore::LocalDraft &draft)
{
    switch (draft.state) {
    case SyncState::Conflict:
        return QIcon::fromTheme(u"dialog-warning"_s, dotIcon(ItemColors::warning()));
    case SyncState::Refused:
        return QIcon::fromTheme(u"dialog-error"_s, dotIcon(ItemColors::error()));
    case SyncState::Pending:
    case SyncState::Synced: break;
    }
    if (draft.serverId.isEmpty())
        return QIcon::fromTheme(u"computer"_s, dotIcon(ItemColors::muted()));
    if (draft.state == SyncState::Pending)
        return QIcon::fromTheme(u"view-refresh"_s, dotIcon(ItemColors::busy()));
    return QIcon::fromTheme(u"emblem-synchronized"_s, dotIcon(ItemColors::success()));
}

QVariantList platformList(const QList<Platform> &list)
{
    QVariantList values;
    for (const Platform platform : list)
        values.append(int(platform));
    return values;
}

} // namespace

DraftListModel::DraftListModel(client::LocalStore &store, QObject *parent)
    : ListTableModel({tr("Draft"), tr("Platforms"), tr("Edited"), tr("Sync"),
                      //: The drafts list's column of the posts made of each draft.
                      tr("Posts")},
                     parent)
    , m_store(store)
{
    connect(&m_store, &client::LocalStore::draftsChanged, this, &DraftListModel::refresh);
    m_ageTimer.setInterval(AgeRefreshMs);
    connect(&m_ageTimer, &QTimer::timeout, this, [this] {
        // Only "N min ago" ages; a date stays as it is.
        const qint64 recent = m_timeText.nowMs() - HourMs - AgeRefreshMs;
        if (std::any_of(m_drafts.begin(), m_drafts.end(),
                        [recent](const LocalDraft &draft) { return draft.updatedAtMs >= recent; }))
            relativeTimesChanged();
    });
    m_ageTimer.start();
    refresh();
}

void DraftListModel::setTimeText(const TimeText &timeText)
{
    m_timeText = timeText;
    relativeTimesChanged();
}

void DraftListModel::refresh()
{
    const QList<LocalDraft> drafts = m_store.drafts();
    std::vector<LocalDraft> fresh(drafts.begin(), drafts.end());
    QHash<QString, QList<Submission>> posts = m_store.posts().ofDrafts();
    const RowNotifier notify = rowNotifier();
    // Drafts whose posts changed (refreshed on every autosave: compared field by field,
    // nothing formatted).
    QSet<QString> changedIds;
    for (const LocalDraft &draft : m_drafts) {
        if (!samePosts(m_posts.value(draft.localId), posts.value(draft.localId)))
            changedIds.insert(draft.localId);
    }
    m_posts = std::move(posts);
    syncRows(
        m_drafts, std::move(fresh), [](const LocalDraft &draft) { return draft.localId; },
        [this, &changedIds](int row, LocalDraft &current, LocalDraft &&next) {
            if (sameDraft(current, next)) {
                if (changedIds.contains(current.localId))
                    Q_EMIT dataChanged(index(row, PostsColumn), index(row, PostsColumn));
                return;
            }
            current = std::move(next);
            Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1));
        },
        notify);
}

QString DraftListModel::accountText(const Account &account)
{
    return account.username.isEmpty()
               ? tr("%1 (%2)").arg(platforms::displayName(account.platform), account.name)
               : tr("%1 (@%2)").arg(platforms::displayName(account.platform), account.username);
}

QString DraftListModel::postsText(const QList<Submission> &posts) const
{
    // A narrow column: the icons say where the draft went; words only for what went
    // wrong. The tooltip has each post.
    const auto failed = std::count_if(posts.cbegin(), posts.cend(), [](const Submission &post) {
        return post.status == SubmissionStatus::Failed;
    });
    //: The drafts list's Posts column: how many posts of the draft failed.
    return failed > 0 ? tr("%Ln failed", nullptr, int(failed)) : QString();
}

QList<Platform> DraftListModel::postPlatforms(const QList<Submission> &posts)
{
    QList<Platform> platforms;
    for (const Submission &post : posts) {
        if (post.status != SubmissionStatus::Cancelled && !platforms.contains(post.platform))
            platforms.append(post.platform);
    }
    return platforms;
}

QString DraftListModel::postsDescription(const QList<Submission> &posts) const
{
    QHash<QString, QString> accounts; // read once for all the lines
    for (const Account &account : m_store.reference().accounts())
        accounts.insert(account.id, accountText(account));
    QStringList lines;
    for (const Submission &post : posts) {
        const QString where = accounts.value(post.accountId, post.accountId);
        switch (post.status) {
        case SubmissionStatus::Published:
            lines.append(tr("Published on %1 on %2")
                             .arg(where, m_timeText.dateTime(
                                             post.publishedAtMs.value_or(post.createdAtMs))));
            break;
        case SubmissionStatus::InProgress:
            lines.append(tr("Being published on %1").arg(where));
            break;
        case SubmissionStatus::Scheduled:
            lines.append(tr("Scheduled for %1 on %2")
                             .arg(where, m_timeText.dateTime(post.scheduledAtMs.value_or(0))));
            break;
        case SubmissionStatus::Failed:
            lines.append(tr("Failed on %1: %2").arg(where, ErrorText::postFailure(post)));
            break;
        case SubmissionStatus::Cancelled:
            lines.append(post.scheduledAtMs
                             ? tr("Cancelled for %1 (was planned for %2)")
                                   .arg(where, m_timeText.dateTime(*post.scheduledAtMs))
                             : tr("Cancelled for %1").arg(where));
            break;
        }
    }
    return lines.join(u'\n');
}

void DraftListModel::relativeTimesChanged()
{
    if (!m_drafts.empty())
        Q_EMIT dataChanged(index(0, EditedColumn), index(rowCount() - 1, EditedColumn),
                           {Qt::DisplayRole, Qt::ToolTipRole});
}

QModelIndex DraftListModel::indexOfDraft(const QString &localId, int column) const
{
    for (int row = 0; row < int(m_drafts.size()); ++row) {
        if (m_drafts[size_t(row)].localId == localId)
            return index(row, column);
    }
    return {};
}

std::optional<client::LocalStore::LocalDraft>
DraftListModel::draftAt(const QModelIndex &index) const
{
    if (!index.isValid() || !checkIndex(index, CheckIndexOption::IndexIsValid))
        return std::nullopt;
    return m_drafts[size_t(index.row())];
}

int DraftListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_drafts.size());
}

QString DraftListModel::syncText(const LocalDraft &draft)
{
    switch (draft.state) {
    case SyncState::Conflict: return tr("Conflict");
    case SyncState::Refused: return tr("Refused");
    case SyncState::Pending:
    case SyncState::Synced: break;
    }
    if (draft.serverId.isEmpty())
        return tr("Only here");
    return draft.state == SyncState::Pending ? tr("Waiting to sync") : tr("Synced");
}

QVariant DraftListModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || !checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const LocalDraft &draft = m_drafts[size_t(index.row())];
    switch (role) {
    case LocalIdRole: return draft.localId;
    case SyncStateRole: return int(draft.state);
    case UpdatedAtRole: return draft.updatedAtMs;
    case TextRole: return draft.text;
    case PlatformsRole: return platformList(draft.platforms);
    case ServerIdRole: return draft.serverId;
    case PostCountRole: {
        const QList<Submission> posts = m_posts.value(draft.localId);
        return int(std::count_if(posts.cbegin(), posts.cend(), [](const Submission &post) {
            return post.status != SubmissionStatus::Cancelled;
        }));
    }
    default: return draftData(draft, index.column(), role);
    }
}

QVariant DraftListModel::draftData(const LocalDraft &draft, int column, int role) const
{
    switch (column) {
    case DraftColumn: {
        const QString line = firstLine(draft.text);
        if (role == Qt::DisplayRole)
            return line.isEmpty() ? tr("(empty)") : line;
        if (role == Qt::ToolTipRole && !line.isEmpty())
            return draft.text;
        if (role == Qt::ForegroundRole && line.isEmpty())
            return ItemColors::muted();
        return {};
    }
    case PlatformsColumn:
        if (role == Qt::DecorationRole && !draft.platforms.isEmpty())
            return platformsPixmap(draft.platforms);
        if (role == Qt::ToolTipRole || role == Qt::AccessibleTextRole) {
            QStringList names;
            for (const Platform platform : draft.platforms)
                names.append(platforms::displayName(platform));
            return names.isEmpty() ? tr("No platform chosen") : names.join(u", "_s);
        }
        return {};
    case EditedColumn:
        if (role == Qt::DisplayRole)
            return m_timeText.sinceNow(draft.updatedAtMs);
        if (role == Qt::ToolTipRole)
            return m_timeText.dateTime(draft.updatedAtMs);
        return {};
    case SyncColumn:
        if (role == Qt::DisplayRole)
            return syncText(draft);
        if (role == Qt::DecorationRole)
            return syncIcon(draft);
        if (role == Qt::ToolTipRole) {
            if (!draft.problem.isEmpty())
                return draft.problem;
            if (draft.state == SyncState::Conflict)
                return tr("Saved elsewhere meanwhile: choose which version to keep.");
            if (draft.serverId.isEmpty())
                return tr("Not on the server yet: it is sent when the server can be reached.");
            if (draft.state == SyncState::Pending)
                return tr("Changes wait to be sent to the server.");
            return tr("The server has this version.");
        }
        return {};
    case PostsColumn: {
        const QList<Submission> posts = m_posts.value(draft.localId);
        if (role == Qt::DisplayRole)
            return postsText(posts);
        if (role == Qt::DecorationRole) {
            const QList<Platform> where = postPlatforms(posts);
            return where.isEmpty() ? QVariant() : QVariant(platformsPixmap(where));
        }
        if (role == Qt::ToolTipRole || role == Qt::AccessibleTextRole)
            return posts.isEmpty() ? tr("Not published or scheduled yet.")
                                   : postsDescription(posts);
        if (role == Qt::ForegroundRole
            && std::any_of(posts.cbegin(), posts.cend(), [](const Submission &post) {
                   return post.status == SubmissionStatus::Failed;
               }))
            return ItemColors::error();
        return {};
    }
    default: return {};
    }
}

QPixmap DraftListModel::platformsPixmap(const QList<Platform> &platforms) const
{
    QString key;
    for (const Platform platform : platforms)
        key += QString::number(int(platform)) + u',';
    auto found = m_platformPixmaps.constFind(key);
    if (found == m_platformPixmaps.constEnd())
        found = m_platformPixmaps.insert(key, platformStrip(platforms, 16, devicePixelRatio()));
    return *found;
}

Qt::ItemFlags DraftListModel::flags(const QModelIndex &index) const
{
    if (!index.isValid())
        return Qt::ItemIsDropEnabled;
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return Qt::NoItemFlags;
    return Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemNeverHasChildren
           | Qt::ItemIsDragEnabled | Qt::ItemIsDropEnabled;
}

QStringList DraftListModel::mimeTypes() const
{
    return {calendarmime::Draft, calendarmime::Post};
}

QMimeData *DraftListModel::mimeData(const QModelIndexList &indexes) const
{
    // One draft goes to one time: the first one dragged.
    for (const QModelIndex &index : indexes) {
        if (!checkIndex(index, CheckIndexOption::IndexIsValid))
            continue;
        const LocalDraft &draft = m_drafts[size_t(index.row())];
        auto *data = new QMimeData;
        data->setData(calendarmime::Draft, draft.localId.toUtf8());
        data->setText(draft.text);
        return data;
    }
    return nullptr;
}

Qt::DropActions DraftListModel::supportedDragActions() const
{
    return Qt::CopyAction;
}

Qt::DropActions DraftListModel::supportedDropActions() const
{
    return Qt::MoveAction;
}

bool DraftListModel::canDropMimeData(const QMimeData *data, Qt::DropAction action, int, int,
                                     const QModelIndex &) const
{
    return data && action == Qt::MoveAction && data->hasFormat(calendarmime::Post);
}

bool DraftListModel::dropMimeData(const QMimeData *data, Qt::DropAction action, int row, int column,
                                  const QModelIndex &parent)
{
    if (!canDropMimeData(data, action, row, column, parent))
        return false;
    const QString submissionId = QString::fromUtf8(data->data(calendarmime::Post));
    if (submissionId.isEmpty())
        return false;
    Q_EMIT postDropped(submissionId);
    return true;
}

} // namespace slotline::gui
