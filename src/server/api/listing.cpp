#include "server/api/listing.h"

#include "core/isotime.h"
#include "core/pagecursor.h"

namespace slotline::listing {

QList<ParameterSpec> pagingParameters()
{
    return {
        ParameterSpec {QStringLiteral("limit"), QStringLiteral("Items per page (1 to 250)."),
                       QJsonObject {{QStringLiteral("type"), QStringLiteral("integer")},
                                    {QStringLiteral("minimum"), 1},
                                    {QStringLiteral("maximum"), 250},
                                    {QStringLiteral("default"), 50}},
                       false},
        ParameterSpec {QStringLiteral("cursor"),
                       QStringLiteral("The cursor of the previous page, to read the next one."),
                       QJsonObject {{QStringLiteral("type"), QStringLiteral("string")},
                                    {QStringLiteral("minLength"), 1},
                                    {QStringLiteral("maxLength"), 1024}},
                       false},
    };
}

std::variant<PageRequest, ApiError> pageRequest(const QJsonObject &parameters, QStringView listName,
                                                int sortKeyParts)
{
    PageRequest request;
    request.limit = parameters.value(QStringLiteral("limit")).toInt(50);
    const QString cursor = parameters.value(QStringLiteral("cursor")).toString();
    if (cursor.isEmpty())
        return request;
    const auto position = pagecursor::decode(listName, cursor);
    if (!position || position->size() != sortKeyParts)
        return ApiError(ErrorCode::InvalidCursor,
                        QStringLiteral("The cursor is not one this list gave out."))
            .withDetail(QStringLiteral("cursor"),
                        QStringLiteral("is not a valid cursor for this list"));
    request.after = *position;
    return request;
}

void writeCursor(JsonWriter &json, const QJsonArray &nextAfter, QStringView listName)
{
    if (nextAfter.isEmpty())
        json.null();
    else
        json.value(pagecursor::encode(listName, nextAfter));
}

ParameterSpec identifierParameter(const QString &name, const QString &description, bool required)
{
    return ParameterSpec {name, description,
                          QJsonObject {{QStringLiteral("type"), QStringLiteral("string")},
                                       {QStringLiteral("minLength"), 1},
                                       {QStringLiteral("maxLength"), 100}},
                          required};
}

ParameterSpec timeParameter(const QString &name, const QString &description)
{
    return ParameterSpec {name, description,
                          QJsonObject {{QStringLiteral("type"), QStringLiteral("string")},
                                       {QStringLiteral("format"), QStringLiteral("date-time")},
                                       {QStringLiteral("maxLength"), 64}},
                          false};
}

std::variant<TimeRange, ApiError> timeRange(const QJsonObject &parameters)
{
    TimeRange range;
    QList<FieldError> errors;
    for (const QString &name : {QStringLiteral("since"), QStringLiteral("until")}) {
        if (!parameters.contains(name))
            continue;
        const auto parsed = isotime::parse(parameters.value(name).toString());
        if (const auto *ms = std::get_if<qint64>(&parsed))
            (name == u"since" ? range.sinceMs : range.untilMs) = *ms;
        else
            errors.append(
                FieldError {name, isotime::describe(std::get<isotime::ParseError>(parsed))});
    }
    if (!errors.isEmpty())
        return ApiError::invalidQuery(errors);
    return range;
}

std::variant<RangePage, ApiError> rangePage(const QJsonObject &parameters, QStringView listName,
                                            int sortKeyParts)
{
    const auto page = pageRequest(parameters, listName, sortKeyParts);
    if (const auto *error = std::get_if<ApiError>(&page))
        return *error;
    const auto range = timeRange(parameters);
    if (const auto *error = std::get_if<ApiError>(&range))
        return *error;
    return RangePage {std::get<PageRequest>(page), std::get<TimeRange>(range)};
}

QJsonObject pageSchema(const QJsonObject &itemSchema)
{
    return QJsonObject {
        {QStringLiteral("type"), QStringLiteral("object")},
        {QStringLiteral("additionalProperties"), false},
        {QStringLiteral("required"),
         QJsonArray {QStringLiteral("items"), QStringLiteral("cursor")}},
        {QStringLiteral("properties"),
         QJsonObject {
             {QStringLiteral("items"),
              QJsonObject {{QStringLiteral("type"), QStringLiteral("array")},
                           {QStringLiteral("items"), itemSchema}}},
             {QStringLiteral("cursor"),
              QJsonObject {{QStringLiteral("type"),
                            QJsonArray {QStringLiteral("string"), QStringLiteral("null")}},
                           {QStringLiteral("description"),
                            QStringLiteral("Pass as ?cursor= to read the next page; null on the "
                                           "last page.")}}},
         }},
    };
}

QJsonObject schemaRef(const QString &componentName)
{
    return QJsonObject {
        {QStringLiteral("$ref"), QString(QStringLiteral("#/components/schemas/") + componentName)}};
}

} // namespace slotline::listing
