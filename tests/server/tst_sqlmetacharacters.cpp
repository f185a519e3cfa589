#include "core/isotime.h"
#include "server/api/operationregistry.h"
#include "storage/statement.h"
#include "support/databasesnapshot.h"
#include "support/operationcalls.h"
#include "support/schemafields.h"
#include "support/testserver.h"

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

// Stands for an unpaired UTF-16 surrogate, which a QString cannot carry into JSON text:
// the body is written with "\ud800" in its place.
const QString LoneSurrogate = u"<lone surrogate>"_s;

// What an attacker or an unlucky user puts into a text field.
QList<std::pair<const char *, QString>> oddValues()
{
    return {
        {"quote and comment", u"'; DROP TABLE submissions; --"_s},
        {"always true", u"\" OR \"1\"=\"1"_s},
        {"quoted always true", u"' OR '1'='1"_s},
        {"percent", u"%"_s},
        {"underscore", u"_"_s},
        {"backslash", u"\\"_s},
        {"escaped wildcards", u"\\%\\_"_s},
        {"line comment", u"--"_s},
        {"block comment", u"/*"_s},
        {"NUL inside", QString(u"a\u0000b"_s)},
        {"NUL alone", QString(QChar(u'\0'))},
        {"right-to-left override", u"\u202Egnp.exe"_s},
        {"combining accent", u"e\u0301"_s},
        {"astral and joined emoji", u"\U0001D54F \U0001F3F3\uFE0F\u200D\U0001F308"_s},
        {"byte order mark", u"\uFEFF"_s},
        {"noncharacter", u"\uFFFF"_s},
        {"unpaired surrogate", LoneSurrogate},
    };
}

// The answer's JSON as the server wrote it. Qt's parser drops a U+FEFF that begins a
// string; escaped, it stays.
QJsonObject jsonOf(const QByteArray &body)
{
    return QJsonDocument::fromJson(QByteArray(body).replace("\xEF\xBB\xBF", "\\ufeff")).object();
}

// Sets the field at `path` ("post.content.text", "slots[].selectedTargets[].accountId",
// "status[]") to `value`; an array on the way has its first element set.
QJsonValue withField(QJsonValue node, QStringView path, const QJsonValue &value)
{
    const qsizetype dot = path.indexOf(u'.');
    const QStringView head = dot < 0 ? path : path.first(dot);
    const QStringView rest = dot < 0 ? QStringView() : path.sliced(dot + 1);
    const bool isArray = head.endsWith(u"[]");
    const QString key = (isArray ? head.chopped(2) : head).toString();
    QJsonObject object = node.toObject();
    if (!isArray) {
        object.insert(key, rest.isEmpty() ? value : withField(object.value(key), rest, value));
        return object;
    }
    QJsonArray array = object.value(key).toArray();
    const QJsonValue first = array.isEmpty() ? QJsonValue(QJsonObject()) : array.first();
    const QJsonValue item = rest.isEmpty() ? value : withField(first, rest, value);
    if (array.isEmpty())
        array.append(item);
    else
        array.replace(0, item);
    object.insert(key, array);
    return object;
}

bool containsString(const QJsonValue &node, const QString &value)
{
    if (node.isString())
        return node.toString() == value;
    if (node.isArray()) {
        const QJsonArray array = node.toArray();
        return std::any_of(array.begin(), array.end(),
                           [&](const QJsonValue &item) { return containsString(item, value); });
    }
    if (node.isObject()) {
        const QJsonObject object = node.toObject();
        return std::any_of(object.begin(), object.end(),
                           [&](const QJsonValue &item) { return containsString(item, value); });
    }
    return false;
}

bool containsSubstring(const QJsonValue &node, const QString &value)
{
    if (node.isString())
        return node.toString().toCaseFolded().contains(value.toCaseFolded());
    if (node.isArray()) {
        const QJsonArray array = node.toArray();
        return std::any_of(array.begin(), array.end(),
                           [&](const QJsonValue &item) { return containsSubstring(item, value); });
    }
    if (node.isObject()) {
        const QJsonObject object = node.toObject();
        return std::any_of(object.begin(), object.end(),
                           [&](const QJsonValue &item) { return containsSubstring(item, value); });
    }
    return false;
}

// "post.content.mediaUrls[0]" and "post.content.mediaUrls[]" name the same field.
QString withoutIndexes(QString field)
{
    static const QRegularExpression index(u"\\[\\d*\\]"_s);
    return field.remove(index);
}

