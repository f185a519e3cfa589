#include "server/apiserver.h"

#include "core/clock.h"
#include "server/access/authenticator.h"
#include "server/access/calllogwriter.h"
#include "server/access/identitycache.h"
#include "server/access/ratelimiter.h"
#include "server/api/logcategories.h"
#include "server/api/operationcatalog.h"
#include "server/api/operationregistry.h"
#include "server/connectors/facebookconnector.h"
#include "server/connectors/linkedinconnector.h"
#include "server/connectors/sandboxconnector.h"
#include "server/connectors/sandboxpage.h"
#include "server/connectors/xconnector.h"
#include "server/controllers/accountcontroller.h"
#include "server/controllers/apidescriptioncontroller.h"
#include "server/controllers/apikeycontroller.h"
#include "server/controllers/connectcontroller.h"
#include "server/controllers/draftcontroller.h"
#include "server/controllers/mediacontroller.h"
#include "server/controllers/postcontroller.h"
#include "server/controllers/projectcontroller.h"
#include "server/controllers/schedulecontroller.h"
#include "server/controllers/slotcontroller.h"
#include "server/http/apihttpserver.h"
#include "server/http/idempotencykeys.h"
#include "server/http/requestpipeline.h"
#include "server/media/medialibrary.h"
#include "server/media/mp4duration.h"
#include "server/platforms/accountconnections.h"
#include "server/platforms/connectionpage.h"
#include "server/platforms/platformhttpclient.h"
#include "server/platforms/postmedia.h"
#include "server/platforms/tokenkeeper.h"
#include "server/publishing/connectorregistry.h"
#include "server/publishing/dispatcher.h"
#include "server/publishing/postsubmitter.h"
#include "server/publishing/slotfinder.h"
#include "storage/accountrepository.h"
#include "storage/apikeyrepository.h"
#include "storage/calllogrepository.h"
#include "storage/creditrepository.h"
#include "storage/database.h"
#include "storage/databaseerror.h"
#include "storage/draftrepository.h"
#include "storage/idempotencyrepository.h"
#include "storage/postlistings.h"
#include "storage/projectchangerepository.h"
#include "storage/projectrepository.h"
#include "storage/publishedpostrepository.h"
#include "storage/sandboxpublicationrepository.h"
#include "storage/secretbox.h"
#include "storage/slotoccupancy.h"
#include "storage/slotrepository.h"
#include "storage/submissionrepository.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRandomGenerator>
#include <QUrlQuery>

