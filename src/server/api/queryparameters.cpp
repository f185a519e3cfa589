#include "server/api/queryparameters.h"

#include <QJsonArray>
#include <QStringDecoder>
#include <QUrl>

#include <algorithm>

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

// A name or value as QUrlQuery gives it fully encoded (ASCII only), decoded.
QString decodeFormComponent(const QString &encoded)
{
    if (!encoded.contains(u'+') && !encoded.contains(u'%'))
        return encoded; // most values: nothing to decode
    QByteArray bytes = encoded.toLatin1();
    bytes.replace('+', ' ');
    // A byte order mark that begins a value is a character of it, as QUrlQuery keeps it;
    // QString::fromUtf8 would drop it.
    QStringDecoder utf8(QStringDecoder::Utf8,
                        QStringDecoder::Flag::Stateless | QStringDecoder::Flag::ConvertInitialBom);
    return utf8.decode(QByteArray::fromPercentEncoding(bytes));
}

} // namespace

QList<std::pair<QString, QString>> QueryParameters::decodedItems(const QUrlQuery &query)
{
    // QUrlQuery leaves "+" as it is, and fully decoded it could no longer be told from
    // "%2B": the items are taken encoded and decoded here, "+" first.
    QList<std::pair<QString, QString>> items;
    for (const auto &[name, value] : query.queryItems(QUrl::FullyEncoded))
        items.append({decodeFormComponent(name), decodeFormComponent(value)});
    return items;
}

void QueryParameters::explainPlusSigns(QList<FieldError> &errors, const QStringList &sentWithPlus)
{
    for (FieldError &error : errors) {
        const bool sent
            = std::any_of(sentWithPlus.begin(), sentWithPlus.end(), [&](const QString &name) {
                  return error.field == name || error.field.startsWith(name + u'[');
              });
        if (sent)
            error.message += QStringLiteral(" (a + in a query string is a space; send a plus "
                                            "sign as %2B)");
    }
}

QueryParameters::Result QueryParameters::read(const Operation &operation, const QUrlQuery &query)
{
    QJsonObject parameters;
    QList<FieldError> errors;
    QStringList sentWithPlus;
    for (const auto &[encodedName, encodedValue] : query.queryItems(QUrl::FullyEncoded)) {
        const QString name = decodeFormComponent(encodedName);
        const QString value = decodeFormComponent(encodedValue);
        if (encodedValue.contains(u'+') && !sentWithPlus.contains(name))
            sentWithPlus.append(name);
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
    return Result {parameters, errors, sentWithPlus};
}

} // namespace slotline
