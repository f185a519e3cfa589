#include "core/ids.h"
#include "core/isotime.h"
#include "server/api/operationregistry.h"
#include "storage/accountrepository.h"
#include "storage/oauthstaterepository.h"
#include "storage/secretbox.h"
#include "support/databasesnapshot.h"
#include "support/operationcalls.h"
#include "support/schemafields.h"
#include "support/testserver.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QTest>
#include <QUrl>

#include <functional>

using namespace slotline;
using namespace slotline::test;
using namespace Qt::Literals::StringLiterals;

namespace {

constexpr qint64 DayMs = 24 * 60 * 60 * 1000;

// What another project's id must get.
enum class Expect {
    // Exactly the answer an id that names nothing gets (the contract: "another project's id
    // answers exactly like an id that does not exist"), never a success of a write.
    SameAsUnknown,
    // A cursor names no object: it is a position in a list, bound to the list, not to a
    // project. Another project's cursor reads the caller's own list from that position, or
    // is refused; either way nothing of the other project shows.
    NothingOfTheirs,
    // Not called: the address is its own access control (an unguessable name, as the
    // contract has media URLs), with no key and no project to tell apart.
    PublicByDesign,
    // A name the caller gives its own new object (save_draft's clientId), unique only
    // within a project: that another project chose the same name must make no difference
    // (anotherProjectsClientIdIsNoneOfTheirs).
    CallersOwnName,
};

// One field of one operation that takes an id, and how to call the operation with
// another project's id in it.
struct IdCase
{
    QString operation;
    QString field; // as the tool's parameters name it: "post.target.pageId"
    Expect expect = Expect::SameAsUnknown;
    std::function<QString()> theirs; // the other project's id for the field
    IdKind kind = IdKind::Request; // what an unknown id of the same form looks like
    // Every parameter of the call, with `value` in the field; the others are the
    // caller's own, so that the only thing foreign in the call is that one id.
    std::function<QJsonObject(const QString &value)> parameters;
};

// The ids and cursors an operation takes: every path parameter, and every field named
// id, ...Id or cursor, wherever it is.
bool takesAnId(const QString &field, bool inPath)
{
    static const QRegularExpression idName(u"(^|[.\\]])(id|[A-Za-z]*Id|cursor)$"_s);
    return inPath || idName.match(field).hasMatch();
}

QJsonObject withoutEmpty(QJsonObject object)
{
    for (auto it = object.begin(); it != object.end();) {
        if (it.value().isString() && it.value().toString().isEmpty())
            it = object.erase(it);
        else
            ++it;
    }
    return object;
}

} // namespace

