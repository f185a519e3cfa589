#include "core/isotime.h"
#include "support/jsontext.h"
#include "support/schemacheck.h"
#include "support/testserver.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QTest>

#include <memory>

using namespace slotline;
using namespace slotline::test;

// The draft tools: save (create, update, revisions and conflicts, a writer's clientId),
// list, get, delete and publish (and the posts a draft shows it was made into), through
// POST /tools/<name> as a client calls them.
class TestDrafts : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<TestServer> m_server;
    Tenant m_a;
    Tenant m_b;

    HttpResult tool(const QString &name, const QJsonObject &parameters,
                    const Tenant *tenant = nullptr)
    {
        return m_server->post(QStringLiteral("/tools/") + name, tenant ? *tenant : m_a, parameters);
    }
    static QJsonObject draftOf(const HttpResult &result)
    {
        return result.json().value(QStringLiteral("draft")).toObject();
    }
    void expectSchema(const QString &operation, const HttpResult &result)
    {
        const QStringList errors
            = resultSchemaErrors(m_server->server().registry(), operation, result.json());
        QVERIFY2(errors.isEmpty(),
                 qPrintable(errors.join(u'\n') + u'\n' + QString::fromUtf8(result.body)));
    }
    QJsonObject saveNew(const QString &text,
                        const QJsonArray &platforms = {QStringLiteral("linkedin")})
    {
        const HttpResult saved = tool(
            QStringLiteral("save_draft"),
            QJsonObject {{QStringLiteral("text"), text}, {QStringLiteral("platforms"), platforms}});
        if (saved.status != 200)
            qWarning() << saved.body;
        return draftOf(saved);
    }

    HttpResult saveWithClientId(const QString &clientId, const QString &text,
                                const Headers &headers = {})
    {
        return m_server->send(
            "POST", QStringLiteral("/tools/save_draft"), m_a,
            QJsonObject {{QStringLiteral("clientId"), clientId},
                         {QStringLiteral("text"), text},
                         {QStringLiteral("platforms"), QJsonArray {QStringLiteral("linkedin")}}},
            headers);
    }
    QJsonArray draftIds(const Tenant &tenant)
    {
        QJsonArray ids;
        const HttpResult listed = tool(QStringLiteral("list_drafts"),
                                       QJsonObject {{QStringLiteral("limit"), 250}}, &tenant);
        for (const QJsonValue &item : listed.items())
            ids.append(item.toObject().value(QStringLiteral("id")));
        return ids;
    }
    QJsonArray publicationsOf(const QString &draftId)
    {
        const HttpResult read
            = tool(QStringLiteral("get_draft"), QJsonObject {{QStringLiteral("draftId"), draftId}});
        return draftOf(read).value(QStringLiteral("publications")).toArray();
    }
    HttpResult publish(const QString &draftId, const QString &accountId,
                       const QJsonObject &extra = {}, const Headers &headers = {})
    {
        QJsonObject parameters {{QStringLiteral("draftId"), draftId},
                                {QStringLiteral("accountId"), accountId}};
        for (auto it = extra.begin(); it != extra.end(); ++it)
            parameters.insert(it.key(), it.value());
        return m_server->send("POST", QStringLiteral("/tools/publish_draft"), m_a, parameters,
                              headers);
    }
    static QString postIdOf(const HttpResult &result)
    {
        return result.json().value(QStringLiteral("postSubmissionId")).toString();
    }

