#include "server/api/operationregistry.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>

#include <stdexcept>

namespace slotline {
namespace {

// An object with these properties and no others.
QJsonObject closedObjectSchema(const QJsonObject &properties, const QJsonArray &required)
{
    QJsonObject schema {{QStringLiteral("type"), QStringLiteral("object")},
                        {QStringLiteral("properties"), properties},
                        {QStringLiteral("additionalProperties"), false}};
    if (!required.isEmpty())
        schema.insert(QStringLiteral("required"), required);
    return schema;
}

} // namespace

OperationRegistry::OperationRegistry(QJsonObject components, const QList<Operation> &operations)
    : m_components(std::move(components))
{
    for (const Operation &operation : operations)
        add(operation);
}

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
    return closedObjectSchema(properties, required);
}

QJsonObject OperationRegistry::toolSchema(const Operation &operation)
{
    QJsonObject properties;
    QJsonArray required;
    const auto addProperty = [&](const QString &name, const QJsonValue &schema, bool isRequired) {
        if (properties.contains(name))
            throw std::logic_error("operation " + operation.name.toStdString()
                                   + " has two parameters named " + name.toStdString());
        properties.insert(name, schema);
        if (isRequired)
            required.append(name);
    };
    // Path parameters are always required.
    for (const auto *parameters : {&operation.pathParameters, &operation.queryParameters}) {
        for (const ParameterSpec &parameter : *parameters) {
            QJsonObject schema = parameter.schema;
            if (!parameter.description.isEmpty() && !schema.contains(QStringLiteral("description")))
                schema.insert(QStringLiteral("description"), parameter.description);
            addProperty(parameter.name, schema,
                        parameters == &operation.pathParameters || parameter.required);
        }
    }
    if (!operation.bodySchema.isEmpty()) {
        if (operation.bodySchema.contains(QStringLiteral("$ref")))
            throw std::logic_error("the body schema of " + operation.name.toStdString()
                                   + " must be written out to become a tool's parameters");
        const QJsonObject bodyProperties
            = operation.bodySchema.value(QStringLiteral("properties")).toObject();
        const QJsonArray bodyRequired
            = operation.bodySchema.value(QStringLiteral("required")).toArray();
        for (auto it = bodyProperties.begin(); it != bodyProperties.end(); ++it)
            addProperty(it.key(), it.value(), bodyRequired.contains(it.key()));
    }
    return closedObjectSchema(properties, required);
}

QJsonObject OperationRegistry::selfContainedToolSchema(const Operation &operation) const
{
    return inlineReferences(toolSchema(operation), 0).toObject();
}

QJsonValue OperationRegistry::inlineReferences(const QJsonValue &value, int depth) const
{
    // The schemas are not recursive; the depth only stops a mistake from looping.
    if (depth > 32)
        throw std::logic_error("the OpenAPI components refer to each other in a cycle");
    if (value.isArray()) {
        QJsonArray result;
        for (const QJsonValue &item : value.toArray())
            result.append(inlineReferences(item, depth + 1));
        return result;
    }
    if (!value.isObject())
        return value;
    QJsonObject object = value.toObject();
    const QString reference = object.value(QStringLiteral("$ref")).toString();
    const QString prefix = QStringLiteral("#/components/schemas/");
    if (reference.startsWith(prefix)) {
        const QJsonValue target = m_components.value(QStringLiteral("schemas"))
                                      .toObject()
                                      .value(reference.sliced(prefix.size()));
        if (!target.isObject())
            throw std::logic_error("unresolved schema reference " + reference.toStdString());
        object.remove(QStringLiteral("$ref"));
        QJsonObject resolved = inlineReferences(target, depth + 1).toObject();
        for (auto it = object.begin(); it != object.end(); ++it)
            resolved.insert(it.key(), it.value()); // a description next to the $ref wins
        return resolved;
    }
    for (auto it = object.begin(); it != object.end(); ++it)
        it.value() = inlineReferences(it.value(), depth + 1);
    return object;
}

void OperationRegistry::add(Operation operation)
{
    if (find(operation.name))
        throw std::logic_error("duplicate operation " + operation.name.toStdString());
    if (operation.isToolOnly() && !operation.exposedAsTool)
        throw std::logic_error("operation " + operation.name.toStdString()
                               + " has neither a path nor a tool");
    // Every write takes an Idempotency-Key, and the same key with another request (or
    // while the first is running) is a conflict, whatever else the operation can answer.
    if (operation.rateClass == RateClass::Write)
        operation.errorCodes << ErrorCode::IdempotencyKeyReused << ErrorCode::IdempotencyInProgress;
    const QJsonObject root {{QStringLiteral("components"), m_components}};
    auto entry = std::make_unique<Entry>(Entry {std::move(operation), SchemaValidator({}), {}, {}});
    entry->query = SchemaValidator(querySchema(entry->operation), root);
    if (!entry->operation.bodySchema.isEmpty())
        entry->body.emplace(entry->operation.bodySchema, root);
    if (entry->operation.exposedAsTool)
        entry->tool.emplace(toolSchema(entry->operation), root);
    if (!entry->operation.isToolOnly())
        m_router.add(&entry->operation);
    m_byOperation.insert(&entry->operation, entry.get());
    m_byName.insert(entry->operation.name, entry.get());
    m_entries.push_back(std::move(entry));
}

Operation &OperationRegistry::unhandled(QStringView name)
{
    Entry *found = m_byName.value(name.toString());
    if (!found)
        throw std::logic_error("a handler for " + name.toString().toStdString()
                               + ", which operations.json does not describe");
    Operation &operation = found->operation;
    if (operation.handler || operation.asyncHandler)
        throw std::logic_error("a second handler for " + name.toString().toStdString());
    return operation;
}

void OperationRegistry::handle(QStringView name, Operation::Handler handler)
{
    unhandled(name).handler = std::move(handler);
}

void OperationRegistry::handleLater(QStringView name, Operation::AsyncHandler handler)
{
    unhandled(name).asyncHandler = std::move(handler);
}

void OperationRegistry::checkEveryOperationHandled() const
{
    QStringList missing;
    for (const auto &entry : m_entries)
        if (!entry->operation.handler && !entry->operation.asyncHandler)
            missing.append(entry->operation.name);
    if (!missing.isEmpty())
        throw std::logic_error("no handler for " + missing.join(u", ").toStdString());
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
    const Entry *found = m_byName.value(name.toString());
    return found ? &found->operation : nullptr;
}

const Operation *OperationRegistry::findTool(QStringView name) const
{
    const Operation *operation = find(name);
    return operation && operation->exposedAsTool ? operation : nullptr;
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

const SchemaValidator &OperationRegistry::toolValidator(const Operation *operation) const
{
    const Entry &found = entry(operation);
    if (!found.tool)
        throw std::logic_error("operation is not a tool");
    return *found.tool;
}

} // namespace slotline
