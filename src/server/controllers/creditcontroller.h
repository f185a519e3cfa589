#pragma once

#include "server/callcontext.h"
#include "server/outcome.h"

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
