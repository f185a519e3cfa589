#include "core/ids.h"
#include "core/isotime.h"
#include "server/api/operationregistry.h"
#include "support/jsontext.h"
#include "support/schemacheck.h"
#include "support/testserver.h"

#include <QJsonArray>
#include <QTest>

using namespace slotline;
using namespace slotline::test;

class TestSlots : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<TestServer> m_server;
    Tenant m_a; // Europe/Berlin
    Tenant m_b;

    HttpResult addSlots(const QString &body, const Tenant *tenant = nullptr)
    {
        QString text = body;
        text.replace(QStringLiteral("%T"), m_a.twitterAccountId)
            .replace(QStringLiteral("%F"), m_a.facebookAccountId)
            .replace(QStringLiteral("%P"), m_a.facebookPageId)
            .replace(QStringLiteral("%B"), m_b.linkedinAccountId);
        return m_server->post(QStringLiteral("/schedule/slots"), tenant ? *tenant : m_a,
                              json(text.toUtf8().constData()));
    }
    HttpResult next(const QString &body, const Tenant *tenant = nullptr)
    {
        QString text = body;
        text.replace(QStringLiteral("%T"), m_a.twitterAccountId)
            .replace(QStringLiteral("%L"), m_a.linkedinAccountId)
            .replace(QStringLiteral("%F"), m_a.facebookAccountId)
            .replace(QStringLiteral("%P"), m_a.facebookPageId);
        return m_server->post(QStringLiteral("/schedule/slots/next-available"),
                              tenant ? *tenant : m_a, json(text.toUtf8().constData()));
    }
    static QString slotTime(const HttpResult &result)
    {
        return result.json()
            .value(QStringLiteral("slot"))
            .toObject()
            .value(QStringLiteral("slotTime"))
            .toString();
    }
    void expectSchema(const QString &operation, const HttpResult &result)
    {
        const QStringList errors
            = resultSchemaErrors(m_server->server().registry(), operation, result.json());
        QVERIFY2(errors.isEmpty(),
                 qPrintable(errors.join(u'\n') + u'\n' + QString::fromUtf8(result.body)));
    }

