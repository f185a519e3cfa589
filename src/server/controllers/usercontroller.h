#pragma once

#include "server/callcontext.h"
#include "server/outcome.h"

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
