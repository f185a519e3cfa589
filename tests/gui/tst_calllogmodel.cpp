#include "client/apiclient.h"
#include "gui/common/itemcolors.h"
#include "gui/settings/calllogmodel.h"
#include "support/testserver.h"

#include <QAbstractItemModelTester>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTest>

using namespace slotline;
using namespace slotline::gui;
using namespace slotline::test;
using namespace Qt::Literals::StringLiterals;

namespace {

constexpr qint64 HourMs = 3'600'000;

// The rows' values of one column (or role).
QStringList column(const QAbstractItemModel &model, int column, int role = Qt::DisplayRole)
{
    QStringList values;
    for (int row = 0; row < model.rowCount(); ++row)
        values.append(model.index(row, column).data(role).toString());
    return values;
}

} // namespace

class TestCallLogModel : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<TestServer> m_server;
    Tenant m_tenant;
    std::unique_ptr<client::ApiClient> m_client;

    // Each call a second after the last, so the log's order is the order made.
    HttpResult call(const QByteArray &method, const QString &path, const QJsonObject &body = {},
                    const Tenant *as = nullptr)
    {
        m_server->clock().advanceMs(1'000);
        if (method == "GET")
            return m_server->get(u"/api/v2"_s + path, as ? *as : m_tenant);
        return m_server->send(method, path, as ? *as : m_tenant, body);
    }

    // Waits until the model has its answer; false when it failed or took too long.
    static bool loaded(CallLogModel &model)
    {
        return QTest::qWaitFor([&] { return !model.isLoading(); }, 15'000);
    }

private Q_SLOTS:
    void init()
    {
        QLocale::setDefault(QLocale::c());
        m_server = std::make_unique<TestServer>();
        m_tenant = m_server->addTenant(u"Alpha"_s);
        m_client = std::make_unique<client::ApiClient>();
        m_client->setBaseUrl(QUrl(m_server->http().baseUrl()));
        m_client->setApiKey(m_tenant.apiKey);
    }

    void cleanup()
    {
        m_client.reset();
        m_server.reset();
    }

    void showsTheCallsMade()
    {
        QCOMPARE(call("GET", u"/users/me"_s).status, 200);
        QCOMPARE(call("GET", u"/posts/ps_nothing"_s).status, 404);
        const HttpResult saved = call("POST", u"/tools/save_draft"_s,
                                      QJsonObject {{u"text"_s, u"From a tool"_s},
                                                   {u"platforms"_s, QJsonArray {u"linkedin"_s}}});
        QCOMPARE(saved.status, 200);
        const qint64 toolCallAt = m_server->clock().nowMs();

        CallLogModel model(*m_client);
        model.setTimeText(TimeText(&m_server->clock(), QTimeZone::utc()));
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::Fatal);
        QCOMPARE(model.rowCount(), 0);
        QVERIFY(!model.canFetchMore({}));

        QSignalSpy loading(&model, &CallLogModel::loading);
        model.reload();
        QVERIFY(model.isLoading());
        QVERIFY(loaded(model));
        QCOMPARE(loading.size(), 2);
        QCOMPARE(loading.at(0).at(0).toBool(), true);
        QCOMPARE(loading.at(1).at(0).toBool(), false);

        // Newest first.
        QCOMPARE(column(model, CallLogModel::TargetColumn),
                 (QStringList {u"tool: save_draft"_s, u"/posts/ps_nothing"_s, u"/users/me"_s}));
        QCOMPARE(column(model, CallLogModel::MethodColumn),
                 (QStringList {u"POST"_s, u"GET"_s, u"GET"_s}));
        QCOMPARE(column(model, CallLogModel::StatusColumn),
                 (QStringList {u"200"_s, u"404"_s, u"200"_s}));
        QCOMPARE(column(model, CallLogModel::KeyColumn), QStringList(3, m_tenant.apiKeyId));
        QCOMPARE(model.columnCount(), int(CallLogModel::ColumnCount));
        QCOMPARE(model.headerData(CallLogModel::TargetColumn, Qt::Horizontal).toString(),
                 u"Path or tool"_s);

        const QModelIndex tool = model.index(0, 0);
        QCOMPARE(tool.data(CallLogModel::TimeRole).toLongLong(), toolCallAt);
        QCOMPARE(tool.data().toString(),
                 TimeText(&m_server->clock(), QTimeZone::utc()).dateTimeWithSeconds(toolCallAt));
        QVERIFY2(tool.data().toString().endsWith(u"09:00:03"_s),
                 qPrintable(tool.data().toString()));
        QCOMPARE(tool.data(CallLogModel::ToolRole).toString(), u"save_draft"_s);
        const QString arguments = tool.data(CallLogModel::ArgumentsRole).toString();
        QVERIFY2(arguments.contains(u"\n        \"text\": \"From a tool\""_s),
                 qPrintable(arguments));
        QVERIFY(arguments.startsWith(u'{'));
        QVERIFY(QJsonDocument::fromJson(arguments.toUtf8()).isObject());
        QVERIFY(model.index(0, CallLogModel::TargetColumn)
                    .data(Qt::ToolTipRole)
                    .toString()
                    .contains(u"/tools/save_draft"_s));
        QVERIFY(!tool.data(Qt::ForegroundRole).isValid());

        const QString duration = model.index(0, CallLogModel::DurationColumn).data().toString();
        QVERIFY2(QRegularExpression(u"^\\d+\\.\\d ms$"_s).match(duration).hasMatch(),
                 qPrintable(duration));

        const QModelIndex missing = model.index(1, CallLogModel::StatusColumn);
        QCOMPARE(missing.data(CallLogModel::StatusCodeRole).toInt(), 404);
        QCOMPARE(missing.data(Qt::ForegroundRole).value<QColor>(), ItemColors::warning());
        QCOMPARE(missing.data(CallLogModel::ApiKeyIdRole).toString(), m_tenant.apiKeyId);

        // Key names, once known, replace the ids.
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        model.setKeyNames({{m_tenant.apiKeyId, u"Desktop"_s}});
        QCOMPARE(changed.size(), 1);
        QCOMPARE(column(model, CallLogModel::KeyColumn), QStringList(3, u"Desktop"_s));
    }

    void filtersNarrowTheLog()
    {
        const auto [otherKey, otherKeyId] = m_server->addKey(m_tenant.projectId, u"CI"_s);
        Tenant other = m_tenant;
        other.apiKey = otherKey;
        QCOMPARE(call("GET", u"/users/me"_s).status, 200);
        QCOMPARE(call("GET", u"/posts/ps_nothing"_s).status, 404);
        m_server->clock().advanceMs(2 * HourMs);
        QCOMPARE(call("GET", u"/credits"_s, {}, &other).status, 200);
        QCOMPARE(call("GET", u"/posts/ps_other"_s, {}, &other).status, 404);

        CallLogModel model(*m_client);
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::Fatal);

        client::CallFilter filter;
        filter.statuses = {u"4xx"_s};
        model.setFilter(filter);
        QVERIFY(loaded(model));
        QCOMPARE(column(model, CallLogModel::TargetColumn),
                 (QStringList {u"/posts/ps_other"_s, u"/posts/ps_nothing"_s}));

        filter.statuses = {u"404"_s};
        filter.apiKeyId = otherKeyId;
        model.setFilter(filter);
        QVERIFY(loaded(model));
        QCOMPARE(column(model, CallLogModel::TargetColumn), QStringList {u"/posts/ps_other"_s});
        QCOMPARE(model.filter().apiKeyId, otherKeyId);

        // The last hour: the newer calls only (the log's own reads among them).
        filter = {};
        filter.sinceMs = m_server->clock().nowMs() - HourMs;
        model.setFilter(filter);
        QVERIFY(loaded(model));
        const QStringList lastHour = column(model, CallLogModel::TargetColumn);
        QVERIFY(lastHour.contains(u"/credits"_s));
        QVERIFY(lastHour.contains(u"/posts/ps_other"_s));
        QVERIFY(!lastHour.contains(u"/users/me"_s));
        QVERIFY(!lastHour.contains(u"/posts/ps_nothing"_s));
        filter.statuses = {u"4xx"_s};
        model.setFilter(filter);
        QVERIFY(loaded(model));
        QCOMPARE(column(model, CallLogModel::TargetColumn), QStringList {u"/posts/ps_other"_s});

        filter.statuses = {u"5xx"_s};
        model.setFilter(filter);
        QVERIFY(loaded(model));
        QCOMPARE(model.rowCount(), 0);
    }

    void fetchesMoreAPageAtATime()
    {
        for (int i = 0; i < 12; ++i)
            QCOMPARE(call("GET", u"/posts/ps_%1"_s.arg(i)).status, 404);

        CallLogModel model(*m_client);
        model.setPageSize(5);
        QCOMPARE(model.pageSize(), 5);
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::Fatal);
        QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
        client::CallFilter filter;
        filter.statuses = {u"404"_s};
        model.setFilter(filter);
        QVERIFY(loaded(model));
        QCOMPARE(model.rowCount(), 5);
        QVERIFY(model.canFetchMore({}));
        QVERIFY(!model.canFetchMore(model.index(0, 0)));

        model.fetchMore({});
        QVERIFY(model.isLoading());
        QVERIFY(!model.canFetchMore({})); // one page at a time
        model.fetchMore({}); // ignored while the page is on its way
        QVERIFY(loaded(model));
        QCOMPARE(model.rowCount(), 10);
        model.fetchMore({});
        QVERIFY(loaded(model));
        QCOMPARE(model.rowCount(), 12);
        QVERIFY(!model.canFetchMore({}));

        QCOMPARE(inserted.size(), 3);
        QCOMPARE(inserted.at(1).at(1).toInt(), 5); // appended after the first page
        QCOMPARE(inserted.at(2).at(2).toInt(), 11);
        QStringList expected;
        for (int i = 11; i >= 0; --i)
            expected.append(u"/posts/ps_%1"_s.arg(i));
        QCOMPARE(column(model, CallLogModel::TargetColumn), expected);
    }

    void reloadKeepsTheRowsThatStay()
    {
        QCOMPARE(call("GET", u"/posts/ps_a"_s).status, 404);
        QCOMPARE(call("GET", u"/posts/ps_b"_s).status, 404);
        CallLogModel model(*m_client);
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::Fatal);
        client::CallFilter filter;
        filter.statuses = {u"404"_s};
        model.setFilter(filter);
        QVERIFY(loaded(model));
        const QPersistentModelIndex selected = model.index(1, 0);
        const QString selectedId = selected.data(CallLogModel::CallIdRole).toString();

        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
        QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
        QCOMPARE(call("GET", u"/posts/ps_c"_s).status, 404);
        model.reload();
        QVERIFY(loaded(model));
        QCOMPARE(column(model, CallLogModel::TargetColumn),
                 (QStringList {u"/posts/ps_c"_s, u"/posts/ps_b"_s, u"/posts/ps_a"_s}));
        QCOMPARE(reset.size(), 0);
        QCOMPARE(inserted.size(), 1);
        QVERIFY(selected.isValid());
        QCOMPARE(selected.row(), 2);
        QCOMPARE(selected.data(CallLogModel::CallIdRole).toString(), selectedId);
    }

    void failuresAreReported()
    {
        QCOMPARE(call("GET", u"/posts/ps_a"_s).status, 404);
        CallLogModel model(*m_client);
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::Fatal);
        client::CallFilter filter;
        filter.statuses = {u"404"_s};
        model.setFilter(filter);
        QVERIFY(loaded(model));
        QCOMPARE(model.rowCount(), 1);

        QSignalSpy failed(&model, &CallLogModel::failed);
        m_client->setApiKey(u"slk_wrongwrongwrongwrongwrongwrongwrongwron"_s);
        // The same filter: what is shown still answers it.
        model.reload();
        QVERIFY(loaded(model));
        QCOMPARE(failed.size(), 1);
        QVERIFY(!failed.first().first().toString().isEmpty());
        QCOMPARE(model.rowCount(), 1);

        // Another filter: rows of the old one would mislead.
        filter.statuses = {u"5xx"_s};
        model.setFilter(filter);
        QVERIFY(loaded(model));
        QCOMPARE(failed.size(), 2);
        QCOMPARE(model.rowCount(), 0);
        QVERIFY(!model.canFetchMore({}));
    }

    void anOlderAnswerIsDropped()
    {
        QCOMPARE(call("GET", u"/users/me"_s).status, 200);
        QCOMPARE(call("GET", u"/posts/ps_a"_s).status, 404);
        CallLogModel model(*m_client);
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::Fatal);
        QSignalSpy answered(m_client.get(), &client::ApiClient::serverAnswered);
        QStringList everShown;
        connect(&model, &QAbstractItemModel::rowsInserted, this,
                [&](const QModelIndex &, int first, int last) {
                    for (int row = first; row <= last; ++row)
                        everShown.append(
                            model.index(row, CallLogModel::TargetColumn).data().toString());
                });
        client::CallFilter everything;
        model.setFilter(everything);
        client::CallFilter missing;
        missing.statuses = {u"404"_s};
        model.setFilter(missing); // before the first answer is in
        // Both answers are in, in whatever order they came.
        QTRY_COMPARE_WITH_TIMEOUT(answered.size(), 2, 15'000);
        QVERIFY(!model.isLoading());
        QCOMPARE(column(model, CallLogModel::TargetColumn), QStringList {u"/posts/ps_a"_s});
        // The answer to the first filter never showed, not even for a moment.
        QCOMPARE(everShown, QStringList {u"/posts/ps_a"_s});
    }
};

QTEST_MAIN(TestCallLogModel)
#include "tst_calllogmodel.moc"