private Q_SLOTS:
    void init()
    {
        ServerConfig config;
        config.readsPerMinute = 100'000;
        config.writesPerMinute = 99'999; // different, so a header tells the class
        m_server = std::make_unique<TestServer>(config);
        m_a = m_server->addTenant(QStringLiteral("Alpha"), QStringLiteral("Europe/Berlin"));
        m_b = m_server->addTenant(QStringLiteral("Beta"));
        m_server->grantCredits(m_a, 100);
    }
    void cleanup() { m_server.reset(); }

    void addListAndDelete()
    {
        const HttpResult added = addSlots(QStringLiteral(
            "{'slots': [{'day': 'monday', 'hour': 9, 'minute': 0}, "
            "{'day': 'tuesday', 'hour': 12, 'minute': 30, 'selectedTargets': [{'platform': 'x'}]}, "
            "{'day': 'friday', 'hour': 17, 'minute': 0, 'selectedTargets': [{'platform': "
            "'facebook', 'accountId': '%F', 'subaccountId': '%P'}]}]}"));
        QCOMPARE(added.status, 201);
        expectSchema(QStringLiteral("add_slots"), added);
        QCOMPARE(added.items().size(), 3);
        const QJsonObject tuesday = added.items()[1].toObject();
        QCOMPARE(tuesday.value(QStringLiteral("selectedTargets")).toArray()[0].toObject(),
                 json("{'platform': 'twitter', 'accountId': null, 'subaccountId': null}"));

        const HttpResult listed = m_server->get(QStringLiteral("/api/v2/schedule/slots"), m_a);
        expectSchema(QStringLiteral("get_slots"), listed);
        QCOMPARE(listed.json().value(QStringLiteral("timezone")).toString(),
                 QStringLiteral("Europe/Berlin"));
        QCOMPARE(listed.items().size(), 3);
        QCOMPARE(listed.items()[0].toObject().value(QStringLiteral("day")).toString(),
                 QStringLiteral("monday"));

        const QString id = listed.items()[0].toObject().value(QStringLiteral("id")).toString();
        QCOMPARE(
            m_server->http()
                .send("DELETE", QStringLiteral("/api/v2/schedule/slots/") + id, withKey(m_b.apiKey))
                .status,
            404);
        QCOMPARE(
            m_server->http()
                .send("DELETE", QStringLiteral("/api/v2/schedule/slots/") + id, withKey(m_a.apiKey))
                .status,
            204);
        QCOMPARE(
            m_server->http()
                .send("DELETE", QStringLiteral("/api/v2/schedule/slots/") + id, withKey(m_a.apiKey))
                .status,
            404);
        QCOMPARE(m_server->get(QStringLiteral("/api/v2/schedule/slots"), m_a).items().size(), 2);
        QVERIFY(m_server->get(QStringLiteral("/api/v2/schedule/slots"), m_b).items().isEmpty());
    }

    void anExistingDayAndTimeRefusesTheWholeRequest()
    {
        QCOMPARE(addSlots(QStringLiteral("{'slots': [{'day': 'monday', 'hour': 9, 'minute': 0}]}"))
                     .status,
                 201);
        const HttpResult clash
            = addSlots(QStringLiteral("{'slots': [{'day': 'tuesday', 'hour': 9, 'minute': 0}, "
                                      "{'day': 'monday', 'hour': 9, 'minute': 0}]}"));
        QCOMPARE(clash.status, 409);
        QCOMPARE(clash.errorCode(), QStringLiteral("slot_exists"));
        QVERIFY(clash.errorDetails().first().startsWith(
            QStringLiteral("slots[1]: monday 09:00 already has slot slot_")));
        QCOMPARE(m_server->get(QStringLiteral("/api/v2/schedule/slots"), m_a).items().size(),
                 1); // tuesday not added

        const HttpResult replaced = addSlots(
            QStringLiteral("{'replace': true, 'slots': [{'day': 'monday', 'hour': 9, 'minute': 0}, "
                           "{'day': 'sunday', 'hour': 20, 'minute': 15}]}"));
        QCOMPARE(replaced.status, 201);
        QCOMPARE(m_server->get(QStringLiteral("/api/v2/schedule/slots"), m_a).items().size(), 2);
        QCOMPARE(addSlots(QStringLiteral("{'replace': true, 'slots': []}")).status, 201);
        QVERIFY(m_server->get(QStringLiteral("/api/v2/schedule/slots"), m_a).items().isEmpty());
    }

    // GET's items sent back with replace: true keep their ids, also when changed.
    void theItemsOfGetCanBeSentBack()
    {
        QCOMPARE(
            addSlots(QStringLiteral("{'slots': [{'day': 'monday', 'hour': 9, 'minute': 0}, "
                                    "{'day': 'friday', 'hour': 17, 'minute': 0, 'selectedTargets': "
                                    "[{'platform': 'facebook', 'accountId': '%F', 'subaccountId': "
                                    "'%P'}, {'platform': 'x'}]}]}"))
                .status,
            201);
        const QJsonArray listed
            = m_server->get(QStringLiteral("/api/v2/schedule/slots"), m_a).items();
        QCOMPARE(listed.size(), 2);
        const HttpResult same = m_server->post(
            QStringLiteral("/schedule/slots"), m_a,
            {{QStringLiteral("replace"), true}, {QStringLiteral("slots"), listed}});
        QCOMPARE(same.status, 201);
        expectSchema(QStringLiteral("add_slots"), same);
        QCOMPARE(same.items(), listed);
        QCOMPARE(m_server->get(QStringLiteral("/api/v2/schedule/slots"), m_a).items(), listed);

        QJsonArray changed = listed;
        QJsonObject monday = changed[0].toObject();
        monday.insert(QStringLiteral("hour"), 8);
        changed[0] = monday;
        changed.append(json("{'day': 'sunday', 'hour': 20, 'minute': 15}"));
        const HttpResult replaced = m_server->post(
            QStringLiteral("/schedule/slots"), m_a,
            {{QStringLiteral("replace"), true}, {QStringLiteral("slots"), changed}});
        QCOMPARE(replaced.status, 201);
        const QJsonArray now = m_server->get(QStringLiteral("/api/v2/schedule/slots"), m_a).items();
        QCOMPARE(now.size(), 3);
        QCOMPARE(now[0].toObject(), monday); // moved to 08:00, same id
        QCOMPARE(now[1], listed[1]);
        QVERIFY(now[2].toObject().value(QStringLiteral("id")).toString().startsWith(u"slot_"));

        // Without replace, slots are only added: naming one that exists is a clash.
        QJsonObject friday = listed[1].toObject();
        friday.insert(QStringLiteral("hour"), 18);
        const HttpResult added = m_server->post(QStringLiteral("/schedule/slots"), m_a,
                                                {{QStringLiteral("slots"), QJsonArray {friday}}});
        QCOMPARE(added.status, 409);
        QCOMPARE(added.errorCode(), QStringLiteral("slot_exists"));
        QVERIFY2(added.errorDetails().first().startsWith(u"slots[0].id: "),
                 qPrintable(added.errorDetails().join(u'|')));
        QCOMPARE(m_server->get(QStringLiteral("/api/v2/schedule/slots"), m_a).items(), now);
    }

    // An id that is not one of the project's slots is refused; another project's answers
    // as one that does not exist.
    void slotIdsMustBeTheProjects_data()
    {
        QTest::addColumn<bool>("replace");
        QTest::newRow("add") << false;
        QTest::newRow("replace") << true;
    }
    void slotIdsMustBeTheProjects()
    {
        QFETCH(bool, replace);
        const QString mine
            = addSlots(QStringLiteral("{'slots': [{'day': 'monday', 'hour': 9, 'minute': 0}]}"))
                  .items()[0]
                  .toObject()
                  .value(QStringLiteral("id"))
                  .toString();
        const QString theirs
            = addSlots(QStringLiteral("{'slots': [{'day': 'monday', 'hour': 9, 'minute': 0}]}"),
                       &m_b)
                  .items()[0]
                  .toObject()
                  .value(QStringLiteral("id"))
                  .toString();
        const auto send = [&](const QString &id) {
            return m_server->post(
                QStringLiteral("/schedule/slots"), m_a,
                {{QStringLiteral("replace"), replace},
                 {QStringLiteral("slots"),
                  QJsonArray {QJsonObject {{QStringLiteral("id"), id},
                                           {QStringLiteral("day"), QStringLiteral("tuesday")},
                                           {QStringLiteral("hour"), 10},
                                           {QStringLiteral("minute"), 0}}}}});
        };
        const HttpResult unknown = send(ids::generate(IdKind::Slot));
        QCOMPARE(unknown.status, 422);
        QCOMPARE(unknown.errorDetails(),
                 QStringList {QStringLiteral("slots[0].id: is not a slot of this project")});
        const HttpResult foreign = send(theirs);
        QCOMPARE(foreign.status, unknown.status);
        QCOMPARE(foreign.json(), unknown.json());

        const HttpResult twice = m_server->post(
            QStringLiteral("/schedule/slots"), m_a,
            {{QStringLiteral("replace"), true},
             {QStringLiteral("slots"),
              QJsonArray {QJsonObject {{QStringLiteral("id"), mine},
                                       {QStringLiteral("day"), QStringLiteral("monday")},
                                       {QStringLiteral("hour"), 9},
                                       {QStringLiteral("minute"), 0}},
                          QJsonObject {{QStringLiteral("id"), mine},
                                       {QStringLiteral("day"), QStringLiteral("tuesday")},
                                       {QStringLiteral("hour"), 9},
                                       {QStringLiteral("minute"), 0}}}}});
        QCOMPARE(twice.status, 422);
        QCOMPARE(twice.errorDetails(),
                 QStringList {QStringLiteral("slots[1].id: names the same slot as slots[0]")});
        const QJsonArray left
            = m_server->get(QStringLiteral("/api/v2/schedule/slots"), m_a).items();
        QCOMPARE(left.size(), 1);
        QCOMPARE(left[0].toObject().value(QStringLiteral("id")).toString(), mine);
    }

    void slotRules_data()
    {
        QTest::addColumn<QString>("body");
        QTest::addColumn<QString>("field");
        QTest::newRow("no slots") << "{'slots': []}"
                                  << "slots";
        QTest::newRow("unknown day") << "{'slots': [{'day': 'someday', 'hour': 9, 'minute': 0}]}"
                                     << "slots[0].day";
        QTest::newRow("hour 24") << "{'slots': [{'day': 'monday', 'hour': 24, 'minute': 0}]}"
                                 << "slots[0].hour";
        QTest::newRow("minute 60") << "{'slots': [{'day': 'monday', 'hour': 9, 'minute': 60}]}"
                                   << "slots[0].minute";
        QTest::newRow("twice in one request")
            << "{'slots': [{'day': 'monday', 'hour': 9, 'minute': 0}, {'day': 'monday', 'hour': 9, "
               "'minute': 0}]}"
            << "slots[1]";
        QTest::newRow("another project's account")
            << "{'slots': [{'day': 'monday', 'hour': 9, 'minute': 0, 'selectedTargets': "
               "[{'platform': 'linkedin', 'accountId': '%B'}]}]}"
            << "slots[0].selectedTargets[0].accountId";
        QTest::newRow("account of another platform")
            << "{'slots': [{'day': 'monday', 'hour': 9, 'minute': 0, 'selectedTargets': "
               "[{'platform': 'linkedin', 'accountId': '%T'}]}]}"
            << "slots[0].selectedTargets[0].platform";
        QTest::newRow("page without its account")
            << "{'slots': [{'day': 'monday', 'hour': 9, 'minute': 0, 'selectedTargets': "
               "[{'platform': 'facebook', 'subaccountId': '%P'}]}]}"
            << "slots[0].selectedTargets[0].subaccountId";
        QTest::newRow("page of another account")
            << "{'slots': [{'day': 'monday', 'hour': 9, 'minute': 0, 'selectedTargets': "
               "[{'platform': 'x', 'accountId': '%T', 'subaccountId': '%P'}]}]}"
            << "slots[0].selectedTargets[0].subaccountId";
    }
    void slotRules()
    {
        QFETCH(QString, body);
        QFETCH(QString, field);
        const HttpResult result = addSlots(body);
        QCOMPARE(result.status, 422);
        const QStringList details = result.errorDetails();
        QVERIFY2(std::any_of(details.begin(), details.end(),
                             [&](const QString &detail) {
                                 return detail.startsWith(field + QLatin1Char(':'));
                             }),
                 qPrintable(details.join(u'|')));
        QVERIFY(m_server->get(QStringLiteral("/api/v2/schedule/slots"), m_a).items().isEmpty());
    }

    // Another project's account and page, together, answer exactly as ids that name
    // nothing: the same status, code, message and every detail, so that no answer tells
    // whether a pair exists elsewhere.
    void anotherProjectsPageAnswersLikeAnUnknownOne_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("body"); // %A: the account, %P: its page
        QTest::newRow("next-available") << "/schedule/slots/next-available"
                                        << "{'accountId': '%A', 'subaccountId': '%P'}";
        QTest::newRow("next-available with the platform")
            << "/schedule/slots/next-available"
            << "{'platform': 'facebook', 'accountId': '%A', 'subaccountId': '%P'}";
        QTest::newRow("next_available_slot tool") << "/tools/next_available_slot"
                                                  << "{'accountId': '%A', 'subaccountId': '%P'}";
        QTest::newRow("add slots")
            << "/schedule/slots"
            << "{'slots': [{'day': 'monday', 'hour': 9, 'minute': 0, 'selectedTargets': "
               "[{'platform': 'facebook', 'accountId': '%A', 'subaccountId': '%P'}]}]}";
        QTest::newRow("replace slots")
            << "/schedule/slots"
            << "{'replace': true, 'slots': [{'day': 'monday', 'hour': 9, 'minute': 0, "
               "'selectedTargets': [{'platform': 'facebook', 'accountId': '%A', "
               "'subaccountId': '%P'}]}]}";
    }
    void anotherProjectsPageAnswersLikeAnUnknownOne()
    {
        QFETCH(QString, path);
        QFETCH(QString, body);
        const auto ask = [&](const QString &account, const QString &page) {
            QString text = body;
            text.replace(QStringLiteral("%A"), account).replace(QStringLiteral("%P"), page);
            return m_server->post(path, m_a, json(text.toUtf8().constData()));
        };
        const HttpResult theirs = ask(m_b.facebookAccountId, m_b.facebookPageId);
        const HttpResult unknown
            = ask(ids::generate(IdKind::Account), ids::generate(IdKind::Subaccount));
        QCOMPARE(unknown.status, 422);
        QCOMPARE(theirs.status, unknown.status);
        QCOMPARE(theirs.json(), unknown.json());
        QVERIFY(!theirs.body.contains(m_b.facebookPageId.toUtf8()));
    }

    void nextAvailableInTheProjectsZone()
    {
        // The clock says 2026-03-02T09:00Z, a Monday: 10:00 in Berlin.
        addSlots(QStringLiteral("{'slots': [{'day': 'monday', 'hour': 9, 'minute': 0}, {'day': "
                                "'monday', 'hour': 11, 'minute': 0}, "
                                "{'day': 'tuesday', 'hour': 8, 'minute': 0, 'selectedTargets': "
                                "[{'platform': 'x'}]}]}"));
        const HttpResult any = next(QStringLiteral("{}"));
        QCOMPARE(any.status, 200);
        expectSchema(QStringLiteral("next_available_slot"), any);
        QCOMPARE(slotTime(any), QStringLiteral("2026-03-02T10:00:00.000Z")); // 11:00 CET
        QCOMPARE(slotTime(next(QStringLiteral("{'after': '2026-03-02T10:00:00Z'}"))),
                 QStringLiteral("2026-03-03T07:00:00.000Z"));
        QCOMPARE(
            slotTime(next(QStringLiteral("{'accountId': '%L', 'after': '2026-03-02T10:00:00Z'}"))),
            QStringLiteral("2026-03-09T08:00:00.000Z")); // the X slot is not LinkedIn's
        QCOMPARE(
            slotTime(next(QStringLiteral("{'platform': 'x', 'after': '2026-03-02T10:00:00Z'}"))),
            QStringLiteral("2026-03-03T07:00:00.000Z"));
        // Across the spring-forward night (2026-03-29): 09:00 CEST is 07:00 UTC.
        QCOMPARE(slotTime(next(QStringLiteral("{'after': '2026-03-28T00:00:00Z'}"))),
                 QStringLiteral("2026-03-30T07:00:00.000Z"));
    }

    void takenSlotsAreSkippedAndUseNextFreeSlotTakesThem()
    {
        addSlots(QStringLiteral("{'slots': [{'day': 'monday', 'hour': 11, 'minute': 0}, {'day': "
                                "'wednesday', 'hour': 11, 'minute': 0}]}"));
        const QJsonObject useSlot {{QStringLiteral("useNextFreeSlot"), true}};
        const HttpResult first = m_server->createPost(
            m_a, m_a.linkedinAccountId, QStringLiteral("linkedin"), QStringLiteral("one"), useSlot);
        QCOMPARE(first.status, 201);
        QCOMPARE(first.json().value(QStringLiteral("scheduledTime")).toString(),
                 QStringLiteral("2026-03-02T10:00:00.000Z"));
        const HttpResult second = m_server->createPost(
            m_a, m_a.linkedinAccountId, QStringLiteral("linkedin"), QStringLiteral("two"), useSlot);
        QCOMPARE(second.json().value(QStringLiteral("scheduledTime")).toString(),
                 QStringLiteral("2026-03-04T10:00:00.000Z"));
        // Another account still has the first slot free.
        QCOMPARE(slotTime(next(QStringLiteral("{'accountId': '%T'}"))),
                 QStringLiteral("2026-03-02T10:00:00.000Z"));
        // A cancelled post frees its slot.
        m_server->http().send("DELETE",
                              QStringLiteral("/api/v2/schedules/")
                                  + first.json().value(QStringLiteral("scheduleId")).toString(),
                              withKey(m_a.apiKey));
        QCOMPARE(slotTime(next(QStringLiteral("{'accountId': '%L'}"))),
                 QStringLiteral("2026-03-02T10:00:00.000Z"));
    }

    // A post published now takes the occurrence of the minute it was made in, as a
    // scheduled post takes its own; one that failed gives it back.
    void aPostPublishedNowTakesItsMinute_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("status");
        QTest::addColumn<QString>("expected");
        QTest::newRow("published") << "now"
                                   << "published"
                                   << "2026-03-09T09:00:00.000Z";
        QTest::newRow("failed") << "now [sandbox:fail]"
                                << "failed"
                                << "2026-03-02T09:00:00.000Z";
    }
    void aPostPublishedNowTakesItsMinute()
    {
        QFETCH(QString, text);
        QFETCH(QString, status);
        QFETCH(QString, expected);
        // Mondays at 10:00 in Berlin: 09:00Z, the clock's minute.
        QCOMPARE(addSlots(QStringLiteral("{'slots': [{'day': 'monday', 'hour': 10, 'minute': 0}]}"))
                     .status,
                 201);
        m_server->clock().advanceMs(30'000);
        const HttpResult now
            = m_server->createPost(m_a, m_a.linkedinAccountId, QStringLiteral("linkedin"), text);
        QCOMPARE(now.status, 201);
        QVERIFY(m_server->waitForStatus(
            m_a, now.json().value(QStringLiteral("postSubmissionId")).toString(), status));

        const auto after = [](const char *fields) {
            return QStringLiteral("{%1'after': '2026-03-02T08:59:00Z'}").arg(QLatin1String(fields));
        };
        QCOMPARE(slotTime(next(after("'accountId': '%L', "))), expected);
        QCOMPARE(slotTime(next(after("'platform': 'linkedin', "))), expected);
        QCOMPARE(slotTime(next(after(""))), expected);
        // Another account's minute is still free.
        QCOMPARE(slotTime(next(after("'accountId': '%T', "))),
                 QStringLiteral("2026-03-02T09:00:00.000Z"));
    }

    void nextAvailableRules()
    {
        addSlots(QStringLiteral("{'slots': [{'day': 'monday', 'hour': 11, 'minute': 0, "
                                "'selectedTargets': [{'platform': 'x'}]}]}"));
        const HttpResult none = next(QStringLiteral("{'accountId': '%L'}"));
        QCOMPARE(none.status, 404);
        QCOMPARE(none.errorCode(), QStringLiteral("no_available_slot"));
        QCOMPARE(next(QStringLiteral("{'accountId': 'acc_00000000000000000000'}"))
                     .errorDetails()
                     .first(),
                 QStringLiteral("accountId: is not an account of this project"));
        QCOMPARE(next(QStringLiteral("{'accountId': '%T', 'platform': 'linkedin'}")).status, 422);
        QCOMPARE(next(QStringLiteral("{'subaccountId': '%P'}")).status, 422);
        QCOMPARE(next(QStringLiteral("{'after': 'tomorrow'}")).status, 422);
        QCOMPARE(next(QStringLiteral("{'accountId': '%L'}"), &m_b).status,
                 422); // another project's account
        // No body at all is asking for any account.
        const HttpResult bare = m_server->http().send(
            "POST", QStringLiteral("/api/v2/schedule/slots/next-available"), withKey(m_a.apiKey));
        QCOMPARE(bare.status, 200);
        // It counts as a read.
        QCOMPARE(bare.header("X-RateLimit-Limit"), QByteArray("100000"));
    }
};

QTEST_GUILESS_MAIN(TestSlots)
#include "tst_slots.moc"
