#pragma once

#include "fakeplatforms/fakeplatformserver.h"
#include "server/serverconfig.h"
#include "support/fakemediaserver.h"
#include "support/testserver.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QUrl>

#include <functional>
#include <memory>

namespace slotline::test {

// A server whose three platform apps point at the fake platforms, with a project that
// has credits, and the steps a person takes: connecting an account through the
// platform's consent page, and publishing to it.
class RealPlatformsFixture
{
public:
    // What a person's browser does with the authorization address: follows the platform's
    // redirect back to the server, and shows the page it answers.
    struct BrowserVisit
    {
        int status = 0;
        QByteArray page;
        QUrl landedAt;
    };

    explicit RealPlatformsFixture(ServerConfig config = ServerConfig());
    ~RealPlatformsFixture();

    TestServer &server() { return *m_server; }
    // Stops the server the way a crash does (nothing out with a platform gets its answer),
    // runs `whileStopped` on its database, and starts a new server on the same data; the
    // fake platforms keep running.
    void restartServer(const std::function<void(Database &)> &whileStopped = {});
    fake::FakePlatformServer &fake() { return *m_fake; }
    FakeMediaServer &web() { return *m_web; }
    const Tenant &tenant() const { return m_tenant; }

    // The platform app of `platform`, its endpoints under the fake's address.
    void configure(const QString &platform, const QStringList &overrides,
                   const QString &scopes = {});
    static BrowserVisit visit(const QUrl &url);
    // Connects an account of `platform` the way a person does; its id, empty on failure.
    QString connectAccount(const QString &platform, const QJsonObject &extra = {});
    // The same, in another project: the same person at the platform, another account here.
    QString connectAccountIn(const Tenant &tenant, const QString &platform);
    QJsonObject account(const QString &id);
    // Submits a post to publish now; its id, empty on failure.
    QString submit(const QString &accountId, const QString &platform, const QString &text,
                   const QJsonArray &mediaUrls = {}, const QString &pageId = {});
    QString submitIn(const Tenant &tenant, const QString &accountId, const QString &platform,
                     const QString &text, const QString &pageId = {});
    // Submits and waits for `status`; the submission, empty if it never got there.
    QJsonObject publish(const QString &accountId, const QString &platform, const QString &text,
                        const QJsonArray &mediaUrls = {}, const QString &pageId = {},
                        const QString &status = QStringLiteral("published"));
    QJsonArray journal(const QString &platform, const QString &method, const QString &path) const;
    // A fault rule at the fake; false (with a warning) if the fake refused it.
    bool addFault(const QJsonObject &rule);
    // The id of the account's page or organization of that name.
    QString pageNamed(const QString &accountId, const QString &name);
    QString pageNamedIn(const Tenant &tenant, const QString &accountId, const QString &name);

private:
    ServerConfig m_config;
    QTemporaryDir m_dataDirectory;
    std::unique_ptr<TestServer> m_server;
    std::unique_ptr<fake::FakePlatformServer> m_fake;
    std::unique_ptr<FakeMediaServer> m_web;
    Tenant m_tenant;
};

} // namespace slotline::test
