#pragma once

#include "client/apiclient.h"
#include "core/callrecord.h"
#include "gui/common/listtablemodel.h"
#include "gui/common/timetext.h"

#include <QHash>

#include <vector>

namespace slotline::gui {

// The project's call log (GET /project/api-keys/calls), newest first, a page at a time:
// views ask for the next page through canFetchMore()/fetchMore() as they scroll. Nothing
// is asked before reload() or setFilter().
//
// Columns: time (with seconds), method, the path or "tool: <name>", status (4xx in the
// warning colour, 5xx in the error colour), duration, and the key (its name once
// setKeyNames() knows it). ArgumentsRole gives the call's arguments as indented JSON.
class CallLogModel : public ListTableModel
{
    Q_OBJECT

public:
    enum Column {
        TimeColumn,
        MethodColumn,
        TargetColumn,
        StatusColumn,
        DurationColumn,
        KeyColumn,
        ColumnCount
    };
    enum Role {
        CallIdRole = Qt::UserRole + 1, // QString
        StatusCodeRole, // int
        ArgumentsRole, // QString: the arguments as indented JSON
        ApiKeyIdRole, // QString
        TimeRole, // qint64, ms since the epoch
        ToolRole, // QString; empty unless the call was a tool's
    };

    static constexpr int DefaultPageSize = 100;

    explicit CallLogModel(client::ApiClient &client, QObject *parent = nullptr);

    // Shows the calls the filter lets through (its paging is ignored), from the first
    // page. The rows stay until it arrives; those it still has stay (and stay selected).
    // If it cannot be had, rows of another filter go.
    void setFilter(const client::CallFilter &filter);
    const client::CallFilter &filter() const { return m_filter; }
    // Asks for the first page again, as setFilter() with the same filter.
    void reload();
    bool isLoading() const { return m_loading; }

    void setKeyNames(const QHash<QString, QString> &namesById);
    void setPageSize(int calls); // 1 to 250
    int pageSize() const { return m_pageSize; }
    void setTimeText(const TimeText &timeText);

    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    bool canFetchMore(const QModelIndex &parent) const override;
    void fetchMore(const QModelIndex &parent) override;

Q_SIGNALS:
    // True while a page is being fetched.
    void loading(bool busy);
    void failed(const QString &message);

private:
    using CallPage = client::ApiResult<client::ItemPage<CallRecord>>;

    void fetch(const QString &cursor);
    void pageArrived(quint64 generation, const client::CallFilter &filter, const CallPage &result);
    void clearRows();
    void takeFirstPage(std::vector<CallRecord> calls);
    void appendPage(const QList<CallRecord> &calls);
    void setLoading(bool busy);
    QVariant columnData(const CallRecord &call, int column, int role) const;

    client::ApiClient &m_client;
    client::CallFilter m_filter;
    client::CallFilter m_shownFilter; // what the rows were fetched with
    TimeText m_timeText;
    QHash<QString, QString> m_keyNames;
    int m_pageSize = DefaultPageSize;
    std::vector<CallRecord> m_calls;
    QString m_cursor; // of the next page; empty: no more
    // Answers to a request made before the last reload or filter change are dropped.
    quint64 m_generation = 0;
    bool m_loading = false;
};

} // namespace slotline::gui