namespace slotline {
namespace {

std::unique_ptr<SecretBox> openSecrets(const Database &database, const ServerConfig &config)
{
    const QString path
        = config.secretKeyFile.isEmpty()
              ? SecretBox::keyFilePath(QFileInfo(database.filePath()).absoluteDir().absolutePath())
              : config.secretKeyFile;
    QString error;
    if (auto box = SecretBox::fromKeyFile(path, &error))
        return std::make_unique<SecretBox>(*box);
    // serve checks the key before it starts; this is for embedders. Secrets sealed before
    // cannot be opened this run, and nothing sealed now survives it.
    qCCritical(lcApi).noquote() << "the secret key cannot be used:" << error
                                << "- platform secrets and tokens are unreadable this run";
    QByteArray ephemeral(SecretBox::KeyBytes, Qt::Uninitialized);
    for (char &byte : ephemeral)
        byte = char(QRandomGenerator::system()->generate());
    return std::make_unique<SecretBox>(*SecretBox::fromKey(ephemeral));
}

} // namespace

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
    , m_changes(std::make_unique<ProjectChangeRepository>(database))
    , m_calls(std::make_unique<CallLogRepository>(database))
    , m_submissions(std::make_unique<SubmissionRepository>(database, clock))
    , m_published(std::make_unique<PublishedPostRepository>(database))
    , m_slots(std::make_unique<SlotRepository>(database, clock))
    , m_occupancy(std::make_unique<SlotOccupancy>(database))
    , m_drafts(std::make_unique<DraftRepository>(database))
    , m_mediaLibrary(std::make_unique<MediaLibrary>(
          database, clock,
          config.mediaDirectory.isEmpty()
              ? QFileInfo(database.filePath()).absoluteDir().filePath(QStringLiteral("media"))
              : config.mediaDirectory,
          config.mediaFetch.maxBytes))
    , m_identities(
          std::make_unique<IdentityCache>(database, *m_keys, *m_projects, config.identityRecheckMs))
    , m_authenticator(std::make_unique<Authenticator>(*m_identities, config.authFailuresPerMinute))
    , m_rateLimiter(std::make_unique<RateLimiter>(config.readsPerMinute, config.writesPerMinute))
    , m_callLog(std::make_unique<CallLogWriter>(database.filePath(), clock, config.callLogFlushMs,
                                                config.callLogRetentionDays))
    , m_registry(std::make_unique<OperationRegistry>(OperationRegistry::builtInComponents(),
                                                     operationcatalog::builtIn()))
    , m_secrets(openSecrets(database, config))
    , m_platformHttp(new PlatformHttpClient(this))
    , m_connections(new AccountConnections(database, clock, *m_secrets, *m_platformHttp, this))
    , m_tokens(new TokenKeeper(database, clock, *m_secrets, *m_connections, this))
    , m_connectors(std::make_unique<ConnectorRegistry>())
    , m_sandbox(new SandboxConnector(database, clock, config.publicBaseUrl, this))
    , m_dispatcher(new Dispatcher(database, clock, *m_connectors, config.dispatcher, this))
{
    // The call log's thread checkpoints the write-ahead log (CallLogWriter): here a
    // checkpoint would stall every request behind its file syncs.
    database.setAutoCheckpoint(false);
    // Posts stored before their listings were kept ready (or changed by hand since) get
    // them now, rather than be written from their columns on every read.
    PostListings(database).refreshAll();
    m_connectors->add(m_sandbox);
    m_postMedia = new PostMedia(*m_mediaLibrary, config.mediaAddresses, config.mediaFetch, this);
    m_platformConnectors = {
        new XConnector(database, clock, *m_secrets, *m_tokens, *m_postMedia, *m_platformHttp, this),
        new LinkedInConnector(database, clock, *m_secrets, *m_tokens, *m_postMedia, *m_platformHttp,
                              this),
        new FacebookConnector(database, clock, *m_secrets, *m_tokens, *m_postMedia, *m_platformHttp,
                              this)};
    for (PlatformConnector *connector : std::as_const(m_platformConnectors)) {
        connector->setLookupTiming(config.platformLookup);
        m_connectors->add(connector);
    }
    m_slotFinder = std::make_unique<SlotFinder>(*m_slots, *m_occupancy, *m_identities);
    const auto wakeDispatcher = [this] { m_dispatcher->wake(); };
    m_submitter = std::make_unique<PostSubmitter>(database, *m_accounts, *m_submissions, *m_drafts,
                                                  *m_credits, *m_slotFinder, wakeDispatcher);
    m_submitter->setMediaLookup([this](const QString &url) -> std::optional<MediaFacts> {
        const auto own = m_mediaLibrary->ownMedia(QUrl(url));
        if (!own)
            return std::nullopt;
        MediaFacts facts {own->mimeType, own->size, std::nullopt};
        if (own->mimeType.startsWith(u"video/")) {
            QFile file(m_mediaLibrary->filePath(own->id));
            if (file.open(QIODevice::ReadOnly))
                facts.durationSeconds = Mp4Duration::read(file);
        }
        return facts;
    });

    m_projectController
        = std::make_unique<ProjectController>(*m_identities, *m_credits, *m_changes);
    m_accountController = std::make_unique<AccountController>(*m_accounts);
    m_connectController = std::make_unique<ConnectController>(
        database, clock, *m_secrets, *m_connections, *m_accounts, *m_submissions, *m_credits,
        wakeDispatcher);
    m_apiKeyController = std::make_unique<ApiKeyController>(*m_keys, *m_calls, *m_callLog);
    m_postController = std::make_unique<PostController>(*m_submitter, *m_submissions, *m_published);
    m_scheduleController = std::make_unique<ScheduleController>(
        database, *m_submissions, *m_accounts, *m_credits, wakeDispatcher);
    m_slotController
        = std::make_unique<SlotController>(database, *m_slots, *m_accounts, *m_slotFinder);
    m_draftController = std::make_unique<DraftController>(database, *m_drafts, *m_submissions,
                                                          *m_accounts, *m_submitter);
    m_mediaController = std::make_unique<MediaController>(*m_mediaLibrary, config.mediaAddresses,
                                                          config.mediaFetch);
    m_descriptionController = std::make_unique<ApiDescriptionController>(*m_registry);

    m_projectController->registerOperations(*m_registry);
    m_accountController->registerOperations(*m_registry);
    m_connectController->registerOperations(*m_registry);
    m_postController->registerOperations(*m_registry);
    m_scheduleController->registerOperations(*m_registry);
    m_slotController->registerOperations(*m_registry);
    m_apiKeyController->registerOperations(*m_registry);
    m_mediaController->registerOperations(*m_registry);
    m_draftController->registerOperations(*m_registry);
    m_descriptionController->registerOperations(*m_registry);
    m_registry->checkEveryOperationHandled();

    m_pipeline = std::make_unique<RequestPipeline>(*m_registry, *m_authenticator, *m_rateLimiter,
                                                   *m_callLog, database, clock);
    m_pipeline->setPageHandler(
        [this](QByteArrayView method,
               QStringView path) -> std::optional<RequestPipeline::Response> {
            if (auto media = m_mediaLibrary->serve(method, path))
                return media;
            if (!path.startsWith(SandboxConnector::pagePath()))
                return std::nullopt;
            const QList<QPair<QByteArray, QByteArray>> headers {
                {"Content-Type", "text/html; charset=utf-8"},
                {"Content-Security-Policy", SandboxPage::contentSecurityPolicy()},
                {"X-Content-Type-Options", "nosniff"}};
            if (method != "GET" && method != "HEAD")
                return RequestPipeline::Response {405, {}, {{"Allow", "GET, HEAD"}}};
            const auto publication
                = SandboxPublicationRepository(m_database)
                      .find(path.sliced(SandboxConnector::pagePath().size()).toString());
            if (!publication)
                return RequestPipeline::Response {404, SandboxPage::notFound(), headers};
            return RequestPipeline::Response {200, SandboxPage::render(*publication), headers};
        });
    m_pipeline->setLatePageHandler([this](QByteArrayView method, QStringView path,
                                          const QUrlQuery &query,
                                          std::function<void(RequestPipeline::Response)> reply) {
        if (!path.startsWith(AccountConnections::callbackPath()))
            return false;
        const QList<QPair<QByteArray, QByteArray>> headers {
            {"Content-Type", "text/html; charset=utf-8"},
            {"Content-Security-Policy", ConnectionPage::contentSecurityPolicy()},
            {"X-Content-Type-Options", "nosniff"},
            {"Cache-Control", "no-store"},
            {"Referrer-Policy", "no-referrer"}};
        if (method != "GET") {
            reply(RequestPipeline::Response {405, {}, {{"Allow", "GET"}}});
            return true;
        }
        const QString connector = path.sliced(AccountConnections::callbackPath().size()).toString();
        if (!m_connections->authorization(connector)) {
            reply(RequestPipeline::Response {404, {}, headers});
            return true;
        }
        m_connections->complete(
            connector, query, [reply, headers](const AccountConnections::Page &page) {
                reply(RequestPipeline::Response {page.status, page.html, headers});
            });
        return true;
    });
    m_httpServer
        = new ApiHttpServer([this](const QHttpServerRequest &request,
                                   QTcpSocket *socket) { m_pipeline->handle(request, socket); },
                            this);
    HttpLimits limits = config.http;
    limits.maxUploadBytes = config.mediaFetch.maxBytes;
    m_tcpServer = new GuardedTcpServer(limits, m_httpServer);
    m_tcpServer->setUploadReceiver(m_mediaLibrary.get());
    m_tcpServer->setEarlyRefuser(m_pipeline.get());
    m_mediaLibrary->setPublicBaseUrl(config.publicBaseUrl);
    m_connections->setPublicBaseUrl(config.publicBaseUrl);

    m_pruneTimer.setInterval(RateLimiter::WindowMs);
    connect(&m_pruneTimer, &QTimer::timeout, this, [this] {
        m_rateLimiter->prune(m_clock.nowMs());
        m_authenticator->prune(m_clock.nowMs());
    });
    m_pruneTimer.start();

    m_hourlyTimer.setInterval(60 * 60 * 1000);
    connect(&m_hourlyTimer, &QTimer::timeout, this, [this] {
        try {
            IdempotencyRepository(m_database)
                .removeOlderThan(m_clock.nowMs() - idempotencykeys::WindowMs);
        } catch (const DatabaseError &error) {
            qCWarning(lcApi).noquote() << "cannot remove old idempotency keys:" << error.message();
        }
    });
    m_hourlyTimer.start();
}

ApiServer::~ApiServer()
{
    // Sockets go before the pipeline they call into, the dispatcher before the
    // repositories it uses; the call log writer, destroyed with the members, writes what
    // is still pending.
    delete m_httpServer;
    delete m_dispatcher;
    delete m_sandbox;
    // Platform calls still out answer nobody; then nothing calls into the pipeline.
    qDeleteAll(m_platformConnectors);
    delete m_postMedia;
    delete m_tokens;
    delete m_connections;
    delete m_platformHttp;
    if (m_database.isOpen())
        m_database.setAutoCheckpoint(true);
}

bool ApiServer::listen(const QHostAddress &address, quint16 port)
{
    if (!m_tcpServer->listen(address, port))
        return false;
    m_httpServer->bind(m_tcpServer);
    if (m_config.publicBaseUrl.isEmpty()) {
        // Any-address listeners are reached by name; the loopback or a given address as is.
        QString host;
        if (address == QHostAddress::Any || address == QHostAddress::AnyIPv4
            || address == QHostAddress::AnyIPv6)
            host = QStringLiteral("localhost");
        else if (address.protocol() == QAbstractSocket::IPv6Protocol)
            host = QLatin1Char('[') + address.toString() + QLatin1Char(']');
        else
            host = address.toString();
        m_config.publicBaseUrl
            = QStringLiteral("http://%1:%2").arg(host).arg(m_tcpServer->serverPort());
        m_sandbox->setPublicBaseUrl(m_config.publicBaseUrl);
        m_mediaLibrary->setPublicBaseUrl(m_config.publicBaseUrl);
        m_connections->setPublicBaseUrl(m_config.publicBaseUrl);
    }
    // Not before: settling a post an earlier run left in progress records its sandbox
    // page's address, which is known only now.
    m_dispatcher->start();
    return true;
}

QString ApiServer::publicBaseUrl() const
{
    return m_config.publicBaseUrl;
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