bool takesAnId(const QString &field)
{
    // Ids, and what stands for one: a cursor, a media file's name, an upload's signature,
    // an authorization's state.
    static const QRegularExpression idName(
        u"(^|[.\\]])(id|[A-Za-z]*Id|cursor|file|signature|state)$"_s);
    return idName.match(field).hasMatch();
}

} // namespace

// SQL's metacharacters, a NUL and some Unicode oddities in every string field of every
// request, through the REST form and the tool form: each is stored as given (and read back
// so), or refused with a 4xx that names the field; never a 5xx, and the database keeps
// every table and row. The fields come from openapi.json, so one added later without an
// entry here fails the test. Search words match literally, LIKE's wildcards included.
class TestSqlMetacharacters : public QObject
{
    Q_OBJECT

private:
    // How to make a valid call of an operation, into which one field's value is put.
    struct Entry
    {
        // Valid parameters; `n` differs from call to call (slots need distinct times).
        std::function<QJsonObject(int n)> base;
        // Where what a successful call stored shows, if not in its answer.
        std::function<QJsonValue(const HttpResult &answer)> readBack = {};
    };

    std::unique_ptr<TestServer> m_server;
    Tenant m_tenant;
    QHash<QString, Entry> m_entries;
    QString m_draft;
    QString m_schedule;
    QString m_slot;
    QString m_uploadPath;
    QString m_media;
    int m_calls = 0;
    QStringList m_tables;

    QString inADay() const
    {
        return isotime::format(m_server->clock().nowMs() + 24 * 60 * 60 * 1000);
    }
    HttpResult tool(const QString &name, const QJsonObject &parameters)
    {
        return m_server->post(u"/tools/"_s + name, m_tenant, parameters);
    }

