#pragma once

#include <QTemporaryDir>

class QCommandLineParser;
class QTextStream;

namespace slotline {

class Database;

// Where a benchmark keeps its database: a temporary file, or with --keep a new file of
// the user's choosing, left behind for a closer look (sqlite3, EXPLAIN QUERY PLAN).
class BenchDatabase
{
public:
    static void addOption(QCommandLineParser &parser);

    // Opens `database`; false (with the reason on `out`) if --keep names a file that
    // exists already, which a benchmark must never write into.
    bool open(const QCommandLineParser &parser, Database &database, QTextStream &out);

private:
    QTemporaryDir m_directory;
};

} // namespace slotline
