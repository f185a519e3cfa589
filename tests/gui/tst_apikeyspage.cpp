#include "client/apiclient.h"
#include "gui/settings/apikeylistmodel.h"
#include "gui/settings/apikeyspage.h"
#include "gui/settings/calllogmodel.h"
#include "support/testserver.h"

#include <QComboBox>
#include <QFontDatabase>
#include <QJsonArray>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTest>
#include <QTreeView>

using namespace slotline;
using namespace slotline::gui;
using namespace slotline::test;
using namespace Qt::Literals::StringLiterals;

namespace {

constexpr qint64 HourMs = 3'600'000;

QStringList targets(const QTreeView &view)
{
    QStringList values;
    const QAbstractItemModel &model = *view.model();
    for (int row = 0; row < model.rowCount(); ++row)
        values.append(model.index(row, CallLogModel::TargetColumn).data().toString());
    return values;
}

} // namespace

class TestApiKeysPage : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<TestServer> m_server;
    Tenant m_tenant;
    Tenant m_ci; // the same project, another key
    std::unique_ptr<client::ApiClient> m_client;
    std::unique_ptr<ApiKeysPage> m_page;

    template<typename T>
    T *child(const char *name)
    {
        T *found = m_page->findChild<T *>(QString::fromLatin1(name));
        if (!found)
            qWarning("no %s", name);
        return found;
    }

    HttpResult call(const QByteArray &method, const QString &path, const Tenant &as,
                    const QJsonObject &body = {})
    {
        m_server->clock().advanceMs(1'000);
        if (method == "GET")
            return m_server->get(u"/api/v2"_s + path, as);
        return m_server->send(method, path, as, body);
    }

    bool settled()
    {
        return QTest::qWaitFor(
            [&] { return !m_page->keyModel().isLoading() && !m_page->callModel().isLoading(); },
            15'000);
    }

    // Chooses the entry of a filter with this data, as the user would.
    bool choose(const char *comboName, const QVariant &data)
    {
        QComboBox *combo = child<QComboBox>(comboName);
        const int index = combo->findData(data);
        if (index < 0)
            return false;
        combo->setCurrentIndex(index);
        return settled();
    }

private Q_SLOTS:
    void init()
    {
        QLocale::setDefault(QLocale::c());
        m_server = std::make_unique<TestServer>();
        m_tenant = m_server->addTenant(u"Alpha"_s);
        m_ci = m_tenant;
        std::tie(m_ci.apiKey, m_ci.apiKeyId) = m_server->addKey(m_tenant.projectId, u"CI"_s);
        m_client = std::make_unique<client::ApiClient>();
        m_client->setBaseUrl(QUrl(m_server->http().baseUrl()));
        m_client->setApiKey(m_tenant.apiKey);
        m_page = std::make_unique<ApiKeysPage>(*m_client);
        m_page->setClock(&m_server->clock());
        m_page->resize(900, 700);
    }

    void cleanup()
    {
        m_page.reset();
        m_client.reset();
        m_server.reset();
    }

    void nothingIsAskedBeforeAReload()
    {
        QSignalSpy answered(m_client.get(), &client::ApiClient::serverAnswered);
        m_page->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_page.get()));
        QCOMPARE(answered.size(), 0);
        QCOMPARE(child<QTreeView>("callsView")->model()->rowCount(), 0);
        QCOMPARE(child<QLabel>("statusLine")->text(), QString());
    }

    void keysAndTheirFilter()
    {
        m_page->reload();
        QVERIFY(settled());
        QTreeView *keys = child<QTreeView>("keysView");
        QCOMPARE(keys->model()->rowCount(), 2);
        QCOMPARE(keys->model()->index(1, ApiKeyListModel::NameColumn).data().toString(), u"CI"_s);

        QComboBox *keyFilter = child<QComboBox>("keyFilter");
        QCOMPARE(keyFilter->count(), 3);
        QCOMPARE(keyFilter->itemText(0), u"All keys"_s);
        QCOMPARE(keyFilter->itemText(2), u"CI"_s);
        QCOMPARE(keyFilter->itemData(2).toString(), m_ci.apiKeyId);

        // The call log names keys rather than showing their ids.
        QTreeView *calls = child<QTreeView>("callsView");
        QVERIFY(calls->model()->rowCount() > 0);
        QCOMPARE(calls->model()->index(0, CallLogModel::KeyColumn).data().toString(), u"test"_s);
    }

    void filtersNarrowTheCallLog()
    {
        QCOMPARE(call("GET", u"/users/me"_s, m_tenant).status, 200);
        QCOMPARE(call("GET", u"/posts/ps_old"_s, m_tenant).status, 404);
        m_server->clock().advanceMs(2 * HourMs);
        QCOMPARE(call("GET", u"/posts/ps_ci"_s, m_ci).status, 404);
        QCOMPARE(call("GET", u"/credits"_s, m_ci).status, 200);

        m_page->reload();
        QVERIFY(settled());
        QTreeView *calls = child<QTreeView>("callsView");
        // By default: every status, every key, the last 24 hours.
        QVERIFY(targets(*calls).contains(u"/users/me"_s));
        QVERIFY(targets(*calls).contains(u"/credits"_s));

        QVERIFY(choose("statusFilter", QStringList {u"4xx"_s}));
        QCOMPARE(targets(*calls), (QStringList {u"/posts/ps_ci"_s, u"/posts/ps_old"_s}));
        for (int row = 0; row < calls->model()->rowCount(); ++row)
            QCOMPARE(calls->model()->index(row, 0).data(CallLogModel::StatusCodeRole).toInt(), 404);

        QVERIFY(choose("keyFilter", m_ci.apiKeyId));
        QCOMPARE(targets(*calls), QStringList {u"/posts/ps_ci"_s});
        QCOMPARE(m_page->callFilter().apiKeyId, m_ci.apiKeyId);

        QVERIFY(choose("keyFilter", QString()));
        QVERIFY(choose("timeFilter", HourMs));
        QCOMPARE(targets(*calls), QStringList {u"/posts/ps_ci"_s});
        QCOMPARE(m_page->callFilter().sinceMs, m_server->clock().nowMs() - HourMs);

        QVERIFY(choose("timeFilter", qint64(0)));
        QVERIFY(choose("statusFilter", QStringList {u"2xx"_s}));
        QVERIFY(targets(*calls).contains(u"/users/me"_s));
        QVERIFY(!targets(*calls).contains(u"/posts/ps_old"_s));
        QVERIFY(choose("statusFilter", QStringList {u"5xx"_s}));
        QCOMPARE(targets(*calls), QStringList());

        QVERIFY(choose("statusFilter", QStringList {u"404"_s}));
        QCOMPARE(targets(*calls), (QStringList {u"/posts/ps_ci"_s, u"/posts/ps_old"_s}));
        const client::CallFilter filter = m_page->callFilter();
        QCOMPARE(filter.statuses, QStringList {u"404"_s});
        QVERIFY(filter.apiKeyId.isEmpty());
        QVERIFY(!filter.sinceMs);
    }

    void selectingACallShowsItsArguments()
    {
        QCOMPARE(call("POST", u"/tools/save_draft"_s, m_tenant,
                      QJsonObject {{u"text"_s, u"From the page"_s},
                                   {u"platforms"_s, QJsonArray {u"twitter"_s}}})
                     .status,
                 200);
        QCOMPARE(call("GET", u"/users/me"_s, m_tenant).status, 200);
        m_page->reload();
        QVERIFY(settled());

        QTreeView *calls = child<QTreeView>("callsView");
        QPlainTextEdit *arguments = child<QPlainTextEdit>("argumentsView");
        QVERIFY(arguments->isReadOnly());
        QCOMPARE(arguments->font().family(),
                 QFontDatabase::systemFont(QFontDatabase::FixedFont).family());
        QVERIFY(arguments->toPlainText().isEmpty());

        const int toolRow = int(targets(*calls).indexOf(u"tool: save_draft"_s));
        QVERIFY(toolRow >= 0);
        const QModelIndex tool = calls->model()->index(toolRow, 0);
        calls->selectionModel()->select(tool, QItemSelectionModel::ClearAndSelect
                                                  | QItemSelectionModel::Rows);
        QCOMPARE(arguments->toPlainText(), tool.data(CallLogModel::ArgumentsRole).toString());
        QVERIFY(arguments->toPlainText().contains(u"\"text\": \"From the page\""_s));

        // Clicking another row shows that one's.
        const int meRow = int(targets(*calls).indexOf(u"/users/me"_s));
        m_page->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_page.get()));
        const QRect rect = calls->visualRect(calls->model()->index(meRow, 1));
        QTest::mouseClick(calls->viewport(), Qt::LeftButton, {}, rect.center());
        QCOMPARE(calls->selectionModel()->selectedRows().value(0).row(), meRow);
        QVERIFY(!arguments->toPlainText().contains(u"From the page"_s));

        calls->clearSelection();
        QVERIFY(arguments->toPlainText().isEmpty());
    }

    void scrollingFetchesTheNextPages()
    {
        for (int i = 0; i < 40; ++i)
            QCOMPARE(call("GET", u"/posts/ps_%1"_s.arg(i), m_tenant).status, 404);
        m_page->callModel().setPageSize(5);
        m_page->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_page.get()));
        QVERIFY(choose("statusFilter", QStringList {u"404"_s}));
        QTreeView *calls = child<QTreeView>("callsView");
        QVERIFY(calls->model()->rowCount() >= 5);

        // The user scrolls to the end until there is no more.
        QVERIFY(QTest::qWaitFor(
            [&] {
                calls->scrollToBottom();
                return calls->model()->rowCount() == 40;
            },
            15'000));
        QVERIFY(!m_page->callModel().canFetchMore({}));
        QCOMPARE(targets(*calls).last(), u"/posts/ps_0"_s);
        QCOMPARE(child<QLabel>("statusLine")->text(), u"40 call(s)."_s);
    }

    void problemsShowInTheStatusLine()
    {
        QLabel *status = child<QLabel>("statusLine");
        m_client->setApiKey(u"slk_wrongwrongwrongwrongwrongwrongwrongwron"_s);
        m_page->reload();
        QCOMPARE(status->text(), u"Loading…"_s);
        QVERIFY(settled());
        QVERIFY2(status->text().contains(u"Could not load the call log: "_s),
                 qPrintable(status->text()));
        QVERIFY2(status->text().contains(u"Could not load the API keys: "_s),
                 qPrintable(status->text()));

        m_client->setApiKey(m_tenant.apiKey);
        child<QPushButton>("refreshButton")->click();
        QVERIFY(settled());
        QVERIFY2(!status->text().contains(u"Could not"_s), qPrintable(status->text()));
        QVERIFY2(status->text().contains(u"call"_s), qPrintable(status->text()));
    }

    void accessibleNamesAndTabOrder()
    {
        const QStringList order {u"keysView"_s,     u"statusFilter"_s,  u"keyFilter"_s,
                                 u"timeFilter"_s,   u"refreshButton"_s, u"callsView"_s,
                                 u"argumentsView"_s};
        for (const QString &name : order) {
            QWidget *widget = m_page->findChild<QWidget *>(name);
            QVERIFY2(widget, qPrintable(name));
            QVERIFY2(!widget->accessibleName().isEmpty(), qPrintable(name));
        }

        // The focus chain, keeping only the widgets one tabs to.
        QStringList chain;
        QWidget *start = m_page->findChild<QWidget *>(order.first());
        QWidget *widget = start;
        do {
            if ((widget->focusPolicy() & Qt::TabFocus) && order.contains(widget->objectName()))
                chain.append(widget->objectName());
            widget = widget->nextInFocusChain();
        } while (widget && widget != start);
        QCOMPARE(chain, order);
    }
};

QTEST_MAIN(TestApiKeysPage)
#include "tst_apikeyspage.moc"
