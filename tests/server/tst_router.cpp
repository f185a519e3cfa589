#include "server/api/router.h"

#include <QTest>

using namespace slotline;

class TestRouter : public QObject
{
    Q_OBJECT

private:
    QList<Operation> m_operations;
    Router m_router;

    const Operation &operation(HttpMethod method, const QString &path, const QString &name)
    {
        Operation operation;
        operation.name = name;
        operation.method = method;
        operation.path = path;
        m_operations.append(operation);
        return m_operations.last();
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_operations.reserve(10); // the router keeps pointers
        m_router.add(
            &operation(HttpMethod::Get, QStringLiteral("/users/me"), QStringLiteral("me")));
        m_router.add(
            &operation(HttpMethod::Get, QStringLiteral("/schedules/{id}"), QStringLiteral("get")));
        m_router.add(&operation(HttpMethod::Patch, QStringLiteral("/schedules/{id}"),
                                QStringLiteral("patch")));
        m_router.add(&operation(HttpMethod::Delete, QStringLiteral("/schedules/{id}"),
                                QStringLiteral("delete")));
        m_router.add(&operation(HttpMethod::Post, QStringLiteral("/schedule/slots/{id}"),
                                QStringLiteral("slot by id")));
        m_router.add(&operation(HttpMethod::Post, QStringLiteral("/schedule/slots/next-available"),
                                QStringLiteral("next")));
        m_router.add(&operation(HttpMethod::Get,
                                QStringLiteral("/users/me/accounts/{id}/subaccounts"),
                                QStringLiteral("subs")));
    }

    void routes_data()
    {
        QTest::addColumn<QByteArray>("method");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("operation");
        QTest::addColumn<QString>("allow");
        QTest::newRow("literal") << QByteArray("GET") << "/users/me"
                                 << "me"
                                 << "GET, HEAD, OPTIONS";
        QTest::newRow("HEAD uses GET") << QByteArray("HEAD") << "/users/me"
                                       << "me"
                                       << "GET, HEAD, OPTIONS";
        QTest::newRow("placeholder") << QByteArray("PATCH") << "/schedules/sch_1"
                                     << "patch"
                                     << "GET, HEAD, PATCH, DELETE, OPTIONS";
        QTest::newRow("literal beats placeholder")
            << QByteArray("POST") << "/schedule/slots/next-available"
            << "next"
            << "POST, OPTIONS";
        QTest::newRow("nested placeholder")
            << QByteArray("GET") << "/users/me/accounts/acc_1/subaccounts"
            << "subs"
            << "GET, HEAD, OPTIONS";
        QTest::newRow("wrong method") << QByteArray("POST") << "/users/me"
                                      << ""
                                      << "GET, HEAD, OPTIONS";
        QTest::newRow("unknown path") << QByteArray("GET") << "/users/you"
                                      << ""
                                      << "";
        QTest::newRow("trailing slash is another path") << QByteArray("GET") << "/users/me/"
                                                        << ""
                                                        << "";
        QTest::newRow("empty placeholder") << QByteArray("GET") << "/schedules/"
                                           << ""
                                           << "";
        QTest::newRow("too deep") << QByteArray("GET") << "/schedules/a/b"
                                  << ""
                                  << "";
    }
    void routes()
    {
        QFETCH(QByteArray, method);
        QFETCH(QString, path);
        QFETCH(QString, operation);
        QFETCH(QString, allow);
        const Router::Result result = m_router.route(method, path);
        if (operation.isEmpty()) {
            QVERIFY(result.kind != Router::Result::Kind::Found);
            QCOMPARE(result.kind == Router::Result::Kind::MethodNotAllowed, !allow.isEmpty());
        } else {
            QVERIFY(result.kind == Router::Result::Kind::Found);
            QCOMPARE(result.operation->name, operation);
        }
        // What a path accepts is what OPTIONS (and a 405) tells.
        QCOMPARE(QString::fromLatin1(m_router.route("OPTIONS", path).allow), allow);
        if (result.kind == Router::Result::Kind::MethodNotAllowed)
            QCOMPARE(QString::fromLatin1(result.allow), allow);
    }

    void pathParametersArePercentDecoded()
    {
        const Router::Result result = m_router.route("GET", u"/schedules/sch%5F1%20x");
        QVERIFY(result.kind == Router::Result::Kind::Found);
        QCOMPARE(result.pathParameters.value(QStringLiteral("id")), QStringLiteral("sch_1 x"));
    }
};

QTEST_GUILESS_MAIN(TestRouter)
#include "tst_router.moc"
