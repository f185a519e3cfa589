#include "server/controllers/apidescriptioncontroller.h"

#include "core/jsonwriter.h"
#include "server/api/openapidocument.h"
#include "server/api/operationregistry.h"

#include <QJsonDocument>

using namespace Qt::Literals::StringLiterals;

namespace slotline {

ApiDescriptionController::ApiDescriptionController(const OperationRegistry &registry)
    : m_registry(registry)
{ }

void ApiDescriptionController::registerOperations(OperationRegistry &registry)
{
    registry.handle(u"get_openapi"_s, this, &ApiDescriptionController::openApiDocument);
    registry.handle(u"list_tools"_s, this, &ApiDescriptionController::listTools);
}

Outcome ApiDescriptionController::openApiDocument(const CallContext &)
{
    if (m_document.isEmpty())
        m_document
            = QJsonDocument(OpenApiDocument::build(m_registry)).toJson(QJsonDocument::Compact);
    return Outcome::ok(m_document);
}

Outcome ApiDescriptionController::listTools(const CallContext &)
{
    if (m_tools.isEmpty()) {
        JsonWriter json;
        json.beginObject().key("items"_L1).beginArray();
        for (const Operation *operation : m_registry.operations()) {
            if (!operation->exposedAsTool)
                continue;
            json.beginObject()
                .field("name"_L1, operation->name)
                .field("description"_L1, operation->summary + u". "_s + operation->description)
                .field("readOnly"_L1, operation->rateClass == RateClass::Read)
                .key("parameters"_L1)
                .value(m_registry.selfContainedToolSchema(*operation))
                .endObject();
        }
        m_tools = json.endArray().key("cursor"_L1).null().endObject().take();
    }
    return Outcome::ok(m_tools);
}

} // namespace slotline
