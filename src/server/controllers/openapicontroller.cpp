#include "server/controllers/openapicontroller.h"

#include "server/api/jsonliteral.h"
#include "server/api/openapidocument.h"
#include "server/api/operationregistry.h"

#include <QJsonDocument>

namespace slotline {

OpenApiController::OpenApiController(const OperationRegistry &registry)
    : m_registry(registry)
{ }

void OpenApiController::registerOperations(OperationRegistry &registry)
{
    Operation operation;
    operation.name = QStringLiteral("get_openapi");
    operation.summary = QStringLiteral("This description");
    operation.description = QStringLiteral("The OpenAPI 3.1 description of the API. Needs no key.");
    operation.tag = QStringLiteral("Meta");
    operation.method = HttpMethod::Get;
    operation.path = QStringLiteral("/openapi.json");
    operation.requiresAuth = false;
    operation.exposedAsTool = false;
    operation.resultSchema
        = jsonObject(R"({"type": "object", "required": ["openapi", "info", "paths"],
                         "properties": {"openapi": {"type": "string"}, "info": {"type": "object"},
                                        "paths": {"type": "object"}}})");
    operation.handler = [this](const CallContext &, const QJsonObject &) {
        if (m_document.isEmpty())
            m_document
                = QJsonDocument(OpenApiDocument::build(m_registry)).toJson(QJsonDocument::Compact);
        return Outcome::ok(m_document);
    };
    registry.add(operation);
}

} // namespace slotline
