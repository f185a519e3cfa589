#include "support/fakeaccountserver.h"

#include "core/isotime.h"

#include <QDateTime>
#include <QHttpServerResponder>
#include <QJsonArray>
#include <QJsonDocument>

using namespace Qt::Literals::StringLiterals;

namespace slotline::test {
namespace {

QJsonObject errorBody(const QString &code, const QString &message)
{
    return QJsonObject {{u"error"_s, QJsonObject {{u"code"_s, code}, {u"message"_s, message}}}};
}

QByteArray headerOf(const QHttpServerRequest &request, QByteArrayView name)
{
    for (const auto &[key, value] : request.headers()) {
        if (key.compare(name, Qt::CaseInsensitive) == 0)
            return value;
    }
    return {};
}

QByteArray methodName(QHttpServerRequest::Method method)
{
    switch (method) {
    case QHttpServerRequest::Method::Get: return "GET";
    case QHttpServerRequest::Method::Post: return "POST";
    case QHttpServerRequest::Method::Delete: return "DELETE";
    case QHttpServerRequest::Method::Put: return "PUT";
    case QHttpServerRequest::Method::Patch: return "PATCH";
    default: return "OTHER";
    }
}

QString connectName(Platform platform)
{
    return platform == Platform::Twitter ? u"x"_s : platforms::toString(platform);
}

QString authorizationBase(Platform platform)
{
    switch (platform) {
    case Platform::LinkedIn: return u"https://www.linkedin.com/oauth/v2/authorization"_s;
    case Platform::Twitter: return u"https://x.com/i/oauth2/authorize"_s;
    case Platform::Facebook: return u"https://www.facebook.com/v19.0/dialog/oauth"_s;
    }
    return {};
}

} // namespace

FakeAccountServer::FakeAccountServer(QObject *parent)
    : QObject(parent)
{
    m_server.setMissingHandler(
        [this](const QHttpServerRequest &request, QHttpServerResponder &&responder) {
            answer(request, std::move(responder));
        });
    m_port = m_server.listen(QHostAddress::LocalHost, 0);
}

FakeAccountServer::~FakeAccountServer() = default;

QUrl FakeAccountServer::baseUrl() const
{
    return QUrl(u"http://127.0.0.1:%1"_s.arg(m_port));
}

QString FakeAccountServer::apiKey()
{
    return u"sl_test_stand_in"_s;
}

void FakeAccountServer::addAccount(const Account &account, const QList<Subaccount> &pages)
{
    m_accounts.append(Stored {account, pages});
}

QList<Account> FakeAccountServer::accounts() const
{
    QList<Account> list;
    for (const Stored &stored : m_accounts)
        list.append(stored.account);
    return list;
}

void FakeAccountServer::setNewAccount(const Account &account, const QList<Subaccount> &pages)
{
    m_newAccount = Stored {account, pages};
}

QList<FakeAccountServer::Request> FakeAccountServer::requestsTo(const QByteArray &method,
                                                                const QString &pathPrefix) const
{
    QList<Request> found;
    for (const Request &request : m_requests) {
        if (request.method == method && request.path.startsWith(pathPrefix))
            found.append(request);
    }
    return found;
}

void FakeAccountServer::answer(const QHttpServerRequest &request, QHttpServerResponder &&responder)
{
    const QString path = request.url().path();
    Request seen {methodName(request.method()), path,
                  QJsonDocument::fromJson(request.body()).object(),
                  headerOf(request, "Idempotency-Key")};
    m_requests.append(seen);
    const auto send = [&responder](const QJsonObject &body, int status) {
        responder.write(QJsonDocument(body), QHttpServerResponder::StatusCode(status));
    };
    if (QString::fromLatin1(headerOf(request, "x-api-key")) != apiKey()) {
        send(errorBody(u"unauthorized"_s, u"Invalid API key."_s), 401);
        return;
    }
    const QString accountsPath = u"/api/v2/users/me/accounts"_s;
    const QString connectPath = accountsPath + u"/connect"_s;
    if (seen.method == "GET" && path == u"/api/v2/users/me") {
        send({{u"id"_s, u"usr_1"_s},
              {u"email"_s, u"ada@example.com"_s},
              {u"name"_s, u"Ada"_s},
              {u"projectId"_s, u"prj_1"_s},
              {u"projectName"_s, u"Demo"_s},
              {u"timezone"_s, u"UTC"_s},
              {u"apiKeyId"_s, u"key_1"_s}},
             200);
    } else if (seen.method == "GET" && path == accountsPath) {
        QJsonArray items;
        for (const Stored &stored : std::as_const(m_accounts))
            items.append(stored.account.toJson());
        send({{u"items"_s, items}, {u"cursor"_s, QJsonValue::Null}}, 200);
    } else if (seen.method == "GET" && path.startsWith(accountsPath + u'/')
               && path.endsWith(u"/subaccounts")) {
        const QString id = path.mid(accountsPath.size() + 1).section(u'/', 0, 0);
        QJsonArray items;
        for (const Stored &stored : std::as_const(m_accounts)) {
            if (stored.account.id == id) {
                for (const Subaccount &page : stored.pages)
                    items.append(page.toJson());
            }
        }
        send({{u"items"_s, items}, {u"cursor"_s, QJsonValue::Null}}, 200);
    } else if (seen.method == "POST" && path == connectPath) {
        int status = 0;
        const QJsonObject body = connectAnswer(seen.body, &status);
        send(body, status);
    } else if (seen.method == "GET" && path.startsWith(connectPath + u'/')) {
        int status = 0;
        const QJsonObject body = pollAnswer(path.mid(connectPath.size() + 1), &status);
        send(body, status);
    } else if (seen.method == "DELETE" && path.startsWith(accountsPath + u'/')) {
        const QString id = path.mid(accountsPath.size() + 1);
        for (Stored &stored : m_accounts) {
            if (stored.account.id == id) {
                stored.account.status = AccountStatus::Disconnected;
                responder.write(QHttpServerResponder::StatusCode::NoContent);
                return;
            }
        }
        send(errorBody(u"not_found"_s, u"No such account."_s), 404);
    } else if (seen.method == "GET" && path == u"/api/v2/schedule/slots") {
        send({{u"timezone"_s, u"UTC"_s}, {u"items"_s, QJsonArray()}}, 200);
    } else if (seen.method == "GET" && path == u"/api/v2/credits") {
        send({{u"creditsRemaining"_s, 100}, {u"creditsReserved"_s, 0}, {u"creditsUsed"_s, 0}}, 200);
    } else if (path == u"/api/v2/tools/list_drafts" || path == u"/api/v2/posts") {
        send({{u"items"_s, QJsonArray()}, {u"cursor"_s, QJsonValue::Null}}, 200);
    } else {
        send(errorBody(u"not_found"_s, u"No such resource."_s), 404);
    }
}

QJsonObject FakeAccountServer::connectAnswer(const QJsonObject &body, int *status)
{
    const QString name = body.value(u"platform"_s).toString();
    const auto platform = platforms::fromString(name);
    if (!platform || name == u"twitter") {
        *status = 422;
        return errorBody(u"validation_failed"_s, u"platform must be linkedin, x or facebook."_s);
    }
    const QString accountId = body.value(u"accountId"_s).toString();
    if (!accountId.isEmpty()) {
        const auto found = std::find_if(m_accounts.cbegin(), m_accounts.cend(),
                                        [&](const Stored &s) { return s.account.id == accountId; });
        if (found == m_accounts.cend()) {
            *status = 404;
            return errorBody(u"not_found"_s, u"No such account."_s);
        }
        if (found->account.platform != *platform) {
            *status = 422;
            return errorBody(u"validation_failed"_s, u"The account is of another platform."_s);
        }
    }
    if (m_unconfigured.contains(*platform)) {
        *status = 422;
        return errorBody(u"platform_not_configured"_s,
                         u"This server has no %1 app yet: run `slotline-server platforms set %2 "
                         "--client-id … --client-secret …` on it."_s.arg(
                             platforms::displayName(*platform), connectName(*platform)));
    }
    Attempt attempt;
    attempt.state = u"st_%1"_s.arg(m_attempts.size() + 1);
    attempt.platform = *platform;
    attempt.accountId = accountId;
    attempt.expiresAtMs = QDateTime::currentMSecsSinceEpoch() + m_lifetimeMs;
    m_attempts.append(attempt);
    *status = 201;
    const qint64 expires = attempt.expiresAtMs;
    const QString address = authorizationBase(*platform)
                            + u"?response_type=code&client_id=demo&state="_s + attempt.state;
    return {{u"authorizationUrl"_s, address},
            {u"state"_s, attempt.state},
            {u"expiresAt"_s, isotime::format(expires)}};
}

QJsonObject FakeAccountServer::pollAnswer(const QString &state, int *status)
{
    const auto found = std::find_if(m_attempts.begin(), m_attempts.end(),
                                    [&](const Attempt &a) { return a.state == state; });
    if (found == m_attempts.end()) {
        *status = 404;
        return errorBody(u"not_found"_s, u"No such connection attempt."_s);
    }
    ++m_polls;
    Attempt &attempt = *found;
    const QString answer
        = m_script.isEmpty()
              ? u"pending"_s
              : m_script.value(std::min<qsizetype>(attempt.polls, m_script.size() - 1));
    ++attempt.polls;
    QJsonObject body {{u"state"_s, attempt.state},
                      {u"platform"_s, connectName(attempt.platform)},
                      {u"status"_s, answer},
                      {u"expiresAt"_s, isotime::format(attempt.expiresAtMs)}};
    if (answer == u"connected") {
        if (!std::exchange(attempt.finished, true))
            finish(attempt);
        body.insert(u"accountId"_s, attempt.accountId);
    }
    if (answer == u"failed")
        body.insert(u"error"_s, m_failureReason);
    *status = 200;
    return body;
}

void FakeAccountServer::finish(Attempt &attempt)
{
    if (!attempt.accountId.isEmpty()) {
        for (Stored &stored : m_accounts) {
            if (stored.account.id == attempt.accountId) {
                stored.account.status = AccountStatus::Connected;
                stored.account.statusReason.clear();
                stored.account.rateLimitedUntilMs.reset();
            }
        }
        return;
    }
    Stored fresh;
    if (m_newAccount && m_newAccount->account.platform == attempt.platform) {
        fresh = *m_newAccount;
    } else {
        fresh.account.platform = attempt.platform;
        fresh.account.name = platforms::displayName(attempt.platform) + u" account"_s;
        fresh.account.username = u"new_account"_s;
    }
    if (fresh.account.id.isEmpty())
        fresh.account.id = u"acc_new_%1"_s.arg(m_accounts.size() + 1);
    fresh.account.connector = connectName(attempt.platform);
    fresh.account.status = AccountStatus::Connected;
    fresh.account.connectedAtMs = QDateTime::currentMSecsSinceEpoch();
    for (Subaccount &page : fresh.pages)
        page.accountId = fresh.account.id;
    attempt.accountId = fresh.account.id;
    m_accounts.append(fresh);
}

} // namespace slotline::test
