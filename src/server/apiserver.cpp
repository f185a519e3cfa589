#include "server/apiserver.h"

#include "core/clock.h"
#include "server/apihttpserver.h"
#include "server/authenticator.h"
#include "server/calllogwriter.h"
#include "server/controllers/accountcontroller.h"
#include "server/controllers/apikeycontroller.h"
#include "server/controllers/creditcontroller.h"
#include "server/controllers/openapicontroller.h"
#include "server/controllers/usercontroller.h"
#include "server/identitycache.h"
#include "server/operationregistry.h"
#include "server/ratelimiter.h"
#include "server/requestpipeline.h"
#include "storage/accountrepository.h"
#include "storage/apikeyrepository.h"
#include "storage/calllogrepository.h"
#include "storage/creditrepository.h"
#include "storage/database.h"
#include "storage/projectrepository.h"

namespace slotline {

ApiServer::ApiServer(Database &database, const Clock &clock, const ServerConfig &config,
                     QObject *parent)
    : QObject(parent)
    , m_database(database)
    , m_clock(clock)
    , m_config(config)
    , m_projects(std::make_unique<ProjectRepository>(database, clock))
    , m_keys(std::make_unique<ApiKeyRepository>(database, clock))
    , m_accounts(std::make_unique<AccountRepository>(database, clock))
    , m_credits(std::make_unique<CreditRepository>(database, clock))
    , m_calls(std::make_unique<CallLogRepository>(database))
    , m_identities(
          std::make_unique<IdentityCache>(database, *m_keys, *m_projects, config.identityRecheckMs))
    , m_authenticator(std::make_unique<Authenticator>(*m_identities, config.authFailuresPerMinute))
    , m_rateLimiter(std::make_unique<RateLimiter>(config.readsPerMinute, config.writesPerMinute))
    , m_callLog(std::make_unique<CallLogWriter>(database.filePath(), clock, config.callLogFlushMs,
                                                config.callLogRetentionDays))
    , m_registry(std::make_unique<OperationRegistry>(OperationRegistry::builtInComponents()))
{
    m_userController = std::make_unique<UserController>(*m_identities);
    m_accountController = std::make_unique<AccountController>(*m_accounts);
    m_creditController = std::make_unique<CreditController>(*m_credits);
    m_apiKeyController = std::make_unique<ApiKeyController>(*m_keys, *m_calls, *m_callLog);
    m_openApiController = std::make_unique<OpenApiController>(*m_registry);

    m_userController->registerOperations(*m_registry);
    m_accountController->registerOperations(*m_registry);
    m_creditController->registerOperations(*m_registry);
    m_apiKeyController->registerOperations(*m_registry);
    m_openApiController->registerOperations(*m_registry);

    m_pipeline = std::make_unique<RequestPipeline>(*m_registry, *m_authenticator, *m_rateLimiter,
                                                   *m_callLog, clock);
    m_httpServer
        = new ApiHttpServer([this](const QHttpServerRequest &request,
                                   QTcpSocket *socket) { m_pipeline->handle(request, socket); },
                            this);
    m_tcpServer = new GuardedTcpServer(config.http, m_httpServer);

    m_pruneTimer.setInterval(RateLimiter::WindowMs);
    connect(&m_pruneTimer, &QTimer::timeout, this, [this] {
        m_rateLimiter->prune(m_clock.nowMs());
        m_authenticator->prune(m_clock.nowMs());
    });
    m_pruneTimer.start();
}

ApiServer::~ApiServer()
{
    // Sockets go before the pipeline they call into; the call log writer, destroyed
    // with the members, writes what is still pending.
    delete m_httpServer;
}

bool ApiServer::listen(const QHostAddress &address, quint16 port)
{
    if (!m_tcpServer->listen(address, port))
        return false;
    m_httpServer->bind(m_tcpServer);
    return true;
}

quint16 ApiServer::port() const
{
    return m_tcpServer->serverPort();
}

QString ApiServer::errorString() const
{
    return m_tcpServer->errorString();
}

void ApiServer::flushCallLog()
{
    m_callLog->flush();
}

const GuardedTcpServer::Statistics &ApiServer::guardStatistics() const
{
    return m_tcpServer->statistics();
}

int ApiServer::openConnections() const
{
    return m_tcpServer->connectionCount();
}

} // namespace slotline
