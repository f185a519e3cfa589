#pragma once

#include "server/api/callcontext.h"
#include "server/api/outcome.h"

namespace slotline {

class CreditRepository;
class IdentityCache;
class OperationRegistry;
class ProjectChangeRepository;

// What a key's project is and holds at a glance: GET /users/me (who calls), GET /credits
// and GET /changes (how often each kind of its data changed).
class ProjectController
{
public:
    ProjectController(IdentityCache &identities, CreditRepository &credits,
                      ProjectChangeRepository &changes);

    void registerOperations(OperationRegistry &registry);

private:
    Outcome getUser(const CallContext &context);
    Outcome getCredits(const CallContext &context);
    Outcome getChanges(const CallContext &context);

    IdentityCache &m_identities;
    CreditRepository &m_credits;
    ProjectChangeRepository &m_changes;
};

} // namespace slotline
