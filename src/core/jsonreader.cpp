#include "core/jsonreader.h"

#include "core/isotime.h"

namespace slotline {

JsonReader::JsonReader(QJsonObject object, QString path)
    : m_object(std::move(object))
    , m_path(std::move(path))
{ }

QJsonDocument JsonReader::parse(const QByteArray &json, QJsonParseError *error)
{
    static constexpr QByteArrayView Mark("\xEF\xBB\xBF");
    const qsizetype from = json.startsWith(Mark) ? Mark.size() : 0;
    if (json.indexOf(Mark, from) < 0)
        return QJsonDocument::fromJson(json, error);
    // Written as an escape, the parser keeps it.
    return QJsonDocument::fromJson(json.first(from) + json.sliced(from).replace(Mark, "\\ufeff"),
                                   error);
}

void JsonReader::fail(QLatin1StringView key, const QString &problem)
{
    if (m_error.isEmpty())
        m_error = (m_path.isEmpty() ? QString(key) : m_path + u'.' + key) + QStringLiteral(": ")
                  + problem;
}

QJsonValue JsonReader::field(QLatin1StringView key, bool required)
{
    const QJsonValue value = m_object.value(key);
    if (required && (value.isUndefined() || value.isNull()))
        fail(key, QStringLiteral("missing"));
    return value;
}

QString JsonReader::string(QLatin1StringView key)
{
    const QJsonValue value = field(key, true);
    if (!value.isString() && !value.isUndefined() && !value.isNull())
        fail(key, QStringLiteral("not a string"));
    return value.toString();
}

QString JsonReader::optionalString(QLatin1StringView key)
{
    const QJsonValue value = field(key, false);
    if (!value.isString() && !value.isUndefined() && !value.isNull())
        fail(key, QStringLiteral("not a string"));
    return value.toString();
}

qint64 JsonReader::integer(QLatin1StringView key)
{
    const QJsonValue value = field(key, true);
    if (!value.isDouble() && !value.isUndefined() && !value.isNull())
        fail(key, QStringLiteral("not a number"));
    return value.toInteger();
}

std::optional<qint64> JsonReader::optionalInteger(QLatin1StringView key)
{
    const QJsonValue value = field(key, false);
    if (value.isUndefined() || value.isNull())
        return std::nullopt;
    if (!value.isDouble())
        fail(key, QStringLiteral("not a number"));
    return value.toInteger();
}

double JsonReader::number(QLatin1StringView key)
{
    const QJsonValue value = field(key, true);
    if (!value.isDouble() && !value.isUndefined() && !value.isNull())
        fail(key, QStringLiteral("not a number"));
    return value.toDouble();
}

bool JsonReader::boolean(QLatin1StringView key)
{
    const QJsonValue value = field(key, true);
    if (!value.isBool() && !value.isUndefined() && !value.isNull())
        fail(key, QStringLiteral("not true or false"));
    return value.toBool();
}

qint64 JsonReader::time(QLatin1StringView key)
{
    const QString text = string(key);
    if (text.isEmpty())
        return 0;
    const auto ms = isotime::parseOptional(text);
    if (!ms)
        fail(key, QStringLiteral("not an ISO 8601 time"));
    return ms.value_or(0);
}

std::optional<qint64> JsonReader::optionalTime(QLatin1StringView key)
{
    const QString text = optionalString(key);
    if (text.isEmpty())
        return std::nullopt;
    const auto ms = isotime::parseOptional(text);
    if (!ms)
        fail(key, QStringLiteral("not an ISO 8601 time"));
    return ms;
}

QStringList JsonReader::strings(QLatin1StringView key)
{
    const QJsonValue value = field(key, true);
    QStringList result;
    if (!value.isArray()) {
        if (!value.isUndefined() && !value.isNull())
            fail(key, QStringLiteral("not an array"));
        return result;
    }
    for (const QJsonValue &item : value.toArray()) {
        if (!item.isString()) {
            fail(key, QStringLiteral("not an array of strings"));
            return {};
        }
        result.append(item.toString());
    }
    return result;
}

Platform JsonReader::platform(QLatin1StringView key)
{
    const QString name = string(key);
    if (const auto known = platforms::fromString(name))
        return *known;
    if (!name.isEmpty())
        fail(key, QStringLiteral("unknown platform \"%1\"").arg(name));
    return Platform::LinkedIn;
}

QList<Platform> JsonReader::platformList(QLatin1StringView key)
{
    QList<Platform> result;
    for (const QString &name : strings(key)) {
        if (const auto known = platforms::fromString(name))
            result.append(*known);
        else
            fail(key, QStringLiteral("unknown platform \"%1\"").arg(name));
    }
    return result;
}

QJsonObject JsonReader::object(QLatin1StringView key)
{
    const QJsonValue value = field(key, true);
    if (!value.isObject() && !value.isUndefined() && !value.isNull())
        fail(key, QStringLiteral("not an object"));
    return value.toObject();
}

std::optional<QJsonObject> JsonReader::optionalObject(QLatin1StringView key)
{
    const QJsonValue value = field(key, false);
    if (value.isUndefined() || value.isNull())
        return std::nullopt;
    if (!value.isObject())
        fail(key, QStringLiteral("not an object"));
    return value.toObject();
}

QJsonArray JsonReader::array(QLatin1StringView key)
{
    const QJsonValue value = field(key, true);
    if (!value.isArray() && !value.isUndefined() && !value.isNull())
        fail(key, QStringLiteral("not an array"));
    return value.toArray();
}

} // namespace slotline
