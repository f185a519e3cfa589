#include "fakeplatforms/fakeplatformserver.h"

#include "fakeplatforms/fakefacebook.h"
#include "fakeplatforms/fakelinkedin.h"
#include "fakeplatforms/fakex.h"
#include "fakeplatforms/logcategories.h"

#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace slotline::fake {

namespace {

FakeResponse adminError(int status, const QString &message)
{
    return FakeResponse::json(status, QJsonObject {{u"error"_s, message}});
}

} // namespace

FakePlatformServer::FakePlatformServer(FakePlatformSettings settings, QObject *parent)
    : QObject(parent)
    , m_settings(std::move(settings))
    , m_listener([this](const FakeRequest &request) { return dispatch(request); }, this)
{
    if (m_settings.graphVersions.isEmpty())
        m_settings.graphVersions = FakePlatformSettings::defaults().graphVersions;
    m_platforms.push_back(std::make_unique<FakeX>(m_settings.x, &m_clock));
    m_platforms.push_back(
        std::make_unique<FakeLinkedIn>(m_settings.linkedin, m_settings.linkedinVersions, &m_clock));
    m_platforms.push_back(
        std::make_unique<FakeFacebook>(m_settings.facebook, m_settings.graphVersions, &m_clock));
}

FakePlatformServer::~FakePlatformServer() = default;

quint16 FakePlatformServer::listen(const QHostAddress &address, quint16 port)
{
    m_address = address;
    return m_listener.listen(address, port);
}

QString FakePlatformServer::baseUrl() const
{
    QString host = m_address.toString();
    if (m_address.protocol() == QAbstractSocket::IPv6Protocol)
        host = u'[' + host + u']';
    if (m_address == QHostAddress::Any || m_address == QHostAddress::AnyIPv4)
        host = u"127.0.0.1"_s;
    return u"http://"_s + host + u':' + QString::number(port());
}

FakePlatform *FakePlatformServer::platform(const QString &name) const
{
    for (const auto &platform : m_platforms) {
        if (platform->name() == name)
            return platform.get();
    }
    return nullptr;
}

QJsonArray FakePlatformServer::posts(const QString &platform) const
{
    QJsonArray out;
    for (const auto &candidate : m_platforms) {
        if (!platform.isEmpty() && candidate->name() != platform)
            continue;
        for (const QJsonValue &post : candidate->posts())
            out.append(post);
    }
    return out;
}

void FakePlatformServer::reset()
{
    m_journal.clear();
    m_faults.clear();
    m_answerDelayMs.clear();
    m_clock.reset();
    for (const auto &platform : m_platforms)
        platform->reset();
}

QStringList FakePlatformServer::slotlineCommands() const
{
    const QString base = baseUrl();
    const QString graph = m_settings.graphVersions.first();
    const auto command = [](const OAuthApp &app, const QString &platform, const QStringList &urls) {
        QString line = u"slotline-server platforms set "_s + platform + u" --client-id "_s
                       + app.clientId + u" --client-secret "_s + app.clientSecret;
        for (const QString &url : urls)
            line += u" --url "_s + url;
        return line;
    };
    return {
        command(platform(u"x"_s)->app(), u"x"_s,
                {u"authorize="_s + base + u"/x/i/oauth2/authorize"_s, u"api="_s + base + u"/x"_s}),
        command(platform(u"linkedin"_s)->app(), u"linkedin"_s,
                {u"authorize="_s + base + u"/linkedin/oauth/v2/authorization"_s,
                 u"token="_s + base + u"/linkedin/oauth/v2/accessToken"_s,
                 u"api="_s + base + u"/linkedin"_s}),
        command(platform(u"facebook"_s)->app(), u"facebook"_s,
                {u"authorize="_s + base + u"/facebook/"_s + graph + u"/dialog/oauth"_s,
                 u"api="_s + base + u"/facebook/"_s + graph,
                 // graph-video.facebook.com: /facebook stands for every Facebook host.
                 u"video="_s + base + u"/facebook/"_s + graph}),
    };
}

FakeResponse FakePlatformServer::dispatch(const FakeRequest &raw)
{
    if (raw.path.startsWith(u"/__admin/"_s))
        return admin(raw);
    for (const auto &platform : m_platforms) {
        const QString prefix = u'/' + platform->name();
        if (raw.path != prefix && !raw.path.startsWith(prefix + u'/'))
            continue;
        FakeRequest request = raw;
        request.path = raw.path.mid(prefix.size());
        if (request.path.isEmpty())
            request.path = u"/"_s;
        if (request.bodyFile && !platform->readsBodyInPieces(request)) {
            // Every other endpoint parses whole bodies: a body that went to a file is loaded
            // back up to a bound, and past it refused rather than held in memory.
            if (request.bodySize() > MaxWholeBodyBytes) {
                const FakeResponse refusal = FakeResponse::text(
                    413, u"The fake reads a body of "_s + QString::number(request.bodySize())
                             + u" bytes only on upload endpoints that take it in pieces; this "
                               "one holds at most "_s
                             + QString::number(MaxWholeBodyBytes) + u" bytes."_s);
                m_journal.record(platform->name(), request, refusal);
                return refusal;
            }
            request.body = request.wholeBody();
            request.bodyFile.reset();
        }
        const std::optional<FaultRules::Rule> fault = m_faults.match(platform->name(), request);
        FakeResponse response;
        if (fault && !FaultRules::applies(fault->action)) {
            response = fault->response;
        } else {
            response = platform->serve(request);
            if (fault && fault->replacesAnswer)
                response = fault->response;
            else if (fault) {
                response.delayMs = fault->response.delayMs;
                response.held = fault->response.held;
            }
        }
        if (!fault || response.delayMs == 0)
            response.delayMs = std::max(response.delayMs, m_answerDelayMs.value(platform->name()));
        if (fault)
            qCInfo(lcFakePlatforms) << "fault" << fault->id << "on" << request.method
                                    << platform->name() << request.path;
        m_journal.record(platform->name(), request, response, fault ? fault->id : 0,
                         !fault || FaultRules::applies(fault->action));
        return response;
    }
    return FakeResponse::text(404,
                              u"No platform here: use /x, /linkedin, /facebook or /__admin."_s);
}

