#include "core/isotime.h"
#include "server/api/operationregistry.h"
#include "server/apiserver.h"
#include "support/jsontext.h"
#include "support/schemacheck.h"
#include "support/testserver.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace slotline;
using namespace slotline::test;

// POST /tools/<name> and GET /tools: every operation as a tool, validated against the
// tool's schema, counted in the right rate-limit class and logged with the tool's name.
class TestTools : public QObject
{
    Q_OBJECT

private:
    static constexpr int ReadLimit = 100'000;
    static constexpr int WriteLimit = 99'999; // different, so a header tells the class

    std::unique_ptr<TestServer> m_server;
    Tenant m_a;
    Tenant m_b;

    HttpResult tool(const QString &name, const QJsonObject &parameters,
                    const Tenant *tenant = nullptr, const Headers &headers = {})
    {
        return m_server->send("POST", QStringLiteral("/tools/") + name, tenant ? *tenant : m_a,
                              parameters, headers);
    }
    HttpResult raw(const QByteArray &method, const QString &path, const QByteArray &body,
                   const QByteArray &contentType = "application/json")
    {
        return m_server->http().send(method, QStringLiteral("/api/v2") + path,
                                     withKey(m_a.apiKey, {{"Content-Type", contentType}}), body);
    }
    static bool mentionsReference(const QJsonValue &value)
    {
        if (value.isArray()) {
            const QJsonArray array = value.toArray();
            return std::any_of(array.begin(), array.end(), mentionsReference);
        }
        if (!value.isObject())
            return false;
        const QJsonObject object = value.toObject();
        if (object.contains(QStringLiteral("$ref")))
            return true;
        return std::any_of(object.begin(), object.end(), mentionsReference);
    }

private Q_SLOTS:
    void init()
    {
        ServerConfig config;
        config.readsPerMinute = ReadLimit;
        config.writesPerMinute = WriteLimit;
        m_server = std::make_unique<TestServer>(config);
        m_a = m_server->addTenant(QStringLiteral("Alpha"));
        m_b = m_server->addTenant(QStringLiteral("Beta"));
        m_server->grantCredits(m_a, 100);
    }
    void cleanup() { m_server.reset(); }

    void listsEveryToolOfTheContract()
    {
        const HttpResult listed = m_server->get(QStringLiteral("/api/v2/tools"), m_a);
        QCOMPARE(listed.status, 200);
        QVERIFY(componentSchemaErrors(m_server->server().registry(), QStringLiteral("ToolList"),
                                      listed.json())
                    .isEmpty());
        QHash<QString, QJsonObject> tools;
        for (const QJsonValue &item : listed.items())
            tools.insert(item.toObject().value(QStringLiteral("name")).toString(), item.toObject());
        const QStringList contract {QStringLiteral("get_user"),
                                    QStringLiteral("list_accounts"),
                                    QStringLiteral("list_subaccounts"),
                                    QStringLiteral("create_post"),
                                    QStringLiteral("get_post"),
                                    QStringLiteral("list_posts"),
                                    QStringLiteral("list_published_posts"),
                                    QStringLiteral("list_schedules"),
                                    QStringLiteral("get_schedule"),
                                    QStringLiteral("update_schedule"),
                                    QStringLiteral("cancel_schedule"),
                                    QStringLiteral("get_slots"),
                                    QStringLiteral("add_slots"),
                                    QStringLiteral("delete_slot"),
                                    QStringLiteral("next_available_slot"),
                                    QStringLiteral("get_credits"),
                                    QStringLiteral("save_draft"),
                                    QStringLiteral("list_drafts"),
                                    QStringLiteral("get_draft"),
                                    QStringLiteral("delete_draft"),
                                    QStringLiteral("publish_draft")};
        for (const QString &name : contract)
            QVERIFY2(tools.contains(name), qPrintable(name));
        QVERIFY(!tools.contains(QStringLiteral("list_tools")));
        QVERIFY(!tools.contains(QStringLiteral("get_openapi")));

        for (auto it = tools.cbegin(); it != tools.cend(); ++it) {
            const QString &name = it.key();
            const bool readOnly = it.value().value(QStringLiteral("readOnly")).toBool();
            // The contract's rule: get_*, list_* and next_available_slot are the reads.
            const bool expectedReadOnly = name.startsWith(u"get_") || name.startsWith(u"list_")
                                          || name == u"next_available_slot";
            QVERIFY2(readOnly == expectedReadOnly, qPrintable(name));
            QVERIFY2(!it.value().value(QStringLiteral("description")).toString().isEmpty(),
                     qPrintable(name));
            const QJsonObject parameters
                = it.value().value(QStringLiteral("parameters")).toObject();
            QCOMPARE(parameters.value(QStringLiteral("type")).toString(), QStringLiteral("object"));
            QVERIFY2(!mentionsReference(parameters), qPrintable(name));
        }
        const QJsonObject subaccounts = tools.value(QStringLiteral("list_subaccounts"))
                                            .value(QStringLiteral("parameters"))
                                            .toObject();
        QVERIFY(
            subaccounts.value(QStringLiteral("required")).toArray().contains(QStringLiteral("id")));
        QVERIFY(subaccounts.value(QStringLiteral("properties"))
                    .toObject()
                    .contains(QStringLiteral("limit")));
    }

