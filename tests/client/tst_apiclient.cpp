#include "client/apiclient.h"
#include "core/isotime.h"
#include "server/apiserver.h"
#include "server/media/addresspolicy.h"
#include "support/fakeaccountserver.h"
#include "support/testserver.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryFile>
#include <QTest>
#include <QTimeZone>

using namespace slotline;
using namespace slotline::test;
using slotline::client::ApiClient;
using slotline::client::ApiError;
using slotline::client::ApiResult;

namespace {

// Runs one call and spins the event loop until its callback has run (the server is in
// the same thread).
template<typename T, typename Start>
std::optional<ApiResult<T>> await(Start start, int timeoutMs = 15'000)
{
    std::optional<ApiResult<T>> result;
    start([&result](const ApiResult<T> &answer) { result.emplace(answer); });
    if (!QTest::qWaitFor([&] { return result.has_value(); }, timeoutMs))
        qWarning("no answer in %d ms", timeoutMs);
    return result;
}

// What went wrong, for a failed check's message (QVERIFY2 evaluates it either way).
template<typename T>
QByteArray why(const std::optional<ApiResult<T>> &result)
{
    if (!result)
        return "no answer";
    return result->ok() ? QByteArray() : result->error().toDisplayString().toUtf8();
}

QByteArray pngBytes(qsizetype size)
{
    QByteArray bytes("\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR", 16);
    bytes.append(QByteArray(size - bytes.size(), 'p'));
    return bytes;
}

// A server that accepts connections and answers each request with `answer` (or never,
// when it is empty), for what the real server never does.
class CannedServer : public QObject
{
public:
    explicit CannedServer(QByteArray answer)
        : m_answer(std::move(answer))
    {
        m_server.listen(QHostAddress::LocalHost, 0);
        connect(&m_server, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket *socket = m_server.nextPendingConnection()) {
                connect(socket, &QTcpSocket::readyRead, socket, [this, socket] {
                    m_received += socket->readAll();
                    if (!m_answer.isEmpty())
                        socket->write(m_answer);
                });
            }
        });
    }
    QUrl url() const
    {
        return QUrl(QStringLiteral("http://127.0.0.1:%1").arg(m_server.serverPort()));
    }
    const QByteArray &received() const { return m_received; }

private:
    QByteArray m_answer;
    QByteArray m_received;
    QTcpServer m_server;
};

} // namespace

class TestApiClient : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<TestServer> m_server;
    Tenant m_a;
    std::unique_ptr<ApiClient> m_client;

    void start(int readsPerMinute = 10'000, int writesPerMinute = 10'000)
    {
        ServerConfig config;
        config.readsPerMinute = readsPerMinute;
        config.writesPerMinute = writesPerMinute;
        config.mediaAddresses = *AddressPolicy::fromAllowList(QStringLiteral("127.0.0.1"), nullptr);
        m_server = std::make_unique<TestServer>(config);
        m_a = m_server->addTenant(QStringLiteral("Alpha"));
        m_server->grantCredits(m_a, 20);
        m_client = std::make_unique<ApiClient>();
        m_client->setBaseUrl(QUrl(m_server->http().baseUrl()));
        m_client->setApiKey(m_a.apiKey);
    }