FakeResponse FakePlatformServer::admin(const FakeRequest &request)
{
    if (request.bodyFile)
        return adminError(413, u"admin calls take small JSON bodies"_s);
    const QString path = request.path;
    const QByteArray &method = request.method;
    const QString platformName = request.queryValue(u"platform"_s);
    bool isObject = false;
    const QJsonObject body = request.jsonObject(&isObject);
    const QString bodyPlatform = body[u"platform"_s].toString();
    FakePlatform *target = platform(bodyPlatform);

    if (path == u"/__admin/journal"_s && method == "GET")
        return FakeResponse::json(200, QJsonObject {{u"items"_s, m_journal.items(platformName)}});
    if (path == u"/__admin/posts"_s && method == "GET")
        return FakeResponse::json(200, QJsonObject {{u"items"_s, posts(platformName)}});
    if (path == u"/__admin/reset"_s && method == "POST") {
        reset();
        return FakeResponse::empty(204);
    }
    if (path == u"/__admin/state"_s && method == "GET") {
        QJsonObject platforms;
        for (const auto &platform : m_platforms) {
            QJsonObject state = platform->state();
            state.insert(u"answerDelayMs"_s, m_answerDelayMs.value(platform->name()));
            platforms.insert(platform->name(), state);
        }
        return FakeResponse::json(
            200, QJsonObject {{u"platforms"_s, platforms},
                              {u"clockOffsetSeconds"_s, m_clock.offsetSeconds()},
                              {u"now"_s, m_clock.now().toString(Qt::ISODateWithMs)},
                              {u"faults"_s, m_faults.describe()}});
    }
    if (path == u"/__admin/faults"_s) {
        if (method == "GET")
            return FakeResponse::json(200, QJsonObject {{u"items"_s, m_faults.describe()}});
        if (method == "DELETE") {
            m_faults.clear();
            return FakeResponse::empty(204);
        }
        if (method == "POST") {
            if (!isObject)
                return adminError(400, u"body must be a JSON object"_s);
            int id = 0;
            const QString error = m_faults.add(body, &id);
            if (!error.isEmpty())
                return adminError(422, error);
            return FakeResponse::json(201, QJsonObject {{u"id"_s, id}});
        }
    }
    if (path == u"/__admin/faults/release"_s && method == "POST")
        return FakeResponse::json(200, QJsonObject {{u"released"_s, releaseHeld()}});
    if (path == u"/__admin/clock"_s && method == "POST") {
        if (!body.contains(u"advanceSeconds"_s))
            return adminError(422, u"advanceSeconds is required"_s);
        m_clock.advance(body[u"advanceSeconds"_s].toInteger());
        return FakeResponse::json(
            200, QJsonObject {{u"offsetSeconds"_s, m_clock.offsetSeconds()},
                              {u"now"_s, m_clock.now().toString(Qt::ISODateWithMs)}});
    }
    if (path == u"/__admin/switches"_s && method == "POST") {
        if (!target)
            return adminError(422, u"platform must be x, linkedin or facebook"_s);
        if (body.contains(u"answerDelayMs"_s)) {
            const int delay = body[u"answerDelayMs"_s].toInt(-1);
            if (delay < 0 || delay > 60'000)
                return adminError(422, u"answerDelayMs must be 0 to 60000"_s);
            m_answerDelayMs.insert(target->name(), delay);
        }
        const QString error = target->applySwitches(body);
        if (!error.isEmpty())
            return adminError(422, error);
        QJsonObject state = target->state();
        state.insert(u"answerDelayMs"_s, m_answerDelayMs.value(target->name()));
        return FakeResponse::json(200, state);
    }
    if (path == u"/__admin/tokens/revoke"_s && method == "POST") {
        if (!target)
            return adminError(422, u"platform must be x, linkedin or facebook"_s);
        QString error;
        const int revoked = target->revokeTokensFor(body, &error);
        if (!error.isEmpty())
            return adminError(422, error);
        return FakeResponse::json(200, QJsonObject {{u"revoked"_s, revoked}});
    }
    if (path == u"/__admin/apps"_s && method == "POST") {
        if (!target)
            return adminError(422, u"platform must be x, linkedin or facebook"_s);
        OAuthApp app = target->app();
        if (body.contains(u"clientId"_s))
            app.clientId = body[u"clientId"_s].toString();
        if (body.contains(u"clientSecret"_s))
            app.clientSecret = body[u"clientSecret"_s].toString();
        if (body.contains(u"redirectUris"_s)) {
            app.redirectUris.clear();
            for (const QJsonValue &uri : body[u"redirectUris"_s].toArray())
                app.redirectUris.append(uri.toString());
        }
        target->setApp(app);
        return FakeResponse::json(200, target->state());
    }
    return adminError(404, u"unknown admin call "_s + QString::fromLatin1(method) + u' ' + path);
}

} // namespace slotline::fake
