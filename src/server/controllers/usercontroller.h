#pragma once

#include "server/api/callcontext.h"
#include "server/api/outcome.h"

namespace slotline {

class OperationRegistry;
class IdentityCache;

// GET /users/me
class UserController
{
public:
    explicit UserController(IdentityCache &identities);

    void registerOperations(OperationRegistry &registry);

private:
    Outcome getUser(const CallContext &context);

    IdentityCache &m_identities;
};

} // namespace slotline
