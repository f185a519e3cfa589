#pragma once

#include "core/submission.h"
#include "storage/page.h"

#include <QByteArrayView>
#include <QString>
#include <QStringList>

#include <algorithm>

namespace slotline {

class Statement;

// How the submissions table's rows are read, by the repository and by the listings it
// keeps: the columns, in the order the readers below expect them.
namespace submissionrows {

const QString &columns();
constexpr int ColumnCount = 23; // the rowid follows them where it is read
// "SELECT <columns> FROM submissions ", to be followed by a WHERE clause.
const QString &select();

// A list of strings as a JSON array: how media URLs are stored, and how a list of ids is
// bound as one value (read back with json_each).
QString jsonList(const QStringList &values);
QStringList mediaList(QByteArrayView json);

// A short stored name (a platform, a status), parsed without making a QString of it:
// twice a row. Anything longer than a name, or not ASCII, matches none.
template<typename Parse>
auto parseName(QByteArrayView utf8, Parse parse)
{
    constexpr qsizetype Longest = 16;
    char16_t units[Longest];
    const qsizetype length = std::min(utf8.size(), Longest);
    for (qsizetype i = 0; i < length; ++i)
        units[i] = char16_t(static_cast<unsigned char>(utf8[i]));
    return parse(utf8.size() <= Longest ? QStringView(units, length) : QStringView(u"-"));
}

struct SubmissionRow
{
    Submission submission;
    qint64 sortAtMs = 0;
};

// The columns a list shows, as stored.
SubmissionView readView(const Statement &row);
// All of a row, with what only the server sees (project, attempts, claim).
SubmissionRow readRow(const Statement &row);
// The shared keyset paging, keeping the submissions of the rows it read; the cursor is
// the sort key and the id.
Page<Submission> readPage(Statement &query, int limit, qint64 (*sortKey)(const SubmissionRow &row));

} // namespace submissionrows
} // namespace slotline