// Project B's key used on project A's ids, at every endpoint and tool that takes an id:
// the answer is the one an unknown id gets, the body shows nothing of A, and nothing in
// the database changes. The operations come from the server's own registry and
// openapi.json, so an endpoint added later without a row here fails the test.
class TestCrossProject : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<TestServer> m_server;
    Tenant m_a;
    Tenant m_b;
    QList<IdCase> m_cases;

    // Project A's objects (theirs, as B sees them) and B's own.
    struct Objects
    {
        QString publishedPost; // a submission
        QString scheduledPost;
        QString schedule;
        QString slot;
        QString draft;
        QString draftClientId;
        QString secondPage; // a second subaccount
        QString secondKeyId;
        QString media; // an upload not made yet
        QString uploadPath; // path and query of the upload address
        QString connectState; // an account connection under way
        QHash<QString, QString> cursors; // operation -> a cursor of its list
    };
    Objects m_theirs;
    Objects m_own;
    // Everything of A's that must never show in B's answers.
    QStringList m_secrets;

    HttpResult as(const Tenant &tenant, const QByteArray &method, const QString &path,
                  const QJsonObject &body = {})
    {
        return m_server->send(method, path, tenant, body);
    }
    HttpResult tool(const Tenant &tenant, const QString &name, const QJsonObject &parameters)
    {
        return m_server->post(u"/tools/"_s + name, tenant, parameters);
    }

    Objects createObjects(const Tenant &tenant, const QString &word)
    {
        Objects made;
        {
            // No platform app is configured here, so the connection is recorded directly,
            // as connect_account would.
            const auto secrets = SecretBox::fromKeyFile(
                SecretBox::keyFilePath(m_server->dataDirectory()), nullptr);
            OAuthState state;
            state.state = u"state-of-"_s + word + u"-0123456789abcdef"_s;
            state.projectId = tenant.projectId;
            state.platform = u"x"_s;
            state.redirectUri = u"http://127.0.0.1/oauth/callback/x"_s;
            state.createdAtMs = m_server->clock().nowMs();
            state.expiresAtMs = state.createdAtMs + 600'000;
            OAuthStateRepository(m_server->database(), *secrets).insert(state);
            made.connectState = state.state;
        }
        for (int i = 0; i < 2; ++i) {
            const HttpResult published
                = m_server->createPost(tenant, tenant.linkedinAccountId, u"linkedin"_s,
                                       u"%1 published %2"_s.arg(word).arg(i));
            made.publishedPost = published.json().value(u"postSubmissionId"_s).toString();
            if (!m_server->waitForStatus(tenant, made.publishedPost, u"published"_s))
                qWarning("a post was not published");
            const HttpResult scheduled = m_server->createPost(
                tenant, tenant.twitterAccountId, u"x"_s, u"%1 scheduled %2"_s.arg(word).arg(i),
                QJsonObject {{u"scheduledTime"_s,
                              isotime::format(m_server->clock().nowMs() + (i + 1) * DayMs)}});
            if (scheduled.status != 201)
                qWarning("cannot schedule: %s", scheduled.body.constData());
            made.scheduledPost = scheduled.json().value(u"postSubmissionId"_s).toString();
            made.schedule = scheduled.json().value(u"scheduleId"_s).toString();
            made.draftClientId = u"%1-draft-%2"_s.arg(word).arg(i);
            made.draft
                = tool(tenant, u"save_draft"_s,
                       QJsonObject {{u"text"_s, u"%1 draft %2"_s.arg(word).arg(i)},
                                    {u"platforms"_s, QJsonArray {u"linkedin"_s, u"facebook"_s}},
                                    {u"clientId"_s, made.draftClientId}})
                      .json()
                      .value(u"draft"_s)
                      .toObject()
                      .value(u"id"_s)
                      .toString();
        }
        const HttpResult slots = as(
            tenant, "POST", u"/schedule/slots"_s,
            QJsonObject {
                {u"slots"_s,
                 QJsonArray {QJsonObject {
                     {u"day"_s, u"monday"_s},
                     {u"hour"_s, 9},
                     {u"minute"_s, 0},
                     {u"selectedTargets"_s,
                      QJsonArray {QJsonObject {{u"platform"_s, u"linkedin"_s},
                                               {u"accountId"_s, tenant.linkedinAccountId}}}}}}}});
        made.slot
            = slots.json().value(u"items"_s).toArray().first().toObject().value(u"id"_s).toString();
        made.secondPage
            = AccountRepository(m_server->database(), m_server->clock())
                  .addSubaccount(tenant.facebookAccountId, word + u" Second Page"_s, u"page"_s)
                  .id;
        made.secondKeyId = m_server->addKey(tenant.projectId, word + u" second key"_s).second;
        const QJsonObject ticket = as(tenant, "POST", u"/media/uploads"_s,
                                      QJsonObject {{u"filename"_s, QString(word + u".png"_s)}})
                                       .json();
        made.media = ticket.value(u"mediaId"_s).toString();
        const QUrl upload(ticket.value(u"uploadUrl"_s).toString());
        made.uploadPath = upload.path(QUrl::FullyEncoded) + u'?' + upload.query(QUrl::FullyEncoded);

        // A cursor of every list, from its first page of one item.
        for (const Operation *operation : m_server->server().registry().operations()) {
            const bool paged = std::any_of(
                operation->queryParameters.begin(), operation->queryParameters.end(),
                [](const ParameterSpec &parameter) { return parameter.name == u"cursor"; });
            if (!paged)
                continue;
            QJsonObject parameters {{u"limit"_s, 1}};
            if (operation->name == u"list_subaccounts")
                parameters.insert(u"id"_s, tenant.facebookAccountId);
            const HttpResult page = operation->isToolOnly()
                                        ? callTool(*m_server, *operation, parameters, tenant)
                                        : callRest(*m_server, *operation, parameters, tenant);
            const QString cursor = page.json().value(u"cursor"_s).toString();
            if (cursor.isEmpty())
                qWarning("no cursor from %s", qPrintable(operation->name));
            made.cursors.insert(operation->name, cursor);
        }
        return made;
    }

    // The table: every operation and field that takes an id.
    QList<IdCase> idCases()
    {
        const auto theirsIs = [](const QString &value) { return [value] { return value; }; };
        const auto cursorOf = [this](const QString &operation) {
            return [this, operation] { return m_theirs.cursors.value(operation); };
        };
        const auto only = [](const QString &name) {
            return [name](const QString &value) { return QJsonObject {{name, value}}; };
        };
        const auto post
            = [](const QString &accountId, const QString &platform, const QString &pageId) {
                  QJsonObject content {{u"text"_s, u"Betaco probe"_s}, {u"platform"_s, platform}};
                  QJsonObject body {{u"accountId"_s, accountId}, {u"content"_s, content}};
                  if (!pageId.isNull())
                      body.insert(u"target"_s,
                                  QJsonObject {{u"targetType"_s, platform}, {u"pageId"_s, pageId}});
                  return QJsonObject {{u"post"_s, body}};
              };
        const auto slot = [](const QJsonObject &target) {
            return QJsonObject {
                {u"slots"_s, QJsonArray {QJsonObject {
                                 {u"day"_s, u"sunday"_s},
                                 {u"hour"_s, 23},
                                 {u"minute"_s, 59},
                                 {u"selectedTargets"_s, QJsonArray {withoutEmpty(target)}}}}}};
        };
        const Tenant &a = m_a;
        const Tenant &b = m_b;
        return {
            {u"list_subaccounts"_s, u"id"_s, Expect::SameAsUnknown, theirsIs(a.facebookAccountId),
             IdKind::Account, only(u"id"_s)},
            {u"list_subaccounts"_s, u"cursor"_s, Expect::NothingOfTheirs,
             cursorOf(u"list_subaccounts"_s), IdKind::Request,
             [b](const QString &value) {
                 return QJsonObject {{u"id"_s, b.facebookAccountId}, {u"cursor"_s, value}};
             }},
            {u"list_accounts"_s, u"cursor"_s, Expect::NothingOfTheirs, cursorOf(u"list_accounts"_s),
             IdKind::Request, only(u"cursor"_s)},
            {u"connect_account"_s, u"accountId"_s, Expect::SameAsUnknown,
             theirsIs(a.twitterAccountId), IdKind::Account,
             [](const QString &value) {
                 return QJsonObject {{u"platform"_s, u"x"_s}, {u"accountId"_s, value}};
             }},
            {u"get_connect_attempt"_s, u"state"_s, Expect::SameAsUnknown,
             [this] { return m_theirs.connectState; }, IdKind::Request, only(u"state"_s)},
            {u"disconnect_account"_s, u"id"_s, Expect::SameAsUnknown, theirsIs(a.linkedinAccountId),
             IdKind::Account, only(u"id"_s)},
            {u"create_post"_s, u"post.accountId"_s, Expect::SameAsUnknown,
             theirsIs(a.linkedinAccountId), IdKind::Account,
             [post](const QString &value) { return post(value, u"linkedin"_s, QString()); }},
            {u"create_post"_s, u"draftId"_s, Expect::SameAsUnknown,
             [this] { return m_theirs.draft; }, IdKind::Draft,
             [post, b](const QString &value) {
                 QJsonObject body = post(b.linkedinAccountId, u"linkedin"_s, QString());
                 body.insert(u"draftId"_s, value);
                 return body;
             }},
            {u"create_post"_s, u"post.target.pageId"_s, Expect::SameAsUnknown,
             theirsIs(a.facebookPageId), IdKind::Subaccount,
             [post, b](const QString &value) {
                 return post(b.facebookAccountId, u"facebook"_s, value);
             }},
            {u"get_post"_s, u"submissionId"_s, Expect::SameAsUnknown,
             [this] { return m_theirs.publishedPost; }, IdKind::PostSubmission,
             only(u"submissionId"_s)},
            {u"list_posts"_s, u"accountId"_s, Expect::SameAsUnknown, theirsIs(a.linkedinAccountId),
             IdKind::Account, only(u"accountId"_s)},
            {u"list_posts"_s, u"cursor"_s, Expect::NothingOfTheirs, cursorOf(u"list_posts"_s),
             IdKind::Request, only(u"cursor"_s)},
            {u"list_published_posts"_s, u"accountId"_s, Expect::SameAsUnknown,
             theirsIs(a.linkedinAccountId), IdKind::Account, only(u"accountId"_s)},
            {u"list_published_posts"_s, u"cursor"_s, Expect::NothingOfTheirs,
             cursorOf(u"list_published_posts"_s), IdKind::Request, only(u"cursor"_s)},
            {u"list_schedules"_s, u"cursor"_s, Expect::NothingOfTheirs,
             cursorOf(u"list_schedules"_s), IdKind::Request, only(u"cursor"_s)},
            {u"get_schedule"_s, u"id"_s, Expect::SameAsUnknown,
             [this] { return m_theirs.schedule; }, IdKind::Schedule, only(u"id"_s)},
            {u"update_schedule"_s, u"id"_s, Expect::SameAsUnknown,
             [this] { return m_theirs.schedule; }, IdKind::Schedule,
             [](const QString &value) {
                 return QJsonObject {
                     {u"id"_s, value},
                     {u"post"_s,
                      QJsonObject {{u"content"_s, QJsonObject {{u"text"_s, u"Betaco hijack"_s}}}}}};
             }},
            // The draft of GET may come back; its ids must be the schedule's own.
            {u"update_schedule"_s, u"post.accountId"_s, Expect::SameAsUnknown,
             theirsIs(a.twitterAccountId), IdKind::Account,
             [this](const QString &value) {
                 return QJsonObject {
                     {u"id"_s, m_own.schedule},
                     {u"post"_s,
                      QJsonObject {{u"accountId"_s, value},
                                   {u"content"_s, QJsonObject {{u"text"_s, u"Betaco edit"_s}}}}}};
             }},
            {u"update_schedule"_s, u"post.target.pageId"_s, Expect::SameAsUnknown,
             theirsIs(a.facebookPageId), IdKind::Subaccount,
             [this](const QString &value) {
                 return QJsonObject {
                     {u"id"_s, m_own.schedule},
                     {u"post"_s,
                      QJsonObject {{u"target"_s, QJsonObject {{u"targetType"_s, u"twitter"_s},
                                                              {u"pageId"_s, value}}},
                                   {u"content"_s, QJsonObject {{u"text"_s, u"Betaco edit"_s}}}}}};
             }},
            {u"cancel_schedule"_s, u"id"_s, Expect::SameAsUnknown,
             [this] { return m_theirs.schedule; }, IdKind::Schedule, only(u"id"_s)},
            {u"add_slots"_s, u"slots[].selectedTargets[].accountId"_s, Expect::SameAsUnknown,
             theirsIs(a.linkedinAccountId), IdKind::Account,
             [slot](const QString &value) {
                 return slot(QJsonObject {{u"platform"_s, u"linkedin"_s}, {u"accountId"_s, value}});
             }},
            {u"add_slots"_s, u"slots[].selectedTargets[].subaccountId"_s, Expect::SameAsUnknown,
             theirsIs(a.facebookPageId), IdKind::Subaccount,
             [slot, b](const QString &value) {
                 return slot(QJsonObject {{u"platform"_s, u"facebook"_s},
                                          {u"accountId"_s, b.facebookAccountId},
                                          {u"subaccountId"_s, value}});
             }},
            {u"add_slots"_s, u"slots[].id"_s, Expect::SameAsUnknown,
             [this] { return m_theirs.slot; }, IdKind::Slot,
             [](const QString &value) {
                 return QJsonObject {{u"replace"_s, true},
                                     {u"slots"_s, QJsonArray {QJsonObject {{u"id"_s, value},
                                                                           {u"day"_s, u"sunday"_s},
                                                                           {u"hour"_s, 23},
                                                                           {u"minute"_s, 59}}}}};
             }},
            {u"delete_slot"_s, u"id"_s, Expect::SameAsUnknown, [this] { return m_theirs.slot; },
             IdKind::Slot, only(u"id"_s)},
            {u"next_available_slot"_s, u"accountId"_s, Expect::SameAsUnknown,
             theirsIs(a.linkedinAccountId), IdKind::Account, only(u"accountId"_s)},
            {u"next_available_slot"_s, u"subaccountId"_s, Expect::SameAsUnknown,
             theirsIs(a.facebookPageId), IdKind::Subaccount,
             [b](const QString &value) {
                 return QJsonObject {{u"accountId"_s, b.facebookAccountId},
                                     {u"subaccountId"_s, value}};
             }},
            {u"save_draft"_s, u"draftId"_s, Expect::SameAsUnknown,
             [this] { return m_theirs.draft; }, IdKind::Draft,
             [](const QString &value) {
                 return QJsonObject {{u"draftId"_s, value},
                                     {u"text"_s, u"Betaco overwrite"_s},
                                     {u"platforms"_s, QJsonArray {u"linkedin"_s}}};
             }},
            {u"save_draft"_s, u"clientId"_s, Expect::CallersOwnName,
             [this] { return m_theirs.draftClientId; }, IdKind::Request,
             [](const QString &value) {
                 return QJsonObject {{u"clientId"_s, value},
                                     {u"text"_s, u"Betaco own draft"_s},
                                     {u"platforms"_s, QJsonArray {u"linkedin"_s}}};
             }},
            {u"list_drafts"_s, u"cursor"_s, Expect::NothingOfTheirs, cursorOf(u"list_drafts"_s),
             IdKind::Request, only(u"cursor"_s)},
            {u"get_draft"_s, u"draftId"_s, Expect::SameAsUnknown, [this] { return m_theirs.draft; },
             IdKind::Draft, only(u"draftId"_s)},
            {u"delete_draft"_s, u"draftId"_s, Expect::SameAsUnknown,
             [this] { return m_theirs.draft; }, IdKind::Draft, only(u"draftId"_s)},
            {u"publish_draft"_s, u"draftId"_s, Expect::SameAsUnknown,
             [this] { return m_theirs.draft; }, IdKind::Draft,
             [b](const QString &value) {
                 return QJsonObject {{u"draftId"_s, value}, {u"accountId"_s, b.linkedinAccountId}};
             }},
            {u"publish_draft"_s, u"accountId"_s, Expect::SameAsUnknown,
             theirsIs(a.linkedinAccountId), IdKind::Account,
             [this](const QString &value) {
                 return QJsonObject {{u"draftId"_s, m_own.draft}, {u"accountId"_s, value}};
             }},
            {u"publish_draft"_s, u"pageId"_s, Expect::SameAsUnknown, theirsIs(a.facebookPageId),
             IdKind::Subaccount,
             [this, b](const QString &value) {
                 return QJsonObject {{u"draftId"_s, m_own.draft},
                                     {u"accountId"_s, b.facebookAccountId},
                                     {u"pageId"_s, value}};
             }},
            {u"list_api_keys"_s, u"cursor"_s, Expect::NothingOfTheirs, cursorOf(u"list_api_keys"_s),
             IdKind::Request, only(u"cursor"_s)},
            {u"list_api_calls"_s, u"apiKeyId"_s, Expect::SameAsUnknown, theirsIs(a.apiKeyId),
             IdKind::ApiKey, only(u"apiKeyId"_s)},
            {u"list_api_calls"_s, u"cursor"_s, Expect::NothingOfTheirs,
             cursorOf(u"list_api_calls"_s), IdKind::Request, only(u"cursor"_s)},
            // Served by the guard and the media library, outside the registry.
            {u"put_upload"_s, u"mediaId"_s, Expect::SameAsUnknown,
             [this] { return m_theirs.media; }, IdKind::Media, only(u"mediaId"_s)},
            {u"get_media_file"_s, u"file"_s, Expect::PublicByDesign, {}, IdKind::Media, {}},
        };
    }

    // Every (operation, field) openapi.json shows taking an id; tools under their
    // operation's name.
    QSet<QString> documentedIdFields() const
    {
        const QJsonObject document = m_server->http().get(u"/api/v2/openapi.json"_s).json();
        const QJsonObject components = document.value(u"components"_s).toObject();
        QSet<QString> found;
        for (const DocumentedOperation &documented : documentedOperations(document)) {
            const QString &name = documented.name;
            const QJsonObject &operation = documented.operation;
            for (const QJsonValue &parameter : operation.value(u"parameters"_s).toArray()) {
                const QString field = parameter[u"name"_s].toString();
                if (takesAnId(field, parameter[u"in"_s].toString() == u"path"))
                    found.insert(name + u' ' + field);
            }
            const QJsonObject content = operation[u"requestBody"_s][u"content"_s].toObject();
            for (const QJsonValue &media : content) {
                for (const SchemaField &field :
                     schemaFields(media[u"schema"_s].toObject(), components))
                    if (takesAnId(field.path, false))
                        found.insert(name + u' ' + field.path);
            }
        }
        return found;
    }

    // The body with the id the caller gave written as <id>, so that two answers that
    // differ only by echoing the caller's own input compare equal.
    static QByteArray withoutEcho(QByteArray body, const QString &value)
    {
        if (!value.isEmpty())
            body.replace(value.toUtf8(), "<id>");
        return body;
    }

    // The first of A's ids or names in an answer to B. B's call log shows what B sent,
    // A's ids among it: those fields are B's own words, not A's data.
    QString leakIn(QByteArray body, const QString &operation) const
    {
        if (operation == u"list_api_calls") {
            QJsonObject page = QJsonDocument::fromJson(body).object();
            QJsonArray items;
            for (const QJsonValue &item : page.value(u"items"_s).toArray()) {
                QJsonObject call = item.toObject();
                call.remove(u"path"_s);
                call.remove(u"arguments"_s);
                items.append(call);
            }
            page.insert(u"items"_s, items);
            body = QJsonDocument(page).toJson(QJsonDocument::Compact);
        }
        for (const QString &secret : m_secrets)
            if (!secret.isEmpty() && body.contains(secret.toUtf8()))
                return secret;
        if (body.toLower().contains("alphaco"))
            return u"Alphaco"_s;
        return {};
    }

    HttpResult callCase(const IdCase &idCase, const QString &form, const QString &value)
    {
        const QJsonObject parameters = idCase.parameters(value);
        if (idCase.operation == u"put_upload") {
            // B's own upload address, made to name another media item.
            QString path = m_own.uploadPath;
            path.replace(m_own.media, value);
            return m_server->http().send("PUT", path, {{"Content-Type", "image/png"}},
                                         QByteArray("\x89PNG\r\n\x1a\n", 8));
        }
        const Operation *operation = m_server->server().registry().find(idCase.operation);
        return form == u"tool" ? callTool(*m_server, *operation, parameters, m_b)
                               : callRest(*m_server, *operation, parameters, m_b);
    }

    QStringList mediaFiles() const
    {
        return QDir(m_server->dataDirectory() + u"/media"_s)
            .entryList(QDir::Files | QDir::NoDotAndDotDot, QDir::Name);
    }

