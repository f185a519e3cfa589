#pragma once

#include "core/jsonwriter.h"
#include "server/api/apierror.h"
#include "server/api/operation.h"
#include "storage/page.h"

#include <QJsonArray>
#include <QJsonObject>

#include <variant>

namespace slotline::listing {

// `limit` (1..250, default 50) and `cursor`, as every list of the API takes them.
QList<ParameterSpec> pagingParameters();

// The page a list handler should read; a cursor from another list, or one that was
// tampered with, is a 400 invalid_cursor.
std::variant<PageRequest, ApiError> pageRequest(const QJsonObject &parameters, QStringView listName,
                                                int sortKeyParts);

void writeCursor(JsonWriter &json, const QJsonArray &nextAfter, QStringView listName);

// {"items": [...], "cursor": "…" | null}, the items written by `writeItems(json)`, which
// returns the next page's sort key (empty on the last page).
template<typename WriteItems>
QByteArray streamedPageBody(QStringView listName, WriteItems writeItems)
{
    JsonWriter json;
    json.beginObject().key(QLatin1StringView("items")).beginArray();
    const QJsonArray nextAfter = writeItems(json);
    json.endArray().key(QLatin1StringView("cursor"));
    writeCursor(json, nextAfter, listName);
    return json.endObject().take();
}

template<typename T>
QByteArray pageBody(const Page<T> &page, QStringView listName)
{
    return streamedPageBody(listName, [&page](JsonWriter &json) {
        for (const T &item : page.items)
            item.writeJson(json);
        return page.nextAfter;
    });
}

// A `since` or `until` parameter: an ISO 8601 date-time with a zone.
ParameterSpec timeParameter(const QString &name, const QString &description);

// An id or a name (in the path or a filter): a non-empty string of at most 100 characters.
ParameterSpec identifierParameter(const QString &name, const QString &description, bool required);

struct TimeRange
{
    std::optional<qint64> sinceMs;
    std::optional<qint64> untilMs;
};
// Reads `since` and `until`; 400 invalid_query naming each one that is not a time.
std::variant<TimeRange, ApiError> timeRange(const QJsonObject &parameters);

// The page of a list that also takes `since` and `until`.
struct RangePage
{
    PageRequest page;
    TimeRange range;
};
// pageRequest() and timeRange() together; a bad cursor is told first.
std::variant<RangePage, ApiError> rangePage(const QJsonObject &parameters, QStringView listName,
                                            int sortKeyParts);

// The schema of a list answer whose items are `itemSchema` (usually a $ref).
QJsonObject pageSchema(const QJsonObject &itemSchema);

QJsonObject schemaRef(const QString &componentName);

} // namespace slotline::listing
