#include "support/schemafields.h"

#include <QJsonArray>

namespace slotline::test {
namespace {

QJsonObject resolved(QJsonObject schema, const QJsonObject &components)
{
    const QString prefix = QStringLiteral("#/components/schemas/");
    for (int depth = 0; depth < 32 && schema.contains(QStringLiteral("$ref")); ++depth) {
        const QString reference = schema.take(QStringLiteral("$ref")).toString();
        QJsonObject target = components.value(QStringLiteral("schemas"))
                                 .toObject()
                                 .value(reference.sliced(prefix.size()))
                                 .toObject();
        for (auto it = schema.begin(); it != schema.end(); ++it)
            target.insert(it.key(), it.value()); // a description beside the $ref wins
        schema = target;
    }
    return schema;
}

void collect(const QJsonObject &given, const QJsonObject &components, const QString &path,
             QList<SchemaField> &fields)
{
    const QJsonObject schema = resolved(given, components);
    for (const char *alternatives : {"anyOf", "oneOf"})
        for (const QJsonValue &alternative : schema.value(QLatin1String(alternatives)).toArray())
            collect(alternative.toObject(), components, path, fields);
    const QJsonObject properties = schema.value(QStringLiteral("properties")).toObject();
    for (auto it = properties.begin(); it != properties.end(); ++it)
        collect(it.value().toObject(), components,
                path.isEmpty() ? it.key() : path + u'.' + it.key(), fields);
    if (schema.contains(QStringLiteral("items")))
        collect(schema.value(QStringLiteral("items")).toObject(), components,
                path + QStringLiteral("[]"), fields);
    const bool composite = !properties.isEmpty() || schema.contains(QStringLiteral("items"))
                           || schema.contains(QStringLiteral("anyOf"))
                           || schema.contains(QStringLiteral("oneOf"));
    if (!path.isEmpty() && !composite)
        fields.append(SchemaField {path, schema});
}

} // namespace

bool SchemaField::accepts(const QString &type) const
{
    const QJsonValue types = schema.value(QStringLiteral("type"));
    return types.isArray() ? types.toArray().contains(type) : types.toString() == type;
}

QList<SchemaField> schemaFields(const QJsonObject &schema, const QJsonObject &components,
                                const QString &prefix)
{
    QList<SchemaField> fields;
    collect(schema, components, prefix, fields);
    return fields;
}

QList<DocumentedOperation> documentedOperations(const QJsonObject &openapi)
{
    QList<DocumentedOperation> found;
    const QJsonObject paths = openapi.value(QStringLiteral("paths")).toObject();
    for (auto path = paths.begin(); path != paths.end(); ++path) {
        const QJsonObject methods = path.value().toObject();
        for (auto method = methods.begin(); method != methods.end(); ++method) {
            const QJsonObject operation = method.value().toObject();
            const QString id = operation.value(QStringLiteral("operationId")).toString();
            if (id.isEmpty())
                continue;
            const bool isTool = id.startsWith(QStringLiteral("tool_"));
            found.append({isTool ? id.sliced(5) : id, isTool, operation});
        }
    }
    return found;
}

} // namespace slotline::test