    void aReadToolAnswersAsItsRestForm()
    {
        const HttpResult rest = m_server->get(QStringLiteral("/api/v2/users/me"), m_a);
        const HttpResult viaTool = tool(QStringLiteral("get_user"), {});
        QCOMPARE(viaTool.status, 200);
        QCOMPARE(viaTool.json(), rest.json());
        // An empty body is the same as {}.
        QCOMPARE(raw("POST", QStringLiteral("/tools/get_credits"), QByteArray()).status, 200);

        const HttpResult twitter = tool(QStringLiteral("list_accounts"), json("{'platform': 'x'}"));
        QCOMPARE(twitter.status, 200);
        QCOMPARE(twitter.items().size(), 1);
        QCOMPARE(twitter.items().at(0).toObject().value(QStringLiteral("platform")).toString(),
                 QStringLiteral("twitter"));

        const HttpResult pages = tool(QStringLiteral("list_subaccounts"),
                                      QJsonObject {{QStringLiteral("id"), m_a.facebookAccountId},
                                                   {QStringLiteral("limit"), 10}});
        QCOMPARE(pages.status, 200);
        QCOMPARE(pages.items().at(0).toObject().value(QStringLiteral("id")).toString(),
                 m_a.facebookPageId);
        // Another project's account, through the tool as through the path: not found.
        QCOMPARE(tool(QStringLiteral("list_subaccounts"),
                      QJsonObject {{QStringLiteral("id"), m_a.facebookAccountId}}, &m_b)
                     .status,
                 404);
    }

    void writeToolsActAndAnswerTheirResult()
    {
        const QString at = isotime::format(m_server->clock().nowMs() + 3'600'000);
        const HttpResult created = tool(
            QStringLiteral("create_post"),
            json(QStringLiteral("{'post': {'accountId': '%1', 'content': {'text': 'tool post', "
                                "'platform': 'linkedin'}}, 'scheduledTime': '%2'}")
                     .arg(m_a.linkedinAccountId, at)
                     .toUtf8()
                     .constData()));
        QCOMPARE(created.status, 200);
        QVERIFY(resultSchemaErrors(m_server->server().registry(), QStringLiteral("create_post"),
                                   created.json())
                    .isEmpty());
        const QString scheduleId = created.json().value(QStringLiteral("scheduleId")).toString();

        const HttpResult read = tool(QStringLiteral("get_schedule"),
                                     QJsonObject {{QStringLiteral("id"), scheduleId}});
        QCOMPARE(read.status, 200);
        QCOMPARE(read.json().value(QStringLiteral("scheduledAt")).toString(), at);

        const HttpResult cancelled = tool(QStringLiteral("cancel_schedule"),
                                          QJsonObject {{QStringLiteral("id"), scheduleId}});
        QCOMPARE(cancelled.status, 200);
        QCOMPARE(cancelled.json(), json("{'ok': true}"));
        // A cancelled schedule is gone, as DELETE /schedules/{id} says.
        QCOMPARE(tool(QStringLiteral("cancel_schedule"),
                      QJsonObject {{QStringLiteral("id"), scheduleId}})
                     .status,
                 404);
    }

