#include "server/queryparameters.h"

#include <QJsonArray>

namespace slotline {
namespace {

QString declaredType(const QJsonObject &schema)
{
    const QJsonValue type = schema.value(QStringLiteral("type"));
    if (type.isString())
        return type.toString();
    if (type.isArray()) {
        for (const QJsonValue &entry : type.toArray()) {
            if (entry.toString() != u"null")
                return entry.toString();
        }
    }
    return QStringLiteral("string");
}

// Returns the converted value, or an undefined QJsonValue when the text has the wrong shape.
QJsonValue convert(const QString &text, const QString &type)
{
    if (type == u"integer") {
        bool ok = false;
        const qlonglong value = text.toLongLong(&ok);
        return ok ? QJsonValue(value) : QJsonValue(QJsonValue::Undefined);
    }
    if (type == u"number") {
        bool ok = false;
        const double value = text.toDouble(&ok);
        return ok ? QJsonValue(value) : QJsonValue(QJsonValue::Undefined);
    }
    if (type == u"boolean") {
        if (text == u"true")
            return true;
        if (text == u"false")
            return false;
        return QJsonValue(QJsonValue::Undefined);
    }
    return text;
}

QString shapeMessage(const QString &type)
{
    if (type == u"integer")
        return QStringLiteral("must be an integer");
    if (type == u"number")
        return QStringLiteral("must be a number");
    if (type == u"boolean")
        return QStringLiteral("must be true or false");
    return QStringLiteral("has an invalid value");
}

} // namespace

QueryParameters::Result QueryParameters::read(const Operation &operation, const QUrlQuery &query)
{
    QJsonObject parameters;
    QList<FieldError> errors;
    const auto items = query.queryItems(QUrl::FullyDecoded);
    for (const auto &[name, value] : items) {
        const auto spec
            = std::find_if(operation.queryParameters.begin(), operation.queryParameters.end(),
                           [&wanted = name](const ParameterSpec &p) { return p.name == wanted; });
        if (spec == operation.queryParameters.end()) {
            errors.append(FieldError {name, QStringLiteral("is not a known parameter")});
            continue;
        }
        const QString type = declaredType(spec->schema);
        if (type == u"array") {
            const QString itemType
                = declaredType(spec->schema.value(QStringLiteral("items")).toObject());
            QJsonArray array = parameters.value(name).toArray();
            for (const QString &part : value.split(u',', Qt::SkipEmptyParts)) {
                const QJsonValue converted = convert(part.trimmed(), itemType);
                if (converted.isUndefined()) {
                    errors.append(FieldError {name, shapeMessage(itemType)});
                    break;
                }
                array.append(converted);
            }
            parameters.insert(name, array);
            continue;
        }
        if (parameters.contains(name)) {
            errors.append(FieldError {name, QStringLiteral("must be given only once")});
            continue;
        }
        const QJsonValue converted = convert(value, type);
        if (converted.isUndefined())
            errors.append(FieldError {name, shapeMessage(type)});
        else
            parameters.insert(name, converted);
    }
    return Result {parameters, errors};
}

} // namespace slotline
