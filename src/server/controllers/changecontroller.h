#pragma once

#include "server/callcontext.h"
#include "server/outcome.h"

namespace slotline {

class OperationRegistry;
class ProjectChangeRepository;

// GET /changes
class ChangeController
{
public:
    explicit ChangeController(ProjectChangeRepository &changes);

    void registerOperations(OperationRegistry &registry);

private:
    Outcome getChanges(const CallContext &context);

    ProjectChangeRepository &m_changes;
};

} // namespace slotline
