#include "client/mediapreviewloader.h"
#include "client/session.h"
#include "core/isotime.h"
#include "gui/dialogs/settingsdialog.h"
#include "gui/mainwindow.h"
#include "gui/models/draftlistmodel.h"
#include "gui/widgets/apikeyspage.h"
#include "gui/widgets/composerwidget.h"
#include "gui/widgets/connectionstatuswidget.h"
#include "gui/widgets/draftspanel.h"
#include "support/manualclock.h"
#include "support/reusableport.h"
#include "support/testserver.h"

#include <QAbstractItemView>
#include <QApplication>
#include <QComboBox>
#include <QDateTimeEdit>
#include <QJsonArray>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTimeZone>
#include <QToolButton>

using namespace slotline;
using namespace slotline::test;
using namespace slotline::gui;

namespace {

// The app's window on a session with a server, as main.cpp puts it together.
struct Desktop
{
    Desktop(quint16 port, const QString &apiKey, const QString &storeFile, const Clock &clock)
        : session(QUrl(QStringLiteral("http://127.0.0.1:%1").arg(port)), apiKey, storeFile)
        , window(session, previews, clock, ConnectionChoice {})
    {
        window.show();
        session.start();
    }

    template<typename T>
    T *find(const QString &name)
    {
        T *found = window.findChild<T *>(name);
        if (!found)
            qFatal("no widget %s", qPrintable(name));
        return found;
    }

    QString label(const QString &name) { return find<QLabel>(name)->text(); }

    client::MediaPreviewLoader previews;
    client::Session session;
    MainWindow window;
};

} // namespace

