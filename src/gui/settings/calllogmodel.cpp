#include "gui/settings/calllogmodel.h"

#include "gui/common/itemcolors.h"
#include "gui/common/rowsync.h"

#include <QJsonDocument>
#include <QLocale>

using namespace Qt::Literals::StringLiterals;

namespace slotline::gui {
namespace {

constexpr int MaxPageSize = 250; // the server's limit

QString argumentsText(const CallRecord &call)
{
    QJsonObject arguments = call.arguments;
    if (arguments.isEmpty() && !call.argumentsJson.isEmpty())
        arguments = QJsonDocument::fromJson(call.argumentsJson).object();
    return QString::fromUtf8(QJsonDocument(arguments).toJson(QJsonDocument::Indented)).trimmed();
}

bool sameFilter(const client::CallFilter &a, const client::CallFilter &b)
{
    return a.statuses == b.statuses && a.apiKeyId == b.apiKeyId && a.sinceMs == b.sinceMs;
}

bool sameCall(const CallRecord &a, const CallRecord &b)
{
    // A logged call never changes; the key's name is looked up when shown.
    return a.id == b.id && a.status == b.status && a.arguments == b.arguments;
}

} // namespace

CallLogModel::CallLogModel(client::ApiClient &client, QObject *parent)
    : ListTableModel(
        {tr("Time"), tr("Method"), tr("Path or tool"), tr("Status"), tr("Duration"), tr("Key")},
        parent)
    , m_client(client)
{ }

void CallLogModel::setFilter(const client::CallFilter &filter)
{
    m_filter = filter;
    m_filter.paging = {};
    reload();
}

void CallLogModel::clearRows()
{
    m_cursor.clear();
    if (m_calls.empty())
        return;
    beginRemoveRows({}, 0, rowCount() - 1);
    m_calls.clear();
    endRemoveRows();
}

void CallLogModel::reload()
{
    ++m_generation;
    fetch(QString());
}

void CallLogModel::setKeyNames(const QHash<QString, QString> &namesById)
{
    if (namesById == m_keyNames)
        return;
    m_keyNames = namesById;
    if (!m_calls.empty())
        Q_EMIT dataChanged(index(0, KeyColumn), index(rowCount() - 1, KeyColumn));
}

void CallLogModel::setPageSize(int calls)
{
    m_pageSize = qBound(1, calls, MaxPageSize);
}

void CallLogModel::setTimeText(const TimeText &timeText)
{
    m_timeText = timeText;
    if (!m_calls.empty())
        Q_EMIT dataChanged(index(0, TimeColumn), index(rowCount() - 1, TimeColumn));
}

bool CallLogModel::canFetchMore(const QModelIndex &parent) const
{
    return !parent.isValid() && !m_cursor.isEmpty() && !m_loading;
}

void CallLogModel::fetchMore(const QModelIndex &parent)
{
    if (canFetchMore(parent))
        fetch(m_cursor);
}

void CallLogModel::fetch(const QString &cursor)
{
    client::CallFilter filter = m_filter;
    filter.paging.limit = m_pageSize;
    filter.paging.cursor = cursor;
    setLoading(true);
    m_client.listCalls(filter, this,
                       [this, generation = m_generation, filter](const CallPage &result) {
                           pageArrived(generation, filter, result);
                       });
}

void CallLogModel::pageArrived(quint64 generation, const client::CallFilter &filter,
                               const CallPage &result)
{
    if (generation != m_generation)
        return;
    const bool firstPage = filter.paging.cursor.isEmpty();
    if (!result.ok()) {
        // Rows of another filter would pass for an answer to this one.
        if (firstPage && !sameFilter(filter, m_shownFilter))
            clearRows();
        setLoading(false);
        Q_EMIT failed(result.error().toDisplayString());
        return;
    }
    // While the rows change the model still counts as loading, so a view (or anything
    // reacting to the change) cannot ask for the same page twice.
    const client::ItemPage<CallRecord> &page = result.value();
    m_cursor = page.cursor;
    m_shownFilter = filter;
    if (firstPage)
        takeFirstPage(std::vector<CallRecord>(page.items.begin(), page.items.end()));
    else
        appendPage(page.items);
    setLoading(false);
}

void CallLogModel::takeFirstPage(std::vector<CallRecord> calls)
{
    const RowNotifier notify = rowNotifier();
    syncRows(
        m_calls, std::move(calls), [](const CallRecord &call) { return call.id; },
        [this](int row, CallRecord &current, CallRecord &&next) {
            if (sameCall(current, next))
                return;
            current = std::move(next);
            Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1));
        },
        notify);
}

void CallLogModel::appendPage(const QList<CallRecord> &calls)
{
    if (calls.isEmpty())
        return;
    const int first = rowCount();
    beginInsertRows({}, first, first + int(calls.size()) - 1);
    m_calls.insert(m_calls.end(), calls.begin(), calls.end());
    endInsertRows();
}

void CallLogModel::setLoading(bool busy)
{
    if (busy == m_loading)
        return;
    m_loading = busy;
    Q_EMIT loading(busy);
}

int CallLogModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_calls.size());
}

QVariant CallLogModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || !checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const CallRecord &call = m_calls[size_t(index.row())];
    switch (role) {
    case CallIdRole: return call.id;
    case StatusCodeRole: return call.status;
    case ArgumentsRole: return argumentsText(call);
    case ApiKeyIdRole: return call.apiKeyId;
    case TimeRole: return call.atMs;
    case ToolRole: return call.tool;
    case Qt::ForegroundRole:
        if (call.status >= 500)
            return ItemColors::error();
        if (call.status >= 400)
            return ItemColors::warning();
        return {};
    default: return columnData(call, index.column(), role);
    }
}

QVariant CallLogModel::columnData(const CallRecord &call, int column, int role) const
{
    if (role == Qt::TextAlignmentRole) {
        if (column == StatusColumn || column == DurationColumn)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    }
    if (role == Qt::ToolTipRole) {
        if (column == TargetColumn)
            return call.tool.isEmpty() ? call.path
                                       : call.path + u'\n' + tr("tool: %1").arg(call.tool);
        if (column == KeyColumn)
            return call.apiKeyId;
        return {};
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (column) {
    case TimeColumn: return m_timeText.dateTimeWithSeconds(call.atMs);
    case MethodColumn: return call.method;
    case TargetColumn: return call.tool.isEmpty() ? call.path : tr("tool: %1").arg(call.tool);
    case StatusColumn: return call.status;
    case DurationColumn:
        //: A call's duration in milliseconds.
        return tr("%1 ms").arg(QLocale().toString(call.durationMs, 'f', 1));
    case KeyColumn: return m_keyNames.value(call.apiKeyId, call.apiKeyId);
    default: return {};
    }
}

} // namespace slotline::gui
