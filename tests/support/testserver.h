#pragma once

#include "server/apiserver.h"
#include "server/serverconfig.h"
#include "storage/database.h"
#include "support/httptestclient.h"
#include "support/manualclock.h"

#include <QMultiHash>
#include <QTemporaryDir>

#include <memory>

namespace slotline::test {

// A project with a key and the demo's accounts: what most API tests act as.
struct Tenant
{
    QString projectId;
    QString projectName;
    QString apiKey;
    QString apiKeyId;
    QString linkedinAccountId;
    QString twitterAccountId;
    QString facebookAccountId;
    QString facebookPageId;
};

// The real ApiServer on 127.0.0.1, a port the OS picked, over a fresh database in a
// temporary directory, with a manual clock.
class TestServer
{
public:
    // Port 0: one the system picks. An empty data directory: a temporary one of its own;
    // another server may use the same directory later, as a restart would.
    explicit TestServer(const ServerConfig &config = ServerConfig(), quint16 port = 0,
                        const QString &dataDirectory = QString());
    ~TestServer();

    ApiServer &server() { return *m_server; }
    quint16 port() const { return m_server->port(); }
    ManualClock &clock() { return m_clock; }
    Database &database() { return m_database; }
    HttpTestClient &http() { return *m_http; }
    QString dataDirectory() const { return m_dataDirectory; }

    Tenant addTenant(const QString &name, const QString &timezone = QStringLiteral("UTC"));
    // Another key for an existing project: {key, keyId}.
    std::pair<QString, QString> addKey(const QString &projectId, const QString &name);

    HttpResult get(const QString &path, const Tenant &tenant)
    {
        return m_http->get(path, withKey(tenant.apiKey));
    }
    // A JSON request to /api/v2 + path.
    HttpResult send(const QByteArray &method, const QString &path, const Tenant &tenant,
                    const QJsonObject &body, const Headers &extra = {});
    HttpResult post(const QString &path, const Tenant &tenant, const QJsonObject &body)
    {
        return send("POST", path, tenant, body);
    }

    // POST /posts with the service description's body shape.
    HttpResult createPost(const Tenant &tenant, const QString &accountId, const QString &platform,
                          const QString &text, const QJsonObject &extra = {});
    // Waits (events running) until the submission has the status; false on timeout.
    bool waitForStatus(const Tenant &tenant, const QString &submissionId, const QString &status);
    QJsonObject submission(const Tenant &tenant, const QString &submissionId);
    // The project's scheduled posts as the server has them: text -> scheduled time (ISO).
    QMultiHash<QString, QString> scheduledPosts(const Tenant &tenant);

    void grantCredits(const Tenant &tenant, qint64 amount);

private:
    QTemporaryDir m_directory;
    QString m_dataDirectory;
    ManualClock m_clock;
    Database m_database;
    std::unique_ptr<ApiServer> m_server;
    std::unique_ptr<HttpTestClient> m_http;
};

} // namespace slotline::test
