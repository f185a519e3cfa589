#pragma once

#include "server/api/callcontext.h"
#include "server/api/outcome.h"

#include <QByteArray>

namespace slotline {

class OperationRegistry;

// The API describing itself from the registry: GET /openapi.json (public) and GET /tools,
// every tool with its description and parameter schema. The tool calls themselves
// (POST /tools/<name>) are the request pipeline's, which runs the operation a tool names
// like any REST route. Both answers are built on first request, when every operation has
// its handler, and kept.
class ApiDescriptionController
{
public:
    explicit ApiDescriptionController(const OperationRegistry &registry);

    void registerOperations(OperationRegistry &registry);

private:
    Outcome openApiDocument(const CallContext &context);
    Outcome listTools(const CallContext &context);

    const OperationRegistry &m_registry;
    QByteArray m_document;
    QByteArray m_tools;
};

} // namespace slotline
