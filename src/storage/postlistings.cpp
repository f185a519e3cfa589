#include "storage/postlistings.h"

#include "core/jsonwriter.h"
#include "storage/statement.h"
#include "storage/submissionrows.h"
#include "storage/transaction.h"

#include <utility>

namespace slotline {

using namespace submissionrows;

PostListings::PostListings(Database &database)
    : m_database(database)
{ }

void PostListings::refresh(const QStringList &submissionIds)
{
    if (submissionIds.isEmpty())
        return;
    Statement missing(m_database,
                      QStringLiteral("SELECT ") + columns()
                          + QStringLiteral(", rowid FROM submissions WHERE id IN (SELECT value "
                                           "FROM json_each(?)) AND listing_json IS NULL"));
    missing.bind(jsonList(submissionIds)).exec();
    render(missing);
}

void PostListings::refreshAll()
{
    // In batches, each its own transaction: a large database does not hold the write
    // lock for the whole pass, and what is done stays done if the server stops.
    constexpr int Batch = 500;
    for (;;) {
        Transaction transaction(m_database);
        Statement missing(m_database,
                          QStringLiteral("SELECT ") + columns()
                              + QStringLiteral(", rowid FROM submissions WHERE listing_json IS "
                                               "NULL LIMIT ?"));
        missing.bind(Batch).exec();
        const int rendered = render(missing);
        transaction.commit();
        if (rendered < Batch)
            return;
    }
}

int PostListings::render(Statement &rows)
{
    QList<std::pair<qint64, QByteArray>> listings;
    while (rows.next()) {
        JsonWriter json;
        readView(rows).writeJson(json);
        listings.append({rows.integer(ColumnCount), json.take()});
    }
    Statement store(m_database,
                    QStringLiteral("UPDATE submissions SET listing_json = ? WHERE rowid = ?"));
    for (const auto &[rowid, listing] : std::as_const(listings))
        store.bindUtf8(listing).bind(rowid).exec();
    return int(listings.size());
}

} // namespace slotline
