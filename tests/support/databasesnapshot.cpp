#include "support/databasesnapshot.h"

#include "storage/database.h"

#include <QSqlQuery>
#include <QSqlRecord>

namespace slotline::test {

DatabaseSnapshot::DatabaseSnapshot(Database &database)
{
    QSqlQuery tables(database.connection());
    tables.exec(QStringLiteral("SELECT name FROM sqlite_master WHERE type = 'table' "
                               "AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name"));
    QStringList names;
    while (tables.next())
        names.append(tables.value(0).toString());
    for (const QString &table : std::as_const(names)) {
        if (table == u"call_log")
            continue;
        QSqlQuery rows(database.connection());
        rows.exec(QStringLiteral("SELECT * FROM \"%1\"").arg(table));
        QStringList &texts = m_rows[table];
        while (rows.next()) {
            const QSqlRecord record = rows.record();
            QStringList columns;
            for (int i = 0; i < record.count(); ++i) {
                if (table == u"api_keys" && record.fieldName(i) == u"last_used_at")
                    continue;
                const QVariant value = record.value(i);
                columns.append(record.fieldName(i) + u'='
                               + (value.isNull() ? QStringLiteral("NULL")
                                  : value.typeId() == QMetaType::QByteArray
                                      ? QString::fromLatin1(value.toByteArray().toHex())
                                      : value.toString()));
            }
            texts.append(columns.join(u'|'));
        }
        texts.sort();
    }
}

QHash<QString, int> DatabaseSnapshot::rowCounts() const
{
    QHash<QString, int> counts;
    for (auto it = m_rows.begin(); it != m_rows.end(); ++it)
        counts.insert(it.key(), int(it.value().size()));
    return counts;
}

QStringList DatabaseSnapshot::differences(const DatabaseSnapshot &later) const
{
    QStringList found;
    QStringList tables = m_rows.keys() + later.m_rows.keys();
    tables.sort();
    tables.removeDuplicates();
    for (const QString &table : std::as_const(tables)) {
        const QStringList before = m_rows.value(table);
        const QStringList after = later.m_rows.value(table);
        if (before == after)
            continue;
        int gone = 0;
        for (const QString &row : before)
            gone += after.contains(row) ? 0 : 1;
        int added = 0;
        QString example;
        for (const QString &row : after) {
            if (!before.contains(row)) {
                ++added;
                if (example.isEmpty())
                    example = row.left(300);
            }
        }
        found.append(QStringLiteral("%1: %2 rows gone, %3 new (%4)")
                         .arg(table)
                         .arg(gone)
                         .arg(added)
                         .arg(example));
    }
    return found;
}

QString DatabaseSnapshot::integrityCheck(Database &database)
{
    QSqlQuery check(database.connection());
    QStringList problems;
    for (const char *pragma : {"PRAGMA integrity_check", "PRAGMA foreign_key_check"}) {
        check.exec(QLatin1String(pragma));
        while (check.next()) {
            const QString line = check.value(0).toString();
            if (line != u"ok")
                problems.append(line);
        }
    }
    return problems.isEmpty() ? QStringLiteral("ok") : problems.join(u'\n');
}

} // namespace slotline::test
