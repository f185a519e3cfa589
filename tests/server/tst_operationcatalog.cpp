#include "server/api/operationcatalog.h"
#include "server/api/operationregistry.h"

#include <QTest>

#include <stdexcept>

using namespace Qt::Literals::StringLiterals;
using namespace slotline;

namespace {

// JSON written with single quotes, to keep the test's literals readable.
QByteArray quoted(const char *json)
{
    return QByteArray(json).replace('\'', '"');
}

// The problem parse() names for `json`, or "" when it took it.
QString problemWith(const char *json)
{
    try {
        operationcatalog::parse(QByteArray(json));
    } catch (const std::runtime_error &error) {
        return QString::fromUtf8(error.what());
    }
    return {};
}

QByteArray oneOperation()
{
    return quoted("{'operations': ["
                  "  {'name': 'list_things', 'method': 'GET', 'path': '/things', 'tag': 'Things',"
                  "   'summary': 'Things', 'description': 'Every thing.',"
                  "   'queryParameters': ['limit'], 'result': {'pageOf': 'Thing'},"
                  "   'errors': ['not_found']}],"
                  " 'sharedParameters': {'limit': {'description': 'How many.',"
                  "                                'schema': {'type': 'integer'}}}}");
}

} // namespace

class TestOperationCatalog : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void readsAnOperationWithItsDefaults()
    {
        const QList<Operation> operations = operationcatalog::parse(oneOperation());
        QCOMPARE(operations.size(), 1);
        const Operation &things = operations.first();
        QCOMPARE(things.name, u"list_things"_s);
        QCOMPARE(things.method, HttpMethod::Get);
        QCOMPARE(things.path, u"/things"_s);
        QCOMPARE(things.rateClass, RateClass::Read);
        QVERIFY(things.requiresAuth);
        QVERIFY(things.exposedAsTool);
        QCOMPARE(things.successStatus, 200);
        QCOMPARE(things.queryParameters.size(), 1);
        QCOMPARE(things.queryParameters.first().name, u"limit"_s);
        QCOMPARE(things.queryParameters.first().description, u"How many."_s);
        QVERIFY(!things.queryParameters.first().required);
        QCOMPARE(things.errorCodes, QList<ErrorCode> {ErrorCode::NotFound});
        QCOMPARE(things.resultSchema.value(u"properties"_s)
                     .toObject()
                     .value(u"items"_s)
                     .toObject()
                     .value(u"items"_s)
                     .toObject()
                     .value(u"$ref"_s)
                     .toString(),
                 u"#/components/schemas/Thing"_s);
        QVERIFY(!things.handler);
    }

    void theRateClassFollowsTheMethodUnlessSaid()
    {
        const auto operations = operationcatalog::parse(
            quoted("{'operations': ["
                   " {'name': 'a', 'method': 'POST', 'path': '/a', 'tag': 'T', 'summary': 's',"
                   "  'description': 'd'},"
                   " {'name': 'b', 'method': 'POST', 'path': '/b', 'tag': 'T', 'summary': 's',"
                   "  'description': 'd', 'rateClass': 'read'},"
                   " {'name': 'c', 'tag': 'T', 'summary': 's', 'description': 'd', 'rateClass': "
                   "'write'}]}"));
        QCOMPARE(operations.at(0).rateClass, RateClass::Write);
        QCOMPARE(operations.at(1).rateClass, RateClass::Read);
        QCOMPARE(operations.at(2).rateClass, RateClass::Write);
        QVERIFY(operations.at(2).isToolOnly());
    }

    void refusesWhatItCannotServe_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("problem");
        QTest::newRow("not JSON") << QByteArray("{") << u"offset"_s;
        QTest::newRow("unknown key at the top")
            << (quoted("{'operations': [], 'extra': 1}")) << u"$.extra: unknown key"_s;
        const QByteArray base(quoted("{'name': 'a', 'method': 'GET', 'path': '/a', 'tag': 'T', "
                                     "'summary': 's', 'description': 'd'"));
        auto one = [&](const QByteArray &more) -> QByteArray {
            return (quoted("{'operations': [")) + base + more + "}]}";
        };
        QTest::newRow("a misspelt key")
            << one(quoted(", 'eror': ['not_found']")) << u"operations[0].eror: unknown key"_s;
        QTest::newRow("an unknown error code")
            << one(quoted(", 'errors': ['not_fund']"))
            << u"operations[0].errors[0]: unknown error code \"not_fund\""_s;
        QTest::newRow("an unknown method")
            << QByteArray(quoted("{'operations': [{'name': 'a', 'method': 'FETCH', 'path': '/a', "
                                 "'tag': 'T', 'summary': 's', 'description': 'd'}]}"))
            << u"operations[0].method: unknown method \"FETCH\""_s;
        QTest::newRow("an unknown rate class")
            << one(quoted(", 'rateClass': 'sometimes'")) << u"operations[0].rateClass"_s;
        QTest::newRow("an unknown shared parameter")
            << one(quoted(", 'queryParameters': ['limit']"))
            << u"operations[0].queryParameters[0]: no shared parameter"_s;
        QTest::newRow("a parameter without a schema")
            << one(quoted(", 'pathParameters': [{'name': 'id', 'description': 'The id.'}]"))
            << u"operations[0].pathParameters[0].schema: missing"_s;
        QTest::newRow("a status that is no success")
            << one(quoted(", 'successStatus': 404")) << u"operations[0].successStatus"_s;
        QTest::newRow("a missing summary")
            << QByteArray(quoted("{'operations': [{'name': 'a', 'method': 'GET', 'path': '/a', "
                                 "'tag': 'T', 'description': 'd'}]}"))
            << u"operations[0].summary: must be a text"_s;
        QTest::newRow("a tool without a rate class")
            << QByteArray(quoted("{'operations': [{'name': 'a', 'tag': 'T', 'summary': 's', "
                                 "'description': 'd'}]}"))
            << u"operations[0].rateClass: must be a text"_s;
        QTest::newRow("a tool with a method")
            << QByteArray(quoted("{'operations': [{'name': 'a', 'method': 'GET', 'tag': 'T', "
                                 "'summary': 's', 'description': 'd', 'rateClass': 'read'}]}"))
            << u"operations[0].method: a tool-only operation"_s;
        QTest::newRow("the same name twice")
            << QByteArray((quoted("{'operations': [")) + base + "}, " + base + "}]}")
            << u"operations[1]: a second operation called a"_s;
    }
    void refusesWhatItCannotServe()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, problem);
        const QString said = problemWith(json.constData());
        QVERIFY2(said.contains(problem), qPrintable(said));
    }

    void theBuiltInCatalogueReadsAndHasNoDuplicates()
    {
        const QList<Operation> operations = operationcatalog::builtIn();
        QVERIFY(operations.size() >= 30);
        for (const Operation &operation : operations) {
            QVERIFY2(!operation.summary.isEmpty(), qPrintable(operation.name));
            QVERIFY2(!operation.handler && !operation.asyncHandler, qPrintable(operation.name));
        }
    }

    void everyOperationNeedsExactlyOneHandler()
    {
        OperationRegistry registry(OperationRegistry::builtInComponents(),
                                   operationcatalog::parse(oneOperation()));
        try {
            registry.checkEveryOperationHandled();
            QFAIL("an operation without a handler was taken");
        } catch (const std::logic_error &error) {
            QVERIFY(QString::fromUtf8(error.what()).contains(u"list_things"_s));
        }
        QVERIFY_THROWS_EXCEPTION(
            std::logic_error,
            registry.handle(u"list_other_things"_s, [](const CallContext &, const QJsonObject &) {
                return Outcome::noContent();
            }));
        registry.handle(u"list_things"_s, [](const CallContext &, const QJsonObject &) {
            return Outcome::noContent();
        });
        registry.checkEveryOperationHandled();
        QVERIFY(registry.find(u"list_things"_s)->handler);
        QVERIFY_THROWS_EXCEPTION(
            std::logic_error,
            registry.handle(u"list_things"_s, [](const CallContext &, const QJsonObject &) {
                return Outcome::noContent();
            }));
    }
};

QTEST_GUILESS_MAIN(TestOperationCatalog)
#include "tst_operationcatalog.moc"
