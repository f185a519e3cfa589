#pragma once

#include <QString>
#include <QVariantList>

namespace slotline {

// Search by words in stored text: the text is kept in a folded form beside it, and a
// query matches when every one of its words appears there.
class WordSearch
{
public:
    // The form stored for searching: NFC and case-folded, so "CAFÉ" finds "Café".
    static QString searchForm(const QString &text);

    // Adds "AND <column> LIKE ?" for each word of `query` (LIKE's wildcards in a word
    // are taken literally) and binds the patterns.
    static void appendConditions(QString &sql, QVariantList &binds, const QString &column,
                                 const QString &query);
};

} // namespace slotline
