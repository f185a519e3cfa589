#include "storage/wordsearch.h"

namespace slotline {

QString WordSearch::searchForm(const QString &text)
{
    return text.normalized(QString::NormalizationForm_C).toCaseFolded();
}

void WordSearch::appendConditions(QString &sql, QVariantList &binds, const QString &column,
                                  const QString &query)
{
    // A NUL separates words as a space does: SQLite's LIKE would end the pattern there,
    // and "a\0b" would find every text with an "a" in it.
    for (const QString &word :
         searchForm(query).replace(QChar(u'\0'), u' ').split(u' ', Qt::SkipEmptyParts)) {
        QString escaped = word;
        escaped.replace(u'\\', QStringLiteral("\\\\"))
            .replace(u'%', QStringLiteral("\\%"))
            .replace(u'_', QStringLiteral("\\_"));
        sql += QStringLiteral("AND %1 LIKE ? ESCAPE '\\' ").arg(column);
        binds << QString(u'%' + escaped + u'%');
    }
}

} // namespace slotline
