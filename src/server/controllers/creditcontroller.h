#pragma once

#include "server/api/callcontext.h"
#include "server/api/outcome.h"

namespace slotline {

class CreditRepository;
class OperationRegistry;

// GET /credits
class CreditController
{
public:
    explicit CreditController(CreditRepository &credits);

    void registerOperations(OperationRegistry &registry);

private:
    Outcome getCredits(const CallContext &context);

    CreditRepository &m_credits;
};

} // namespace slotline
