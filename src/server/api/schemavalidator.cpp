// GCC 12 at -O2 and above warns that valijson's JSON-pointer parsing (std::string::replace,
// inlined) may copy overlapping bytes: a known false positive of the compiler
// (gcc.gnu.org/PR105329). The warning is placed in libstdc++'s headers, which this file
// includes before valijson's, so only a pragma ahead of every include silences it.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wrestrict"
#endif

#include "server/api/schemavalidator.h"

#include "core/isotime.h"

#include <QJsonArray>
#include <QRegularExpression>
#include <QStringList>

#include <valijson/adapters/qtjson_adapter.hpp>
#include <valijson/schema.hpp>
#include <valijson/schema_parser.hpp>
#include <valijson/validator.hpp>

namespace slotline {
namespace {

QString joinPath(const QStringList &path)
{
    QString joined;
    for (const QString &part : path) {
        bool isIndex = false;
        part.toInt(&isIndex);
        if (isIndex)
            joined += QLatin1Char('[') + part + QLatin1Char(']');
        else
            joined += (joined.isEmpty() ? QString() : QStringLiteral(".")) + part;
    }
    return joined;
}

// valijson's context is ["<root>", "[name]", "[0]", ...].
QStringList contextPath(const std::vector<std::string> &context)
{
    QStringList path;
    for (const std::string &element : context) {
        QString part = QString::fromStdString(element);
        if (part == u"<root>")
            continue;
        if (part.startsWith(u'[') && part.endsWith(u']'))
            part = part.sliced(1, part.size() - 2);
        path.append(part);
    }
    return path;
}

// The field name valijson puts last in quotes ("Missing required property 'name'.", "...
// constraints: 'name'."); the name may hold quotes itself.
QString quotedName(const std::string &description)
{
    static const QRegularExpression quoted(QStringLiteral("(?:property|constraints:) '(.*)'\\.?$"),
                                           QRegularExpression::DotMatchesEverythingOption);
    const auto match = quoted.match(QString::fromStdString(description));
    return match.hasMatch() ? match.captured(1) : QString();
}

QString numberText(const QJsonValue &value)
{
    const double number = value.toDouble();
    return number == double(qint64(number)) ? QString::number(qint64(number))
                                            : QString::number(number);
}

// The schema without its "format" keywords, for valijson. Its 1.0 reads the value under
// a format as a string without looking (a number or null there aborts the process) and
// matches date-times with a std::regex that recurses once per character (a long string
// overflows the stack); nor does its date-time agree with the contract's (no seconds,
// +0100). validate() checks date-times with isotime::parse instead.
QJsonValue withoutFormats(const QJsonValue &value)
{
    if (value.isArray()) {
        QJsonArray array;
        for (const QJsonValue &item : value.toArray())
            array.append(withoutFormats(item));
        return array;
    }
    if (!value.isObject())
        return value;
    QJsonObject object;
    const QJsonObject original = value.toObject();
    for (auto it = original.begin(); it != original.end(); ++it) {
        // A property named "format" holds a schema (an object), the keyword a string.
        if (it.key() == u"format" && it.value().isString())
            continue;
        object.insert(it.key(), withoutFormats(it.value()));
    }
    return object;
}

} // namespace

SchemaValidator::SchemaValidator(const QJsonObject &schema, const QJsonObject &root)
    : m_schema(schema)
    , m_root(root)
    , m_compiled(std::make_unique<valijson::Schema>())
{
    QJsonObject document = root;
    for (auto it = schema.begin(); it != schema.end(); ++it)
        document.insert(it.key(), it.value());
    document = withoutFormats(document).toObject();
    valijson::SchemaParser parser;
    const valijson::adapters::QtJsonAdapter adapter(document);
    parser.populateSchema(adapter, *m_compiled);
}

SchemaValidator::~SchemaValidator() = default;
SchemaValidator::SchemaValidator(SchemaValidator &&) noexcept = default;
SchemaValidator &SchemaValidator::operator=(SchemaValidator &&) noexcept = default;

QList<FieldError> SchemaValidator::validate(const QJsonValue &value,
                                            const QString &fieldPrefix) const
{
    valijson::Validator validator;
    valijson::ValidationResults results;
    const valijson::adapters::QtJsonAdapter target(value);
    QList<QStringList> badDateTimes;
    findBadDateTimes(m_schema, value, {}, badDateTimes);
    if (validator.validate(*m_compiled, target, &results) && badDateTimes.isEmpty())
        return {};

    QList<FieldError> errors;
    QStringList seenFields;
    auto add = [&](QStringList path, const QString &message) {
        if (!fieldPrefix.isEmpty())
            path.prepend(fieldPrefix);
        const QString field = joinPath(path);
        if (seenFields.contains(field))
            return;
        seenFields.append(field);
        errors.append(FieldError {field.isEmpty() ? QStringLiteral("(body)") : field, message});
    };

    valijson::ValidationResults::Error error;
    while (results.popError(error)) {
        const std::string &description = error.description;
        const QStringList path = contextPath(error.context);
        // Wrappers that only repeat a deeper error.
        if (description.rfind("Failed to validate against schema associated", 0) == 0
            || description.rfind("Failed to validate item #", 0) == 0
            || description.rfind("Failed to validate against child schema", 0) == 0)
            continue;
        if (description.rfind("Missing required property", 0) == 0) {
            add(path + QStringList {quotedName(description)}, QStringLiteral("is required"));
            continue;
        }
        if (description.rfind("Object contains a property that could not be validated", 0) == 0) {
            add(path + QStringList {quotedName(description)},
                QStringLiteral("is not a known field"));
            continue;
        }
        const QString described = describe(schemaAt(path));
        add(path, described.isEmpty() ? QString::fromStdString(description) : described);
    }
    for (const QStringList &path : std::as_const(badDateTimes))
        add(path, describe(schemaAt(path)));
    return errors;
}

void SchemaValidator::findBadDateTimes(const QJsonObject &schema, const QJsonValue &value,
                                       const QStringList &path, QList<QStringList> &found) const
{
    const QJsonObject resolved = resolve(schema);
    if (value.isString()) {
        if (resolved.value(QStringLiteral("format")).toString() == u"date-time"
            && !isotime::parseOptional(value.toString()))
            found.append(path);
    } else if (value.isObject()) {
        const QJsonObject properties = resolved.value(QStringLiteral("properties")).toObject();
        const QJsonObject object = value.toObject();
        for (auto it = object.begin(); it != object.end(); ++it) {
            if (properties.contains(it.key()))
                findBadDateTimes(properties.value(it.key()).toObject(), it.value(),
                                 path + QStringList {it.key()}, found);
        }
    } else if (value.isArray() && resolved.value(QStringLiteral("items")).isObject()) {
        const QJsonObject items = resolved.value(QStringLiteral("items")).toObject();
        const QJsonArray array = value.toArray();
        for (qsizetype i = 0; i < array.size(); ++i)
            findBadDateTimes(items, array[i], path + QStringList {QString::number(i)}, found);
    }
}

QJsonObject SchemaValidator::resolve(const QJsonObject &schema) const
{
    const QString ref = schema.value(QStringLiteral("$ref")).toString();
    if (!ref.startsWith(u"#/"))
        return schema;
    QJsonValue node = m_root;
    for (const QString &part : ref.sliced(2).split(u'/'))
        node = node.toObject().value(part);
    return node.toObject();
}

QJsonObject SchemaValidator::schemaAt(const QStringList &path) const
{
    QJsonObject schema = resolve(m_schema);
    for (const QString &part : path) {
        bool isIndex = false;
        part.toInt(&isIndex);
        if (isIndex && schema.contains(QStringLiteral("items")))
            schema = resolve(schema.value(QStringLiteral("items")).toObject());
        else
            schema = resolve(
                schema.value(QStringLiteral("properties")).toObject().value(part).toObject());
        if (schema.isEmpty())
            return {};
    }
    return schema;
}

QString SchemaValidator::describe(const QJsonObject &schema)
{
    if (schema.isEmpty())
        return {};
    if (schema.contains(QStringLiteral("enum"))) {
        QStringList values;
        for (const QJsonValue &value : schema.value(QStringLiteral("enum")).toArray())
            values.append(value.isString() ? value.toString() : numberText(value));
        return QStringLiteral("must be one of: ") + values.join(QStringLiteral(", "));
    }

    QStringList types;
    const QJsonValue type = schema.value(QStringLiteral("type"));
    if (type.isArray()) {
        for (const QJsonValue &entry : type.toArray())
            types.append(entry.toString());
    } else if (type.isString()) {
        types.append(type.toString());
    }
    const bool nullable = types.removeAll(QStringLiteral("null")) > 0;
    const QString mainType = types.value(0);

    QString text;
    if (mainType == u"integer" || mainType == u"number") {
        text = mainType == u"integer" ? QStringLiteral("must be an integer")
                                      : QStringLiteral("must be a number");
        const bool hasMin = schema.contains(QStringLiteral("minimum"));
        const bool hasMax = schema.contains(QStringLiteral("maximum"));
        if (hasMin && hasMax)
            text += QStringLiteral(" from %1 to %2")
                        .arg(numberText(schema.value(QStringLiteral("minimum"))),
                             numberText(schema.value(QStringLiteral("maximum"))));
        else if (hasMin)
            text += QStringLiteral(" of at least %1")
                        .arg(numberText(schema.value(QStringLiteral("minimum"))));
        else if (hasMax)
            text += QStringLiteral(" of at most %1")
                        .arg(numberText(schema.value(QStringLiteral("maximum"))));
    } else if (mainType == u"string") {
        const QString format = schema.value(QStringLiteral("format")).toString();
        if (format == u"date-time")
            text = QStringLiteral("must be an ISO 8601 date-time with Z or an offset, such as "
                                  "2026-03-01T09:30:00Z");
        else if (format == u"uri")
            text = QStringLiteral("must be an absolute URL");
        else
            text = QStringLiteral("must be a string");
        const int minLength = schema.value(QStringLiteral("minLength")).toInt(-1);
        const int maxLength = schema.value(QStringLiteral("maxLength")).toInt(-1);
        if (minLength > 0 && maxLength > 0)
            text += QStringLiteral(" of %1 to %2 characters").arg(minLength).arg(maxLength);
        else if (minLength == 1)
            text = QStringLiteral("must be a non-empty string");
        else if (minLength > 1)
            text += QStringLiteral(" of at least %1 characters").arg(minLength);
        else if (maxLength > 0)
            text += QStringLiteral(" of at most %1 characters").arg(maxLength);
        if (schema.contains(QStringLiteral("pattern")) && format.isEmpty())
            text += QStringLiteral(" matching %1")
                        .arg(schema.value(QStringLiteral("pattern")).toString());
    } else if (mainType == u"boolean") {
        text = QStringLiteral("must be true or false");
    } else if (mainType == u"array") {
        text = QStringLiteral("must be an array");
        const int maxItems = schema.value(QStringLiteral("maxItems")).toInt(-1);
        const int minItems = schema.value(QStringLiteral("minItems")).toInt(-1);
        if (minItems > 0 && maxItems > 0)
            text += QStringLiteral(" of %1 to %2 items").arg(minItems).arg(maxItems);
        else if (minItems > 0)
            text += QStringLiteral(" of at least %1 item%2")
                        .arg(minItems)
                        .arg(minItems == 1 ? QString() : QStringLiteral("s"));
        else if (maxItems > 0)
            text += QStringLiteral(" of at most %1 items").arg(maxItems);
    } else if (mainType == u"object") {
        text = QStringLiteral("must be an object");
    } else {
        return {};
    }
    if (nullable)
        text += QStringLiteral(" or null");
    return text;
}

} // namespace slotline
