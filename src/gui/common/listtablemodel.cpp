#include "gui/common/listtablemodel.h"

namespace slotline::gui {

ListTableModel::ListTableModel(QStringList columnTitles, QObject *parent)
    : RowSyncing<QAbstractTableModel>(parent)
    , m_columnTitles(std::move(columnTitles))
{ }

int ListTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_columnTitles.size());
}

Qt::ItemFlags ListTableModel::flags(const QModelIndex &index) const
{
    if (!index.isValid() || !checkIndex(index, CheckIndexOption::IndexIsValid))
        return Qt::NoItemFlags;
    return Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemNeverHasChildren;
}

QVariant ListTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole || section < 0
        || section >= m_columnTitles.size())
        return QAbstractTableModel::headerData(section, orientation, role);
    return m_columnTitles.at(section);
}

} // namespace slotline::gui
