#pragma once

#include "server/api/callcontext.h"
#include "server/api/outcome.h"

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
