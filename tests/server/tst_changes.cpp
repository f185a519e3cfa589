#include "support/testserver.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace slotline;
using namespace slotline::test;
using namespace Qt::Literals::StringLiterals;

// GET /changes: each kind of a project's data has a number that moves with every change
// of that kind, and only of that kind, and only in that project.
class TestChanges : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<TestServer> m_server;
    Tenant m_a;
    Tenant m_b;

    QJsonObject changes(const Tenant &tenant)
    {
        const HttpResult result = m_server->get(u"/api/v2/changes"_s, tenant);
        if (result.status != 200)
            qWarning() << "GET /changes answered" << result.status << result.body;
        return result.json();
    }
    // The kinds whose number moved between two reads.
    static QStringList moved(const QJsonObject &before, const QJsonObject &after)
    {
        QStringList kinds;
        for (auto it = after.begin(); it != after.end(); ++it) {
            if (it.value().toInteger() != before.value(it.key()).toInteger())
                kinds.append(it.key());
        }
        kinds.sort();
        return kinds;
    }

private Q_SLOTS:
    void init()
    {
        m_server = std::make_unique<TestServer>();
        m_a = m_server->addTenant(u"Alpha"_s);
        m_b = m_server->addTenant(u"Beta"_s);
    }
    void cleanup() { m_server.reset(); }

    void eachChangeMovesItsKindOnly()
    {
        QJsonObject before = changes(m_a);
        QCOMPARE(before.keys(), (QStringList {u"accounts"_s, u"credits"_s, u"drafts"_s, u"posts"_s,
                                              u"project"_s, u"slots"_s}));
        const QJsonObject otherBefore = changes(m_b);

        // A post holds a credit.
        QCOMPARE(m_server
                     ->createPost(m_a, m_a.twitterAccountId, u"twitter"_s, u"Later"_s,
                                  QJsonObject {{u"scheduledTime"_s, u"2026-04-01T09:00:00Z"_s}})
                     .status,
                 201);
        QJsonObject after = changes(m_a);
        QCOMPARE(moved(before, after), (QStringList {u"credits"_s, u"posts"_s}));

        before = after;
        QCOMPARE(
            m_server
                ->post(u"/schedule/slots"_s, m_a,
                       QJsonObject {{u"slots"_s, QJsonArray {QJsonObject {{u"day"_s, u"monday"_s},
                                                                          {u"hour"_s, 9},
                                                                          {u"minute"_s, 0}}}}})
                .status,
            201);
        after = changes(m_a);
        QCOMPARE(moved(before, after), QStringList {u"slots"_s});

        before = after;
        QCOMPARE(m_server
                     ->post(u"/tools/save_draft"_s, m_a,
                            QJsonObject {{u"text"_s, u"Idea"_s},
                                         {u"platforms"_s, QJsonArray {u"twitter"_s}}})
                     .status,
                 200);
        after = changes(m_a);
        QCOMPARE(moved(before, after), QStringList {u"drafts"_s});

        before = after;
        QCOMPARE(m_server->send("DELETE", u"/users/me/accounts/"_s + m_a.linkedinAccountId, m_a, {})
                     .status,
                 204);
        after = changes(m_a);
        QCOMPARE(moved(before, after), QStringList {u"accounts"_s});

        // Nothing of it in the other project.
        QCOMPARE(changes(m_b), otherBefore);
    }

    // Reading what changed is one read of the key's budget, as any GET.
    void itIsARead()
    {
        const HttpResult result = m_server->get(u"/api/v2/changes"_s, m_a);
        QCOMPARE(result.status, 200);
        QCOMPARE(result.header("X-RateLimit-Limit"), QByteArray("60"));
    }
};

QTEST_GUILESS_MAIN(TestChanges)
#include "tst_changes.moc"
