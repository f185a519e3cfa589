#include "client/apiclient.h"
#include "gui/common/itemcolors.h"
#include "gui/settings/apikeylistmodel.h"
#include "storage/apikeyrepository.h"
#include "support/testserver.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>

using namespace slotline;
using namespace slotline::gui;
using namespace slotline::test;
using namespace Qt::Literals::StringLiterals;

namespace {

QStringList column(const QAbstractItemModel &model, int column, int role = Qt::DisplayRole)
{
    QStringList values;
    for (int row = 0; row < model.rowCount(); ++row)
        values.append(model.index(row, column).data(role).toString());
    return values;
}

bool loaded(ApiKeyListModel &model)
{
    return QTest::qWaitFor([&] { return !model.isLoading(); }, 15'000);
}

} // namespace

class TestApiKeyListModel : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<TestServer> m_server;
    Tenant m_tenant;
    std::unique_ptr<client::ApiClient> m_client;

    TimeText timeText() { return TimeText(&m_server->clock(), QTimeZone::utc()); }

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

    void listsTheProjectsKeys()
    {
        m_server->clock().advanceMs(60'000);
        const auto [ciKey, ciKeyId] = m_server->addKey(m_tenant.projectId, u"CI"_s);
        Q_UNUSED(ciKey)
        const qint64 ciCreated = m_server->clock().nowMs();
        m_server->clock().advanceMs(60'000);
        const auto [oldKey, oldKeyId] = m_server->addKey(m_tenant.projectId, u"Old laptop"_s);
        Q_UNUSED(oldKey)
        QCOMPARE(ApiKeyRepository(m_server->database(), m_server->clock()).revoke(oldKeyId),
                 ApiKeyRepository::RevokeResult::Revoked);
        // Another project's key is not this project's business.
        m_server->addTenant(u"Beta"_s);
        // The tenant's key is used (the log records its last use).
        QCOMPARE(m_server->get(u"/api/v2/users/me"_s, m_tenant).status, 200);
        m_server->server().flushCallLog();

        ApiKeyListModel model(*m_client);
        model.setTimeText(timeText());
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::Fatal);
        QCOMPARE(model.rowCount(), 0);
        QSignalSpy loading(&model, &ApiKeyListModel::loading);
        model.reload();
        QVERIFY(model.isLoading());
        QVERIFY(loaded(model));
        QCOMPARE(loading.size(), 2);

        QCOMPARE(model.columnCount(), int(ApiKeyListModel::ColumnCount));
        QCOMPARE(model.headerData(ApiKeyListModel::LastUsedColumn, Qt::Horizontal).toString(),
                 u"Last used"_s);
        QCOMPARE(column(model, 0, ApiKeyListModel::KeyIdRole),
                 (QStringList {m_tenant.apiKeyId, ciKeyId, oldKeyId}));
        QCOMPARE(column(model, ApiKeyListModel::NameColumn),
                 (QStringList {u"test"_s, u"CI"_s, u"Old laptop (revoked)"_s}));
        for (const QString &prefix : column(model, ApiKeyListModel::PrefixColumn)) {
            QVERIFY2(prefix.startsWith(u"slk_"_s), qPrintable(prefix));
            QVERIFY2(prefix.endsWith(u"…"_s), qPrintable(prefix));
        }
        QVERIFY(m_tenant.apiKey.startsWith(
            model.index(0, ApiKeyListModel::PrefixColumn).data().toString().chopped(1)));

        QCOMPARE(model.index(1, ApiKeyListModel::CreatedColumn).data().toString(),
                 timeText().dateTime(ciCreated));
        QCOMPARE(model.index(1, 0).data(ApiKeyListModel::CreatedAtRole).toLongLong(), ciCreated);
        QCOMPARE(model.index(1, ApiKeyListModel::LastUsedColumn).data().toString(), u"never"_s);
        QVERIFY(!model.index(1, 0).data(ApiKeyListModel::LastUsedAtRole).isValid());
        QVERIFY(model.index(0, 0).data(ApiKeyListModel::LastUsedAtRole).isValid());
        QCOMPARE(model.index(0, ApiKeyListModel::LastUsedColumn).data().toString(),
                 timeText().dateTime(
                     model.index(0, 0).data(ApiKeyListModel::LastUsedAtRole).toLongLong()));

        const QModelIndex revoked = model.index(2, ApiKeyListModel::PrefixColumn);
        QVERIFY(revoked.data(ApiKeyListModel::RevokedRole).toBool());
        QCOMPARE(revoked.data(Qt::ForegroundRole).value<QColor>(), ItemColors::muted());
        QVERIFY(revoked.data(Qt::ToolTipRole).toString().startsWith(u"Revoked"_s));
        QVERIFY(!model.index(1, 0).data(ApiKeyListModel::RevokedRole).toBool());
        QVERIFY(!model.index(1, 0).data(Qt::ForegroundRole).isValid());

        const QHash<QString, QString> names = model.keyNames();
        QCOMPARE(names.size(), 3);
        QCOMPARE(names.value(ciKeyId), u"CI"_s);
        QCOMPARE(model.keys().size(), 3);
    }

    void readsEveryPage()
    {
        // More keys than one page holds.
        for (int i = 0; i < 104; ++i) {
            m_server->clock().advanceMs(1); // oldest first: a distinct time keeps the order
            m_server->addKey(m_tenant.projectId, u"key %1"_s.arg(i, 3, 10, QChar(u'0')));
        }
        ApiKeyListModel model(*m_client);
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::Fatal);
        QSignalSpy answered(m_client.get(), &client::ApiClient::serverAnswered);
        model.reload();
        QVERIFY(loaded(model));
        QCOMPARE(answered.size(), 2);
        QCOMPARE(model.rowCount(), 105);
        QCOMPARE(model.index(104, 0).data().toString(), u"key 103"_s);
    }

    void aReloadKeepsTheRowsThatStay()
    {
        ApiKeyListModel model(*m_client);
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::Fatal);
        model.reload();
        QVERIFY(loaded(model));
        const QPersistentModelIndex selected = model.index(0, 0);

        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
        QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
        const auto [key, keyId] = m_server->addKey(m_tenant.projectId, u"New"_s);
        Q_UNUSED(key)
        QCOMPARE(ApiKeyRepository(m_server->database(), m_server->clock()).revoke(keyId),
                 ApiKeyRepository::RevokeResult::Revoked);
        model.reload();
        QVERIFY(loaded(model));
        QCOMPARE(reset.size(), 0);
        QCOMPARE(inserted.size(), 1);
        QCOMPARE(model.rowCount(), 2);
        QVERIFY(selected.isValid());
        QCOMPARE(selected.data(ApiKeyListModel::KeyIdRole).toString(), m_tenant.apiKeyId);
        QCOMPARE(model.index(1, 0).data().toString(), u"New (revoked)"_s);
    }

    void aFailureIsReported()
    {
        ApiKeyListModel model(*m_client);
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::Fatal);
        QSignalSpy failed(&model, &ApiKeyListModel::failed);
        QSignalSpy loading(&model, &ApiKeyListModel::loading);
        m_client->setApiKey(u"slk_wrongwrongwrongwrongwrongwrongwrongwron"_s);
        model.reload();
        QVERIFY(loaded(model));
        QCOMPARE(failed.size(), 1);
        QVERIFY(!failed.first().first().toString().isEmpty());
        QCOMPARE(loading.size(), 2);
        QCOMPARE(model.rowCount(), 0);
    }
};

QTEST_MAIN(TestApiKeyListModel)
#include "tst_apikeylistmodel.moc"
