#pragma once

#include "server/http/guardedtcpserver.h"
#include "server/serverconfig.h"

#include <QHostAddress>
#include <QObject>
#include <QTimer>

#include <memory>

namespace slotline {

class AccountRepository;
class ApiHttpServer;
class ApiKeyRepository;
class Authenticator;
class CallLogRepository;
class CallLogWriter;
class Clock;
class CreditRepository;
class ProjectChangeRepository;
class Database;
class IdentityCache;
class OperationRegistry;
class ProjectRepository;
class RateLimiter;
class RequestPipeline;
class AccountConnections;
class AccountController;
class ConnectController;
class PlatformConnector;
class PlatformHttpClient;
class PostMedia;
class TokenKeeper;
class SecretBox;
class ApiDescriptionController;
class ApiKeyController;
class ConnectorRegistry;
class DraftController;
class DraftRepository;
class MediaController;
class MediaLibrary;
class Dispatcher;
class PostController;
class ProjectController;
class PostSubmitter;
class PublishedPostRepository;
class SandboxConnector;
class ScheduleController;
class SlotController;
class SlotFinder;
class SlotOccupancy;
class SlotRepository;
class SubmissionRepository;

// The REST API v2 server: assembles the guard, QtHttpServer, the pipeline and the
// controllers over one database. Runs on the thread that created it.
class ApiServer : public QObject
{
    Q_OBJECT

public:
    ApiServer(Database &database, const Clock &clock, const ServerConfig &config,
              QObject *parent = nullptr);
    ~ApiServer() override;

    // Listens; then publishing starts, with what an earlier run left unfinished.
    bool listen(const QHostAddress &address, quint16 port);
    quint16 port() const;
    QString errorString() const;

    // Writes pending call log records (on shutdown, and for tests).
    void flushCallLog();

    OperationRegistry &registry() { return *m_registry; }
    Dispatcher &dispatcher() { return *m_dispatcher; }
    SandboxConnector &sandbox() { return *m_sandbox; }
    AccountConnections &accountConnections() { return *m_connections; }
    TokenKeeper &tokens() { return *m_tokens; }
    MediaLibrary &mediaLibrary() { return *m_mediaLibrary; }
    QString publicBaseUrl() const;
    const GuardedTcpServer::Statistics &guardStatistics() const;
    int openConnections() const;

private:
    Database &m_database;
    const Clock &m_clock;
    ServerConfig m_config;

    std::unique_ptr<ProjectRepository> m_projects;
    std::unique_ptr<ApiKeyRepository> m_keys;
    std::unique_ptr<AccountRepository> m_accounts;
    std::unique_ptr<CreditRepository> m_credits;
    std::unique_ptr<ProjectChangeRepository> m_changes;
    std::unique_ptr<CallLogRepository> m_calls;
    std::unique_ptr<SubmissionRepository> m_submissions;
    std::unique_ptr<PublishedPostRepository> m_published;
    std::unique_ptr<SlotRepository> m_slots;
    std::unique_ptr<SlotOccupancy> m_occupancy;
    std::unique_ptr<DraftRepository> m_drafts;
    std::unique_ptr<MediaLibrary> m_mediaLibrary;

    std::unique_ptr<IdentityCache> m_identities;
    std::unique_ptr<Authenticator> m_authenticator;
    std::unique_ptr<RateLimiter> m_rateLimiter;
    std::unique_ptr<CallLogWriter> m_callLog;
    std::unique_ptr<OperationRegistry> m_registry;

    std::unique_ptr<SecretBox> m_secrets;
    PlatformHttpClient *m_platformHttp;
    AccountConnections *m_connections;
    TokenKeeper *m_tokens;
    PostMedia *m_postMedia;
    QList<PlatformConnector *> m_platformConnectors;
    std::unique_ptr<ConnectorRegistry> m_connectors;
    SandboxConnector *m_sandbox;
    Dispatcher *m_dispatcher;
    std::unique_ptr<SlotFinder> m_slotFinder;
    std::unique_ptr<PostSubmitter> m_submitter;

    std::unique_ptr<ProjectController> m_projectController;
    std::unique_ptr<AccountController> m_accountController;
    std::unique_ptr<ConnectController> m_connectController;
    std::unique_ptr<ApiKeyController> m_apiKeyController;
    std::unique_ptr<PostController> m_postController;
    std::unique_ptr<ScheduleController> m_scheduleController;
    std::unique_ptr<SlotController> m_slotController;
    std::unique_ptr<DraftController> m_draftController;
    std::unique_ptr<MediaController> m_mediaController;
    std::unique_ptr<ApiDescriptionController> m_descriptionController;

    std::unique_ptr<RequestPipeline> m_pipeline;
    ApiHttpServer *m_httpServer;
    GuardedTcpServer *m_tcpServer;
    QTimer m_pruneTimer;
    QTimer m_hourlyTimer;
};

} // namespace slotline