private Q_SLOTS:
    void cleanup()
    {
        m_client.reset();
        m_server.reset();
    }

    void identityAccountsAndCredits()
    {
        start();
        const auto user = await<UserProfile>([&](auto done) { m_client->getUser(this, done); });
        QVERIFY(user && user->ok());
        QCOMPARE(user->value().projectId, m_a.projectId);
        QCOMPARE(user->value().apiKeyId, m_a.apiKeyId);

        const auto twitter = await<client::ItemPage<Account>>(
            [&](auto done) { m_client->listAccounts(Platform::Twitter, {}, this, done); });
        QVERIFY(twitter && twitter->ok());
        QCOMPARE(twitter->value().items.size(), 1);
        QCOMPARE(twitter->value().items.first().id, m_a.twitterAccountId);
        QVERIFY(!twitter->value().hasMore());

        const auto pages = await<client::ItemPage<Subaccount>>(
            [&](auto done) { m_client->listSubaccounts(m_a.facebookAccountId, {}, this, done); });
        QVERIFY(pages && pages->ok());
        QCOMPARE(pages->value().items.first().id, m_a.facebookPageId);

        const auto credits
            = await<CreditBalance>([&](auto done) { m_client->getCredits(this, done); });
        QVERIFY(credits && credits->ok());
        QCOMPARE(credits->value().remaining, m_server->get(QStringLiteral("/api/v2/credits"), m_a)
                                                 .json()
                                                 .value(QStringLiteral("creditsRemaining"))
                                                 .toInteger());
    }

    void postsSchedulesAndSlots()
    {
        start();
        client::NewPost post;
        post.accountId = m_a.linkedinAccountId;
        post.platform = Platform::LinkedIn;
        post.text = QStringLiteral("From the client");
        post.scheduledAtMs = m_server->clock().nowMs() + 3'600'000;
        const auto created = await<client::PostCreated>(
            [&](auto done) { m_client->createPost(post, QStringLiteral("client-1"), this, done); });
        QVERIFY2(created && created->ok(), why(created).constData());
        QCOMPARE(created->value().status, QStringLiteral("scheduled"));
        QCOMPARE(created->value().scheduledAtMs, post.scheduledAtMs);
        const QString scheduleId = created->value().scheduleId;

        const auto submission = await<Submission>(
            [&](auto done) { m_client->getPost(created->value().postSubmissionId, this, done); });
        QVERIFY(submission && submission->ok());
        QCOMPARE(submission->value().text, post.text);

        client::PostFilter filter;
        filter.statuses = {QStringLiteral("scheduled")};
        filter.platform = Platform::LinkedIn;
        const auto posts = await<client::ItemPage<Submission>>(
            [&](auto done) { m_client->listPosts(filter, this, done); });
        QVERIFY(posts && posts->ok());
        QCOMPARE(posts->value().items.size(), 1);

        const auto schedules = await<client::ItemPage<Schedule>>(
            [&](auto done) { m_client->listSchedules({}, this, done); });
        QVERIFY(schedules && schedules->ok());
        QCOMPARE(schedules->value().items.first().submission.scheduleId, scheduleId);

        client::ScheduleChange change;
        change.scheduledAtMs = *post.scheduledAtMs + 600'000;
        change.text = QStringLiteral("Moved");
        const auto moved = await<Schedule>([&](auto done) {
            m_client->updateSchedule(scheduleId, change, QString(), this, done);
        });
        QVERIFY(moved && moved->ok());
        QCOMPARE(moved->value().submission.scheduledAtMs, change.scheduledAtMs);
        QCOMPARE(moved->value().submission.text, QStringLiteral("Moved"));
        const auto read
            = await<Schedule>([&](auto done) { m_client->getSchedule(scheduleId, this, done); });
        QVERIFY(read && read->ok());

        const auto cancelled = await<client::Done>(
            [&](auto done) { m_client->cancelSchedule(scheduleId, QString(), this, done); });
        QVERIFY(cancelled && cancelled->ok());

        WeeklySlot slot;
        slot.day = Qt::Tuesday;
        slot.hour = 10;
        slot.targets = {SlotTarget {Platform::LinkedIn, m_a.linkedinAccountId, QString()}};
        const auto added = await<QList<WeeklySlot>>(
            [&](auto done) { m_client->addSlots({slot}, false, this, done); });
        QVERIFY2(added && added->ok(), why(added).constData());
        QCOMPARE(added->value().size(), 1);
        const auto slots
            = await<client::SlotList>([&](auto done) { m_client->getSlots(this, done); });
        QVERIFY(slots && slots->ok());
        QCOMPARE(slots->value().timezone, QStringLiteral("UTC"));
        const auto next = await<client::NextSlot>([&](auto done) {
            m_client->nextAvailableSlot(SlotQuery {m_a.linkedinAccountId, std::nullopt, QString()},
                                        std::nullopt, this, done);
        });
        QVERIFY(next && next->ok());
        QCOMPARE(next->value().slotId, added->value().first().id);
        QCOMPARE(QDateTime::fromMSecsSinceEpoch(next->value().atMs, Qt::UTC).time(), QTime(10, 0));
        const auto removed = await<client::Done>(
            [&](auto done) { m_client->deleteSlot(added->value().first().id, this, done); });
        QVERIFY(removed && removed->ok());
    }

    // A search sends its text as it is: a plus sign stays one, and so does a percent
    // sign, though "+" in a query string means a space.
    void searchesSendPlusAndPercentSignsAsThemselves_data()
    {
        QTest::addColumn<QString>("query");
        QTest::addColumn<QStringList>("expected");
        QTest::newRow("plus") << "C++" << QStringList {QStringLiteral("C++ tips")};
        QTest::newRow("percent and plus") << "%2B" << QStringList {QStringLiteral("100%2B tips")};
    }
    void searchesSendPlusAndPercentSignsAsThemselves()
    {
        QFETCH(QString, query);
        QFETCH(QStringList, expected);
        start();
        for (const QString &text : {QStringLiteral("C++ tips"), QStringLiteral("C tips"),
                                    QStringLiteral("100%2B tips")}) {
            const QString id
                = m_server->createPost(m_a, m_a.linkedinAccountId, QStringLiteral("linkedin"), text)
                      .json()
                      .value(QStringLiteral("postSubmissionId"))
                      .toString();
            QVERIFY(m_server->waitForStatus(m_a, id, QStringLiteral("published")));
        }
        client::PublishedPostFilter filter;
        filter.query = query;
        const auto found = await<client::ItemPage<PublishedPost>>(
            [&](auto done) { m_client->listPublishedPosts(filter, this, done); });
        QVERIFY2(found && found->ok(), why(found).constData());
        QStringList texts;
        for (const PublishedPost &post : found->value().items)
            texts.append(post.text);
        QCOMPARE(texts, expected);
    }

    void draftsAndTools()
    {
        start();
        Draft draft;
        draft.text = QStringLiteral("Offline thought");
        draft.platforms = {Platform::Twitter};
        const auto saved = await<Draft>(
            [&](auto done) { m_client->saveDraft(draft, std::nullopt, QString(), this, done); });
        QVERIFY(saved && saved->ok());
        QCOMPARE(saved->value().revision, 1);

        Draft edited = saved->value();
        edited.text = QStringLiteral("Edited here");
        const auto second = await<Draft>(
            [&](auto done) { m_client->saveDraft(edited, 1, QString(), this, done); });
        QVERIFY(second && second->ok());
        QCOMPARE(second->value().revision, 2);

        // Another device still at revision 1: a conflict carrying the server's draft.
        edited.text = QStringLiteral("Edited elsewhere");
        const auto stale = await<Draft>(
            [&](auto done) { m_client->saveDraft(edited, 1, QString(), this, done); });
        QVERIFY(stale && !stale->ok());
        QCOMPARE(stale->error().kind(), ApiError::Kind::Conflict);
        QCOMPARE(stale->error().code(), QStringLiteral("draft_conflict"));
        QVERIFY(stale->error().currentDraft());
        QCOMPARE(stale->error().currentDraft()->text, QStringLiteral("Edited here"));
        QCOMPARE(stale->error().currentDraft()->revision, 2);

        const auto list = await<client::ItemPage<Draft>>(
            [&](auto done) { m_client->listDrafts(QStringLiteral("edited"), {}, this, done); });
        QVERIFY(list && list->ok());
        QCOMPARE(list->value().items.size(), 1);
        const auto got
            = await<Draft>([&](auto done) { m_client->getDraft(saved->value().id, this, done); });
        QVERIFY(got && got->ok());

        client::DraftPublication publication;
        publication.accountId = m_a.twitterAccountId;
        publication.scheduledAtMs = m_server->clock().nowMs() + 7'200'000;
        const auto published = await<client::PostCreated>([&](auto done) {
            m_client->publishDraft(saved->value().id, publication, QString(), this, done);
        });
        QVERIFY(published && published->ok());
        const auto deleted = await<client::Done>(
            [&](auto done) { m_client->deleteDraft(saved->value().id, QString(), this, done); });
        QVERIFY(deleted && deleted->ok());

        const auto tools
            = await<QList<client::ToolInfo>>([&](auto done) { m_client->listTools(this, done); });
        QVERIFY(tools && tools->ok());
        QVERIFY(std::any_of(tools->value().begin(), tools->value().end(),
                            [](const client::ToolInfo &tool) {
                                return tool.name == u"save_draft" && !tool.readOnly;
                            }));
    }

    void mediaUploadsAndFetches()
    {
        start();
        QTemporaryFile file;
        QVERIFY(file.open());
        const QByteArray bytes = pngBytes(2 * 1024 * 1024);
        file.write(bytes);
        file.close();
        const auto ticket = await<client::UploadTicket>([&](auto done) {
            m_client->createUploadUrl(QStringLiteral("photo.png"), QStringLiteral("image/png"),
                                      bytes.size(), this, done);
        });
        QVERIFY(ticket && ticket->ok());
        const int writesLeft = m_client->quota(client::RateClass::Write).remaining;
        QVERIFY(writesLeft > 0);
        qint64 lastSent = 0;
        const auto uploaded = await<client::MediaItem>([&](auto done) {
            m_client->uploadFile(ticket->value(), file.fileName(), this, done,
                                 [&lastSent](qint64 sent, qint64) { lastSent = sent; });
        });
        QVERIFY2(uploaded && uploaded->ok(), why(uploaded).constData());
        QCOMPARE(uploaded->value().size, bytes.size());
        QCOMPARE(uploaded->value().url, ticket->value().publicUrl);
        QCOMPARE(lastSent, bytes.size());
        // The upload address has no rate limit: it costs no write.
        QCOMPARE(m_client->quota(client::RateClass::Write).remaining, writesLeft);

        const auto fetched = await<client::MediaItem>([&](auto done) {
            m_client->fetchMedia(QUrl(uploaded->value().url), QString(), this, done);
        });
        QVERIFY2(fetched && fetched->ok(), why(fetched).constData());
        QCOMPARE(fetched->value().sha256, uploaded->value().sha256);
    }

    void keysAndTheCallLog()
    {
        start();
        await<UserProfile>([&](auto done) { m_client->getUser(this, done); });
        m_server->server().flushCallLog();
        const auto keys = await<client::ItemPage<ApiKeyInfo>>(
            [&](auto done) { m_client->listApiKeys({}, this, done); });
        QVERIFY(keys && keys->ok());
        QCOMPARE(keys->value().items.first().id, m_a.apiKeyId);
        client::CallFilter filter;
        filter.statuses = {QStringLiteral("200")};
        const auto calls = await<client::ItemPage<CallRecord>>(
            [&](auto done) { m_client->listCalls(filter, this, done); });
        QVERIFY(calls && calls->ok());
        QVERIFY(std::any_of(calls->value().items.begin(), calls->value().items.end(),
                            [](const CallRecord &call) {
                                return call.path == u"/users/me" && call.status == 200;
                            }));
    }

    void everyErrorKind()
    {
        start(10'000, 10'000);
        const auto missing = await<Submission>(
            [&](auto done) { m_client->getPost(QStringLiteral("ps_nothing"), this, done); });
        QCOMPARE(missing->error().kind(), ApiError::Kind::NotFound);

        client::NewPost invalid;
        invalid.accountId = m_a.twitterAccountId;
        invalid.platform = Platform::Twitter;
        invalid.text = QString(300, u'a');
        const auto tooLong = await<client::PostCreated>(
            [&](auto done) { m_client->createPost(invalid, QString(), this, done); });
        QCOMPARE(tooLong->error().kind(), ApiError::Kind::Validation);
        QVERIFY(!tooLong->error().messageFor(QStringLiteral("post.content.text")).isEmpty());
        QVERIFY(tooLong->error().toDisplayString().contains(u"post.content.text"));

        m_client->setApiKey(QStringLiteral("slk_wrongwrongwrongwrongwrongwrongwrongwron"));
        const auto unauthorized
            = await<UserProfile>([&](auto done) { m_client->getUser(this, done); });
        QCOMPARE(unauthorized->error().kind(), ApiError::Kind::Unauthorized);
        QCOMPARE(unauthorized->error().status(), 401);
    }

    void noCreditsIsPaymentRequired()
    {
        start();
        const Tenant poor = m_server->addTenant(QStringLiteral("Poor"));
        m_server->grantCredits(poor, -10); // what a new tenant starts with, spent
        m_client->setApiKey(poor.apiKey);
        client::NewPost post;
        post.accountId = poor.linkedinAccountId;
        post.text = QStringLiteral("Free?");
        const auto refused = await<client::PostCreated>(
            [&](auto done) { m_client->createPost(post, QString(), this, done); });
        QCOMPARE(refused->error().kind(), ApiError::Kind::PaymentRequired);
    }

    void anUnreachableServerIsANetworkError()
    {
        QTcpServer closed;
        QVERIFY(closed.listen(QHostAddress::LocalHost, 0));
        const quint16 port = closed.serverPort();
        closed.close();
        ApiClient client;
        client.setBaseUrl(QUrl(QStringLiteral("http://127.0.0.1:%1").arg(port)));
        QSignalSpy unreachable(&client, &ApiClient::serverUnreachable);
        const auto result = await<UserProfile>([&](auto done) { client.getUser(this, done); });
        QVERIFY(result);
        QCOMPARE(result->error().kind(), ApiError::Kind::Network);
        QVERIFY(result->error().isTransient());
        QCOMPARE(unreachable.size(), 1);
    }

    void theKeyDoesNotFollowARedirectElsewhere()
    {
        // A server that answers every request with a redirect to another origin, which
        // records what reaches it.
        CannedServer elsewhere("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}");
        const QByteArray location = elsewhere.url().toString().toLatin1() + "/api/v2/credits";
        CannedServer redirecting("HTTP/1.1 307 Temporary Redirect\r\nLocation: " + location
                                 + "\r\nContent-Length: 0\r\n\r\n");
        ApiClient client;
        client.setBaseUrl(redirecting.url());
        client.setApiKey(QStringLiteral("slk_secretsecretsecretsecretsecretsecretsecr"));
        const auto result = await<CreditBalance>([&](auto done) { client.getCredits(this, done); });
        QVERIFY(result && !result->ok());
        QCOMPARE(result->error().status(), 307);
        QVERIFY(elsewhere.received().isEmpty());
    }

    void aSilentServerTimesOut()
    {
        CannedServer silent {QByteArray()};
        ApiClient client;
        client.setBaseUrl(silent.url());
        client.setTimeoutMs(300);
        const auto result = await<UserProfile>([&](auto done) { client.getUser(this, done); });
        QVERIFY(result);
        QCOMPARE(result->error().kind(), ApiError::Kind::Timeout);
    }

    void aMalformedAnswerIsReportedNotTrusted_data()
    {
        QTest::addColumn<QByteArray>("body");
        QTest::newRow("not json") << QByteArray("<html>proxy error</html>");
        QTest::newRow("an array") << QByteArray("[1, 2]");
        QTest::newRow("a field missing") << QByteArray("{\"id\": \"usr_1\"}");
        QTest::newRow("a wrong type") << QByteArray(
            "{\"id\": 5, \"projectId\": \"p\", \"timezone\": \"UTC\", \"apiKeyId\": \"k\"}");
    }
    void aMalformedAnswerIsReportedNotTrusted()
    {
        QFETCH(QByteArray, body);
        CannedServer odd("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: "
                         + QByteArray::number(body.size()) + "\r\n\r\n" + body);
        ApiClient client;
        client.setBaseUrl(odd.url());
        const auto result = await<UserProfile>([&](auto done) { client.getUser(this, done); });
        QVERIFY(result);
        QCOMPARE(result->error().kind(), ApiError::Kind::MalformedAnswer);
    }

    void everyStatusHasItsKind_data()
    {
        QTest::addColumn<int>("status");
        QTest::addColumn<int>("kind");
        QTest::newRow("400") << 400 << int(ApiError::Kind::BadRequest);
        QTest::newRow("402") << 402 << int(ApiError::Kind::PaymentRequired);
        QTest::newRow("405") << 405 << int(ApiError::Kind::BadRequest);
        QTest::newRow("409") << 409 << int(ApiError::Kind::Conflict);
        QTest::newRow("410") << 410 << int(ApiError::Kind::Gone);
        QTest::newRow("413") << 413 << int(ApiError::Kind::BadRequest);
        QTest::newRow("500") << 500 << int(ApiError::Kind::Server);
        QTest::newRow("503") << 503 << int(ApiError::Kind::Server);
    }
    void everyStatusHasItsKind()
    {
        // Statuses the real server gives only in situations hard to bring about here.
        QFETCH(int, status);
        QFETCH(int, kind);
        const QByteArray body = "{\"error\": {\"code\": \"some_code\", \"message\": \"Said so.\", "
                                "\"details\": [{\"field\": \"x\", \"message\": \"is wrong\"}]}}";
        CannedServer canned("HTTP/1.1 " + QByteArray::number(status)
                            + " X\r\nContent-Type: "
                              "application/json\r\nContent-Length: "
                            + QByteArray::number(body.size()) + "\r\n\r\n" + body);
        ApiClient client;
        client.setBaseUrl(canned.url());
        const auto result = await<CreditBalance>([&](auto done) { client.getCredits(this, done); });
        QVERIFY(result && !result->ok());
        QCOMPARE(int(result->error().kind()), kind);
        QCOMPARE(result->error().status(), status);
        QCOMPARE(result->error().code(), QStringLiteral("some_code"));
        QCOMPARE(result->error().message(), QStringLiteral("Said so."));
        QCOMPARE(result->error().messageFor(QStringLiteral("x")), QStringLiteral("is wrong"));
        QCOMPARE(result->error().isTransient(), status >= 500);
    }

    // Saves drafts "<prefix> 0", "<prefix> 1", ... and records the order of the answers.
    void saveDrafts(ApiClient &client, const QString &prefix, int count,
                    QList<std::optional<ApiResult<Draft>>> &results, QStringList &order)
    {
        for (int i = 0; i < count; ++i) {
            Draft draft;
            draft.text = prefix + u' ' + QString::number(i);
            results.append(std::nullopt);
            const qsizetype slot = results.size() - 1;
            client.saveDraft(draft, std::nullopt, QString(), this,
                             [&results, &order, slot](const ApiResult<Draft> &result) {
                                 results[slot].emplace(result);
                                 if (result.ok())
                                     order.append(result.value().text);
                             });
        }
    }

    void aClassWithNothingLeftIsHeldBack()
    {
        // Two writes a minute. The server's clock is the test's: the window moves only
        // when the test says so, while the client waits in real time.
        start(10'000, 2);
        QSignalSpy answered(m_client.get(), &ApiClient::serverAnswered);
        QList<std::optional<ApiResult<Draft>>> results;
        QStringList order;
        saveDrafts(*m_client, QStringLiteral("early"), 1, results, order);
        QTRY_VERIFY(results[0]);
        m_server->clock().advanceMs(59'000);
        saveDrafts(*m_client, QStringLiteral("late"), 1, results, order);
        QTRY_VERIFY(results[1]);
        // Nothing left until the first write leaves the window, 1 s from now: the next two
        // wait in the client instead of being refused.
        QCOMPARE(m_client->quota(client::RateClass::Write).remaining, 0);
        QCOMPARE(m_client->quota(client::RateClass::Write).limit, 2);
        saveDrafts(*m_client, QStringLiteral("held"), 2, results, order);
        QVERIFY(m_client->waitMs(client::RateClass::Write) > 0);
        QVERIFY(m_client->waitMs(client::RateClass::Write) <= 1000);
        QCOMPARE(m_client->queuedCalls(), 2);
        // Reads have their own limit and are not held.
        const auto read = await<UserProfile>([&](auto done) { m_client->getUser(this, done); });
        QVERIFY(read && read->ok());
        // The first write leaves the window, freeing one request: exactly one of the two
        // goes, and the other waits for the next one to free, rather than being refused.
        m_server->clock().advanceMs(2'000);
        QTRY_VERIFY_WITH_TIMEOUT(results[2] || results[3], 10'000);
        QTest::qWait(300);
        QCOMPARE(int(bool(results[2])) + int(bool(results[3])), 1);
        QCOMPARE(m_client->queuedCalls(), 1);
        QVERIFY(m_client->waitMs(client::RateClass::Write) > 50'000); // until late 0 leaves
        for (const QList<QVariant> &arguments : std::as_const(answered))
            QVERIFY(arguments.first().toInt() != 429);
        QCOMPARE(order.mid(0, 3), (QStringList {QStringLiteral("early 0"), QStringLiteral("late 0"),
                                                QStringLiteral("held 0")}));
        m_client->cancelAll();
    }

    void aRefusedCallWaitsItsRetryAfterAndGoesAgainInOrder()
    {
        start(10'000, 2);
        QList<std::optional<ApiResult<Draft>>> results;
        QStringList order;
        saveDrafts(*m_client, QStringLiteral("early"), 1, results, order);
        QTRY_VERIFY(results[0]);
        m_server->clock().advanceMs(59'000);
        // A client that knows nothing of the limits yet sends three at once: one fits,
        // two are refused with Retry-After 1 and go back in line in their order.
        ApiClient fresh;
        fresh.setBaseUrl(QUrl(m_server->http().baseUrl()));
        fresh.setApiKey(m_a.apiKey);
        QSignalSpy answered(&fresh, &ApiClient::serverAnswered);
        saveDrafts(fresh, QStringLiteral("burst"), 3, results, order);
        QTRY_VERIFY(std::count_if(answered.begin(), answered.end(),
                                  [](const QList<QVariant> &a) { return a.first().toInt() == 429; })
                    == 2);
        QTRY_COMPARE(fresh.queuedCalls(), 2);
        QVERIFY(fresh.waitMs(client::RateClass::Write) > 0);
        QVERIFY(fresh.waitMs(client::RateClass::Write) <= 1000);
        QCOMPARE(order.size(), 2); // early 0 and the one that fitted
        m_server->clock().advanceMs(61'000);
        QTRY_VERIFY_WITH_TIMEOUT(results[2] && results[3], 10'000);
        QVERIFY(results[2]->ok() && results[3]->ok());
        // No call was given up, and the two refused went through in their order.
        const QStringList refusedOrder = order.mid(2);
        QCOMPARE(refusedOrder.size(), 2);
        QVERIFY2(refusedOrder.first() < refusedOrder.last(), qPrintable(order.join(u", ")));
        QCOMPARE(fresh.queuedCalls(), 0);
    }

    void aCallbackWhoseContextIsGoneIsNotCalled()
    {
        start();
        QSignalSpy answered(m_client.get(), &ApiClient::serverAnswered);
        bool called = false;
        auto context = std::make_unique<QObject>();
        m_client->getUser(context.get(),
                          [&called](const ApiResult<UserProfile> &) { called = true; });
        context.reset();
        // Its answer came (the server answered it) and nobody was told.
        QTRY_COMPARE(answered.size(), 1);
        QTest::qWait(50);
        QVERIFY(!called);
    }

    void cancelAllFailsEveryCallOnce()
    {
        start();
        int cancelled = 0;
        for (int i = 0; i < 3; ++i)
            m_client->getUser(this, [&cancelled](const ApiResult<UserProfile> &result) {
                if (!result.ok() && result.error().kind() == ApiError::Kind::Cancelled)
                    ++cancelled;
            });
        m_client->cancelAll();
        QCOMPARE(cancelled, 3);
        QTest::qWait(100);
        QCOMPARE(cancelled, 3);
    }
    // Against a stand-in of the server's connect calls (tests/support/fakeaccountserver).
    void connectingAccounts()
    {
        FakeAccountServer server;
        Account linkedin;
        linkedin.id = QStringLiteral("acc_li");
        linkedin.platform = Platform::LinkedIn;
        linkedin.name = QStringLiteral("Ada");
        linkedin.status = AccountStatus::NeedsReconnect;
        server.addAccount(linkedin);
        server.setUnconfigured({Platform::Facebook});
        ApiClient client;
        client.setBaseUrl(server.baseUrl());
        client.setApiKey(FakeAccountServer::apiKey());

        const auto started = await<client::ConnectStart>([&](auto done) {
            client.connectAccount(Platform::Twitter, QString(), QStringLiteral("connect-1"), this,
                                  done);
        });
        QVERIFY2(started && started->ok(), why(started).constData());
        QCOMPARE(started->value().authorizationUrl.scheme(), QStringLiteral("https"));
        QCOMPARE(started->value().authorizationUrl.host(), QStringLiteral("x.com"));
        QVERIFY(!started->value().state.isEmpty());
        QVERIFY(started->value().expiresAtMs > QDateTime::currentMSecsSinceEpoch());
        const auto sent
            = server.requestsTo("POST", QStringLiteral("/api/v2/users/me/accounts/connect"));
        QCOMPARE(sent.size(), 1);
        // The contract spells X "x" here, and a write carries its key.
        QCOMPARE(sent.first().body,
                 (QJsonObject {{QStringLiteral("platform"), QStringLiteral("x")}}));
        QCOMPARE(sent.first().idempotencyKey, QByteArray("connect-1"));

        server.setScript({QStringLiteral("pending"), QStringLiteral("connected")});
        const QString state = started->value().state;
        const auto pending = await<client::ConnectAttempt>(
            [&](auto done) { client.getConnectAttempt(state, this, done); });
        QVERIFY2(pending && pending->ok(), why(pending).constData());
        QVERIFY(pending->value().status == client::ConnectAttempt::Status::Pending);
        QCOMPARE(pending->value().platform, Platform::Twitter);
        QCOMPARE(pending->value().state, state);
        QVERIFY(pending->value().accountId.isEmpty());
        const auto connected = await<client::ConnectAttempt>(
            [&](auto done) { client.getConnectAttempt(state, this, done); });
        QVERIFY2(connected && connected->ok(), why(connected).constData());
        QVERIFY(connected->value().status == client::ConnectAttempt::Status::Connected);
        QVERIFY(!connected->value().accountId.isEmpty());

        const auto unknown = await<client::ConnectAttempt>(
            [&](auto done) { client.getConnectAttempt(QStringLiteral("st_nobody"), this, done); });
        QVERIFY(unknown && !unknown->ok());
        QCOMPARE(unknown->error().kind(), ApiError::Kind::NotFound);

        // Reconnecting names the account.
        const auto again = await<client::ConnectStart>([&](auto done) {
            client.connectAccount(Platform::LinkedIn, linkedin.id, QStringLiteral("connect-2"),
                                  this, done);
        });
        QVERIFY2(again && again->ok(), why(again).constData());
        QCOMPARE(server.requestsTo("POST", QStringLiteral("/api/v2/users/me/accounts/connect"))
                     .last()
                     .body,
                 (QJsonObject {{QStringLiteral("platform"), QStringLiteral("linkedin")},
                               {QStringLiteral("accountId"), linkedin.id}}));
        server.setScript({QStringLiteral("failed")});
        server.setFailureReason(QStringLiteral("LinkedIn refused: the member denied access."));
        const auto failed = await<client::ConnectAttempt>(
            [&](auto done) { client.getConnectAttempt(again->value().state, this, done); });
        QVERIFY2(failed && failed->ok(), why(failed).constData());
        QVERIFY(failed->value().status == client::ConnectAttempt::Status::Failed);
        QCOMPARE(failed->value().error,
                 QStringLiteral("LinkedIn refused: the member denied access."));

        const auto notConfigured = await<client::ConnectStart>([&](auto done) {
            client.connectAccount(Platform::Facebook, QString(), QStringLiteral("connect-3"), this,
                                  done);
        });
        QVERIFY(notConfigured && !notConfigured->ok());
        QCOMPARE(notConfigured->error().kind(), ApiError::Kind::Validation);
        QCOMPARE(notConfigured->error().code(), QStringLiteral("platform_not_configured"));
        QVERIFY(
            notConfigured->error().message().contains(QStringLiteral("platforms set facebook")));

        const auto noSuchAccount = await<client::ConnectStart>([&](auto done) {
            client.connectAccount(Platform::LinkedIn, QStringLiteral("acc_nobody"),
                                  QStringLiteral("connect-4"), this, done);
        });
        QVERIFY(noSuchAccount && !noSuchAccount->ok());
        QCOMPARE(noSuchAccount->error().kind(), ApiError::Kind::NotFound);

        const auto disconnected = await<client::Done>([&](auto done) {
            client.disconnectAccount(linkedin.id, true, QStringLiteral("disconnect-1"), this, done);
        });
        QVERIFY2(disconnected && disconnected->ok(), why(disconnected).constData());
        const auto deleted
            = server.requestsTo("DELETE", QStringLiteral("/api/v2/users/me/accounts/"));
        QCOMPARE(deleted.size(), 1);
        QCOMPARE(deleted.first().path, QStringLiteral("/api/v2/users/me/accounts/acc_li"));
        QCOMPARE(deleted.first().idempotencyKey, QByteArray("disconnect-1"));
        QVERIFY(server.accounts().first().status == AccountStatus::Disconnected);
    }

    void connectAnswersAreRead_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<bool>("start");
        QTest::addColumn<bool>("valid");
        const QByteArray expires = "\"expiresAt\":\"2026-11-28T10:00:00Z\"";
        QTest::newRow("start")
            << ("{\"authorizationUrl\":\"https://www.linkedin.com/oauth?state=s\","
                "\"state\":\"s\","
                + expires + "}")
            << true << true;
        QTest::newRow("start, no web address")
            << ("{\"authorizationUrl\":\"file:///etc/passwd\",\"state\":\"s\"," + expires + "}")
            << true << false;
        QTest::newRow("start, no state")
            << ("{\"authorizationUrl\":\"https://x.com/\",\"state\":\"\"," + expires + "}") << true
            << false;
        QTest::newRow("attempt pending")
            << ("{\"state\":\"s\",\"platform\":\"x\",\"status\":\"pending\"," + expires + "}")
            << false << true;
        QTest::newRow("attempt connected without account")
            << ("{\"state\":\"s\",\"platform\":\"x\",\"status\":\"connected\"," + expires + "}")
            << false << false;
        QTest::newRow("attempt of unknown status")
            << ("{\"state\":\"s\",\"platform\":\"x\",\"status\":\"maybe\"," + expires + "}")
            << false << false;
        QTest::newRow("attempt expired")
            << ("{\"state\":\"s\",\"platform\":\"facebook\",\"status\":\"expired\"," + expires
                + "}")
            << false << true;
    }

    void connectAnswersAreRead()
    {
        QFETCH(QByteArray, json);
        QFETCH(bool, start);
        QFETCH(bool, valid);
        const QJsonObject object = QJsonDocument::fromJson(json).object();
        QVERIFY(!object.isEmpty());
        QString error;
        const bool read = start ? client::ConnectStart::fromJson(object, &error).has_value()
                                : client::ConnectAttempt::fromJson(object, &error).has_value();
        QCOMPARE(read, valid);
        QCOMPARE(error.isEmpty(), valid);
    }
};

QTEST_GUILESS_MAIN(TestApiClient)
#include "tst_apiclient.moc"
