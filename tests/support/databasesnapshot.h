#pragma once

#include <QHash>
#include <QString>
#include <QStringList>

namespace slotline {
class Database;
}

namespace slotline::test {

// Every row of every table, as text, to tell whether a request changed anything.
// Left out: the call log (every request adds to it) and when a key was last used (every
// authenticated request sets it).
class DatabaseSnapshot
{
public:
    explicit DatabaseSnapshot(Database &database);

    // Rows per table.
    QHash<QString, int> rowCounts() const;
    // What differs from `later`, one line per table ("drafts: 2 rows gone, 1 new").
    QStringList differences(const DatabaseSnapshot &later) const;
    bool operator==(const DatabaseSnapshot &other) const { return m_rows == other.m_rows; }

    // SQLite's own checks: "ok", or what is wrong.
    static QString integrityCheck(Database &database);

private:
    QHash<QString, QStringList> m_rows; // table -> its rows, sorted
};

} // namespace slotline::test
