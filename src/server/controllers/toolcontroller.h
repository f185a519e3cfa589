#pragma once

#include "server/api/callcontext.h"
#include "server/api/outcome.h"

#include <QByteArray>

namespace slotline {

class OperationRegistry;

// GET /tools: every tool with its description and parameter schema. The calls
// themselves (POST /tools/<name>) are the request pipeline's, which runs the
// operation a tool names like any REST route.
class ToolController
{
public:
    explicit ToolController(const OperationRegistry &registry);

    void registerOperations(OperationRegistry &registry);

private:
    Outcome listTools(const CallContext &context);

    const OperationRegistry &m_registry;
    QByteArray m_list; // built on first use, when every operation is registered
};

} // namespace slotline