class TestMainWindow : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_directory;
    int m_stores = 0;

    QString newStoreFile()
    {
        return m_directory.filePath(QStringLiteral("store-%1.sqlite").arg(++m_stores));
    }

    static QJsonArray serverDrafts(TestServer &server, const Tenant &tenant)
    {
        return server.post(QStringLiteral("/tools/list_drafts"), tenant, {}).items();
    }

    static QAbstractItemView *draftsView(Desktop &desktop)
    {
        return desktop.find<QAbstractItemView>(QStringLiteral("draftsView"));
    }

    static QString draftState(Desktop &desktop, int row)
    {
        QAbstractItemModel *model = draftsView(desktop)->model();
        return model->index(row, DraftListModel::SyncColumn).data().toString();
    }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QApplication::setOrganizationName(QStringLiteral("SlotlineTests"));
        QApplication::setApplicationName(QStringLiteral("tst_mainwindow"));
    }

    void aDraftWrittenOfflineSyncsWhenTheServerIsBack()
    {
        const quint16 port = reusablePort();
        QTemporaryDir data;
        auto server = std::make_unique<TestServer>(ServerConfig(), port, data.path());
        const Tenant tenant = server->addTenant(QStringLiteral("Offline"));
        const ManualClock clock; // the server's, which goes with it
        server.reset(); // the server is away when the app starts

        Desktop desktop(port, tenant.apiKey, newStoreFile(), clock);
        auto &status = desktop.window.connectionStatus();
        QTRY_VERIFY(status.stateText().startsWith(QStringLiteral("Offline")));

        // The user writes a draft: the composer saves it by itself.
        desktop.find<QToolButton>(QStringLiteral("twitterButton"))->click();
        QTest::keyClicks(desktop.find<QPlainTextEdit>(QStringLiteral("textEdit")),
                         QStringLiteral("Written on the train"));
        QTRY_COMPARE(draftsView(desktop)->model()->rowCount(), 1);
        QTRY_COMPARE(draftState(desktop, 0), QStringLiteral("Only here"));
        QTRY_VERIFY2(status.stateText().contains(QStringLiteral("1 change")),
                     qPrintable(status.stateText()));

        server = std::make_unique<TestServer>(ServerConfig(), port, data.path());
        QTRY_COMPARE_WITH_TIMEOUT(draftState(desktop, 0), QStringLiteral("Synced"), 15'000);
        QTRY_COMPARE(status.stateText(), QStringLiteral("Online"));
        const QJsonArray onServer = serverDrafts(*server, tenant);
        QCOMPARE(onServer.size(), 1);
        const QJsonObject draft = onServer.first().toObject();
        QCOMPARE(draft.value(QStringLiteral("text")).toString(),
                 QStringLiteral("Written on the train"));
        QCOMPARE(draft.value(QStringLiteral("platforms")).toArray(),
                 QJsonArray {QStringLiteral("twitter")});
    }

    void aPostIsScheduledFromTheComposer()
    {
        TestServer server;
        const Tenant tenant = server.addTenant(QStringLiteral("Schedule"), QStringLiteral("UTC"));
        Desktop desktop(server.port(), tenant.apiKey, newStoreFile(), server.clock());
        auto *accounts = desktop.find<QComboBox>(QStringLiteral("accountCombo"));
        QTRY_VERIFY(accounts->count() == 3); // the demo's accounts, once read

        desktop.find<QToolButton>(QStringLiteral("linkedinButton"))->click();
        QCOMPARE(accounts->count(), 1); // only the LinkedIn account is left to choose
        QTest::keyClicks(desktop.find<QPlainTextEdit>(QStringLiteral("textEdit")),
                         QStringLiteral("Our spring launch"));
        const qint64 at = server.clock().nowMs() + 2 * 3'600'000 - server.clock().nowMs() % 60'000;
        const QDateTime wanted = QDateTime::fromMSecsSinceEpoch(at, QTimeZone::utc());
        desktop.find<QRadioButton>(QStringLiteral("atRadio"))->click();
        desktop.find<QDateTimeEdit>(QStringLiteral("dateTimeEdit"))
            ->setDateTime(QDateTime(wanted.date(), wanted.time()));
        auto *publish = desktop.find<QPushButton>(QStringLiteral("publishButton"));
        QCOMPARE(publish->text(), QStringLiteral("&Schedule"));
        publish->click();

        QTRY_VERIFY_WITH_TIMEOUT(desktop.label(QStringLiteral("resultLabel"))
                                     .startsWith(QStringLiteral("Scheduled for")),
                                 10'000);
        const QJsonArray scheduled
            = server.get(QStringLiteral("/api/v2/posts?status=scheduled"), tenant).items();
        QCOMPARE(scheduled.size(), 1);
        const QJsonObject post = scheduled.first().toObject();
        QCOMPARE(post.value(QStringLiteral("accountId")).toString(), tenant.linkedinAccountId);
        QCOMPARE(post.value(QStringLiteral("text")).toString(),
                 QStringLiteral("Our spring launch"));
        QCOMPARE(post.value(QStringLiteral("scheduledTime")).toString(), isotime::format(at));
    }

    void theServersValidationErrorIsShownNextToItsField()
    {
        TestServer server;
        const Tenant tenant = server.addTenant(QStringLiteral("Refused"), QStringLiteral("UTC"));
        Desktop desktop(server.port(), tenant.apiKey, newStoreFile(), server.clock());
        auto *accounts = desktop.find<QComboBox>(QStringLiteral("accountCombo"));
        QTRY_VERIFY(accounts->count() == 3);
        QTest::keyClicks(desktop.find<QPlainTextEdit>(QStringLiteral("textEdit")),
                         QStringLiteral("Far too early"));
        // Three years ahead: in the future, so fine here; the server allows two years.
        const QDateTime far
            = QDateTime::fromMSecsSinceEpoch(server.clock().nowMs(), QTimeZone::utc()).addYears(3);
        desktop.find<QRadioButton>(QStringLiteral("atRadio"))->click();
        desktop.find<QDateTimeEdit>(QStringLiteral("dateTimeEdit"))
            ->setDateTime(QDateTime(far.date(), far.time()));
        desktop.find<QPushButton>(QStringLiteral("publishButton"))->click();

        QTRY_VERIFY_WITH_TIMEOUT(
            desktop.label(QStringLiteral("timeErrorLabel")).contains(QStringLiteral("two years")),
            10'000);
        QVERIFY(desktop.label(QStringLiteral("textErrorLabel")).isEmpty());
        QVERIFY(desktop.label(QStringLiteral("accountErrorLabel")).isEmpty());
        QVERIFY(desktop.label(QStringLiteral("resultLabel"))
                    .startsWith(QStringLiteral("Not published")));
        QCOMPARE(server.get(QStringLiteral("/api/v2/posts"), tenant).items().size(), 0);

        // A problem found here is shown at once, without asking the server.
        auto *text = desktop.find<QPlainTextEdit>(QStringLiteral("textEdit"));
        text->setPlainText(QString(300, QLatin1Char('x')));
        desktop.find<QToolButton>(QStringLiteral("twitterButton"))->click();
        QCOMPARE(accounts->count(), 1);
        QVERIFY(desktop.find<QLabel>(QStringLiteral("twitterCounter"))
                    ->styleSheet()
                    .contains(QStringLiteral("c62828")));
        QCOMPARE(desktop.label(QStringLiteral("twitterCounter")),
                 QStringLiteral("X (Twitter) 300/280"));
        desktop.find<QRadioButton>(QStringLiteral("nowRadio"))->click();
        desktop.find<QPushButton>(QStringLiteral("publishButton"))->click();
        QVERIFY(
            desktop.label(QStringLiteral("textErrorLabel")).contains(QStringLiteral("300 of 280")));
    }

    void aRateLimitShowsItsCountdown()
    {
        ServerConfig config;
        config.readsPerMinute = 4; // the window's first reads use that up
        TestServer server(config);
        const Tenant tenant = server.addTenant(QStringLiteral("Limited"));
        Desktop desktop(server.port(), tenant.apiKey, newStoreFile(), server.clock());
        auto &status = desktop.window.connectionStatus();
        static const QRegularExpression countdown(QStringLiteral("calls resume in (\\d+) s"));
        QTRY_VERIFY_WITH_TIMEOUT(countdown.match(status.stateText()).hasMatch(), 10'000);
        const int first = countdown.match(status.stateText()).captured(1).toInt();
        QVERIFY2(first > 50 && first <= 60, qPrintable(status.stateText()));
        // It counts down by itself, with no call made.
        QTRY_VERIFY_WITH_TIMEOUT(countdown.match(status.stateText()).captured(1).toInt() < first,
                                 5'000);
    }

    void theCallLogListsTheAppsCalls()
    {
        TestServer server;
        const Tenant tenant = server.addTenant(QStringLiteral("Calls"));
        Desktop desktop(server.port(), tenant.apiKey, newStoreFile(), server.clock());
        QTRY_COMPARE(desktop.window.connectionStatus().stateText(), QStringLiteral("Online"));
        QTRY_VERIFY(desktop.find<QComboBox>(QStringLiteral("accountCombo"))->count() == 3);

        SettingsDialog settings(desktop.session, server.clock(), ConnectionChoice {});
        settings.showPage(SettingsDialog::Page::ApiKeys);
        settings.show();
        auto *calls = settings.findChild<QAbstractItemView *>(QStringLiteral("callsView"));
        QVERIFY(calls);
        QTRY_VERIFY_WITH_TIMEOUT(calls->model()->rowCount() > 3, 10'000);
        QStringList paths;
        for (int row = 0; row < calls->model()->rowCount(); ++row)
            paths.append(calls->model()->index(row, 2).data().toString());
        QVERIFY2(paths.contains(QStringLiteral("/users/me")), qPrintable(paths.join(u' ')));
        QVERIFY2(paths.contains(QStringLiteral("/users/me/accounts")),
                 qPrintable(paths.join(u' ')));
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
