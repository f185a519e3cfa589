#pragma once

#include "server/api/callcontext.h"
#include "server/api/outcome.h"

#include <QByteArray>

namespace slotline {

class OperationRegistry;

// GET /openapi.json, public. Built once, after every other operation is registered.
class OpenApiController
{
public:
    explicit OpenApiController(const OperationRegistry &registry);

    void registerOperations(OperationRegistry &registry);

private:
    Outcome document(const CallContext &context);

    const OperationRegistry &m_registry;
    QByteArray m_document; // built on first request, when every operation is registered
};

} // namespace slotline
