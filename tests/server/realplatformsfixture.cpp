#include "realplatformsfixture.h"

#include "fakeplatforms/fakeplatformsettings.h"
#include "storage/database.h"
#include "storage/platformapprepository.h"
#include "storage/secretbox.h"

#include <QDir>
#include <QEventLoop>
#include <QNetworkAccessManager>
#include <QNetworkReply>

namespace slotline::test {

namespace {

QByteArray pngBytes()
{
    QByteArray bytes("\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR", 16);
    bytes += QByteArray(3000, 'p');
    return bytes;
}

} // namespace

RealPlatformsFixture::RealPlatformsFixture(ServerConfig config)
    : m_config(std::move(config))
{
    m_config.mediaAddresses = *AddressPolicy::fromAllowList(QStringLiteral("127.0.0.1"), nullptr);
    m_server = std::make_unique<TestServer>(m_config, 0, m_dataDirectory.path());
    m_fake = std::make_unique<fake::FakePlatformServer>(
        fake::FakePlatformSettings::defaults(m_server->port()));
    m_fake->listen();
    m_web = std::make_unique<FakeMediaServer>();
    m_web->route("/photo.png", FakeMediaServer::file("image/png", pngBytes()));
    m_web->route("/second.png", FakeMediaServer::file("image/png", pngBytes()));
    m_tenant = m_server->addTenant(QStringLiteral("Agency"));
    m_server->grantCredits(m_tenant, 100);
    configure(QStringLiteral("x"),
              {QStringLiteral("authorize=/x/i/oauth2/authorize"), QStringLiteral("api=/x")});
    configure(QStringLiteral("linkedin"),
              {QStringLiteral("authorize=/linkedin/oauth/v2/authorization"),
               QStringLiteral("token=/linkedin/oauth/v2/accessToken"),
               QStringLiteral("api=/linkedin")},
              QStringLiteral("openid profile email w_member_social w_organization_social "
                             "r_organization_social r_organization_admin"));
    configure(QStringLiteral("facebook"),
              {QStringLiteral("authorize=/facebook/v26.0/dialog/oauth"),
               QStringLiteral("api=/facebook/v26.0"), QStringLiteral("video=/facebook/v26.0")});
}

RealPlatformsFixture::~RealPlatformsFixture()
{
    m_web.reset();
    m_fake.reset();
    m_server.reset();
}

void RealPlatformsFixture::restartServer(const std::function<void(Database &)> &whileStopped)
{
    m_server.reset();
    if (whileStopped) {
        Database database;
        database.open(QDir(m_dataDirectory.path()).filePath(QStringLiteral("slotline.db")));
        whileStopped(database);
        database.close();
    }
    m_server = std::make_unique<TestServer>(m_config, 0, m_dataDirectory.path());
}

void RealPlatformsFixture::configure(const QString &platform, const QStringList &overrides,
                                     const QString &scopes)
{
    QString error;
    const auto secrets
        = SecretBox::fromKeyFile(SecretBox::keyFilePath(m_server->dataDirectory()), &error);
    if (!secrets) {
        qWarning() << "no secret key:" << error;
        return;
    }
    PlatformApp app;
    app.platform = platform;
    app.clientId = QStringLiteral("fake-") + platform + QStringLiteral("-client");
    app.clientSecret = QStringLiteral("fake-") + platform + QStringLiteral("-secret");
    for (const QString &pair : overrides)
        app.urls.insert(pair.section(u'=', 0, 0), m_fake->baseUrl() + pair.section(u'=', 1));
    app.scopes = scopes;
    PlatformAppRepository(m_server->database(), *secrets, m_server->clock()).put(app);
}

RealPlatformsFixture::BrowserVisit RealPlatformsFixture::visit(const QUrl &url)
{
    QNetworkAccessManager browser;
    QNetworkRequest request(url);
    request.setAttribute(QNetworkRequest::RedirectPolicyAttribute,
                         QNetworkRequest::NoLessSafeRedirectPolicy);
    QNetworkReply *reply = browser.get(request);
    QEventLoop loop;
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    loop.exec();
    BrowserVisit result {reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(),
                         reply->readAll(), reply->url()};
    reply->deleteLater();
    return result;
}

QString RealPlatformsFixture::connectAccountIn(const Tenant &tenant, const QString &platform)
{
    const Tenant mine = m_tenant;
    m_tenant = tenant;
    const QString id = connectAccount(platform);
    m_tenant = mine;
    return id;
}

QString RealPlatformsFixture::submitIn(const Tenant &tenant, const QString &accountId,
                                       const QString &platform, const QString &text,
                                       const QString &pageId)
{
    const Tenant mine = m_tenant;
    m_tenant = tenant;
    const QString id = submit(accountId, platform, text, {}, pageId);
    m_tenant = mine;
    return id;
}

QString RealPlatformsFixture::pageNamedIn(const Tenant &tenant, const QString &accountId,
                                          const QString &name)
{
    const Tenant mine = m_tenant;
    m_tenant = tenant;
    const QString id = pageNamed(accountId, name);
    m_tenant = mine;
    return id;
}

QString RealPlatformsFixture::connectAccount(const QString &platform, const QJsonObject &extra)
{
    QJsonObject body {{QStringLiteral("platform"), platform}};
    for (auto it = extra.begin(); it != extra.end(); ++it)
        body.insert(it.key(), it.value());
    const HttpResult started
        = m_server->post(QStringLiteral("/users/me/accounts/connect"), m_tenant, body);
    if (started.status != 201) {
        qWarning() << started.body;
        return {};
    }
    const QString state = started.json().value(QStringLiteral("state")).toString();
    const BrowserVisit browser
        = visit(QUrl(started.json().value(QStringLiteral("authorizationUrl")).toString()));
    if (browser.status != 200 || !browser.page.contains("is connected")) {
        qWarning() << browser.status << browser.page;
        return {};
    }
    const QJsonObject attempt
        = m_server->get(QStringLiteral("/api/v2/users/me/accounts/connect/") + state, m_tenant)
              .json();
    if (attempt.value(QStringLiteral("status")).toString() != u"connected")
        return {};
    return attempt.value(QStringLiteral("accountId")).toString();
}

QJsonObject RealPlatformsFixture::account(const QString &id)
{
    for (const QJsonValue &value :
         m_server->get(QStringLiteral("/api/v2/users/me/accounts"), m_tenant).items())
        if (value.toObject().value(QStringLiteral("id")).toString() == id)
            return value.toObject();
    return {};
}

QString RealPlatformsFixture::submit(const QString &accountId, const QString &platform,
                                     const QString &text, const QJsonArray &mediaUrls,
                                     const QString &pageId)
{
    QJsonObject post {
        {QStringLiteral("accountId"), accountId},
        {QStringLiteral("content"), QJsonObject {{QStringLiteral("text"), text},
                                                 {QStringLiteral("platform"), platform},
                                                 {QStringLiteral("mediaUrls"), mediaUrls}}}};
    if (!pageId.isEmpty())
        post.insert(QStringLiteral("target"), QJsonObject {{QStringLiteral("targetType"), platform},
                                                           {QStringLiteral("pageId"), pageId}});
    const HttpResult created = m_server->post(QStringLiteral("/posts"), m_tenant,
                                              QJsonObject {{QStringLiteral("post"), post}});
    if (created.status != 201 && created.status != 200) {
        qWarning() << created.status << created.body;
        return {};
    }
    return created.json().value(QStringLiteral("postSubmissionId")).toString();
}

QJsonObject RealPlatformsFixture::publish(const QString &accountId, const QString &platform,
                                          const QString &text, const QJsonArray &mediaUrls,
                                          const QString &pageId, const QString &status)
{
    const QString id = submit(accountId, platform, text, mediaUrls, pageId);
    if (id.isEmpty())
        return {};
    if (!m_server->waitForStatus(m_tenant, id, status)) {
        qWarning() << m_server->submission(m_tenant, id);
        return {};
    }
    return m_server->submission(m_tenant, id);
}

QJsonArray RealPlatformsFixture::journal(const QString &platform, const QString &method,
                                         const QString &path) const
{
    QJsonArray matching;
    for (const QJsonValue &value : m_fake->journal().items(platform)) {
        const QJsonObject item = value.toObject();
        if (item.value(QStringLiteral("method")).toString() == method
            && item.value(QStringLiteral("path")).toString() == path)
            matching.append(item);
    }
    return matching;
}

bool RealPlatformsFixture::addFault(const QJsonObject &rule)
{
    int id = 0;
    const QString error = m_fake->faults().add(rule, &id);
    if (!error.isEmpty())
        qWarning() << "fault refused:" << error;
    return error.isEmpty();
}

QString RealPlatformsFixture::pageNamed(const QString &accountId, const QString &name)
{
    const QJsonArray pages
        = m_server
              ->get(QStringLiteral("/api/v2/users/me/accounts/%1/subaccounts").arg(accountId),
                    m_tenant)
              .items();
    for (const QJsonValue &page : pages) {
        if (page.toObject().value(QStringLiteral("name")).toString() == name)
            return page.toObject().value(QStringLiteral("id")).toString();
    }
    return {};
}

} // namespace slotline::test
