#include "core/failurecode.h"
#include "server/api/operationregistry.h"
#include "server/api/schemavalidator.h"
#include "support/schemacheck.h"
#include "support/testserver.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace slotline;
using namespace slotline::test;

class TestOpenApi : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<TestServer> m_server;
    QJsonObject m_document;

    // Every "$ref" in `node`, with where it was found.
    static void collectRefs(const QJsonValue &node, const QString &at,
                            QList<std::pair<QString, QString>> &refs)
    {
        if (node.isObject()) {
            const QJsonObject object = node.toObject();
            for (auto it = object.begin(); it != object.end(); ++it) {
                if (it.key() == u"$ref")
                    refs.append({it.value().toString(), at});
                else
                    collectRefs(it.value(), at + u'/' + it.key(), refs);
            }
        } else if (node.isArray()) {
            const QJsonArray array = node.toArray();
            for (qsizetype i = 0; i < array.size(); ++i)
                collectRefs(array.at(i), at + u'/' + QString::number(i), refs);
        }
    }

    QJsonValue resolve(const QString &pointer) const
    {
        QJsonValue node = m_document;
        for (const QString &part : pointer.sliced(2).split(u'/'))
            node = node.toObject().value(part);
        return node;
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_server = std::make_unique<TestServer>();
        const HttpResult result
            = m_server->http().get(QStringLiteral("/api/v2/openapi.json")); // no key needed
        QCOMPARE(result.status, 200);
        QCOMPARE(result.header("Content-Type"), QByteArray("application/json"));
        m_document = result.json();
        QVERIFY(!m_document.isEmpty());
    }
    void cleanupTestCase() { m_server.reset(); }

    void isOpenApi31WithBothAuthSchemes()
    {
        QCOMPARE(m_document.value(QStringLiteral("openapi")).toString(), QStringLiteral("3.1.0"));
        QCOMPARE(m_document.value(QStringLiteral("servers"))
                     .toArray()
                     .first()
                     .toObject()
                     .value(QStringLiteral("url"))
                     .toString(),
                 QStringLiteral("/api/v2"));
        const QJsonObject schemes = m_document.value(QStringLiteral("components"))
                                        .toObject()
                                        .value(QStringLiteral("securitySchemes"))
                                        .toObject();
        QCOMPARE(schemes.value(QStringLiteral("apiKeyHeader"))
                     .toObject()
                     .value(QStringLiteral("name"))
                     .toString(),
                 QStringLiteral("x-api-key"));
        QCOMPARE(schemes.value(QStringLiteral("bearerAuth"))
                     .toObject()
                     .value(QStringLiteral("scheme"))
                     .toString(),
                 QStringLiteral("bearer"));
    }

    void describesExactlyTheOperationsTheServerRoutes()
    {
        QStringList documented;
        const QJsonObject paths = m_document.value(QStringLiteral("paths")).toObject();
        for (auto path = paths.begin(); path != paths.end(); ++path) {
            const QJsonObject item = path.value().toObject();
            for (auto method = item.begin(); method != item.end(); ++method)
                if (method.key() != u"servers")
                    documented.append(method.key().toUpper() + u' ' + path.key() + u' '
                                      + method.value()
                                            .toObject()
                                            .value(QStringLiteral("operationId"))
                                            .toString());
        }
        QStringList routed;
        for (const Operation *operation : m_server->server().registry().operations()) {
            if (!operation->isToolOnly())
                routed.append(QString::fromLatin1(methodName(operation->method)) + u' '
                              + operation->path + u' ' + operation->name);
            if (operation->exposedAsTool)
                routed.append(QStringLiteral("POST /tools/") + operation->name
                              + QStringLiteral(" tool_") + operation->name);
        }
        // Served outside /api/v2 by the guard and the media library, not by the registry.
        routed << QStringLiteral("PUT /uploads/{mediaId} put_upload")
               << QStringLiteral("GET /media/{file} get_media_file");
        documented.sort();
        routed.sort();
        QCOMPARE(documented, routed);
        for (const QString &expected :
             {QStringLiteral("GET /users/me get_user"),
              QStringLiteral("GET /users/me/accounts list_accounts"),
              QStringLiteral("GET /users/me/accounts/{id}/subaccounts list_subaccounts"),
              QStringLiteral("GET /credits get_credits"),
              QStringLiteral("GET /project/api-keys list_api_keys"),
              QStringLiteral("GET /project/api-keys/calls list_api_calls"),
              QStringLiteral("GET /openapi.json get_openapi"),
              QStringLiteral("POST /posts create_post"), QStringLiteral("GET /posts list_posts"),
              QStringLiteral("GET /posts/{submissionId} get_post"),
              QStringLiteral("GET /published-posts list_published_posts"),
              QStringLiteral("GET /schedules list_schedules"),
              QStringLiteral("GET /schedules/{id} get_schedule"),
              QStringLiteral("PATCH /schedules/{id} update_schedule"),
              QStringLiteral("DELETE /schedules/{id} cancel_schedule"),
              QStringLiteral("GET /schedule/slots get_slots"),
              QStringLiteral("POST /schedule/slots add_slots"),
              QStringLiteral("DELETE /schedule/slots/{id} delete_slot"),
              QStringLiteral("POST /schedule/slots/next-available next_available_slot")})
            QVERIFY2(routed.contains(expected), qPrintable(expected));
    }

    void everyReferenceResolves()
    {
        QList<std::pair<QString, QString>> refs;
        collectRefs(m_document, QString(), refs);
        QVERIFY(refs.size() > 20);
        for (const auto &[ref, at] : refs) {
            QVERIFY2(ref.startsWith(u"#/"), qPrintable(at));
            QVERIFY2(resolve(ref).isObject(), qPrintable(ref + QStringLiteral(" at ") + at));
        }
    }

    void authenticatedOperationsDocumentTheirLimitsAndErrors()
    {
        const QJsonObject paths = m_document.value(QStringLiteral("paths")).toObject();
        const QJsonObject accounts = paths.value(QStringLiteral("/users/me/accounts"))
                                         .toObject()
                                         .value(QStringLiteral("get"))
                                         .toObject();
        const QJsonObject responses = accounts.value(QStringLiteral("responses")).toObject();
        for (const QString &status :
             {QStringLiteral("200"), QStringLiteral("400"), QStringLiteral("401"),
              QStringLiteral("429"), QStringLiteral("500")})
            QVERIFY2(responses.contains(status), qPrintable(status));
        QVERIFY(responses.value(QStringLiteral("200"))
                    .toObject()
                    .value(QStringLiteral("headers"))
                    .toObject()
                    .contains(QStringLiteral("X-RateLimit-Remaining")));
        QCOMPARE(accounts.value(QStringLiteral("x-rate-class")).toString(), QStringLiteral("read"));

        const QJsonObject rateLimited = resolve(responses.value(QStringLiteral("429"))
                                                    .toObject()
                                                    .value(QStringLiteral("$ref"))
                                                    .toString())
                                            .toObject();
        QVERIFY(rateLimited.value(QStringLiteral("headers"))
                    .toObject()
                    .contains(QStringLiteral("Retry-After")));

        QStringList parameters;
        for (const QJsonValue &parameter : accounts.value(QStringLiteral("parameters")).toArray())
            parameters.append(parameter.toObject().value(QStringLiteral("name")).toString());
        QCOMPARE(parameters, (QStringList {QStringLiteral("platform"), QStringLiteral("limit"),
                                           QStringLiteral("cursor")}));

        const QJsonObject openapi = paths.value(QStringLiteral("/openapi.json"))
                                        .toObject()
                                        .value(QStringLiteral("get"))
                                        .toObject();
        QCOMPARE(openapi.value(QStringLiteral("security")).toArray(), QJsonArray {});
        QVERIFY(
            !openapi.value(QStringLiteral("responses")).toObject().contains(QStringLiteral("401")));
    }

    // Every write takes an Idempotency-Key and answers 409 idempotency_key_reused when the
    // key comes back with another request: in its REST form and as a tool.
    void everyWriteDocumentsTheIdempotencyConflict()
    {
        const QJsonObject paths = m_document.value(QStringLiteral("paths")).toObject();
        QStringList writes;
        for (auto path = paths.begin(); path != paths.end(); ++path) {
            const QJsonObject item = path.value().toObject();
            for (auto method = item.begin(); method != item.end(); ++method) {
                const QJsonObject operation = method.value().toObject();
                if (operation.value(QStringLiteral("x-rate-class")).toString() != u"write")
                    continue;
                const QString name = method.key().toUpper() + u' ' + path.key();
                writes.append(name);
                QVERIFY2(operation.value(QStringLiteral("responses"))
                             .toObject()
                             .contains(QStringLiteral("409")),
                         qPrintable(name));
            }
        }
        QVERIFY2(writes.contains(QStringLiteral("DELETE /schedule/slots/{id}")),
                 qPrintable(writes.join(u", ")));
        QVERIFY(writes.contains(QStringLiteral("POST /tools/delete_draft")));
        qsizetype registered = 0; // every write of the registry, as REST and as a tool
        for (const Operation *operation : m_server->server().registry().operations()) {
            if (operation->rateClass == RateClass::Write)
                registered
                    += (operation->isToolOnly() ? 0 : 1) + (operation->exposedAsTool ? 1 : 0);
        }
        QCOMPARE(writes.size(), registered);
        const QString conflict = resolve(QStringLiteral("#/components/responses/Conflict"))
                                     .toObject()
                                     .value(QStringLiteral("description"))
                                     .toString();
        QVERIFY2(conflict.contains(u"idempotency_key_reused"), qPrintable(conflict));
    }

    void operationsDocumentTheErrorsTheyAnswer_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("method");
        QTest::addColumn<QString>("status");
        // A key whose project is gone between authentication and the answer.
        QTest::newRow("get_user") << "/users/me"
                                  << "get"
                                  << "404";
        QTest::newRow("get_credits") << "/credits"
                                     << "get"
                                     << "404";
        QTest::newRow("get_user tool") << "/tools/get_user"
                                       << "post"
                                       << "404";
        QTest::newRow("get_credits tool") << "/tools/get_credits"
                                          << "post"
                                          << "404";
        QTest::newRow("delete_slot") << "/schedule/slots/{id}"
                                     << "delete"
                                     << "409";
        QTest::newRow("create_upload_url") << "/media/uploads"
                                           << "post"
                                           << "409";
        QTest::newRow("delete_draft tool") << "/tools/delete_draft"
                                           << "post"
                                           << "409";
    }
    void operationsDocumentTheErrorsTheyAnswer()
    {
        QFETCH(QString, path);
        QFETCH(QString, method);
        QFETCH(QString, status);
        const QJsonObject operation = m_document.value(QStringLiteral("paths"))
                                          .toObject()
                                          .value(path)
                                          .toObject()
                                          .value(method)
                                          .toObject();
        QVERIFY(!operation.isEmpty());
        QVERIFY(operation.value(QStringLiteral("responses")).toObject().contains(status));
    }

    // The codes a failed post may carry are exactly the ones the server gives, and null.
    void aFailedPostsCodesAreTheServersOwn()
    {
        const QJsonArray listed
            = resolve(QStringLiteral("#/components/schemas/Submission/properties/errorCode/enum"))
                  .toArray();
        QStringList codes;
        for (const QJsonValue &code : listed) {
            if (!code.isNull())
                codes.append(code.toString());
        }
        QVERIFY(listed.contains(QJsonValue(QJsonValue::Null)));
        QCOMPARE(codes, failurecodes::all());
    }

    void everySchemaIsUsableJsonSchema()
    {
        const QJsonObject components = m_document.value(QStringLiteral("components")).toObject();
        const QJsonObject schemas = components.value(QStringLiteral("schemas")).toObject();
        for (auto it = schemas.begin(); it != schemas.end(); ++it) {
            try {
                SchemaValidator validator(it.value().toObject(),
                                          QJsonObject {{QStringLiteral("components"), components}});
                Q_UNUSED(validator);
            } catch (const std::exception &error) {
                QFAIL(qPrintable(it.key() + QStringLiteral(": ")
                                 + QString::fromLatin1(error.what())));
            }
        }
    }

    void theDocumentValidatesAgainstItsOwnResultSchema()
    {
        QVERIFY(resultSchemaErrors(m_server->server().registry(), QStringLiteral("get_openapi"),
                                   m_document)
                    .isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestOpenApi)
#include "tst_openapi.moc"
