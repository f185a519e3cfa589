#pragma once

#include "server/api/callcontext.h"
#include "server/api/outcome.h"

#include <QJsonObject>

namespace slotline {

class AccountRepository;
class OperationRegistry;

// GET /users/me/accounts and GET /users/me/accounts/{id}/subaccounts
class AccountController
{
public:
    explicit AccountController(AccountRepository &accounts);

    void registerOperations(OperationRegistry &registry);

private:
    Outcome listAccounts(const CallContext &context, const QJsonObject &parameters);
    Outcome listSubaccounts(const CallContext &context, const QJsonObject &parameters);

    AccountRepository &m_accounts;
};

} // namespace slotline
