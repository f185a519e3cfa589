#pragma once

#include "gui/common/rowsync.h"

#include <QAbstractTableModel>
#include <QStringList>

namespace slotline::gui {

// A list shown as a table: one row an item, a fixed set of titled columns, cells that can
// be selected and not edited. The lists of posts, drafts, API keys and calls are such.
class ListTableModel : public RowSyncing<QAbstractTableModel>
{
public:
    int columnCount(const QModelIndex &parent = {}) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

protected:
    // The titles in the order of the subclass's Column enum; their number is the columns'.
    ListTableModel(QStringList columnTitles, QObject *parent);

private:
    QStringList m_columnTitles;
};

} // namespace slotline::gui
