#include "server/controllers/toolcontroller.h"

#include "core/jsonwriter.h"
#include "server/api/operationregistry.h"

using namespace Qt::Literals::StringLiterals;

namespace slotline {

ToolController::ToolController(const OperationRegistry &registry)
    : m_registry(registry)
{ }

void ToolController::registerOperations(OperationRegistry &registry)
{
    registry.handle(u"list_tools"_s, this, &ToolController::listTools);
}

Outcome ToolController::listTools(const CallContext &)
{
    if (m_list.isEmpty()) {
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
        m_list = json.endArray().key("cursor"_L1).null().endObject().take();
    }
    return Outcome::ok(m_list);
}

} // namespace slotline
