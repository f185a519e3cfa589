#include "gui/settings/apikeylistmodel.h"

#include "client/apiclient.h"
#include "gui/common/itemcolors.h"
#include "gui/common/rowsync.h"

using namespace Qt::Literals::StringLiterals;

namespace slotline::gui {
namespace {

constexpr int KeysPerPage = 100;

bool sameKey(const ApiKeyInfo &a, const ApiKeyInfo &b)
{
    return a.id == b.id && a.name == b.name && a.prefix == b.prefix
           && a.createdAtMs == b.createdAtMs && a.lastUsedAtMs == b.lastUsedAtMs
           && a.revokedAtMs == b.revokedAtMs;
}

} // namespace

ApiKeyListModel::ApiKeyListModel(client::ApiClient &client, QObject *parent)
    : ListTableModel({tr("Name"), tr("Prefix"), tr("Created"), tr("Last used")}, parent)
    , m_client(client)
{ }

void ApiKeyListModel::setTimeText(const TimeText &timeText)
{
    m_timeText = timeText;
    if (!m_keys.empty())
        Q_EMIT dataChanged(index(0, CreatedColumn), index(rowCount() - 1, LastUsedColumn));
}

void ApiKeyListModel::reload()
{
    setLoading(true);
    fetchPage(++m_generation, QString(), {});
}

void ApiKeyListModel::fetchPage(quint64 generation, const QString &cursor,
                                std::vector<ApiKeyInfo> collected)
{
    client::Paging paging;
    paging.limit = KeysPerPage;
    paging.cursor = cursor;
    m_client.listApiKeys(
        paging, this,
        [this, generation, collected = std::move(collected)](
            const client::ApiResult<client::ItemPage<ApiKeyInfo>> &result) mutable {
            if (generation != m_generation)
                return;
            if (!result.ok()) {
                setLoading(false);
                Q_EMIT failed(result.error().toDisplayString());
                return;
            }
            const client::ItemPage<ApiKeyInfo> &page = result.value();
            collected.insert(collected.end(), page.items.begin(), page.items.end());
            if (page.hasMore()) {
                fetchPage(generation, page.cursor, std::move(collected));
                return;
            }
            setRows(std::move(collected));
            setLoading(false);
        });
}

void ApiKeyListModel::setRows(std::vector<ApiKeyInfo> keys)
{
    const RowNotifier notify = rowNotifier();
    syncRows(
        m_keys, std::move(keys), [](const ApiKeyInfo &key) { return key.id; },
        [this](int row, ApiKeyInfo &current, ApiKeyInfo &&next) {
            if (sameKey(current, next))
                return;
            current = std::move(next);
            Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1));
        },
        notify);
}

void ApiKeyListModel::setLoading(bool busy)
{
    if (busy == m_loading)
        return;
    m_loading = busy;
    Q_EMIT loading(busy);
}

QList<ApiKeyInfo> ApiKeyListModel::keys() const
{
    return QList<ApiKeyInfo>(m_keys.begin(), m_keys.end());
}

QHash<QString, QString> ApiKeyListModel::keyNames() const
{
    QHash<QString, QString> names;
    for (const ApiKeyInfo &key : m_keys)
        names.insert(key.id, key.name);
    return names;
}

int ApiKeyListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_keys.size());
}

QVariant ApiKeyListModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || !checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const ApiKeyInfo &key = m_keys[size_t(index.row())];
    switch (role) {
    case KeyIdRole: return key.id;
    case RevokedRole: return key.isRevoked();
    case CreatedAtRole: return key.createdAtMs;
    case LastUsedAtRole: return key.lastUsedAtMs ? QVariant(*key.lastUsedAtMs) : QVariant();
    case Qt::ForegroundRole:
        if (key.isRevoked())
            return ItemColors::muted();
        return {};
    case Qt::ToolTipRole:
        if (key.isRevoked())
            return tr("Revoked %1").arg(m_timeText.dateTime(*key.revokedAtMs));
        return {};
    case Qt::DisplayRole: break;
    default: return {};
    }
    switch (index.column()) {
    case NameColumn:
        if (role == Qt::DisplayRole && key.isRevoked())
            return tr("%1 (revoked)").arg(key.name);
        return key.name;
    case PrefixColumn: return QString(key.prefix + u"…"_s);
    case CreatedColumn: return m_timeText.dateTime(key.createdAtMs);
    case LastUsedColumn:
        return key.lastUsedAtMs ? m_timeText.dateTime(*key.lastUsedAtMs) : tr("never");
    default: return {};
    }
}

} // namespace slotline::gui
