#pragma once

#include "core/apikeyinfo.h"
#include "gui/common/listtablemodel.h"
#include "gui/common/timetext.h"

#include <QHash>

#include <vector>

namespace slotline::client {
class ApiClient;
class ApiError;
} // namespace slotline::client

namespace slotline::gui {

// The project's API keys as the server lists them (every page), revoked ones greyed out.
// Nothing is asked before reload(); a reload keeps the rows that stay, so the selection
// survives it.
class ApiKeyListModel : public ListTableModel
{
    Q_OBJECT

public:
    enum Column { NameColumn, PrefixColumn, CreatedColumn, LastUsedColumn, ColumnCount };
    enum Role {
        KeyIdRole = Qt::UserRole + 1, // QString
        RevokedRole, // bool
        CreatedAtRole, // qint64, ms since the epoch
        LastUsedAtRole, // qint64, or an invalid QVariant when never used
    };

    explicit ApiKeyListModel(client::ApiClient &client, QObject *parent = nullptr);

    void reload();
    bool isLoading() const { return m_loading; }
    void setTimeText(const TimeText &timeText);

    QList<ApiKeyInfo> keys() const;
    // Key id -> name, for CallLogModel::setKeyNames.
    QHash<QString, QString> keyNames() const;

    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;

Q_SIGNALS:
    // True when a reload starts, false when it ended (loaded or failed).
    void loading(bool busy);
    void failed(const QString &message);

private:
    void fetchPage(quint64 generation, const QString &cursor, std::vector<ApiKeyInfo> collected);
    void setRows(std::vector<ApiKeyInfo> keys);
    void setLoading(bool busy);

    client::ApiClient &m_client;
    TimeText m_timeText;
    std::vector<ApiKeyInfo> m_keys;
    // Answers to an older reload are dropped.
    quint64 m_generation = 0;
    bool m_loading = false;
};

} // namespace slotline::gui
