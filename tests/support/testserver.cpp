#include "support/testserver.h"

#include "storage/accountrepository.h"
#include "storage/apikeyrepository.h"
#include "storage/creditrepository.h"
#include "storage/projectrepository.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

namespace slotline::test {

TestServer::TestServer(const ServerConfig &config, quint16 port, const QString &dataDirectory)
    : m_dataDirectory(dataDirectory.isEmpty() ? m_directory.path() : dataDirectory)
{
    if (!m_directory.isValid())
        qFatal("cannot create a temporary directory");
    m_database.open(QDir(m_dataDirectory).filePath(QStringLiteral("slotline.db")));
    m_server = std::make_unique<ApiServer>(m_database, m_clock, config);
    if (!m_server->listen(QHostAddress::LocalHost, port))
        qFatal("test server cannot listen: %s", qPrintable(m_server->errorString()));
    m_http = std::make_unique<HttpTestClient>(m_server->port());
}

TestServer::~TestServer()
{
    m_http.reset();
    m_server.reset();
}

Tenant TestServer::addTenant(const QString &name, const QString &timezone)
{
    ProjectRepository projects(m_database, m_clock);
    AccountRepository accounts(m_database, m_clock);
    const ProjectRecord project = projects.create(
        NewProject {name, timezone, name.toLower() + QStringLiteral("@example.test"),
                    name + QStringLiteral(" Owner")});
    CreditRepository(m_database, m_clock).grant(project.id, 10, QStringLiteral("test"));

    Tenant tenant;
    tenant.projectId = project.id;
    tenant.projectName = project.name;
    std::tie(tenant.apiKey, tenant.apiKeyId) = addKey(project.id, QStringLiteral("test"));
    tenant.linkedinAccountId = accounts
                                   .add(NewAccount {project.id,
                                                    Platform::LinkedIn,
                                                    name + QStringLiteral(" LinkedIn"),
                                                    QStringLiteral("li-user"),
                                                    {},
                                                    QStringLiteral("sandbox")})
                                   .id;
    m_clock.advanceMs(1); // a distinct connectedAt keeps the list order predictable
    tenant.twitterAccountId = accounts
                                  .add(NewAccount {project.id,
                                                   Platform::Twitter,
                                                   name + QStringLiteral(" X"),
                                                   QStringLiteral("x_user"),
                                                   {},
                                                   QStringLiteral("sandbox")})
                                  .id;
    m_clock.advanceMs(1);
    tenant.facebookAccountId
        = accounts
              .add(NewAccount {project.id, Platform::Facebook, name + QStringLiteral(" Facebook"),
                               QStringLiteral("fb.user"),
                               QStringLiteral("https://img.example/fb.png"),
                               QStringLiteral("sandbox")})
              .id;
    m_clock.advanceMs(1);
    tenant.facebookPageId
        = accounts
              .addSubaccount(tenant.facebookAccountId, name + QStringLiteral(" Page"),
                             QStringLiteral("page"))
              .id;
    return tenant;
}

HttpResult TestServer::send(const QByteArray &method, const QString &path, const Tenant &tenant,
                            const QJsonObject &body, const Headers &extra)
{
    Headers headers = withKey(tenant.apiKey, extra);
    headers.emplaceBack(QByteArrayLiteral("Content-Type"), QByteArrayLiteral("application/json"));
    return m_http->send(method, QStringLiteral("/api/v2") + path, headers,
                        QJsonDocument(body).toJson(QJsonDocument::Compact));
}

HttpResult TestServer::createPost(const Tenant &tenant, const QString &accountId,
                                  const QString &platform, const QString &text,
                                  const QJsonObject &extra)
{
    QJsonObject body {{QStringLiteral("post"),
                       QJsonObject {{QStringLiteral("accountId"), accountId},
                                    {QStringLiteral("content"),
                                     QJsonObject {{QStringLiteral("text"), text},
                                                  {QStringLiteral("platform"), platform},
                                                  {QStringLiteral("mediaUrls"), QJsonArray {}}}}}}};
    for (auto it = extra.begin(); it != extra.end(); ++it)
        body.insert(it.key(), it.value());
    return post(QStringLiteral("/posts"), tenant, body);
}

QJsonObject TestServer::submission(const Tenant &tenant, const QString &submissionId)
{
    return get(QStringLiteral("/api/v2/posts/") + submissionId, tenant).json();
}

QMultiHash<QString, QString> TestServer::scheduledPosts(const Tenant &tenant)
{
    QMultiHash<QString, QString> found;
    const HttpResult listed
        = get(QStringLiteral("/api/v2/posts?status=scheduled&limit=100"), tenant);
    for (const QJsonValue &item : listed.items()) {
        const QJsonObject post = item.toObject();
        found.insert(post.value(QStringLiteral("text")).toString(),
                     post.value(QStringLiteral("scheduledTime")).toString());
    }
    return found;
}

bool TestServer::waitForStatus(const Tenant &tenant, const QString &submissionId,
                               const QString &status)
{
    return QTest::qWaitFor(
        [&] {
            return submission(tenant, submissionId).value(QStringLiteral("status")).toString()
                   == status;
        },
        10'000);
}

void TestServer::grantCredits(const Tenant &tenant, qint64 amount)
{
    CreditRepository(m_database, m_clock).grant(tenant.projectId, amount, QStringLiteral("test"));
}

std::pair<QString, QString> TestServer::addKey(const QString &projectId, const QString &name)
{
    const CreatedApiKey key = ApiKeyRepository(m_database, m_clock).create(projectId, name);
    return {key.plaintext, key.info.id};
}

} // namespace slotline::test