    QHash<QString, Entry> entries()
    {
        const Tenant &t = m_tenant;
        const auto empty = [](int) { return QJsonObject(); };
        const auto post = [t](int) {
            return QJsonObject {
                {u"post"_s,
                 QJsonObject {{u"accountId"_s, t.facebookAccountId},
                              {u"content"_s, QJsonObject {{u"text"_s, u"metacharacters"_s},
                                                          {u"platform"_s, u"facebook"_s},
                                                          {u"mediaUrls"_s, QJsonArray {}}}},
                              {u"target"_s, QJsonObject {{u"targetType"_s, u"facebook"_s},
                                                         {u"pageId"_s, t.facebookPageId}}}}}};
        };
        const auto submissionOf = [this](const HttpResult &answer) -> QJsonValue {
            return jsonOf(
                m_server
                    ->get(u"/api/v2/posts/"_s + answer.json()[u"postSubmissionId"_s].toString(),
                          m_tenant)
                    .body);
        };
        return {
            {u"list_accounts"_s, {empty}},
            // No platform app is configured here: a valid call is refused, naming the
            // platform, and stores nothing.
            {u"connect_account"_s, {[](int) {
                 return QJsonObject {{u"platform"_s, u"x"_s}};
             }}},
            {u"get_connect_attempt"_s, {[](int) {
                 return QJsonObject {{u"state"_s, u"no-such-state"_s}};
             }}},
            {u"disconnect_account"_s, {[](int) {
                 return QJsonObject {{u"id"_s, u"acc_x"_s}};
             }}},
            {u"list_subaccounts"_s, {[t](int) {
                 return QJsonObject {{u"id"_s, t.facebookAccountId}};
             }}},
            {u"create_post"_s, {post, submissionOf}},
            {u"list_posts"_s, {empty}},
            {u"get_post"_s, {[](int) {
                 return QJsonObject {{u"submissionId"_s, u"ps_x"_s}};
             }}},
            {u"list_published_posts"_s, {empty}},
            {u"list_schedules"_s, {empty}},
            {u"get_schedule"_s, {[this](int) {
                 return QJsonObject {{u"id"_s, m_schedule}};
             }}},
            {u"update_schedule"_s, {[this](int) {
                 return QJsonObject {
                     {u"id"_s, m_schedule},
                     {u"post"_s,
                      QJsonObject {{u"content"_s, QJsonObject {{u"text"_s, u"updated"_s}}}}}};
             }}},
            {u"cancel_schedule"_s, {[](int) {
                 return QJsonObject {{u"id"_s, u"sch_x"_s}};
             }}},
            {u"add_slots"_s, {[t](int n) {
                 static const char *const days[] = {"monday", "tuesday",  "wednesday", "thursday",
                                                    "friday", "saturday", "sunday"};
                 return QJsonObject {
                     {u"slots"_s,
                      QJsonArray {QJsonObject {
                          {u"day"_s, QString::fromLatin1(days[(n / (24 * 60)) % 7])},
                          {u"hour"_s, (n / 60) % 24},
                          {u"minute"_s, n % 60},
                          {u"selectedTargets"_s,
                           QJsonArray {QJsonObject {{u"platform"_s, u"facebook"_s},
                                                    {u"accountId"_s, t.facebookAccountId},
                                                    {u"subaccountId"_s, t.facebookPageId}}}}}}}};
             }}},
            {u"delete_slot"_s, {[](int) {
                 return QJsonObject {{u"id"_s, u"slot_x"_s}};
             }}},
            {u"next_available_slot"_s, {empty}},
            {u"upload_media_from_url"_s, {[](int) {
                 return QJsonObject {{u"url"_s, u"http://10.0.0.1/a.png"_s}};
             }}},
            {u"create_upload_url"_s,
             {[](int) {
                  return QJsonObject {{u"filename"_s, u"photo.png"_s}};
              },
              [this](const HttpResult &answer) -> QJsonValue {
                  // The name is kept for the record only; the database has it, read as
                  // the server reads it (through QtSql, SQLite would turn U+FFFF into
                  // U+FFFD on the way).
                  Statement query(m_server->database(),
                                  u"SELECT filename FROM media WHERE id = ?"_s);
                  query.bind(answer.json()[u"mediaId"_s].toString()).exec();
                  return query.next() ? QJsonValue(query.text(0)) : QJsonValue();
              }}},
            {u"save_draft"_s, {[](int) {
                 return QJsonObject {{u"text"_s, u"draft"_s},
                                     {u"platforms"_s, QJsonArray {u"linkedin"_s}}};
             }}},
            {u"list_drafts"_s, {empty}},
            {u"get_draft"_s, {[this](int) {
                 return QJsonObject {{u"draftId"_s, m_draft}};
             }}},
            {u"delete_draft"_s, {[](int) {
                 return QJsonObject {{u"draftId"_s, u"drf_x"_s}};
             }}},
            {u"publish_draft"_s,
             {[this, t](int) {
                  return QJsonObject {{u"draftId"_s, m_draft},
                                      {u"accountId"_s, t.linkedinAccountId},
                                      {u"scheduledTime"_s, inADay()}};
              },
              submissionOf}},
            {u"list_api_keys"_s, {empty}},
            {u"list_api_calls"_s, {empty}},
            // Outside the registry: the upload address and the media files.
            {u"put_upload"_s, {empty}},
            {u"get_media_file"_s, {empty}},
        };
    }

    // Every string field openapi.json documents, by operation (tools under their
    // operation's name) and form.
    QList<std::tuple<QString, QString, QString>> documentedStringFields() const
    {
        const QJsonObject document = m_server->http().get(u"/api/v2/openapi.json"_s).json();
        const QJsonObject components = document.value(u"components"_s).toObject();
        QList<std::tuple<QString, QString, QString>> found;
        for (const DocumentedOperation &documented : documentedOperations(document)) {
            const QJsonObject &operation = documented.operation;
            QSet<QString> fields;
            for (const QJsonValue &parameter : operation.value(u"parameters"_s).toArray())
                for (const SchemaField &field :
                     schemaFields(parameter[u"schema"_s].toObject(), components,
                                  parameter[u"name"_s].toString()))
                    if (field.accepts(u"string"_s))
                        fields.insert(field.path);
            const QJsonObject content = operation[u"requestBody"_s][u"content"_s].toObject();
            if (content.contains(u"application/json"_s))
                for (const SchemaField &field : schemaFields(
                         content[u"application/json"_s][u"schema"_s].toObject(), components))
                    if (field.accepts(u"string"_s))
                        fields.insert(field.path);
            for (const QString &field : std::as_const(fields))
                found.append({documented.name, documented.isTool ? u"tool"_s : u"rest"_s, field});
        }
        std::sort(found.begin(), found.end());
        return found;
    }