private Q_SLOTS:
    void initTestCase()
    {
        ServerConfig config;
        config.readsPerMinute = 1'000'000;
        config.writesPerMinute = 1'000'000;
        m_server = std::make_unique<TestServer>(config);
        m_a = m_server->addTenant(u"Alphaco"_s);
        m_b = m_server->addTenant(u"Betaco"_s);
        m_server->grantCredits(m_a, 100);
        m_server->grantCredits(m_b, 100);
        m_theirs = createObjects(m_a, u"Alphaco"_s);
        m_own = createObjects(m_b, u"Betaco"_s);
        m_cases = idCases();

        m_secrets = {m_a.projectId,          m_a.apiKeyId,           m_a.linkedinAccountId,
                     m_a.twitterAccountId,   m_a.facebookAccountId,  m_a.facebookPageId,
                     m_theirs.publishedPost, m_theirs.scheduledPost, m_theirs.schedule,
                     m_theirs.slot,          m_theirs.draft,         m_theirs.secondPage,
                     m_theirs.secondKeyId,   m_theirs.media,         m_theirs.connectState};
        for (const QJsonValue &item :
             m_server->get(u"/api/v2/published-posts?limit=250"_s, m_a).items())
            m_secrets.append(item[u"id"_s].toString());
        for (qsizetype i = 0; i < m_secrets.size(); ++i)
            QVERIFY2(m_secrets.at(i).size() > 8,
                     qPrintable(u"object %1 of the other project was not made"_s.arg(i)));
        for (auto it = m_theirs.cursors.begin(); it != m_theirs.cursors.end(); ++it)
            QVERIFY2(!it.value().isEmpty(), qPrintable(it.key()));
    }
    void cleanupTestCase() { m_server.reset(); }

    void everyOperationTakingAnIdIsInTheTable()
    {
        QSet<QString> inTable;
        for (const IdCase &idCase : std::as_const(m_cases))
            inTable.insert(idCase.operation + u' ' + idCase.field);
        const QSet<QString> documented = documentedIdFields();
        QStringList missing = (documented - inTable).values();
        missing.sort();
        QVERIFY2(missing.isEmpty(),
                 qPrintable(u"takes an id but has no row in idCases(): "_s + missing.join(u", ")));
        QStringList stale = (inTable - documented).values();
        stale.sort();
        QVERIFY2(stale.isEmpty(),
                 qPrintable(u"rows for fields openapi.json does not have: "_s + stale.join(u", ")));
        // A sanity check of the enumeration itself: it sees path, query and nested body ids.
        QVERIFY(documented.contains(u"get_schedule id"_s));
        QVERIFY(documented.contains(u"list_api_calls apiKeyId"_s));
        QVERIFY(documented.contains(u"add_slots slots[].selectedTargets[].subaccountId"_s));
    }

    void listingsShowNothingOfAnotherProject_data()
    {
        QTest::addColumn<QString>("operation");
        QTest::addColumn<QString>("form");
        for (const Operation *operation : m_server->server().registry().operations()) {
            const bool needsNothing
                = operation->pathParameters.isEmpty() && !operation->bodyRequired;
            if (operation->rateClass != RateClass::Read || !needsNothing)
                continue;
            if (!operation->isToolOnly())
                QTest::addRow("%s", qPrintable(operation->name)) << operation->name << u"rest"_s;
            if (operation->exposedAsTool)
                QTest::addRow("tool %s", qPrintable(operation->name))
                    << operation->name << u"tool"_s;
        }
    }
    void listingsShowNothingOfAnotherProject()
    {
        QFETCH(QString, operation);
        QFETCH(QString, form);
        const Operation *found = m_server->server().registry().find(operation);
        const QJsonObject parameters {{u"limit"_s, 250}};
        const bool paged = std::any_of(found->queryParameters.begin(), found->queryParameters.end(),
                                       [](const ParameterSpec &p) { return p.name == u"limit"; });
        const HttpResult result
            = form == u"tool"
                  ? callTool(*m_server, *found, paged ? parameters : QJsonObject(), m_b)
                  : callRest(*m_server, *found, paged ? parameters : QJsonObject(), m_b);
        // next_available_slot may find no free slot (404): that answer, too, shows nothing.
        QVERIFY2(result.status == 200 || result.status == 404, result.body.constData());
        const QString leak = leakIn(result.body, operation);
        QVERIFY2(leak.isEmpty(), qPrintable(leak + u" in "_s + QString::fromUtf8(result.body)));
    }

    void anotherProjectsIdIsAnUnknownId_data()
    {
        QTest::addColumn<int>("index");
        QTest::addColumn<QString>("form");
        for (int i = 0; i < m_cases.size(); ++i) {
            const IdCase &idCase = m_cases.at(i);
            if (idCase.expect == Expect::PublicByDesign || idCase.expect == Expect::CallersOwnName)
                continue;
            const Operation *operation = m_server->server().registry().find(idCase.operation);
            if (!operation || !operation->isToolOnly())
                QTest::addRow("%s %s", qPrintable(idCase.operation), qPrintable(idCase.field))
                    << i << u"rest"_s;
            if (operation && operation->exposedAsTool)
                QTest::addRow("tool %s %s", qPrintable(idCase.operation), qPrintable(idCase.field))
                    << i << u"tool"_s;
        }
    }
    void anotherProjectsIdIsAnUnknownId()
    {
        QFETCH(int, index);
        QFETCH(QString, form);
        const IdCase &idCase = m_cases.at(index);
        const Operation *operation = m_server->server().registry().find(idCase.operation);
        const bool isWrite = operation ? operation->rateClass == RateClass::Write
                                       : idCase.operation == u"put_upload";
        const QString theirs = idCase.theirs();
        QVERIFY(!theirs.isEmpty());

        const DatabaseSnapshot before(m_server->database());
        const QStringList filesBefore = mediaFiles();
        const HttpResult answer = callCase(idCase, form, theirs);
        const DatabaseSnapshot after(m_server->database());
        QVERIFY2(before == after, qPrintable(before.differences(after).join(u'\n')));
        QCOMPARE(mediaFiles(), filesBefore);

        const QByteArray body = withoutEcho(answer.body, theirs);
        const QString leak = leakIn(body, idCase.operation);
        QVERIFY2(leak.isEmpty(), qPrintable(leak + u" in "_s + QString::fromUtf8(answer.body)));
        QVERIFY2(answer.status < 500, answer.body.constData());
        if (isWrite)
            QVERIFY2(answer.status >= 400, answer.body.constData());

        if (idCase.expect == Expect::NothingOfTheirs) {
            QVERIFY2(answer.status == 200 || answer.status == 400, answer.body.constData());
            return;
        }
        const QString unknown = ids::generate(idCase.kind);
        const HttpResult unknownAnswer = callCase(idCase, form, unknown);
        QVERIFY(DatabaseSnapshot(m_server->database()) == before);
        QCOMPARE(answer.status, unknownAnswer.status);
        QCOMPARE(answer.errorCode(), unknownAnswer.errorCode());
        QCOMPARE(body, withoutEcho(unknownAnswer.body, unknown));
        if (answer.status == 200) // a filter that matches nothing of the caller's
            QVERIFY2(answer.items().isEmpty(), answer.body.constData());
    }

    void anotherProjectsClientIdIsNoneOfTheirs()
    {
        const auto found = std::find_if(m_cases.cbegin(), m_cases.cend(), [](const IdCase &idCase) {
            return idCase.expect == Expect::CallersOwnName;
        });
        QVERIFY(found != m_cases.cend());
        const QString theirs = found->theirs();
        QVERIFY(!theirs.isEmpty());
        // The caller's own draft under that name, made as under a name never used: the
        // two answers differ only by the new draft's id and the name echoed.
        const auto saved = [&](const QString &name) {
            const HttpResult answer = callCase(*found, u"tool"_s, name);
            const QString id = answer.json()[u"draft"_s][u"id"_s].toString();
            QByteArray body = withoutEcho(answer.body, name);
            if (!id.isEmpty())
                body.replace(id.toUtf8(), "<draft>");
            return std::pair {answer, body};
        };
        const auto [answer, body] = saved(theirs);
        QVERIFY2(answer.status == 200, answer.body.constData());
        const QString leak = leakIn(body, found->operation);
        QVERIFY2(leak.isEmpty(), qPrintable(leak + u" in "_s + QString::fromUtf8(answer.body)));
        QCOMPARE(answer.json()[u"draft"_s][u"revision"_s].toInteger(), 1);
        const auto [unknownAnswer, unknownBody] = saved(u"never-used-name"_s);
        QCOMPARE(answer.status, unknownAnswer.status);
        QCOMPARE(body, unknownBody);
        // B's drafts as they were, for the checks that read B's lists.
        for (const HttpResult &made : {answer, unknownAnswer})
            QCOMPARE(tool(m_b, u"delete_draft"_s,
                          QJsonObject {{u"draftId"_s, made.json()[u"draft"_s][u"id"_s]}})
                         .status,
                     200);
    }

    void theOtherProjectStillHasAllItsObjects()
    {
        // A, with its own key, finds everything as it left it.
        QCOMPARE(m_server->submission(m_a, m_theirs.scheduledPost)[u"status"_s].toString(),
                 u"scheduled"_s);
        QCOMPARE(m_server->submission(m_a, m_theirs.scheduledPost)[u"text"_s].toString(),
                 u"Alphaco scheduled 1"_s);
        QCOMPARE(m_server->get(u"/api/v2/schedules/"_s + m_theirs.schedule, m_a).status, 200);
        const QJsonObject draft
            = tool(m_a, u"get_draft"_s, QJsonObject {{u"draftId"_s, m_theirs.draft}}).json();
        QCOMPARE(draft.value(u"draft"_s).toObject().value(u"text"_s).toString(),
                 u"Alphaco draft 1"_s);
        QCOMPARE(draft.value(u"draft"_s).toObject().value(u"clientId"_s).toString(),
                 m_theirs.draftClientId);
        QCOMPARE(draft.value(u"draft"_s).toObject().value(u"revision"_s).toInteger(), 1);
        const QJsonArray slots
            = m_server->get(u"/api/v2/schedule/slots"_s, m_a).json()[u"items"_s].toArray();
        QCOMPARE(slots.size(), 1);
        QCOMPARE(slots.first()[u"id"_s].toString(), m_theirs.slot);
        const HttpResult upload = m_server->http().send(
            "PUT", m_theirs.uploadPath, {{"Content-Type", "image/png"}},
            QByteArray("\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR", 16) + QByteArray(100, 'x'));
        QVERIFY2(upload.status == 201, upload.body.constData());
        QCOMPARE(DatabaseSnapshot::integrityCheck(m_server->database()), u"ok"_s);
    }
};

QTEST_GUILESS_MAIN(TestCrossProject)
#include "tst_crossproject.moc"
