#include "core/isotime.h"
#include "server/api/operationregistry.h"
#include "server/publishing/dispatcher.h"
#include "support/jsontext.h"
#include "support/schemacheck.h"
#include "support/testserver.h"

#include <QJsonArray>
#include <QTest>

using namespace slotline;
using namespace slotline::test;

class TestSchedules : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<TestServer> m_server;
    Tenant m_a;
    Tenant m_b;

    QString at(int minutes)
    {
        return isotime::format(m_server->clock().nowMs() + qint64(minutes) * 60'000);
    }
    // A scheduled post: {submissionId, scheduleId}.
    std::pair<QString, QString> schedule(const QString &text, int minutes,
                                         const QString &accountId = {})
    {
        const HttpResult created = m_server->createPost(
            m_a, accountId.isEmpty() ? m_a.linkedinAccountId : accountId,
            accountId == m_a.twitterAccountId ? QStringLiteral("x") : QStringLiteral("linkedin"),
            text, {{QStringLiteral("scheduledTime"), at(minutes)}});
        return {created.json().value(QStringLiteral("postSubmissionId")).toString(),
                created.json().value(QStringLiteral("scheduleId")).toString()};
    }
    // A post scheduled an hour ahead from the `post` of a POST /posts body; its schedule id.
    QString scheduleWith(QByteArray post)
    {
        post.replace("%L", m_a.linkedinAccountId.toUtf8())
            .replace("%T", m_a.twitterAccountId.toUtf8())
            .replace("%F", m_a.facebookAccountId.toUtf8())
            .replace("%P", m_a.facebookPageId.toUtf8());
        const HttpResult created = m_server->post(QStringLiteral("/posts"), m_a,
                                                  {{QStringLiteral("post"), json(post.constData())},
                                                   {QStringLiteral("scheduledTime"), at(60)}});
        if (created.status != 201)
            qWarning("cannot schedule: %s", created.body.constData());
        return created.json().value(QStringLiteral("scheduleId")).toString();
    }
    HttpResult patch(const QString &scheduleId, const QJsonObject &body,
                     const Tenant *tenant = nullptr)
    {
        return m_server->send("PATCH", QStringLiteral("/schedules/") + scheduleId,
                              tenant ? *tenant : m_a, body);
    }
    HttpResult remove(const QString &scheduleId, const Tenant *tenant = nullptr)
    {
        return m_server->http().send("DELETE", QStringLiteral("/api/v2/schedules/") + scheduleId,
                                     withKey((tenant ? *tenant : m_a).apiKey));
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
        config.writesPerMinute = 100'000;
        m_server = std::make_unique<TestServer>(config);
        m_a = m_server->addTenant(QStringLiteral("Alpha"));
        m_b = m_server->addTenant(QStringLiteral("Beta"));
        m_server->grantCredits(m_a, 100);
    }
    void cleanup() { m_server.reset(); }

    void getShowsTheAccountAndThePostAsSubmitted()
    {
        const auto [submissionId, scheduleId] = schedule(QStringLiteral("Quarterly results"), 60);
        const HttpResult result
            = m_server->get(QStringLiteral("/api/v2/schedules/") + scheduleId, m_a);
        QCOMPARE(result.status, 200);
        expectSchema(QStringLiteral("get_schedule"), result);
        const QJsonObject schedule = result.json();
        QCOMPARE(schedule.value(QStringLiteral("id")).toString(), scheduleId);
        QCOMPARE(schedule.value(QStringLiteral("postSubmissionId")).toString(), submissionId);
        QCOMPARE(schedule.value(QStringLiteral("scheduledAt")).toString(), at(60));
        QCOMPARE(schedule.value(QStringLiteral("status")).toString(), QStringLiteral("scheduled"));
        QCOMPARE(schedule.value(QStringLiteral("account"))
                     .toObject()
                     .value(QStringLiteral("id"))
                     .toString(),
                 m_a.linkedinAccountId);
        QCOMPARE(schedule.value(QStringLiteral("account"))
                     .toObject()
                     .value(QStringLiteral("name"))
                     .toString(),
                 QStringLiteral("Alpha LinkedIn"));
        const QJsonObject draft = schedule.value(QStringLiteral("draft")).toObject();
        QCOMPARE(draft.value(QStringLiteral("accountId")).toString(), m_a.linkedinAccountId);
        QCOMPARE(draft.value(QStringLiteral("content"))
                     .toObject()
                     .value(QStringLiteral("text"))
                     .toString(),
                 QStringLiteral("Quarterly results"));
    }

    void listIsInTimeOrderAndPages()
    {
        QStringList expected(4);
        for (int i : {3, 1, 4, 2})
            expected[i - 1] = schedule(QStringLiteral("p%1").arg(i), i * 15).second;
        m_server->createPost(m_a, m_a.linkedinAccountId, QStringLiteral("linkedin"),
                             QStringLiteral("now")); // no schedule
        const auto ids = [](const HttpResult &result) {
            QStringList list;
            for (const QJsonValue &item : result.items())
                list.append(item.toObject().value(QStringLiteral("id")).toString());
            return list;
        };
        const HttpResult all = m_server->get(QStringLiteral("/api/v2/schedules"), m_a);
        expectSchema(QStringLiteral("list_schedules"), all);
        QCOMPARE(ids(all), expected);
        const HttpResult page = m_server->get(QStringLiteral("/api/v2/schedules?limit=3"), m_a);
        QCOMPARE(ids(page), expected.mid(0, 3));
        QCOMPARE(ids(m_server->get(QStringLiteral("/api/v2/schedules?limit=3&cursor=")
                                       + page.json().value(QStringLiteral("cursor")).toString(),
                                   m_a)),
                 expected.mid(3));
        QCOMPARE(
            ids(m_server->get(
                QStringLiteral("/api/v2/schedules?since=%1&until=%2").arg(at(20), at(50)), m_a)),
            expected.mid(1, 2));
        QVERIFY(m_server->get(QStringLiteral("/api/v2/schedules"), m_b).items().isEmpty());
    }

    void patchMovesAndEdits()
    {
        const auto [submissionId, scheduleId] = schedule(QStringLiteral("Draft text"), 60);
        const HttpResult moved
            = patch(scheduleId, json("{'scheduledTime': '2026-03-02T12:30:00+01:00'}"));
        QCOMPARE(moved.status, 200);
        expectSchema(QStringLiteral("update_schedule"), moved);
        QCOMPARE(moved.json().value(QStringLiteral("scheduledAt")).toString(),
                 QStringLiteral("2026-03-02T11:30:00.000Z"));
        const HttpResult edited
            = patch(scheduleId, json("{'post': {'content': {'text': 'Final text', 'mediaUrls': "
                                     "['https://img.test/a.png']}}}"));
        QCOMPARE(edited.status, 200);
        const QJsonObject content = edited.json()
                                        .value(QStringLiteral("draft"))
                                        .toObject()
                                        .value(QStringLiteral("content"))
                                        .toObject();
        QCOMPARE(content.value(QStringLiteral("text")).toString(), QStringLiteral("Final text"));
        QCOMPARE(content.value(QStringLiteral("mediaUrls")).toArray().size(), 1);
        // The submission shows the same.
        const QJsonObject submission = m_server->submission(m_a, submissionId);
        QCOMPARE(submission.value(QStringLiteral("text")).toString(), QStringLiteral("Final text"));
        QCOMPARE(submission.value(QStringLiteral("scheduledTime")).toString(),
                 QStringLiteral("2026-03-02T11:30:00.000Z"));
    }

    void anEmptyPostWithATimeOnlyMovesIt()
    {
        const auto [submissionId, scheduleId] = schedule(QStringLiteral("Stays"), 60);
        const HttpResult moved
            = patch(scheduleId, QJsonObject {{QStringLiteral("scheduledTime"), at(90)},
                                             {QStringLiteral("post"), QJsonObject {}}});
        QCOMPARE(moved.status, 200);
        QCOMPARE(moved.json().value(QStringLiteral("scheduledAt")).toString(), at(90));
        QCOMPARE(m_server->submission(m_a, submissionId).value(QStringLiteral("text")).toString(),
                 QStringLiteral("Stays"));
    }

    // A client reads a schedule, changes its time (and maybe its text) and sends the draft
    // back as GET gave it.
    void theDraftOfGetCanBeSentBack_data()
    {
        QTest::addColumn<QByteArray>("post"); // of POST /posts: %L, %T, %F, %P are ids
        QTest::addColumn<QString>("text"); // put into the draft before it goes back
        const QByteArray linkedin("{'accountId': '%L', 'content': {'platform': 'linkedin', "
                                  "'text': 'Hello'}}");
        QTest::newRow("no target") << linkedin << QString();
        QTest::newRow("new text") << linkedin << QStringLiteral("Changed");
        QTest::newRow("x with a target")
            << QByteArray("{'accountId': '%T', 'content': {'platform': 'x', 'text': 'Hello', "
                          "'mediaUrls': ['https://img.test/a.png']}, 'target': {'targetType': "
                          "'x'}}")
            << QString();
        QTest::newRow("a page") << QByteArray(
            "{'accountId': '%F', 'content': {'platform': 'facebook', 'text': "
            "'Hello'}, 'target': {'targetType': 'facebook', 'pageId': '%P'}}")
                                << QString();
    }
    void theDraftOfGetCanBeSentBack()
    {
        QFETCH(QByteArray, post);
        QFETCH(QString, text);
        const QString scheduleId = scheduleWith(post);
        QVERIFY(!scheduleId.isEmpty());
        QJsonObject draft = m_server->get(QStringLiteral("/api/v2/schedules/") + scheduleId, m_a)
                                .json()
                                .value(QStringLiteral("draft"))
                                .toObject();
        if (!text.isEmpty()) {
            QJsonObject content = draft.value(QStringLiteral("content")).toObject();
            content.insert(QStringLiteral("text"), text);
            draft.insert(QStringLiteral("content"), content);
        }
        const HttpResult moved = patch(scheduleId, {{QStringLiteral("scheduledTime"), at(90)},
                                                    {QStringLiteral("post"), draft}});
        QCOMPARE(moved.status, 200);
        QCOMPARE(moved.json().value(QStringLiteral("scheduledAt")).toString(), at(90));
        QCOMPARE(moved.json().value(QStringLiteral("draft")).toObject(), draft);
        QCOMPARE(m_server->get(QStringLiteral("/api/v2/schedules/") + scheduleId, m_a)
                     .json()
                     .value(QStringLiteral("draft"))
                     .toObject(),
                 draft);
    }

    // What a PATCH cannot change may come back as it is, but not changed.
    void fieldsThePatchCannotChangeAreNamed_data()
    {
        QTest::addColumn<QString>("field");
        QTest::addColumn<QJsonValue>("value");
        QTest::newRow("another account") << "post.accountId" << QJsonValue(QStringLiteral("%T"));
        QTest::newRow("another project's account")
            << "post.accountId" << QJsonValue(QStringLiteral("%B"));
        QTest::newRow("another platform")
            << "post.content.platform" << QJsonValue(QStringLiteral("linkedin"));
        QTest::newRow("no target") << "post.target" << QJsonValue(QJsonValue::Null);
        QTest::newRow("another page")
            << "post.target" << QJsonValue(json("{'targetType': 'facebook', 'pageId': '%P2'}"));
        QTest::newRow("no page") << "post.target" << QJsonValue(json("{'targetType': 'facebook'}"));
    }
    void fieldsThePatchCannotChangeAreNamed()
    {
        QFETCH(QString, field);
        QFETCH(QJsonValue, value);
        const QString scheduleId
            = scheduleWith("{'accountId': '%F', 'content': {'platform': 'facebook', 'text': "
                           "'Hello'}, 'target': {'targetType': 'facebook', 'pageId': '%P'}}");
        QVERIFY(!scheduleId.isEmpty());
        const HttpResult before
            = m_server->get(QStringLiteral("/api/v2/schedules/") + scheduleId, m_a);
        QJsonObject draft = before.json().value(QStringLiteral("draft")).toObject();
        if (value.isString()) {
            value = QString(value.toString())
                        .replace(QStringLiteral("%T"), m_a.twitterAccountId)
                        .replace(QStringLiteral("%B"), m_b.facebookAccountId);
        } else if (value.isObject() && value.toObject().contains(QStringLiteral("pageId"))) {
            QJsonObject target = value.toObject();
            target.insert(QStringLiteral("pageId"), m_b.facebookPageId);
            value = target;
        }
        const QStringList path = field.split(u'.').mid(1);
        if (path.size() == 1) {
            draft.insert(path[0], value);
        } else {
            QJsonObject inner = draft.value(path[0]).toObject();
            inner.insert(path[1], value);
            draft.insert(path[0], inner);
        }
        const HttpResult refused = patch(scheduleId, {{QStringLiteral("scheduledTime"), at(90)},
                                                      {QStringLiteral("post"), draft}});
        QCOMPARE(refused.status, 422);
        QCOMPARE(refused.errorCode(), QStringLiteral("validation_failed"));
        const QStringList details = refused.errorDetails();
        QCOMPARE(details.size(), 1);
        QVERIFY2(details.first().startsWith(field + u": cannot be changed"),
                 qPrintable(details.first()));
        QCOMPARE(m_server->get(QStringLiteral("/api/v2/schedules/") + scheduleId, m_a).json(),
                 before.json());
    }

    void patchFollowsThePostRules_data()
    {
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("field");
        QTest::newRow("nothing to change") << QByteArray("{}") << "validation_failed"
                                           << "(body)";
        QTest::newRow("an empty post and no time")
            << QByteArray("{'post': {}}") << "validation_failed"
            << "(body)";
        QTest::newRow("unknown field")
            << QByteArray("{'status': 'published'}") << "validation_failed"
            << "status";
        QTest::newRow("past") << QByteArray("{'scheduledTime': '2020-01-01T00:00:00Z'}")
                              << "scheduled_time_in_past"
                              << "scheduledTime";
        QTest::newRow("no zone") << QByteArray("{'scheduledTime': '2026-03-03T09:00:00'}")
                                 << "validation_failed"
                                 << "scheduledTime";
        QTest::newRow("empty text and no media")
            << QByteArray("{'post': {'content': {'text': ''}}}") << "validation_failed"
            << "post.content.text";
        QTest::newRow("bad media")
            << QByteArray("{'post': {'content': {'mediaUrls': ['ftp://x']}}}")
            << "validation_failed"
            << "post.content.mediaUrls[0]";
        QTest::newRow("too long for LinkedIn")
            << QByteArray("{'post': {'content': {'text': '%3001'}}}") << "text_too_long"
            << "post.content.text";
    }
    void patchFollowsThePostRules()
    {
        QFETCH(QByteArray, body);
        QFETCH(QString, code);
        QFETCH(QString, field);
        const auto [submissionId, scheduleId] = schedule(QStringLiteral("Keep me"), 60);
        body.replace("%3001", QByteArray(3001, 'a'));
        const HttpResult result = patch(scheduleId, json(body.constData()));
        QCOMPARE(result.status, 422);
        QCOMPARE(result.errorCode(), code);
        const QStringList details = result.errorDetails();
        QVERIFY2(std::any_of(details.begin(), details.end(),
                             [&](const QString &detail) {
                                 return detail.startsWith(field + QLatin1Char(':'));
                             }),
                 qPrintable(details.join(u'|')));
        // Nothing changed.
        QCOMPARE(m_server->submission(m_a, submissionId).value(QStringLiteral("text")).toString(),
                 QStringLiteral("Keep me"));
    }

    void cancelReturnsTheCreditAndThenIsGone()
    {
        const auto [submissionId, scheduleId] = schedule(QStringLiteral("Cancel me"), 60);
        const auto credits = [this] {
            return m_server->get(QStringLiteral("/api/v2/credits"), m_a)
                .json()
                .value(QStringLiteral("creditsReserved"))
                .toInt();
        };
        QCOMPARE(credits(), 1);
        QCOMPARE(remove(scheduleId).status, 204);
        QCOMPARE(credits(), 0);
        QCOMPARE(m_server->submission(m_a, submissionId).value(QStringLiteral("status")).toString(),
                 QStringLiteral("cancelled"));
        QCOMPARE(remove(scheduleId).status, 404);
        QCOMPARE(m_server->get(QStringLiteral("/api/v2/schedules/") + scheduleId, m_a).status, 404);
        QCOMPARE(patch(scheduleId, json("{'post': {'content': {'text': 'x'}}}")).status, 404);
        // The cancelled post is never published.
        m_server->clock().advanceMs(2 * 3600 * 1000);
        m_server->server().dispatcher().wake();
        QTest::qWait(50);
        QCOMPARE(m_server->submission(m_a, submissionId).value(QStringLiteral("status")).toString(),
                 QStringLiteral("cancelled"));
    }

    void onceItIsPublishingItCannotBeChanged()
    {
        const auto [submissionId, scheduleId] = schedule(QStringLiteral("Goes out"), 1);
        m_server->clock().advanceMs(60'000);
        m_server->server().dispatcher().wake();
        QVERIFY(m_server->waitForStatus(m_a, submissionId, QStringLiteral("published")));
        const HttpResult moved
            = patch(scheduleId, json("{'post': {'content': {'text': 'too late'}}}"));
        QCOMPARE(moved.status, 409);
        QCOMPARE(moved.errorCode(), QStringLiteral("not_scheduled"));
        QCOMPARE(remove(scheduleId).status, 409);
        // Still readable, with its status.
        QCOMPARE(m_server->get(QStringLiteral("/api/v2/schedules/") + scheduleId, m_a)
                     .json()
                     .value(QStringLiteral("status"))
                     .toString(),
                 QStringLiteral("published"));
    }

    void movingAPostReArmsTheDispatcher()
    {
        const auto [submissionId, scheduleId] = schedule(QStringLiteral("Moved earlier"), 120);
        QCOMPARE(
            patch(scheduleId,
                  json(QStringLiteral("{'scheduledTime': '%1'}").arg(at(1)).toUtf8().constData()))
                .status,
            200);
        m_server->clock().advanceMs(60'000);
        m_server->server().dispatcher().wake();
        QVERIFY(m_server->waitForStatus(m_a, submissionId, QStringLiteral("published")));
    }

    void anotherProjectsSchedulesAreNotFound()
    {
        const auto [submissionId, scheduleId] = schedule(QStringLiteral("Mine"), 60);
        QCOMPARE(m_server->get(QStringLiteral("/api/v2/schedules/") + scheduleId, m_b).status, 404);
        QCOMPARE(patch(scheduleId, json("{'post': {'content': {'text': 'hijack'}}}"), &m_b).status,
                 404);
        QCOMPARE(remove(scheduleId, &m_b).status, 404);
        QCOMPARE(m_server->submission(m_a, submissionId).value(QStringLiteral("text")).toString(),
                 QStringLiteral("Mine"));
        QCOMPARE(
            m_server->get(QStringLiteral("/api/v2/schedules/sch_00000000000000000000"), m_a).status,
            404);
        QCOMPARE(m_server->get(QStringLiteral("/api/v2/schedules/not-an-id"), m_a).status, 404);
    }
};

QTEST_GUILESS_MAIN(TestSchedules)
#include "tst_schedules.moc"
