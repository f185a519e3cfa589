#include "server/operationregistry.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>

#include <stdexcept>

namespace slotline {

OperationRegistry::OperationRegistry(QJsonObject components)
    : m_components(std::move(components))
{ }

OperationRegistry::~OperationRegistry() = default;

QJsonObject OperationRegistry::builtInComponents()
{
    QFile file(QStringLiteral(":/slotline/openapi/components.json"));
    if (!file.open(QIODevice::ReadOnly))
        throw std::runtime_error("the built-in OpenAPI components are missing");
    QJsonParseError error {};
    const QJsonDocument document = QJsonDocument::fromJson(file.readAll(), &error);
    if (error.error != QJsonParseError::NoError)
        throw std::runtime_error("the built-in OpenAPI components are not valid JSON: "
                                 + error.errorString().toStdString());
    return document.object();
}

QJsonObject OperationRegistry::querySchema(const Operation &operation)
{
    QJsonObject properties;
    QJsonArray required;
    for (const ParameterSpec &parameter : operation.queryParameters) {
        properties.insert(parameter.name, parameter.schema);
        if (parameter.required)
            required.append(parameter.name);
    }
    QJsonObject schema {{QStringLiteral("type"), QStringLiteral("object")},
                        {QStringLiteral("properties"), properties},
                        {QStringLiteral("additionalProperties"), false}};
    if (!required.isEmpty())
        schema.insert(QStringLiteral("required"), required);
    return schema;
}

void OperationRegistry::add(Operation operation)
{
    if (find(operation.name))
        throw std::logic_error("duplicate operation " + operation.name.toStdString());
    const QJsonObject root {{QStringLiteral("components"), m_components}};
    auto entry = std::make_unique<Entry>(Entry {std::move(operation), SchemaValidator({}), {}});
    entry->query = SchemaValidator(querySchema(entry->operation), root);
    if (!entry->operation.bodySchema.isEmpty())
        entry->body.emplace(entry->operation.bodySchema, root);
    m_router.add(&entry->operation);
    m_byOperation.insert(&entry->operation, entry.get());
    m_entries.push_back(std::move(entry));
}

QList<const Operation *> OperationRegistry::operations() const
{
    QList<const Operation *> result;
    for (const auto &entry : m_entries)
        result.append(&entry->operation);
    return result;
}

const Operation *OperationRegistry::find(QStringView name) const
{
    for (const auto &entry : m_entries) {
        if (entry->operation.name == name)
            return &entry->operation;
    }
    return nullptr;
}

const OperationRegistry::Entry &OperationRegistry::entry(const Operation *operation) const
{
    const Entry *found = m_byOperation.value(operation);
    if (!found)
        throw std::logic_error("operation not registered");
    return *found;
}

const SchemaValidator &OperationRegistry::queryValidator(const Operation *operation) const
{
    return entry(operation).query;
}

const SchemaValidator *OperationRegistry::bodyValidator(const Operation *operation) const
{
    const Entry &found = entry(operation);
    return found.body ? &*found.body : nullptr;
}

} // namespace slotline