    void parametersAreValidatedAgainstTheToolSchema()
    {
        // Typed JSON: a tool's limit is a number, not the text a query string carries.
        const HttpResult typed = tool(QStringLiteral("list_posts"), json("{'limit': '5'}"));
        QCOMPARE(typed.status, 422);
        QCOMPARE(typed.errorCode(), QStringLiteral("validation_failed"));
        QVERIFY2(typed.errorDetails().constFirst().startsWith(u"limit:"), typed.body.constData());

        const HttpResult several = tool(QStringLiteral("list_posts"),
                                        json("{'limit': 0, 'status': ['done'], 'colour': 'red'}"));
        QCOMPARE(several.status, 422);
        const QString details = several.errorDetails().join(u'\n');
        QVERIFY2(details.contains(u"limit:"), qPrintable(details));
        QVERIFY2(details.contains(u"status"), qPrintable(details));
        QVERIFY2(details.contains(u"colour"), qPrintable(details));

        const HttpResult missing = tool(QStringLiteral("get_post"), {});
        QCOMPARE(missing.status, 422);
        QVERIFY2(missing.errorDetails().constFirst().startsWith(u"submissionId:"),
                 missing.body.constData());
    }

    void timesOfTheWrongTypeOrSizeAreRefusedNotFatal()
    {
        // A number or null where a date-time goes, and a huge one, once stopped the server.
        for (const QJsonValue &since :
             {QJsonValue(5), QJsonValue(QJsonValue::Null), QJsonValue(QString(300'000, u'1'))}) {
            const HttpResult refused = tool(QStringLiteral("list_posts"),
                                            QJsonObject {{QStringLiteral("since"), since}});
            QCOMPARE(refused.status, 422);
            QVERIFY2(refused.errorDetails().constFirst().startsWith(u"since:"),
                     refused.body.left(300).constData());
        }
        // The times the API reads everywhere else are read here too.
        QCOMPARE(tool(QStringLiteral("list_posts"),
                      json("{'since': '2026-03-01T09:30+0100', 'until': '2026-03-02T10:00Z'}"))
                     .status,
                 200);
        QCOMPARE(tool(QStringLiteral("list_posts"), json("{'since': '2026-03-01T09:30'}")).status,
                 422);
    }

    void malformedCallsAreRefusedClearly()
    {
        const HttpResult unknown = tool(QStringLiteral("launch_rocket"), {});
        QCOMPARE(unknown.status, 404);
        QCOMPARE(unknown.errorCode(), QStringLiteral("unknown_tool"));
        QCOMPARE(tool(QString(), {}).errorCode(), QStringLiteral("unknown_tool"));
        // The list operation is not itself a tool.
        QCOMPARE(tool(QStringLiteral("list_tools"), {}).errorCode(),
                 QStringLiteral("unknown_tool"));

        const HttpResult wrongMethod = m_server->get(QStringLiteral("/api/v2/tools/get_user"), m_a);
        QCOMPARE(wrongMethod.status, 405);
        QVERIFY(wrongMethod.header("Allow").contains("POST"));

        QCOMPARE(raw("POST", QStringLiteral("/tools/get_user"), "{nope").status, 400);
        QCOMPARE(raw("POST", QStringLiteral("/tools/get_user"), "[1, 2]").status, 400);
        QCOMPARE(raw("POST", QStringLiteral("/tools/get_user"), "text=1", "text/plain").status,
                 415);
    }

    void readOnlyToolsCountAsReads()
    {
        const HttpResult read = tool(QStringLiteral("next_available_slot"), {});
        QCOMPARE(read.header("X-RateLimit-Limit"), QByteArray::number(ReadLimit));
        const HttpResult draftList = tool(QStringLiteral("list_drafts"), {});
        QCOMPARE(draftList.header("X-RateLimit-Limit"), QByteArray::number(ReadLimit));
        const HttpResult write
            = tool(QStringLiteral("save_draft"), json("{'text': 'a', 'platforms': []}"));
        QCOMPARE(write.header("X-RateLimit-Limit"), QByteArray::number(WriteLimit));
    }

    void aReadToolIsRefusedAtTheReadLimit()
    {
        ServerConfig config;
        config.readsPerMinute = 2;
        config.writesPerMinute = 30;
        TestServer server(config);
        const Tenant tenant = server.addTenant(QStringLiteral("Tight"));
        for (int i = 0; i < 2; ++i)
            QCOMPARE(server.post(QStringLiteral("/tools/get_credits"), tenant, {}).status, 200);
        const HttpResult limited = server.post(QStringLiteral("/tools/get_credits"), tenant, {});
        QCOMPARE(limited.status, 429);
        QVERIFY(limited.header("Retry-After").toInt() >= 1);
        // Writes have their own window.
        QCOMPARE(server
                     .post(QStringLiteral("/tools/save_draft"), tenant,
                           json("{'text': 'a', 'platforms': []}"))
                     .status,
                 200);
    }

    void everyCallIsLoggedWithTheToolName()
    {
        tool(QStringLiteral("get_credits"), {});
        tool(QStringLiteral("get_post"), json("{'submissionId': 'ps_missing'}"));
        tool(QStringLiteral("no_such_tool"), {});
        m_server->server().flushCallLog();
        const HttpResult log = m_server->get(QStringLiteral("/api/v2/project/api-keys/calls"), m_a);
        QCOMPARE(log.status, 200);
        QHash<QString, QJsonObject> byTool;
        for (const QJsonValue &item : log.items())
            byTool.insert(item.toObject().value(QStringLiteral("tool")).toString(),
                          item.toObject());
        QCOMPARE(
            byTool.value(QStringLiteral("get_credits")).value(QStringLiteral("status")).toInt(),
            200);
        QCOMPARE(
            byTool.value(QStringLiteral("get_credits")).value(QStringLiteral("path")).toString(),
            QStringLiteral("/tools/get_credits"));
        const QJsonObject missing = byTool.value(QStringLiteral("get_post"));
        QCOMPARE(missing.value(QStringLiteral("status")).toInt(), 404);
        QCOMPARE(missing.value(QStringLiteral("arguments"))
                     .toObject()
                     .value(QStringLiteral("body"))
                     .toObject()
                     .value(QStringLiteral("submissionId"))
                     .toString(),
                 QStringLiteral("ps_missing"));
        QCOMPARE(
            byTool.value(QStringLiteral("no_such_tool")).value(QStringLiteral("status")).toInt(),
            404);
    }

    void anIdempotencyKeyReplaysAWriteTool()
    {
        const Headers key {{"Idempotency-Key", "draft-1"}};
        const QJsonObject body = json("{'text': 'once', 'platforms': ['linkedin']}");
        const HttpResult first = tool(QStringLiteral("save_draft"), body, nullptr, key);
        QCOMPARE(first.status, 200);
        const HttpResult again = tool(QStringLiteral("save_draft"), body, nullptr, key);
        QCOMPARE(again.status, 200);
        QCOMPARE(again.body, first.body);
        QCOMPARE(again.header("Idempotent-Replayed"), QByteArray("true"));
        QCOMPARE(tool(QStringLiteral("list_drafts"), {}).items().size(), 1);
    }
};

QTEST_GUILESS_MAIN(TestTools)
#include "tst_tools.moc"
