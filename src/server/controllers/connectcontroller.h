#pragma once

#include "server/api/callcontext.h"
#include "server/api/outcome.h"

#include <QJsonObject>

#include <functional>

namespace slotline {

class AccountConnections;
class AccountRepository;
class Clock;
class CreditRepository;
class CredentialRepository;
class Database;
class OperationRegistry;
class PlatformAppRepository;
class SecretBox;
class SubmissionRepository;

// POST /users/me/accounts/connect, GET /users/me/accounts/connect/{state} and
// DELETE /users/me/accounts/{id}: connecting real accounts, following one connection,
// and disconnecting.
class ConnectController
{
public:
    ConnectController(Database &database, const Clock &clock, const SecretBox &secrets,
                      AccountConnections &connections, AccountRepository &accounts,
                      SubmissionRepository &submissions, CreditRepository &credits,
                      std::function<void()> postsChanged);

    void registerOperations(OperationRegistry &registry);

private:
    Outcome connect(const CallContext &context, const QJsonObject &parameters);
    Outcome attempt(const CallContext &context, const QJsonObject &parameters);
    Outcome disconnect(const CallContext &context, const QJsonObject &parameters);

    Database &m_database;
    const Clock &m_clock;
    const SecretBox &m_secrets;
    AccountConnections &m_connections;
    AccountRepository &m_accounts;
    SubmissionRepository &m_submissions;
    CreditRepository &m_credits;
    std::function<void()> m_postsChanged;
};

} // namespace slotline