private Q_SLOTS:
    void init()
    {
        ServerConfig config;
        config.readsPerMinute = 100'000;
        config.writesPerMinute = 99'999;
        m_server = std::make_unique<TestServer>(config);
        m_a = m_server->addTenant(QStringLiteral("Alpha"));
        m_b = m_server->addTenant(QStringLiteral("Beta"));
        m_server->grantCredits(m_a, 100);
    }
    void cleanup() { m_server.reset(); }

    void saveCreatesADraftAtRevisionOne()
    {
        const qint64 now = m_server->clock().nowMs();
        const HttpResult saved
            = tool(QStringLiteral("save_draft"),
                   json("{'text': 'Spring launch', 'platforms': ['x', 'linkedin', 'twitter'], "
                        "'mediaUrls': ['https://cdn.example.com/a.png']}"));
        QCOMPARE(saved.status, 200);
        expectSchema(QStringLiteral("save_draft"), saved);
        const QJsonObject draft = draftOf(saved);
        QVERIFY(draft.value(QStringLiteral("id")).toString().startsWith(u"drf_"));
        QCOMPARE(draft.value(QStringLiteral("text")).toString(), QStringLiteral("Spring launch"));
        // x is twitter, and saying it twice is saying it once.
        QCOMPARE(draft.value(QStringLiteral("platforms")).toArray(),
                 QJsonArray({QStringLiteral("twitter"), QStringLiteral("linkedin")}));
        QCOMPARE(draft.value(QStringLiteral("mediaUrls")).toArray(),
                 QJsonArray({QStringLiteral("https://cdn.example.com/a.png")}));
        QCOMPARE(draft.value(QStringLiteral("revision")).toInteger(), 1);
        QCOMPARE(draft.value(QStringLiteral("createdAt")).toString(), isotime::format(now));
        QCOMPARE(draft.value(QStringLiteral("updatedAt")).toString(), isotime::format(now));

        const HttpResult read
            = tool(QStringLiteral("get_draft"),
                   QJsonObject {{QStringLiteral("draftId"), draft.value(QStringLiteral("id"))}});
        QCOMPARE(read.status, 200);
        expectSchema(QStringLiteral("get_draft"), read);
        QCOMPARE(draftOf(read), draft);
    }

    void aDraftMayBeEmptyOrOverTheLimits()
    {
        QCOMPARE(saveNew(QString()).value(QStringLiteral("revision")).toInteger(), 1);
        QCOMPARE(saveNew(QString(400, u'a'), {QStringLiteral("x")})
                     .value(QStringLiteral("revision"))
                     .toInteger(),
                 1);
        QCOMPARE(saveNew(QStringLiteral("no platform yet"), {}).value(QStringLiteral("platforms")),
                 QJsonArray());
    }

    void saveWithDraftIdMakesTheNextRevision()
    {
        const QJsonObject first = saveNew(QStringLiteral("v1"));
        const QString id = first.value(QStringLiteral("id")).toString();
        m_server->clock().advanceMs(5'000);
        const HttpResult second = tool(
            QStringLiteral("save_draft"),
            QJsonObject {{QStringLiteral("draftId"), id},
                         {QStringLiteral("baseRevision"), 1},
                         {QStringLiteral("text"), QStringLiteral("v2")},
                         {QStringLiteral("platforms"), QJsonArray {QStringLiteral("facebook")}}});
        QCOMPARE(second.status, 200);
        const QJsonObject draft = draftOf(second);
        QCOMPARE(draft.value(QStringLiteral("id")).toString(), id);
        QCOMPARE(draft.value(QStringLiteral("revision")).toInteger(), 2);
        QCOMPARE(draft.value(QStringLiteral("text")).toString(), QStringLiteral("v2"));
        QCOMPARE(draft.value(QStringLiteral("createdAt")),
                 first.value(QStringLiteral("createdAt")));
        QCOMPARE(draft.value(QStringLiteral("updatedAt")).toString(),
                 isotime::format(m_server->clock().nowMs()));

        // Without baseRevision the last save wins.
        const HttpResult third = tool(
            QStringLiteral("save_draft"),
            QJsonObject {{QStringLiteral("draftId"), id},
                         {QStringLiteral("text"), QStringLiteral("v3")},
                         {QStringLiteral("platforms"), QJsonArray {QStringLiteral("facebook")}}});
        QCOMPARE(third.status, 200);
        QCOMPARE(draftOf(third).value(QStringLiteral("revision")).toInteger(), 3);
    }

    void aStaleBaseRevisionIsAConflictWithTheCurrentDraft()
    {
        const QString id = saveNew(QStringLiteral("shared")).value(QStringLiteral("id")).toString();
        const auto edit = [&](qint64 base, const QString &text) {
            return tool(QStringLiteral("save_draft"),
                        QJsonObject {{QStringLiteral("draftId"), id},
                                     {QStringLiteral("baseRevision"), base},
                                     {QStringLiteral("text"), text},
                                     {QStringLiteral("platforms"),
                                      QJsonArray {QStringLiteral("linkedin")}}});
        };
        // Two editors start from revision 1; the first to save wins.
        QCOMPARE(edit(1, QStringLiteral("laptop")).status, 200);
        const HttpResult conflict = edit(1, QStringLiteral("phone"));
        QCOMPARE(conflict.status, 409);
        QCOMPARE(conflict.errorCode(), QStringLiteral("draft_conflict"));
        const QJsonObject error = conflict.json().value(QStringLiteral("error")).toObject();
        const QJsonObject current = error.value(QStringLiteral("draft")).toObject();
        QCOMPARE(current.value(QStringLiteral("text")).toString(), QStringLiteral("laptop"));
        QCOMPARE(current.value(QStringLiteral("revision")).toInteger(), 2);
        QVERIFY(componentSchemaErrors(m_server->server().registry(), QStringLiteral("Error"),
                                      conflict.json())
                    .isEmpty());
        // Nothing was written; a save from the current revision goes through.
        const HttpResult read
            = tool(QStringLiteral("get_draft"), QJsonObject {{QStringLiteral("draftId"), id}});
        QCOMPARE(draftOf(read).value(QStringLiteral("text")).toString(), QStringLiteral("laptop"));
        QCOMPARE(edit(2, QStringLiteral("laptop + phone")).status, 200);
        // A revision from the future is as stale as one from the past.
        QCOMPARE(edit(9, QStringLiteral("?")).status, 409);
    }

    void badParametersNameTheirFields()
    {
        const HttpResult missing = tool(QStringLiteral("save_draft"), json("{'text': 'x'}"));
        QCOMPARE(missing.status, 422);
        QVERIFY2(missing.errorDetails().join(u'\n').contains(u"platforms"),
                 missing.body.constData());

        const HttpResult wrong = tool(
            QStringLiteral("save_draft"),
            json("{'text': 5, 'platforms': ['myspace'], 'mediaUrls': ['ftp://a/b'], 'extra': 1}"));
        QCOMPARE(wrong.status, 422);
        const QString details = wrong.errorDetails().join(u'\n');
        QVERIFY2(details.contains(u"text:"), qPrintable(details));
        QVERIFY2(details.contains(u"platforms[0]") || details.contains(u"platforms.0"),
                 qPrintable(details));
        QVERIFY2(details.contains(u"extra"), qPrintable(details));

        const HttpResult badUrl
            = tool(QStringLiteral("save_draft"),
                   json("{'text': 'x', 'platforms': [], 'mediaUrls': ['https://ok.example/a.png', "
                        "'javascript:alert(1)']}"));
        QCOMPARE(badUrl.status, 422);
        QCOMPARE(badUrl.errorDetails(),
                 QStringList {QStringLiteral("mediaUrls[1]: must be an http or https URL")});

        const HttpResult orphanRevision
            = tool(QStringLiteral("save_draft"),
                   json("{'text': 'x', 'platforms': [], 'baseRevision': 1}"));
        QCOMPARE(orphanRevision.status, 422);
        QVERIFY(orphanRevision.errorDetails().constFirst().startsWith(u"baseRevision:"));

        const HttpResult unknown
            = tool(QStringLiteral("save_draft"),
                   json("{'text': 'x', 'platforms': [], 'draftId': 'drf_doesnotexist00000000'}"));
        QCOMPARE(unknown.status, 404);
    }

    void listIsNewestFirstSearchableAndPaged()
    {
        for (int i = 0; i < 5; ++i) {
            saveNew(QStringLiteral("Draft number %1 %2").arg(i).arg(i % 2 ? u"Café" : u"tea"));
            m_server->clock().advanceMs(1'000);
        }
        const HttpResult all = tool(QStringLiteral("list_drafts"), QJsonObject {});
        QCOMPARE(all.status, 200);
        expectSchema(QStringLiteral("list_drafts"), all);
        QCOMPARE(all.items().size(), 5);
        QVERIFY(all.items()
                    .at(0)
                    .toObject()
                    .value(QStringLiteral("text"))
                    .toString()
                    .contains(u"number 4"));

        const HttpResult cafe
            = tool(QStringLiteral("list_drafts"), json("{'query': 'CAFÉ number'}"));
        QCOMPARE(cafe.items().size(), 2);
        const HttpResult literal = tool(QStringLiteral("list_drafts"), json("{'query': '%'}"));
        QCOMPARE(literal.items().size(), 0);

        QStringList seen;
        QJsonObject parameters {{QStringLiteral("limit"), 2}};
        for (int page = 0; page < 5; ++page) {
            const HttpResult result = tool(QStringLiteral("list_drafts"), parameters);
            QCOMPARE(result.status, 200);
            for (const QJsonValue &item : result.items())
                seen.append(item.toObject().value(QStringLiteral("id")).toString());
            const QJsonValue cursor = result.json().value(QStringLiteral("cursor"));
            if (cursor.isNull())
                break;
            parameters.insert(QStringLiteral("cursor"), cursor);
        }
        QCOMPARE(seen.size(), 5);
        QCOMPARE(QSet<QString>(seen.begin(), seen.end()).size(), 5);

        const HttpResult badCursor
            = tool(QStringLiteral("list_drafts"), json("{'cursor': 'nonsense'}"));
        QCOMPARE(badCursor.status, 400);
    }

    void deleteRemovesIt()
    {
        const QString id = saveNew(QStringLiteral("gone")).value(QStringLiteral("id")).toString();
        const HttpResult deleted
            = tool(QStringLiteral("delete_draft"), QJsonObject {{QStringLiteral("draftId"), id}});
        QCOMPARE(deleted.status, 200);
        QCOMPARE(deleted.json(), json("{'ok': true}"));
        QVERIFY(componentSchemaErrors(m_server->server().registry(), QStringLiteral("ToolDone"),
                                      deleted.json())
                    .isEmpty());
        QCOMPARE(
            tool(QStringLiteral("get_draft"), QJsonObject {{QStringLiteral("draftId"), id}}).status,
            404);
        QCOMPARE(tool(QStringLiteral("delete_draft"), QJsonObject {{QStringLiteral("draftId"), id}})
                     .status,
                 404);
    }

    void anotherProjectsDraftsDoNotExist()
    {
        const QString id = saveNew(QStringLiteral("mine")).value(QStringLiteral("id")).toString();
        const QJsonObject byId {{QStringLiteral("draftId"), id}};
        QCOMPARE(tool(QStringLiteral("get_draft"), byId, &m_b).status, 404);
        QCOMPARE(tool(QStringLiteral("delete_draft"), byId, &m_b).status, 404);
        QCOMPARE(tool(QStringLiteral("publish_draft"),
                      QJsonObject {{QStringLiteral("draftId"), id},
                                   {QStringLiteral("accountId"), m_b.linkedinAccountId}},
                      &m_b)
                     .status,
                 404);
        QCOMPARE(tool(QStringLiteral("save_draft"),
                      QJsonObject {{QStringLiteral("draftId"), id},
                                   {QStringLiteral("text"), QStringLiteral("theirs")},
                                   {QStringLiteral("platforms"), QJsonArray {}}},
                      &m_b)
                     .status,
                 404);
        QCOMPARE(tool(QStringLiteral("list_drafts"), {}, &m_b).items().size(), 0);
        // And it is untouched.
        QCOMPARE(draftOf(tool(QStringLiteral("get_draft"), byId))
                     .value(QStringLiteral("text"))
                     .toString(),
                 QStringLiteral("mine"));
    }

    void publishMakesAPostAndKeepsTheDraft()
    {
        const QString id = saveNew(QStringLiteral("From a draft"), {QStringLiteral("x")})
                               .value(QStringLiteral("id"))
                               .toString();
        const QString at = isotime::format(m_server->clock().nowMs() + 3'600'000);
        const HttpResult published
            = tool(QStringLiteral("publish_draft"),
                   QJsonObject {{QStringLiteral("draftId"), id},
                                {QStringLiteral("accountId"), m_a.twitterAccountId},
                                {QStringLiteral("scheduledTime"), at}});
        QCOMPARE(published.status, 200);
        expectSchema(QStringLiteral("publish_draft"), published);
        QCOMPARE(published.json().value(QStringLiteral("status")).toString(),
                 QStringLiteral("scheduled"));
        QCOMPARE(published.json().value(QStringLiteral("scheduledTime")).toString(), at);
        const QJsonObject post = m_server->submission(
            m_a, published.json().value(QStringLiteral("postSubmissionId")).toString());
        QCOMPARE(post.value(QStringLiteral("text")).toString(), QStringLiteral("From a draft"));
        QCOMPARE(
            tool(QStringLiteral("get_draft"), QJsonObject {{QStringLiteral("draftId"), id}}).status,
            200);
    }

    void publishChecksTheAccountAndThePlatformRules()
    {
        const QString id = saveNew(QString(300, u'a'), {QStringLiteral("twitter")})
                               .value(QStringLiteral("id"))
                               .toString();
        const auto publish = [&](const QString &accountId) {
            return tool(QStringLiteral("publish_draft"),
                        QJsonObject {{QStringLiteral("draftId"), id},
                                     {QStringLiteral("accountId"), accountId}});
        };
        // Over X's 280: the error names the draft's field, not POST /posts' one.
        const HttpResult tooLong = publish(m_a.twitterAccountId);
        QCOMPARE(tooLong.status, 422);
        QVERIFY2(tooLong.errorDetails().constFirst().startsWith(u"text:"),
                 tooLong.body.constData());
        // A platform the draft is not for.
        const HttpResult wrongPlatform = publish(m_a.linkedinAccountId);
        QCOMPARE(wrongPlatform.status, 422);
        QVERIFY2(wrongPlatform.errorDetails().constFirst().startsWith(u"accountId:"),
                 wrongPlatform.body.constData());
        // Another project's account.
        QCOMPARE(publish(m_b.twitterAccountId).status, 422);
    }

    void publishInTheNextFreeSlot()
    {
        QCOMPARE(m_server
                     ->post(QStringLiteral("/schedule/slots"), m_a,
                            json("{'slots': [{'day': 'monday', 'hour': 9, 'minute': 0}]}"))
                     .status,
                 201);
        const QString id
            = saveNew(QStringLiteral("slotted")).value(QStringLiteral("id")).toString();
        const HttpResult published
            = tool(QStringLiteral("publish_draft"),
                   QJsonObject {{QStringLiteral("draftId"), id},
                                {QStringLiteral("accountId"), m_a.linkedinAccountId},
                                {QStringLiteral("useNextFreeSlot"), true}});
        QCOMPARE(published.status, 200);
        const QDateTime at = QDateTime::fromString(
            published.json().value(QStringLiteral("scheduledTime")).toString(), Qt::ISODateWithMs);
        QCOMPARE(at.date().dayOfWeek(), 1);
        QCOMPARE(at.time(), QTime(9, 0));
    }

    void aClientIdMakesOneDraftHoweverOftenItIsSaved()
    {
        const HttpResult created
            = saveWithClientId(QStringLiteral("3f2c-laptop-1"), QStringLiteral("Written offline"));
        QCOMPARE(created.status, 200);
        expectSchema(QStringLiteral("save_draft"), created);
        const QJsonObject draft = draftOf(created);
        QCOMPARE(draft.value(QStringLiteral("clientId")).toString(),
                 QStringLiteral("3f2c-laptop-1"));
        QCOMPARE(draft.value(QStringLiteral("revision")).toInteger(), 1);
        QCOMPARE(draft.value(QStringLiteral("publications")).toArray(), QJsonArray());

        // The same create again (its answer was lost): the draft it made, nothing new.
        m_server->clock().advanceMs(60'000);
        const HttpResult again
            = saveWithClientId(QStringLiteral("3f2c-laptop-1"), QStringLiteral("Written offline"));
        QCOMPARE(again.status, 200);
        expectSchema(QStringLiteral("save_draft"), again);
        QCOMPARE(draftOf(again), draft);
        QCOMPARE(draftIds(m_a), QJsonArray {draft.value(QStringLiteral("id"))});
        QCOMPARE(draftOf(tool(
                     QStringLiteral("get_draft"),
                     QJsonObject {{QStringLiteral("draftId"), draft.value(QStringLiteral("id"))}})),
                 draft);

        // Unique per project: another project's writer may pick the same id.
        const HttpResult theirs
            = tool(QStringLiteral("save_draft"),
                   json("{'clientId': '3f2c-laptop-1', 'text': 'Written offline', "
                        "'platforms': ['linkedin']}"),
                   &m_b);
        QCOMPARE(theirs.status, 200);
        QVERIFY(draftOf(theirs).value(QStringLiteral("id")) != draft.value(QStringLiteral("id")));
        QCOMPARE(draftIds(m_a).size(), 1);
        QCOMPARE(draftIds(m_b).size(), 1);

        // A draft saved without one says so.
        QVERIFY(saveNew(QStringLiteral("no client id")).value(QStringLiteral("clientId")).isNull());
    }

    void aClientIdWhoseDraftChangedIsAConflict()
    {
        const QJsonObject draft
            = draftOf(saveWithClientId(QStringLiteral("phone-7"), QStringLiteral("First words")));
        const QString id = draft.value(QStringLiteral("id")).toString();

        // A different body with the same clientId: not the create that made the draft.
        const HttpResult different
            = saveWithClientId(QStringLiteral("phone-7"), QStringLiteral("Other words"));
        QCOMPARE(different.status, 409);
        QCOMPARE(different.errorCode(), QStringLiteral("draft_conflict"));
        QCOMPARE(different.json()
                     .value(QStringLiteral("error"))
                     .toObject()
                     .value(QStringLiteral("draft"))
                     .toObject(),
                 draft);

        // Saved since (revision 2): the create sent again must not undo that, nor make a
        // second draft.
        QCOMPARE(tool(QStringLiteral("save_draft"),
                      QJsonObject {
                          {QStringLiteral("draftId"), id},
                          {QStringLiteral("baseRevision"), 1},
                          {QStringLiteral("text"), QStringLiteral("Edited")},
                          {QStringLiteral("platforms"), QJsonArray {QStringLiteral("linkedin")}}})
                     .status,
                 200);
        const HttpResult stale
            = saveWithClientId(QStringLiteral("phone-7"), QStringLiteral("First words"));
        QCOMPARE(stale.status, 409);
        QCOMPARE(stale.errorCode(), QStringLiteral("draft_conflict"));
        const QJsonObject error = stale.json().value(QStringLiteral("error")).toObject();
        QVERIFY2(error.value(QStringLiteral("message")).toString().contains(u"clientId"),
                 stale.body.constData());
        const QJsonObject current = error.value(QStringLiteral("draft")).toObject();
        QCOMPARE(current.value(QStringLiteral("id")).toString(), id);
        QCOMPARE(current.value(QStringLiteral("text")).toString(), QStringLiteral("Edited"));
        QCOMPARE(current.value(QStringLiteral("revision")).toInteger(), 2);
        QCOMPARE(current.value(QStringLiteral("clientId")).toString(), QStringLiteral("phone-7"));
        const QStringList errors = componentSchemaErrors(m_server->server().registry(),
                                                         QStringLiteral("Error"), stale.json());
        QVERIFY2(errors.isEmpty(), qPrintable(errors.join(u'\n')));
        QCOMPARE(draftIds(m_a), QJsonArray {id});
    }

    void aClientIdOnlyNamesANewDraft()
    {
        QCOMPARE(saveWithClientId(QStringLiteral("{6f1e0c2a-uuid}"), QStringLiteral("new")).status,
                 200);
        const QString id = saveNew(QStringLiteral("saved")).value(QStringLiteral("id")).toString();
        const HttpResult withDraftId
            = tool(QStringLiteral("save_draft"),
                   QJsonObject {{QStringLiteral("draftId"), id},
                                {QStringLiteral("clientId"), QStringLiteral("c-1")},
                                {QStringLiteral("text"), QStringLiteral("x")},
                                {QStringLiteral("platforms"), QJsonArray {}}});
        QCOMPARE(withDraftId.status, 422);
        QCOMPARE(withDraftId.errorCode(), QStringLiteral("validation_failed"));
        QCOMPARE(withDraftId.errorDetails().size(), 1);
        QVERIFY2(withDraftId.errorDetails().constFirst().startsWith(u"clientId:"),
                 withDraftId.body.constData());
        QCOMPARE(draftOf(tool(QStringLiteral("get_draft"),
                              QJsonObject {{QStringLiteral("draftId"), id}}))
                     .value(QStringLiteral("revision"))
                     .toInteger(),
                 1);

        for (const QString &bad : {QString(), QStringLiteral("has space"), QString(101, u'a'),
                                   QStringLiteral("caf\u00e9")}) {
            const HttpResult refused = saveWithClientId(bad, QStringLiteral("x"));
            QCOMPARE(refused.status, 422);
            QVERIFY2(refused.errorDetails().constFirst().startsWith(u"clientId:"),
                     refused.body.constData());
        }
        QCOMPARE(draftIds(m_a).size(), 2);
    }

    void aCreateSentAgainAfterTheIdempotencyWindowFindsItsDraft()
    {
        const Headers key {{"Idempotency-Key", "create-offline-1"}};
        const HttpResult created
            = saveWithClientId(QStringLiteral("tablet-42"), QStringLiteral("From the train"), key);
        QCOMPARE(created.status, 200);
        const QJsonObject draft = draftOf(created);

        // Two days offline: the server has forgotten the key by now, and only the clientId
        // can tell that this create was done.
        m_server->clock().advanceMs(25 * 3600 * 1000LL);
        const HttpResult sameKey
            = saveWithClientId(QStringLiteral("tablet-42"), QStringLiteral("From the train"), key);
        QCOMPARE(sameKey.status, 200);
        QVERIFY(sameKey.header("Idempotent-Replayed").isEmpty()); // not the key's doing
        QCOMPARE(draftOf(sameKey), draft);
        const HttpResult newKey
            = saveWithClientId(QStringLiteral("tablet-42"), QStringLiteral("From the train"),
                               {{"Idempotency-Key", "create-offline-2"}});
        QCOMPARE(newKey.status, 200);
        QCOMPARE(draftOf(newKey), draft);
        const HttpResult noKey
            = saveWithClientId(QStringLiteral("tablet-42"), QStringLiteral("From the train"));
        QCOMPARE(noKey.status, 200);
        QCOMPARE(draftOf(noKey), draft);
        QCOMPARE(draftIds(m_a), QJsonArray {draft.value(QStringLiteral("id"))});
    }

    void concurrentCreatesWithOneClientIdMakeOneDraft()
    {
        // A second server on the same database (as servers sharing one PostgreSQL database
        // would be): the requests are spread over both and all sent before any answer.
        TestServer other(ServerConfig(), 0, m_server->dataDirectory());
        QNetworkAccessManager manager;
        std::vector<std::unique_ptr<QNetworkReply>> replies;
        const QByteArray body = QJsonDocument(json("{'clientId': 'race-1', 'text': 'Once', "
                                                   "'platforms': ['linkedin']}"))
                                    .toJson(QJsonDocument::Compact);
        for (int i = 0; i < 12; ++i) {
            const quint16 port = i % 2 ? other.port() : m_server->port();
            QNetworkRequest request(
                QUrl(QStringLiteral("http://127.0.0.1:%1/api/v2/tools/save_draft").arg(port)));
            request.setHeader(QNetworkRequest::ContentTypeHeader,
                              QStringLiteral("application/json"));
            request.setRawHeader("x-api-key", m_a.apiKey.toUtf8());
            replies.emplace_back(manager.post(request, body));
        }
        QTRY_VERIFY_WITH_TIMEOUT(std::all_of(replies.begin(), replies.end(),
                                             [](const auto &reply) { return reply->isFinished(); }),
                                 20'000);
        QSet<QString> ids;
        for (const auto &reply : replies) {
            const QByteArray answer = reply->readAll();
            QCOMPARE(reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 200);
            ids.insert(QJsonDocument::fromJson(answer)
                           .object()
                           .value(QStringLiteral("draft"))
                           .toObject()
                           .value(QStringLiteral("id"))
                           .toString());
        }
        QCOMPARE(ids.size(), 1);
        QCOMPARE(draftIds(m_a), QJsonArray {*ids.begin()});
    }

    void aDeletedDraftsClientIdMakesItAgain()
    {
        const QString first
            = draftOf(saveWithClientId(QStringLiteral("undo-me"), QStringLiteral("Gone soon")))
                  .value(QStringLiteral("id"))
                  .toString();
        QCOMPARE(
            tool(QStringLiteral("delete_draft"), QJsonObject {{QStringLiteral("draftId"), first}})
                .status,
            200);
        const HttpResult again
            = saveWithClientId(QStringLiteral("undo-me"), QStringLiteral("Gone soon"));
        QCOMPARE(again.status, 200);
        const QString second = draftOf(again).value(QStringLiteral("id")).toString();
        QVERIFY(second != first);
        QCOMPARE(draftIds(m_a), QJsonArray {second});
    }

    void aDraftShowsThePostsMadeFromIt()
    {
        const QString id
            = saveNew(QStringLiteral("Made into posts"), {}).value(QStringLiteral("id")).toString();
        const QString untouched
            = saveNew(QStringLiteral("never posted")).value(QStringLiteral("id")).toString();
        const qint64 start = m_server->clock().nowMs();

        const HttpResult now = publish(id, m_a.twitterAccountId);
        QCOMPARE(now.status, 200);
        const QString nowId = postIdOf(now);
        QVERIFY(m_server->waitForStatus(m_a, nowId, QStringLiteral("published")));
        m_server->clock().advanceMs(1'000);
        const QString at = isotime::format(start + 3'600'000);
        const QString laterId = postIdOf(publish(
            id, m_a.linkedinAccountId, QJsonObject {{QStringLiteral("scheduledTime"), at}}));
        m_server->clock().advanceMs(1'000);
        const HttpResult onPage
            = publish(id, m_a.facebookAccountId,
                      QJsonObject {{QStringLiteral("pageId"), m_a.facebookPageId},
                                   {QStringLiteral("scheduledTime"), at}});
        const QString cancelledId = postIdOf(onPage);
        QCOMPARE(m_server
                     ->send("DELETE",
                            QStringLiteral("/schedules/")
                                + onPage.json().value(QStringLiteral("scheduleId")).toString(),
                            m_a, {})
                     .status,
                 204);

        const HttpResult read
            = tool(QStringLiteral("get_draft"), QJsonObject {{QStringLiteral("draftId"), id}});
        expectSchema(QStringLiteral("get_draft"), read);
        const QJsonArray publications
            = draftOf(read).value(QStringLiteral("publications")).toArray();
        QCOMPARE(publications.size(), 3);

        // Oldest first, each as it is now.
        const QJsonObject published = publications.at(0).toObject();
        const QJsonObject post = m_server->submission(m_a, nowId);
        QCOMPARE(published.value(QStringLiteral("postSubmissionId")).toString(), nowId);
        QCOMPARE(published.value(QStringLiteral("accountId")).toString(), m_a.twitterAccountId);
        QCOMPARE(published.value(QStringLiteral("platform")).toString(), QStringLiteral("twitter"));
        QVERIFY(published.value(QStringLiteral("pageId")).isNull());
        QCOMPARE(published.value(QStringLiteral("status")).toString(), QStringLiteral("published"));
        QVERIFY(published.value(QStringLiteral("scheduledTime")).isNull());
        QCOMPARE(published.value(QStringLiteral("publishedAt")),
                 post.value(QStringLiteral("publishedAt")));
        QVERIFY(published.value(QStringLiteral("publicUrl")).toString().startsWith(u"http"));
        QCOMPARE(published.value(QStringLiteral("publicUrl")),
                 post.value(QStringLiteral("publicUrl")));
        QCOMPARE(published.value(QStringLiteral("createdAt")).toString(), isotime::format(start));
        QVERIFY(published.value(QStringLiteral("errorMessage")).isNull());

        const QJsonObject scheduled = publications.at(1).toObject();
        QCOMPARE(scheduled.value(QStringLiteral("postSubmissionId")).toString(), laterId);
        QCOMPARE(scheduled.value(QStringLiteral("status")).toString(), QStringLiteral("scheduled"));
        QCOMPARE(scheduled.value(QStringLiteral("platform")).toString(),
                 QStringLiteral("linkedin"));
        QCOMPARE(scheduled.value(QStringLiteral("scheduledTime")).toString(), at);
        QVERIFY(scheduled.value(QStringLiteral("publishedAt")).isNull());
        QVERIFY(scheduled.value(QStringLiteral("publicUrl")).isNull());

        const QJsonObject cancelled = publications.at(2).toObject();
        QCOMPARE(cancelled.value(QStringLiteral("postSubmissionId")).toString(), cancelledId);
        QCOMPARE(cancelled.value(QStringLiteral("status")).toString(), QStringLiteral("cancelled"));
        QCOMPARE(cancelled.value(QStringLiteral("pageId")).toString(), m_a.facebookPageId);
        QCOMPARE(cancelled.value(QStringLiteral("scheduledTime")).toString(), at);

        // The list shows the same, and nothing on a draft never posted.
        const HttpResult listed = tool(QStringLiteral("list_drafts"), QJsonObject {});
        expectSchema(QStringLiteral("list_drafts"), listed);
        QHash<QString, QJsonArray> listedPublications;
        for (const QJsonValue &item : listed.items())
            listedPublications.insert(
                item.toObject().value(QStringLiteral("id")).toString(),
                item.toObject().value(QStringLiteral("publications")).toArray());
        QCOMPARE(listedPublications.value(id), publications);
        QCOMPARE(listedPublications.value(untouched), QJsonArray());
        QVERIFY(listedPublications.contains(untouched));

        // And so does a save over the draft.
        const HttpResult saved = tool(
            QStringLiteral("save_draft"),
            QJsonObject {{QStringLiteral("draftId"), id},
                         {QStringLiteral("text"), QStringLiteral("Made into posts, and edited")},
                         {QStringLiteral("platforms"), QJsonArray {}}});
        QCOMPARE(saved.status, 200);
        expectSchema(QStringLiteral("save_draft"), saved);
        QCOMPARE(draftOf(saved).value(QStringLiteral("publications")).toArray(), publications);
    }

    void aFailedPostStaysOnItsDraftWithItsError()
    {
        const QString id = saveNew(QStringLiteral("[sandbox:fail] refused"))
                               .value(QStringLiteral("id"))
                               .toString();
        const QString postId = postIdOf(publish(id, m_a.linkedinAccountId));
        QVERIFY(m_server->waitForStatus(m_a, postId, QStringLiteral("failed")));
        const QJsonArray publications = publicationsOf(id);
        QCOMPARE(publications.size(), 1);
        const QJsonObject failed = publications.at(0).toObject();
        QCOMPARE(failed.value(QStringLiteral("status")).toString(), QStringLiteral("failed"));
        QCOMPARE(failed.value(QStringLiteral("errorMessage")),
                 m_server->submission(m_a, postId).value(QStringLiteral("errorMessage")));
        QVERIFY(!failed.value(QStringLiteral("errorMessage")).toString().isEmpty());
    }

    void aPublishSentAgainWithItsKeyAddsNoPublication()
    {
        const QString id = saveNew(QStringLiteral("once")).value(QStringLiteral("id")).toString();
        const QJsonObject at {{QStringLiteral("scheduledTime"),
                               isotime::format(m_server->clock().nowMs() + 3'600'000)}};
        const Headers key {{"Idempotency-Key", "publish-once"}};
        const HttpResult first = publish(id, m_a.linkedinAccountId, at, key);
        QCOMPARE(first.status, 200);
        const HttpResult again = publish(id, m_a.linkedinAccountId, at, key);
        QCOMPARE(again.status, 200);
        QCOMPARE(again.header("Idempotent-Replayed"), QByteArray("true"));
        QCOMPARE(postIdOf(again), postIdOf(first));
        const QJsonArray publications = publicationsOf(id);
        QCOMPARE(publications.size(), 1);
        QCOMPARE(publications.at(0).toObject().value(QStringLiteral("postSubmissionId")).toString(),
                 postIdOf(first));
    }

    void aPostSaysWhichDraftItWasMadeFrom()
    {
        const QString id = saveNew(QStringLiteral("Sourced"), {QStringLiteral("x")})
                               .value(QStringLiteral("id"))
                               .toString();
        const QString fromDraft = postIdOf(
            publish(id, m_a.twitterAccountId,
                    QJsonObject {{QStringLiteral("scheduledTime"),
                                  isotime::format(m_server->clock().nowMs() + 3'600'000)}}));
        QCOMPARE(m_server->submission(m_a, fromDraft).value(QStringLiteral("draftId")).toString(),
                 id);

        // A client that makes the post itself says which draft it came from.
        m_server->clock().advanceMs(1'000);
        const HttpResult direct = m_server->createPost(
            m_a, m_a.linkedinAccountId, QStringLiteral("linkedin"), QStringLiteral("Sourced too"),
            QJsonObject {{QStringLiteral("draftId"), id},
                         {QStringLiteral("scheduledTime"),
                          isotime::format(m_server->clock().nowMs() + 7'200'000)}});
        QCOMPARE(direct.status, 201);
        const QString directId = postIdOf(direct);
        const HttpResult read = m_server->get(QStringLiteral("/api/v2/posts/") + directId, m_a);
        QCOMPARE(read.json().value(QStringLiteral("draftId")).toString(), id);
        const QStringList errors = resultSchemaErrors(m_server->server().registry(),
                                                      QStringLiteral("get_post"), read.json());
        QVERIFY2(errors.isEmpty(), qPrintable(errors.join(u'\n')));

        const HttpResult plain = m_server->createPost(
            m_a, m_a.linkedinAccountId, QStringLiteral("linkedin"), QStringLiteral("From nowhere"));
        QCOMPARE(plain.status, 201);

        QHash<QString, QJsonValue> draftOfPost;
        const HttpResult listed = m_server->get(QStringLiteral("/api/v2/posts"), m_a);
        for (const QJsonValue &item : listed.items())
            draftOfPost.insert(item.toObject().value(QStringLiteral("postSubmissionId")).toString(),
                               item.toObject().value(QStringLiteral("draftId")));
        QCOMPARE(draftOfPost.value(fromDraft).toString(), id);
        QCOMPARE(draftOfPost.value(directId).toString(), id);
        QVERIFY(draftOfPost.contains(postIdOf(plain)));
        QVERIFY(draftOfPost.value(postIdOf(plain)).isNull());

        const QJsonArray publications = publicationsOf(id);
        QCOMPARE(publications.size(), 2);
        QCOMPARE(publications.at(1).toObject().value(QStringLiteral("postSubmissionId")).toString(),
                 directId);
    }

    void aPostFromAnUnknownDraftIsRefused()
    {
        const QString theirs = draftOf(tool(QStringLiteral("save_draft"),
                                            json("{'text': 'theirs', 'platforms': []}"), &m_b))
                                   .value(QStringLiteral("id"))
                                   .toString();
        for (const QString &draftId :
             {theirs, QStringLiteral("drf_doesnotexist00000000"), QStringLiteral("ps_1")}) {
            const HttpResult refused = m_server->createPost(
                m_a, m_a.linkedinAccountId, QStringLiteral("linkedin"),
                QStringLiteral("Where from?"), QJsonObject {{QStringLiteral("draftId"), draftId}});
            QCOMPARE(refused.status, 422);
            QCOMPARE(refused.errorCode(), QStringLiteral("validation_failed"));
            QVERIFY2(refused.errorDetails().constFirst().startsWith(u"draftId:"),
                     refused.body.constData());
        }
        QCOMPARE(m_server->get(QStringLiteral("/api/v2/posts"), m_a).items().size(), 0);
        // One of the project's own drafts is what it takes.
        const QString ours = saveNew(QStringLiteral("ours")).value(QStringLiteral("id")).toString();
        QCOMPARE(m_server
                     ->createPost(m_a, m_a.linkedinAccountId, QStringLiteral("linkedin"),
                                  QStringLiteral("From here"),
                                  QJsonObject {{QStringLiteral("draftId"), ours}})
                     .status,
                 201);
    }
};

QTEST_GUILESS_MAIN(TestDrafts)
#include "tst_drafts.moc"
