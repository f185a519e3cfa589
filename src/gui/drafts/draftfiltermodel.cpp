#include "gui/drafts/draftfiltermodel.h"

#include "gui/drafts/draftlistmodel.h"

#include <algorithm>

namespace slotline::gui {

DraftFilterModel::DraftFilterModel(QObject *parent)
    : QSortFilterProxyModel(parent)
{
    setDynamicSortFilter(true);
}

QString DraftFilterModel::searchable(const QString &text)
{
    // Decomposed, an accented letter is its base letter and combining marks to drop.
    const QString decomposed = text.normalized(QString::NormalizationForm_KD);
    QString folded;
    folded.reserve(decomposed.size());
    for (const QChar c : decomposed) {
        if (c.category() != QChar::Mark_NonSpacing)
            folded.append(c);
    }
    return folded.toCaseFolded();
}

void DraftFilterModel::setSearchText(const QString &text)
{
    if (text == m_searchText)
        return;
    m_searchText = text;
    // Tabs and other spaces separate words as well.
    m_words = searchable(text.simplified()).split(QChar::Space, Qt::SkipEmptyParts);
    invalidateFilter();
}

void DraftFilterModel::setPlatforms(const std::optional<QList<Platform>> &platforms)
{
    if (platforms == m_platforms)
        return;
    m_platforms = platforms;
    invalidateFilter();
}

bool DraftFilterModel::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    const QModelIndex source = sourceModel()->index(sourceRow, 0, sourceParent);
    if (m_platforms) {
        const QVariantList platforms = source.data(DraftListModel::PlatformsRole).toList();
        const bool meantForOne
            = std::any_of(platforms.begin(), platforms.end(), [this](const QVariant &platform) {
                  return m_platforms->contains(Platform(platform.toInt()));
              });
        if (!platforms.isEmpty() && !meantForOne)
            return false;
    }
    if (!m_words.isEmpty()) {
        const QString text = searchable(source.data(DraftListModel::TextRole).toString());
        for (const QString &word : m_words) {
            if (!text.contains(word))
                return false;
        }
    }
    return true;
}

bool DraftFilterModel::lessThan(const QModelIndex &left, const QModelIndex &right) const
{
    switch (left.column()) {
    case DraftListModel::EditedColumn:
        return left.data(DraftListModel::UpdatedAtRole).toLongLong()
               < right.data(DraftListModel::UpdatedAtRole).toLongLong();
    case DraftListModel::SyncColumn:
        return left.data(DraftListModel::SyncStateRole).toInt()
               < right.data(DraftListModel::SyncStateRole).toInt();
    case DraftListModel::PlatformsColumn:
        return left.data(DraftListModel::PlatformsRole).toList().size()
               < right.data(DraftListModel::PlatformsRole).toList().size();
    default:
        return QString::localeAwareCompare(left.data().toString(), right.data().toString()) < 0;
    }
}

} // namespace slotline::gui
