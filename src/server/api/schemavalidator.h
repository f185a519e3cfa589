#pragma once

#include "server/api/apierror.h"

#include <QJsonObject>
#include <QJsonValue>
#include <QList>

#include <memory>

namespace valijson {
class Schema;
}

namespace slotline {

// Validates JSON against a JSON Schema (valijson), reporting one FieldError per bad
// field with a message phrased from that field's own schema ("must be an integer from
// 1 to 250") rather than the validator's internals.
class SchemaValidator
{
public:
    // `root` holds anything the schema's "$ref"s point into (e.g. "components").
    // A schema that does not parse is a programming error: this throws.
    explicit SchemaValidator(const QJsonObject &schema, const QJsonObject &root = {});
    ~SchemaValidator();
    SchemaValidator(SchemaValidator &&) noexcept;
    SchemaValidator &operator=(SchemaValidator &&) noexcept;

    // `fieldPrefix` is put before every field path (e.g. "post" for a nested body).
    QList<FieldError> validate(const QJsonValue &value, const QString &fieldPrefix = {}) const;

    // A sentence fragment saying what a schema accepts, e.g. "must be one of: a, b".
    static QString describe(const QJsonObject &schema);

private:
    QJsonObject schemaAt(const QStringList &path) const;
    // Where the value has a string its schema says is a "date-time" that isotime::parse
    // refuses (valijson is not given formats; see withoutFormats()).
    void findBadDateTimes(const QJsonObject &schema, const QJsonValue &value,
                          const QStringList &path, QList<QStringList> &found) const;
    QJsonObject resolve(const QJsonObject &schema) const;

    QJsonObject m_schema;
    QJsonObject m_root;
    std::unique_ptr<valijson::Schema> m_compiled;
};

} // namespace slotline
