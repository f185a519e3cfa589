#include "server/controllers/openapicontroller.h"

#include "server/api/openapidocument.h"
#include "server/api/operationregistry.h"

#include <QJsonDocument>

using namespace Qt::Literals::StringLiterals;

namespace slotline {

OpenApiController::OpenApiController(const OperationRegistry &registry)
    : m_registry(registry)
{ }

void OpenApiController::registerOperations(OperationRegistry &registry)
{
    registry.handle(u"get_openapi"_s, this, &OpenApiController::document);
}

Outcome OpenApiController::document(const CallContext &)
{
    if (m_document.isEmpty())
        m_document
            = QJsonDocument(OpenApiDocument::build(m_registry)).toJson(QJsonDocument::Compact);
    return Outcome::ok(m_document);
}

} // namespace slotline
