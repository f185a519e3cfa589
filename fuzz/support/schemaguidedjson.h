#pragma once

#include <QJsonObject>
#include <QJsonValue>
#include <QStringList>

#include <fuzzer/FuzzedDataProvider.h>

namespace slotline::fuzz {

// Builds JSON that mostly follows a JSON Schema, from fuzz input: the properties the
// schema names (required ones nearly always), enum values, numbers around their bounds,
// strings from a vocabulary (ids, URLs, times) or from the input, lengths around their
// limits. Now and then a value is of the wrong type, out of range, or an unknown property,
// so that both sides of the validation are reached. Schemas must have no "$ref".
class SchemaGuidedJson
{
public:
    SchemaGuidedJson(FuzzedDataProvider &input, const QStringList &vocabulary);

    QJsonValue valueFor(const QJsonObject &schema, int depth = 0);

private:
    QJsonValue anyValue(int depth);
    QString stringFor(const QJsonObject &schema);
    QString inputString(int maxLength);
    QString dateTime();

    FuzzedDataProvider &m_input;
    QStringList m_vocabulary;
};

} // namespace slotline::fuzz
