#include "support/schemacheck.h"

#include "server/api/listing.h"
#include "server/api/operationregistry.h"
#include "server/api/schemavalidator.h"

namespace slotline::test {
namespace {

QStringList check(const OperationRegistry &registry, const QJsonObject &schema,
                  const QJsonValue &body)
{
    const SchemaValidator validator(
        schema, QJsonObject {{QStringLiteral("components"), registry.components()}});
    QStringList errors;
    for (const FieldError &error : validator.validate(body))
        errors.append(error.field + QStringLiteral(": ") + error.message);
    return errors;
}

} // namespace

QStringList resultSchemaErrors(const OperationRegistry &registry, const QString &operationName,
                               const QJsonValue &body)
{
    const Operation *operation = registry.find(operationName);
    if (!operation)
        return {QStringLiteral("no operation ") + operationName};
    return check(registry, operation->resultSchema, body);
}

QStringList componentSchemaErrors(const OperationRegistry &registry, const QString &component,
                                  const QJsonValue &body)
{
    return check(registry, listing::schemaRef(component), body);
}

} // namespace slotline::test
