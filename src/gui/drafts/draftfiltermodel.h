#pragma once

#include "core/platform.h"

#include <QList>
#include <QSortFilterProxyModel>
#include <QStringList>

#include <optional>

namespace slotline::gui {

// Narrows a DraftListModel to what the user looks for, and sorts it by any column (the
// Edited column by time, not by its text).
//
// - setSearchText: every word must appear in the draft's text, whatever its case and
//   accents ("cafe" finds "Café").
// - setPlatforms: drafts meant for any of these platforms, and drafts with no platform
//   yet (only those for an empty list); none (std::nullopt) shows every draft.
class DraftFilterModel : public QSortFilterProxyModel
{
    Q_OBJECT

public:
    explicit DraftFilterModel(QObject *parent = nullptr);

    void setSearchText(const QString &text);
    QString searchText() const { return m_searchText; }
    void setPlatforms(const std::optional<QList<Platform>> &platforms);
    std::optional<QList<Platform>> platforms() const { return m_platforms; }

    // Lower case, no accents, compatibility forms folded: how both sides are compared.
    static QString searchable(const QString &text);

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;
    bool lessThan(const QModelIndex &left, const QModelIndex &right) const override;

private:
    QString m_searchText;
    QStringList m_words;
    std::optional<QList<Platform>> m_platforms;
};

} // namespace slotline::gui