    HttpResult call(const QString &operationName, const QString &form, QJsonObject parameters)
    {
        ++m_calls;
        if (operationName == u"put_upload" || operationName == u"get_media_file") {
            const auto encoded = [](const QJsonValue &value) {
                return QString::fromLatin1(QUrl::toPercentEncoding(value.toString()));
            };
            if (operationName == u"get_media_file")
                return m_server->http().get(u"/media/"_s + encoded(parameters[u"file"_s]));
            QString path = m_uploadPath;
            if (parameters.contains(u"mediaId"_s))
                path.replace(m_media, encoded(parameters[u"mediaId"_s]));
            if (parameters.contains(u"signature"_s))
                path = path.first(path.indexOf(u"signature="_s) + 10)
                       + encoded(parameters[u"signature"_s]);
            return m_server->http().send("PUT", path, {{"Content-Type", "image/png"}},
                                         QByteArray("\x89PNG\r\n\x1a\n", 8));
        }
        const Operation *operation = m_server->server().registry().find(operationName);
        return form == u"tool" ? callTool(*m_server, *operation, parameters, m_tenant)
                               : callRest(*m_server, *operation, parameters, m_tenant);
    }

    // A JSON body with an unpaired surrogate escape where LoneSurrogate stands.
    HttpResult callWithLoneSurrogate(const QString &operationName, const QString &form,
                                     const QJsonObject &parameters)
    {
        ++m_calls;
        const Operation *operation = m_server->server().registry().find(operationName);
        QString path = u"/api/v2/tools/"_s + operationName;
        QJsonObject body = parameters;
        if (form == u"rest") {
            path = u"/api/v2"_s + operation->path;
            for (const ParameterSpec &parameter : operation->pathParameters)
                path.replace(u'{' + parameter.name + u'}', body.take(parameter.name).toString());
        }
        QByteArray text = QJsonDocument(body).toJson(QJsonDocument::Compact);
        text.replace(LoneSurrogate.toUtf8(), "\\ud800");
        return m_server->http().send(
            form == u"tool" ? QByteArray("POST") : methodName(operation->method), path,
            withKey(m_tenant.apiKey, {{"Content-Type", "application/json"}}), text);
    }

    static bool inJsonBody(const Operation *operation, const QString &form, const QString &field)
    {
        if (!operation)
            return false;
        if (form == u"tool")
            return true;
        const QString name = field.section(u'.', 0, 0).remove(u"[]"_s);
        for (const QList<ParameterSpec> *parameters :
             {&operation->pathParameters, &operation->queryParameters})
            for (const ParameterSpec &parameter : *parameters)
                if (parameter.name == name)
                    return false;
        return !operation->bodySchema.isEmpty();
    }

    QString databaseProblems()
    {
        const QString integrity = DatabaseSnapshot::integrityCheck(m_server->database());
        if (integrity != u"ok")
            return integrity;
        const QHash<QString, int> counts = DatabaseSnapshot(m_server->database()).rowCounts();
        QStringList tables = counts.keys();
        tables.sort();
        if (tables != m_tables)
            return u"tables now: "_s + tables.join(u", ");
        return {};
    }

private Q_SLOTS:
    void initTestCase()
    {
        ServerConfig config;
        config.readsPerMinute = 10'000'000;
        config.writesPerMinute = 10'000'000;
        m_server = std::make_unique<TestServer>(config);
        m_tenant = m_server->addTenant(u"Meta"_s);
        m_server->grantCredits(m_tenant, 1'000'000);
        m_draft = tool(u"save_draft"_s, QJsonObject {{u"text"_s, u"base draft"_s},
                                                     {u"platforms"_s, QJsonArray {u"linkedin"_s}}})
                      .json()
                      .value(u"draft"_s)
                      .toObject()
                      .value(u"id"_s)
                      .toString();
        const HttpResult scheduled = m_server->createPost(
            m_tenant, m_tenant.linkedinAccountId, u"linkedin"_s, u"base schedule"_s,
            QJsonObject {{u"scheduledTime"_s, inADay()}});
        m_schedule = scheduled.json()[u"scheduleId"_s].toString();
        const QJsonObject ticket = m_server
                                       ->post(u"/media/uploads"_s, m_tenant,
                                              QJsonObject {{u"filename"_s, u"base.png"_s}})
                                       .json();
        m_media = ticket[u"mediaId"_s].toString();
        const QUrl upload(ticket[u"uploadUrl"_s].toString());
        m_uploadPath = upload.path(QUrl::FullyEncoded) + u'?' + upload.query(QUrl::FullyEncoded);
        QVERIFY(!m_draft.isEmpty() && !m_schedule.isEmpty() && !m_media.isEmpty());
        m_entries = entries();
        m_tables = DatabaseSnapshot(m_server->database()).rowCounts().keys();
        m_tables.sort();
        QVERIFY(m_tables.contains(u"submissions"_s));
    }
    void cleanupTestCase()
    {
        qInfo("%d calls", m_calls);
        m_server.reset();
    }

