#pragma once

#include <QJsonObject>
#include <QList>
#include <QString>

namespace slotline::test {

// Every field a JSON Schema describes, with "$ref"s to "#/components/schemas/..." resolved
// against `components`: its path ("post.content.text", "slots[].day") and its schema.
// Alternatives (anyOf, oneOf) contribute their fields under the same path.
struct SchemaField
{
    QString path;
    QJsonObject schema;

    bool accepts(const QString &type) const; // "string", "integer", ...
};

QList<SchemaField> schemaFields(const QJsonObject &schema, const QJsonObject &components,
                                const QString &prefix = {});

// An operation openapi.json documents: its operationId without the "tool_" of a tool's
// form, which form it is, and its entry under "paths".
struct DocumentedOperation
{
    QString name;
    bool isTool = false;
    QJsonObject operation;
};

QList<DocumentedOperation> documentedOperations(const QJsonObject &openapi);

} // namespace slotline::test
