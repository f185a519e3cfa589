#include "benchdatabase.h"

#include "storage/database.h"

#include <QCommandLineParser>
#include <QFile>
#include <QTextStream>

namespace slotline {

void BenchDatabase::addOption(QCommandLineParser &parser)
{
    parser.addOption({QStringLiteral("keep"),
                      QStringLiteral("Keep the database in this new file, for a closer look."),
                      QStringLiteral("file")});
}

bool BenchDatabase::open(const QCommandLineParser &parser, Database &database, QTextStream &out)
{
    const QString file = parser.isSet(QStringLiteral("keep"))
                             ? parser.value(QStringLiteral("keep"))
                             : m_directory.filePath(QStringLiteral("bench.db"));
    if (QFile::exists(file)) {
        out << "error: " << file << " exists already" << Qt::endl;
        return false;
    }
    database.open(file);
    return true;
}

} // namespace slotline