    void everyStringFieldIsCovered()
    {
        QStringList missing;
        for (const auto &[operation, form, field] : documentedStringFields())
            if (!m_entries.contains(operation))
                missing.append(operation + u' ' + field);
        missing.removeDuplicates();
        QVERIFY2(missing.isEmpty(), qPrintable(u"string fields without an entry in entries(): "_s
                                               + missing.join(u", ")));
        QVERIFY(documentedStringFields().size() > 50); // the enumeration itself works
    }

    void metacharactersInEveryStringField_data()
    {
        QTest::addColumn<QString>("operation");
        QTest::addColumn<QString>("form");
        QTest::addColumn<QString>("field");
        for (const auto &[operation, form, field] : documentedStringFields())
            QTest::addRow("%s %s %s", qPrintable(form), qPrintable(operation), qPrintable(field))
                << operation << form << field;
    }
    void metacharactersInEveryStringField()
    {
        QFETCH(QString, operation);
        QFETCH(QString, form);
        QFETCH(QString, field);
        const Entry entry = m_entries.value(operation);
        const Operation *defined = m_server->server().registry().find(operation);
        const bool stores = defined && defined->rateClass == RateClass::Write;
        const QHash<QString, int> countsBefore = DatabaseSnapshot(m_server->database()).rowCounts();

        for (const auto &[name, value] : oddValues()) {
            const QString where
                = form + u' ' + operation + u' ' + field + u" = "_s + QString::fromLatin1(name);
            const QJsonObject parameters = withField(entry.base(m_calls), field, value).toObject();
            const bool raw = value == LoneSurrogate;
            if (raw && !inJsonBody(defined, form, field))
                continue; // only JSON text can carry one
            const HttpResult answer = raw ? callWithLoneSurrogate(operation, form, parameters)
                                          : call(operation, form, parameters);
            const QString said = where + u": "_s + QString::number(answer.status) + u' '
                                 + QString::fromUtf8(answer.body.left(600));
            QVERIFY2(answer.status >= 200 && answer.status < 500, qPrintable(said));
            QVERIFY2(!answer.header("X-Request-Id").isEmpty(), qPrintable(said));

            if (answer.status >= 400) {
                // Refused: the contract's error body, and, unless it is an unknown id, the
                // field named.
                QVERIFY2(!answer.errorCode().isEmpty(), qPrintable(said));
                if (takesAnId(field)
                    && (answer.status == 404 || answer.status == 422 || answer.status == 400
                        || answer.status == 403))
                    continue;
                if (raw && answer.errorCode() == u"invalid_json")
                    continue; // refusing the unpaired surrogate outright is clean too
                const QString wanted = withoutIndexes(field);
                const QStringList details = answer.errorDetails();
                const bool named
                    = std::any_of(details.begin(), details.end(), [&](const QString &detail) {
                          const QString of = withoutIndexes(detail.section(u':', 0, 0));
                          return of == wanted || wanted.startsWith(of + u'.')
                                 || of.startsWith(wanted + u'.');
                      });
                QVERIFY2(named, qPrintable(said));
                continue;
            }
            if (raw) {
                // Accepted (Qt's parser takes it as it is): whatever it became, the answer
                // is still well-formed JSON.
                QJsonParseError error {};
                QJsonDocument::fromJson(answer.body, &error);
                QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(said));
                continue;
            }
            // Accepted. A write keeps the value as given; a read finds only what has it.
            if (stores) {
                const QJsonValue stored
                    = entry.readBack ? entry.readBack(answer) : QJsonValue(jsonOf(answer.body));
                QVERIFY2(containsString(stored, value),
                         qPrintable(said + u"\nread back: "_s
                                    + QString::fromUtf8(QJsonDocument(QJsonArray {stored})
                                                            .toJson(QJsonDocument::Compact))));
            } else if (field.endsWith(u"query")) {
                // Search words: each must be in every item found, as it was typed. A NUL
                // separates words as a space does.
                const QStringList words
                    = QString(value).replace(QChar(u'\0'), u' ').split(u' ', Qt::SkipEmptyParts);
                for (const QJsonValue &item : jsonOf(answer.body)[u"items"_s].toArray())
                    for (const QString &word : words)
                        QVERIFY2(
                            containsSubstring(item, word),
                            qPrintable(said + u"\nfound: "_s
                                       + QString::fromUtf8(QJsonDocument(item.toObject())
                                                               .toJson(QJsonDocument::Compact))));
            } else {
                for (const QJsonValue &item : jsonOf(answer.body)[u"items"_s].toArray())
                    QVERIFY2(containsSubstring(item, value),
                             qPrintable(said + u"\nfound: "_s
                                        + QString::fromUtf8(QJsonDocument(item.toObject())
                                                                .toJson(QJsonDocument::Compact))));
            }
        }
        QCOMPARE(databaseProblems(), QString());
        const QHash<QString, int> countsAfter = DatabaseSnapshot(m_server->database()).rowCounts();
        for (auto it = countsBefore.begin(); it != countsBefore.end(); ++it)
            QVERIFY2(countsAfter.value(it.key()) >= it.value(), qPrintable(it.key()));
    }

    void searchWordsMatchLiterally_data()
    {
        QTest::addColumn<QString>("query");
        QTest::addColumn<QStringList>("found");
        QTest::newRow("percent") << u"%"_s << QStringList {u"100% sure"_s};
        QTest::newRow("underscore") << u"_"_s << QStringList {u"snake_case here"_s};
        QTest::newRow("backslash") << u"\\"_s << QStringList {u"C:\\path"_s};
        QTest::newRow("escaped percent") << u"\\%"_s << QStringList();
        QTest::newRow("two percents") << u"%%"_s << QStringList();
        QTest::newRow("quote") << u"'"_s << QStringList {u"it's quoted"_s};
        QTest::newRow("percent inside a word") << u"0%"_s << QStringList {u"100% sure"_s};
        QTest::newRow("wildcards as a pattern") << u"s_ak%"_s << QStringList();
        // A NUL separates words as a space does: alone, it is no word, like an empty query.
        QTest::newRow("NUL between words")
            << QString(u"100%"_s + QChar(u'\0') + u"sure"_s) << QStringList {u"100% sure"_s};
        QTest::newRow("NUL alone")
            << QString(QChar(u'\0'))
            << QStringList {u"100% sure"_s, u"snake_case here"_s, u"C:\\path"_s, u"it's quoted"_s,
                            u"plain words"_s};
        QTest::newRow("plain word") << u"sure"_s << QStringList {u"100% sure"_s};
    }
    void searchWordsMatchLiterally()
    {
        QFETCH(QString, query);
        QFETCH(QStringList, found);
        TestServer server;
        const Tenant tenant = server.addTenant(u"Search"_s);
        server.grantCredits(tenant, 100);
        const QStringList texts {u"100% sure"_s, u"snake_case here"_s, u"C:\\path"_s,
                                 u"it's quoted"_s, u"plain words"_s};
        QStringList published;
        for (const QString &text : texts) {
            const HttpResult saved = server.post(
                u"/tools/save_draft"_s, tenant,
                QJsonObject {{u"text"_s, text}, {u"platforms"_s, QJsonArray {u"linkedin"_s}}});
            QCOMPARE(saved.status, 200);
            const HttpResult post
                = server.createPost(tenant, tenant.linkedinAccountId, u"linkedin"_s, text);
            QCOMPARE(post.status, 201);
            published.append(post.json()[u"postSubmissionId"_s].toString());
        }
        for (const QString &id : std::as_const(published))
            QVERIFY(server.waitForStatus(tenant, id, u"published"_s));

        const auto texts_of = [](const HttpResult &result, const QString &key) {
            QStringList seen;
            for (const QJsonValue &item : result.items())
                seen.append(item[key].toString());
            seen.sort();
            return seen;
        };
        QStringList expected = found;
        expected.sort();
        const HttpResult drafts
            = server.post(u"/tools/list_drafts"_s, tenant, QJsonObject {{u"query"_s, query}});
        QCOMPARE(drafts.status, 200);
        QCOMPARE(texts_of(drafts, u"text"_s), expected);
        const HttpResult posts
            = server.get(u"/api/v2/published-posts?query="_s
                             + QString::fromLatin1(QUrl::toPercentEncoding(query)),
                         tenant);
        QCOMPARE(posts.status, 200);
        QCOMPARE(texts_of(posts, u"text"_s), expected);
    }
};

QTEST_GUILESS_MAIN(TestSqlMetacharacters)
#include "tst_sqlmetacharacters.moc"
