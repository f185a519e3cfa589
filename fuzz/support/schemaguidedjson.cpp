#include "support/schemaguidedjson.h"

#include "core/isotime.h"

#include <QJsonArray>

#include <iterator>
#include <limits>

using namespace Qt::Literals::StringLiterals;

namespace slotline::fuzz {
namespace {

constexpr int MaxDepth = 6;
// Long enough to pass X's 280 and LinkedIn's 3,000 characters; far longer strings only
// slow every run down.
constexpr int MaxRepeatedLength = 3200;

// Pieces long texts are made of: each weighs differently on X.
const QString TextUnits[] = {u"a"_s,
                             u" "_s,
                             u"\u00e9"_s,
                             u"e\u0301"_s,
                             u"\u5b57"_s,
                             u"\U0001F600"_s,
                             u"https://example.com/x "_s,
                             u"example.co "_s,
                             u"\u2014"_s,
                             QString(QChar(0xd800))};

} // namespace

SchemaGuidedJson::SchemaGuidedJson(FuzzedDataProvider &input, const QStringList &vocabulary)
    : m_input(input)
    , m_vocabulary(vocabulary)
{ }

QJsonValue SchemaGuidedJson::valueFor(const QJsonObject &schema, int depth)
{
    if (depth > MaxDepth || m_input.ConsumeIntegralInRange(0, 31) == 0)
        return anyValue(depth);
    if (schema.contains(u"anyOf"_s) || schema.contains(u"oneOf"_s)) {
        const QJsonArray choices
            = schema.value(schema.contains(u"anyOf"_s) ? u"anyOf"_s : u"oneOf"_s).toArray();
        if (!choices.isEmpty())
            return valueFor(
                choices[m_input.ConsumeIntegralInRange<qsizetype>(0, choices.size() - 1)]
                    .toObject(),
                depth + 1);
    }
    if (schema.contains(u"const"_s))
        return schema.value(u"const"_s);
    if (schema.contains(u"enum"_s) && m_input.ConsumeIntegralInRange(0, 7) != 0) {
        const QJsonArray values = schema.value(u"enum"_s).toArray();
        if (!values.isEmpty())
            return values[m_input.ConsumeIntegralInRange<qsizetype>(0, values.size() - 1)];
    }

    QString type;
    const QJsonValue declared = schema.value(u"type"_s);
    if (declared.isArray()) {
        const QJsonArray types = declared.toArray();
        if (!types.isEmpty())
            type = types[m_input.ConsumeIntegralInRange<qsizetype>(0, types.size() - 1)].toString();
    } else {
        type = declared.toString();
    }
    if (type.isEmpty() && schema.contains(u"properties"_s))
        type = u"object"_s;

    if (type == u"object") {
        QJsonObject object;
        const QJsonObject properties = schema.value(u"properties"_s).toObject();
        const QJsonArray required = schema.value(u"required"_s).toArray();
        for (auto it = properties.begin(); it != properties.end(); ++it) {
            const bool isRequired = required.contains(it.key());
            const int chance = m_input.ConsumeIntegralInRange(0, 15);
            if (isRequired ? chance == 0 : chance < 8)
                continue;
            object.insert(it.key(), valueFor(it.value().toObject(), depth + 1));
        }
        if (m_input.ConsumeIntegralInRange(0, 31) == 0)
            object.insert(inputString(12), anyValue(depth + 1));
        return object;
    }
    if (type == u"array") {
        QJsonArray array;
        const int maxItems = schema.value(u"maxItems"_s).toInt(8);
        const int count = m_input.ConsumeIntegralInRange(0, std::min(maxItems + 1, 8));
        const QJsonObject items = schema.value(u"items"_s).toObject();
        for (int i = 0; i < count; ++i)
            array.append(valueFor(items, depth + 1));
        return array;
    }
    if (type == u"string")
        return stringFor(schema);
    if (type == u"integer" || type == u"number") {
        const qint64 minimum = qint64(schema.value(u"minimum"_s).toDouble(-1000));
        const qint64 maximum = qint64(schema.value(u"maximum"_s).toDouble(1000));
        switch (m_input.ConsumeIntegralInRange(0, 5)) {
        case 0: return minimum - 1;
        case 1: return maximum + 1;
        case 2: return double(m_input.ConsumeIntegral<qint64>());
        case 3: return type == u"number" ? m_input.ConsumeFloatingPoint<double>() : 1.5;
        default: return m_input.ConsumeIntegralInRange(minimum, maximum);
        }
    }
    if (type == u"boolean")
        return m_input.ConsumeBool();
    if (type == u"null")
        return QJsonValue(QJsonValue::Null);
    return anyValue(depth);
}

QJsonValue SchemaGuidedJson::anyValue(int depth)
{
    switch (m_input.ConsumeIntegralInRange(0, depth > MaxDepth ? 4 : 6)) {
    case 0: return QJsonValue(QJsonValue::Null);
    case 1: return m_input.ConsumeBool();
    case 2: return double(m_input.ConsumeIntegral<qint32>());
    case 3: return m_input.ConsumeFloatingPoint<double>();
    case 4: return stringFor({});
    case 5: return QJsonArray {anyValue(depth + 1)};
    default: return QJsonObject {{inputString(12), anyValue(depth + 1)}};
    }
}

QString SchemaGuidedJson::stringFor(const QJsonObject &schema)
{
    const int maxLength = schema.value(u"maxLength"_s).toInt(std::numeric_limits<int>::max());
    const int minLength = schema.value(u"minLength"_s).toInt(0);
    if (schema.value(u"format"_s).toString() == u"date-time" && m_input.ConsumeBool())
        return dateTime();
    switch (m_input.ConsumeIntegralInRange(0, 7)) {
    case 0:
    case 1:
    case 2:
        if (!m_vocabulary.isEmpty())
            return m_vocabulary[m_input.ConsumeIntegralInRange<qsizetype>(0,
                                                                          m_vocabulary.size() - 1)];
        break;
    case 3: {
        // A long text made of one piece repeated, at or around the field's limit.
        const QString &unit
            = TextUnits[m_input.ConsumeIntegralInRange<size_t>(0, std::size(TextUnits) - 1)];
        const int limit = std::min(maxLength, MaxRepeatedLength);
        int length = m_input.ConsumeIntegralInRange(0, MaxRepeatedLength);
        if (m_input.ConsumeBool())
            length
                = std::clamp(limit + m_input.ConsumeIntegralInRange(-1, 1), 0, MaxRepeatedLength);
        return unit.repeated(std::max<qsizetype>(1, length / unit.size()));
    }
    case 4: return dateTime();
    default: break;
    }
    const int wanted = std::clamp(maxLength, minLength, 200);
    return inputString(m_input.ConsumeBool() ? wanted : 40);
}

QString SchemaGuidedJson::inputString(int maxLength)
{
    const std::string bytes = m_input.ConsumeRandomLengthString(size_t(std::max(maxLength, 0)) * 2);
    return QString::fromUtf8(bytes.data(), qsizetype(bytes.size()));
}

QString SchemaGuidedJson::dateTime()
{
    // Around the fixture's now (2026-03-02T10:00:00Z): the past tolerance, the two-year
    // limit, offsets, and the odd spelling.
    const qint64 now = 1'772'445'600'000;
    qint64 at = now;
    switch (m_input.ConsumeIntegralInRange(0, 4)) {
    case 0: at += m_input.ConsumeIntegralInRange<qint64>(-120'000, 120'000); break;
    case 1:
        at += m_input.ConsumeIntegralInRange<qint64>(-2 * 86'400'000LL, 800 * 86'400'000LL);
        break;
    case 2: at += 2LL * 366 * 86'400'000 + m_input.ConsumeIntegralInRange(-1, 1); break;
    case 3:
        at = m_input.ConsumeIntegralInRange<qint64>(-62'135'596'800'000, 253'402'300'799'999);
        break;
    default: return inputString(40);
    }
    QString text = isotime::format(at);
    switch (m_input.ConsumeIntegralInRange(0, 3)) {
    case 0: break;
    case 1: text.chop(1); break; // no offset
    case 2:
        text.chop(1);
        text += u"+01:00"_s;
        break;
    default: text.replace(u'T', u't'); break;
    }
    return text;
}

} // namespace slotline::fuzz
