#include "client/mediapreviewloader.h"
#include "client/session.h"
#include "core/isotime.h"
#include "desktopwindow.h"
#include "gui/accounts/accounttreemodel.h"
#include "gui/calendar/calendarpanel.h"
#include "gui/composer/composerwidget.h"
#include "gui/composer/mediastrip.h"
#include "gui/drafts/draftlistmodel.h"
#include "gui/drafts/draftspanel.h"
#include "gui/mainwindow.h"
#include "gui/posts/postspanel.h"
#include "gui/settings/apikeyspage.h"
#include "gui/settings/settingsdialog.h"
#include "gui/status/connectionstatuswidget.h"
#include "support/manualclock.h"
#include "support/reusableport.h"
#include "support/testserver.h"

#include <QAbstractItemView>
#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QDateTimeEdit>
#include <QDesktopServices>
#include <QImage>
#include <QJsonArray>
#include <QLabel>
#include <QLocale>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QScreen>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTimeZone>
#include <QToolButton>
#include <QTranslator>
#include <QUndoStack>

using namespace slotline;
using namespace slotline::test;
using namespace slotline::gui;

// Stands in for the browser: the addresses the app opens come here.
class BrowserStandIn : public QObject
{
    Q_OBJECT

public:
    QList<QUrl> opened;

public Q_SLOTS:
    void open(const QUrl &url) { opened.append(url); }
};

namespace {

using Desktop = DesktopWindow;

// How far a computer's clock runs ahead of the server's in the tests of the server's refusals.
constexpr qint64 ClockSkewMs = 5LL * 24 * 3'600'000;

// A language that names the command first and the undoing after it.
class CommandFirstTranslator : public QTranslator
{
public:
    QString translate(const char *context, const char *sourceText, const char * = nullptr,
                      int = -1) const override
    {
        if (qstrcmp(context, "slotline::gui::MainWindow") != 0)
            return {};
        if (qstrcmp(sourceText, "&Undo %1") == 0)
            return QStringLiteral("%1 &zurücknehmen");
        if (qstrcmp(sourceText, "&Redo %1") == 0)
            return QStringLiteral("%1 &wiederholen");
        return {};
    }

    bool isEmpty() const override { return false; }
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
        QCOMPARE(publish->text(), QStringLiteral("Sche&dule"));
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
        // The computer's clock is five days ahead of the server's: a time just under two
        // years ahead is fine here, and just over the server's limit there.
        const ManualClock computerClock(server.clock().nowMs() + ClockSkewMs);
        Desktop desktop(server.port(), tenant.apiKey, newStoreFile(), computerClock);
        auto *accounts = desktop.find<QComboBox>(QStringLiteral("accountCombo"));
        QTRY_VERIFY(accounts->count() == 3);
        QTest::keyClicks(desktop.find<QPlainTextEdit>(QStringLiteral("textEdit")),
                         QStringLiteral("Far too early"));
        const QDateTime far
            = QDateTime::fromMSecsSinceEpoch(computerClock.nowMs(), QTimeZone::utc())
                  .addYears(2)
                  .addDays(-2);
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

    void theComposerFollowsItsDraftChangedElsewhere()
    {
        TestServer server;
        const Tenant tenant = server.addTenant(QStringLiteral("Elsewhere"));
        Desktop desktop(server.port(), tenant.apiKey, newStoreFile(), server.clock());
        QTRY_COMPARE(desktop.window.connectionStatus().stateText(), QStringLiteral("Online"));
        auto *text = desktop.find<QPlainTextEdit>(QStringLiteral("textEdit"));
        QTest::keyClicks(text, QStringLiteral("Written here"));
        QTRY_COMPARE_WITH_TIMEOUT(draftState(desktop, 0), QStringLiteral("Synced"), 10'000);
        const QString localId = desktop.window.composer().draftId();
        const QString serverId = desktop.session.store().draft(localId)->serverId;

        // A script edits the draft on the server; the app reads it back.
        server.post(QStringLiteral("/tools/save_draft"), tenant,
                    QJsonObject {{QStringLiteral("draftId"), serverId},
                                 {QStringLiteral("text"), QStringLiteral("Edited by a script")},
                                 {QStringLiteral("platforms"), QJsonArray {}}});
        desktop.session.sync().syncNow();
        QTRY_COMPARE_WITH_TIMEOUT(desktop.session.store().draft(localId)->text,
                                  QStringLiteral("Edited by a script"), 10'000);
        // The composer shows what the draft now says, and saving keeps it.
        QCOMPARE(text->toPlainText(), QStringLiteral("Edited by a script"));
        desktop.window.close();
        QTest::qWait(200);
        QCOMPARE(desktop.session.store().draft(localId)->text,
                 QStringLiteral("Edited by a script"));
    }

    void aDeletedDraftLeavesTheComposer()
    {
        TestServer server;
        const Tenant tenant = server.addTenant(QStringLiteral("Deleted"));
        Desktop desktop(server.port(), tenant.apiKey, newStoreFile(), server.clock());
        client::LocalStore &store = desktop.session.store();
        auto *text = desktop.find<QPlainTextEdit>(QStringLiteral("textEdit"));
        QTest::keyClicks(text, QStringLiteral("Not worth keeping"));
        QTRY_COMPARE(draftsView(desktop)->model()->rowCount(), 1);
        QTRY_VERIFY(!text->toPlainText().isEmpty() && store.drafts().size() == 1
                    && desktop.window.composer().draftId() == store.drafts().first().localId);

        desktop.window.drafts().selectDraft(desktop.window.composer().draftId());
        desktop.window.drafts().deleteAction()->trigger();
        QCOMPARE(store.drafts().size(), 0);
        QVERIFY(text->toPlainText().isEmpty());
        QVERIFY(desktop.window.composer().draftId().isEmpty());

        // Going on does not bring the deleted draft back ...
        desktop.window.composer().newDraft();
        desktop.window.composer().saveDraft();
        QCOMPARE(store.drafts().size(), 0);
        // ... and undoing the deletion brings it back once.
        desktop.window.undoStack().undo();
        desktop.window.composer().newDraft();
        QCOMPARE(store.drafts().size(), 1);
        QCOMPARE(store.drafts().first().text, QStringLiteral("Not worth keeping"));
    }

    void deletingRightAfterTypingDoesNotBringTheDraftBack()
    {
        TestServer server;
        const Tenant tenant = server.addTenant(QStringLiteral("Quick"));
        Desktop desktop(server.port(), tenant.apiKey, newStoreFile(), server.clock());
        client::LocalStore &store = desktop.session.store();
        auto *text = desktop.find<QPlainTextEdit>(QStringLiteral("textEdit"));
        QTest::keyClicks(text, QStringLiteral("First words"));
        desktop.window.composer().saveDraft();
        const QString draft = desktop.window.composer().draftId();
        QCOMPARE(store.drafts().size(), 1);

        // A few more words, and the draft is deleted before the autosave comes round.
        QTest::keyClicks(text, QStringLiteral(", and more"));
        desktop.window.drafts().selectDraft(draft);
        desktop.window.drafts().deleteAction()->trigger();
        QCOMPARE(store.drafts().size(), 0);
        QVERIFY(desktop.window.composer().draftId().isEmpty());
        QTest::qWait(ComposerWidget::AutosaveDelayMs * 2); // what an autosave would need
        QCOMPARE(store.drafts().size(), 0);
    }

    void publishingTwiceQueuesThePublicationOnce()
    {
        TestServer server;
        const Tenant tenant = server.addTenant(QStringLiteral("Twice"));
        Desktop desktop(server.port(), tenant.apiKey, newStoreFile(), server.clock());
        auto *accounts = desktop.find<QComboBox>(QStringLiteral("accountCombo"));
        QTRY_VERIFY(accounts->count() == 3);
        desktop.find<QToolButton>(QStringLiteral("linkedinButton"))->click();
        QTest::keyClicks(desktop.find<QPlainTextEdit>(QStringLiteral("textEdit")),
                         QStringLiteral("Only once, please"));
        // An impatient user clicks twice before the server answers.
        auto *publish = desktop.find<QPushButton>(QStringLiteral("publishButton"));
        publish->click();
        publish->click();
        QCOMPARE(desktop.session.store().pendingScheduling().size(), 1);
        // "Sent for publishing", or already what became of the post.
        QTRY_VERIFY_WITH_TIMEOUT(desktop.label(QStringLiteral("resultLabel"))
                                         .startsWith(QStringLiteral("Sent for publishing"))
                                     || desktop.label(QStringLiteral("resultLabel"))
                                            == QStringLiteral("Published."),
                                 10'000);
        QTRY_COMPARE(desktop.session.store().pendingChanges(), 0);
        QCOMPARE(server.get(QStringLiteral("/api/v2/posts"), tenant).items().size(), 1);

        // Another account is another publication.
        desktop.find<QToolButton>(QStringLiteral("twitterButton"))->click();
        accounts->setCurrentIndex(accounts->findData(tenant.twitterAccountId));
        QVERIFY(accounts->currentIndex() >= 0);
        publish->click();
        QTRY_COMPARE(desktop.session.store().pendingChanges(), 0);
        QTRY_COMPARE(server.get(QStringLiteral("/api/v2/posts"), tenant).items().size(), 2);
    }

    void thePostsRangeMovesWithTheClock()
    {
        TestServer server;
        const Tenant tenant = server.addTenant(QStringLiteral("Range"));
        Desktop desktop(server.port(), tenant.apiKey, newStoreFile(), server.clock());
        QTRY_COMPARE(desktop.window.connectionStatus().stateText(), QStringLiteral("Online"));
        desktop.find<QComboBox>(QStringLiteral("rangeCombo"))->setCurrentIndex(2); // last 7 days
        auto *posts = desktop.find<QAbstractItemView>(QStringLiteral("postsView"));
        QCOMPARE(posts->model()->rowCount(), 0);

        // An hour later a post goes out; reading the posts again shows it.
        server.clock().setNowMs(server.clock().nowMs() + 3'600'000);
        QCOMPARE(server
                     .createPost(tenant, tenant.linkedinAccountId, QStringLiteral("linkedin"),
                                 QStringLiteral("Just out"))
                     .status,
                 201);
        server.clock().advanceMs(60'000);
        desktop.window.posts().refreshAction()->trigger();
        QTRY_COMPARE_WITH_TIMEOUT(posts->model()->rowCount(), 1, 10'000);
    }

    void theWindowsMnemonicsAreUnambiguous()
    {
        TestServer server;
        const Tenant tenant = server.addTenant(QStringLiteral("Keys"));
        Desktop desktop(server.port(), tenant.apiKey, newStoreFile(), server.clock());
        const auto mnemonics = [&desktop] {
            QStringList found;
            const auto add = [&found](const QString &text) {
                const QKeySequence mnemonic = QKeySequence::mnemonic(text);
                if (!mnemonic.isEmpty())
                    found.append(mnemonic.toString());
            };
            for (const QAbstractButton *button : desktop.window.findChildren<QAbstractButton *>()) {
                if (button->isVisibleTo(&desktop.window))
                    add(button->text());
            }
            for (const QLabel *label : desktop.window.findChildren<QLabel *>()) {
                if (label->buddy() && label->isVisibleTo(&desktop.window))
                    add(label->text());
            }
            for (const QAction *menu : desktop.window.menuBar()->actions())
                add(menu->text());
            return found;
        };
        for (const QString &radio :
             {QStringLiteral("nowRadio"), QStringLiteral("atRadio"), QStringLiteral("slotRadio")}) {
            desktop.find<QRadioButton>(radio)->click();
            const QStringList found = mnemonics();
            QStringList unique = found;
            unique.removeDuplicates();
            QVERIFY2(unique.size() == found.size(), qPrintable(found.join(u' ')));
        }
    }

    void uncheckingEveryAccountHidesTheirPostsAndDrafts()
    {
        TestServer server;
        const Tenant tenant = server.addTenant(QStringLiteral("Unchecked"));
        QCOMPARE(server
                     .createPost(tenant, tenant.linkedinAccountId, QStringLiteral("linkedin"),
                                 QStringLiteral("Out there"))
                     .status,
                 201);
        Desktop desktop(server.port(), tenant.apiKey, newStoreFile(), server.clock());
        QTRY_COMPARE(desktop.window.accounts().rowCount(), 3);
        auto *posts = desktop.find<QAbstractItemView>(QStringLiteral("postsView"));
        QTRY_COMPARE_WITH_TIMEOUT(posts->model()->rowCount(), 1, 10'000);
        client::LocalStore &store = desktop.session.store();
        store.createDraft(QStringLiteral("For LinkedIn"), {Platform::LinkedIn}, {},
                          server.clock().nowMs());
        store.createDraft(QStringLiteral("For any platform"), {}, {}, server.clock().nowMs());
        QCOMPARE(draftsView(desktop)->model()->rowCount(), 2);

        desktop.window.accounts().setCheckedAccountIds(QStringList {});
        QCOMPARE(posts->model()->rowCount(), 0);
        QCOMPARE(draftsView(desktop)->model()->rowCount(), 1);
        desktop.window.accounts().setCheckedAccountIds({tenant.linkedinAccountId});
        QCOMPARE(posts->model()->rowCount(), 1);
        QCOMPARE(draftsView(desktop)->model()->rowCount(), 2);
    }

    void eachServerKeepsItsOwnAccountChecks()
    {
        TestServer first;
        const Tenant one = first.addTenant(QStringLiteral("One"));
        TestServer second;
        const Tenant two = second.addTenant(QStringLiteral("Two"));
        const auto remote = [](const TestServer &server, const Tenant &tenant) {
            ConnectionChoice choice;
            choice.mode = ConnectionChoice::Mode::Remote;
            choice.baseUrl = QUrl(QStringLiteral("http://127.0.0.1:%1").arg(server.port()));
            choice.apiKey = tenant.apiKey;
            return choice;
        };
        const QString firstStore = newStoreFile();
        const QStringList kept {one.twitterAccountId, one.facebookAccountId};
        {
            Desktop desktop(first.port(), one.apiKey, firstStore, first.clock(),
                            remote(first, one));
            QTRY_COMPARE(desktop.window.accounts().rowCount(), 3);
            desktop.window.accounts().setCheckedAccountIds(kept);
            desktop.window.close();
        }
        {
            Desktop desktop(second.port(), two.apiKey, newStoreFile(), second.clock(),
                            remote(second, two));
            QTRY_COMPARE(desktop.window.accounts().rowCount(), 3);
            QVERIFY(desktop.window.accounts().allChecked());
            desktop.window.close();
        }
        Desktop desktop(first.port(), one.apiKey, firstStore, first.clock(), remote(first, one));
        QCOMPARE(desktop.window.accounts().checkedAccountIds(), kept);
    }

    void aRefusalArrivingLaterIsShownWithItsDraft()
    {
        const quint16 port = reusablePort();
        QTemporaryDir data;
        auto server = std::make_unique<TestServer>(ServerConfig(), port, data.path());
        const Tenant tenant = server->addTenant(QStringLiteral("Later"));
        // As above: the computer's clock is ahead, the server refuses what it let through.
        const ManualClock clock(ManualClock::DefaultStartMs + ClockSkewMs);
        Desktop desktop(port, tenant.apiKey, newStoreFile(), clock);
        auto *accounts = desktop.find<QComboBox>(QStringLiteral("accountCombo"));
        QTRY_VERIFY(accounts->count() == 3);
        server.reset();
        QTRY_VERIFY(
            desktop.window.connectionStatus().stateText().startsWith(QStringLiteral("Offline")));

        // Offline, a post is scheduled just under two years ahead by the computer's clock.
        QTest::keyClicks(desktop.find<QPlainTextEdit>(QStringLiteral("textEdit")),
                         QStringLiteral("Much too early"));
        const QDateTime far = QDateTime::fromMSecsSinceEpoch(clock.nowMs(), QTimeZone::utc())
                                  .addYears(2)
                                  .addDays(-2);
        desktop.find<QRadioButton>(QStringLiteral("atRadio"))->click();
        desktop.find<QDateTimeEdit>(QStringLiteral("dateTimeEdit"))
            ->setDateTime(QDateTime(far.date(), far.time()));
        desktop.find<QPushButton>(QStringLiteral("publishButton"))->click();
        const QString localId = desktop.window.composer().draftId();
        QVERIFY(!localId.isEmpty());

        // The user looks at another draft and comes back before the server is.
        desktop.window.composer().newDraft();
        QVERIFY(desktop.window.composer().openDraft(localId));
        server = std::make_unique<TestServer>(ServerConfig(), port, data.path());
        QTRY_VERIFY_WITH_TIMEOUT(desktop.label(QStringLiteral("resultLabel"))
                                     .startsWith(QStringLiteral("Not published")),
                                 15'000);
        QVERIFY(
            desktop.label(QStringLiteral("timeErrorLabel")).contains(QStringLiteral("two years")));
    }

    void undoAndRedoWorkFromTheKeyboard()
    {
        TestServer server;
        const Tenant tenant = server.addTenant(QStringLiteral("Keyboard"));
        Desktop desktop(server.port(), tenant.apiKey, newStoreFile(), server.clock());
        desktop.window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&desktop.window));
        client::LocalStore &store = desktop.session.store();
        const QString localId
            = store.createDraft(QStringLiteral("Back and forth"), {}, {}, server.clock().nowMs());
        desktop.window.drafts().selectDraft(localId);
        draftsView(desktop)->setFocus();
        QTest::keyClick(draftsView(desktop), Qt::Key_Delete);
        QCOMPARE(store.drafts().size(), 0);
        QTest::keyClick(draftsView(desktop), Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(store.drafts().size(), 1);
        QTest::keyClick(draftsView(desktop), Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
        QCOMPARE(store.drafts().size(), 0);
    }

    void theEditMenuNamesTheCommandWhereTheLanguagePutsIt()
    {
        CommandFirstTranslator translator;
        QVERIFY(QCoreApplication::installTranslator(&translator));
        const auto uninstall
            = qScopeGuard([&translator] { QCoreApplication::removeTranslator(&translator); });
        TestServer server;
        const Tenant tenant = server.addTenant(QStringLiteral("Menus"));
        Desktop desktop(server.port(), tenant.apiKey, newStoreFile(), server.clock());
        const auto editItems = [&desktop] {
            QStringList texts;
            for (const QAction *action : desktop.find<QMenu>(QStringLiteral("editMenu"))->actions())
                texts.append(action->text());
            return texts;
        };
        QVERIFY2(editItems().contains(QStringLiteral("&Undo")), qPrintable(editItems().join(u'|')));

        const QString localId = desktop.session.store().createDraft(QStringLiteral("Tuesday news"),
                                                                    {}, {}, server.clock().nowMs());
        desktop.window.drafts().selectDraft(localId);
        desktop.window.drafts().deleteAction()->trigger();
        QCOMPARE(desktop.session.store().drafts().size(), 0);
        QVERIFY2(editItems().contains(QStringLiteral("Delete draft “Tuesday news” &zurücknehmen")),
                 qPrintable(editItems().join(u'|')));
        QVERIFY(editItems().contains(QStringLiteral("&Redo")));

        desktop.window.undoStack().undo();
        QVERIFY2(editItems().contains(QStringLiteral("Delete draft “Tuesday news” &wiederholen")),
                 qPrintable(editItems().join(u'|')));
        QVERIFY(editItems().contains(QStringLiteral("&Undo")));
    }

    void aDraftInConflictIsNotPublished()
    {
        TestServer server;
        const Tenant tenant = server.addTenant(QStringLiteral("Conflict"));
        Desktop desktop(server.port(), tenant.apiKey, newStoreFile(), server.clock());
        auto *accounts = desktop.find<QComboBox>(QStringLiteral("accountCombo"));
        QTRY_VERIFY(accounts->count() == 3);
        auto *text = desktop.find<QPlainTextEdit>(QStringLiteral("textEdit"));
        QTest::keyClicks(text, QStringLiteral("Mine"));
        QTRY_COMPARE_WITH_TIMEOUT(draftState(desktop, 0), QStringLiteral("Synced"), 10'000);
        const QString localId = desktop.window.composer().draftId();
        const QString serverId = desktop.session.store().draft(localId)->serverId;
        server.post(QStringLiteral("/tools/save_draft"), tenant,
                    QJsonObject {{QStringLiteral("draftId"), serverId},
                                 {QStringLiteral("text"), QStringLiteral("Theirs")},
                                 {QStringLiteral("platforms"), QJsonArray {}}});

        // Edited here too and published at once: the save meets the conflict, and the
        // server's text, which the user never saw, must not go out.
        QTest::keyClicks(text, QStringLiteral(", edited"));
        desktop.find<QPushButton>(QStringLiteral("publishButton"))->click();
        QTRY_VERIFY_WITH_TIMEOUT(desktop.label(QStringLiteral("resultLabel"))
                                     .startsWith(QStringLiteral("Not published")),
                                 10'000);
        QTRY_COMPARE(desktop.session.store().pendingChanges(), 0);
        QCOMPARE(server.get(QStringLiteral("/api/v2/posts"), tenant).items().size(), 0);

        // While the conflict lasts, publishing is refused here.
        desktop.find<QPushButton>(QStringLiteral("publishButton"))->click();
        QVERIFY(desktop.label(QStringLiteral("resultLabel"))
                    .startsWith(QStringLiteral("Not published")));
        QCOMPARE(desktop.session.store().pendingChanges(), 0);
    }

    void theCreditsFollowAPublication()
    {
        TestServer server;
        const Tenant tenant = server.addTenant(QStringLiteral("Credits"));
        Desktop desktop(server.port(), tenant.apiKey, newStoreFile(), server.clock());
        auto &status = desktop.window.connectionStatus();
        QTRY_VERIFY(desktop.find<QComboBox>(QStringLiteral("accountCombo"))->count() == 3);
        QTRY_VERIFY(!status.creditsText().isEmpty());
        const QString before = status.creditsText();
        QTest::keyClicks(desktop.find<QPlainTextEdit>(QStringLiteral("textEdit")),
                         QStringLiteral("Costs a credit"));
        desktop.find<QPushButton>(QStringLiteral("publishButton"))->click();
        // "Sent for publishing", or already what became of the post.
        QTRY_VERIFY_WITH_TIMEOUT(desktop.label(QStringLiteral("resultLabel"))
                                         .startsWith(QStringLiteral("Sent for publishing"))
                                     || desktop.label(QStringLiteral("resultLabel"))
                                            == QStringLiteral("Published."),
                                 10'000);
        const qint64 remaining = server.get(QStringLiteral("/api/v2/credits"), tenant)
                                     .json()
                                     .value(QStringLiteral("creditsRemaining"))
                                     .toInteger();
        QTRY_COMPARE(status.creditsText(),
                     QStringLiteral("Credits: %1").arg(QLocale().toString(remaining)));
        QVERIFY(status.creditsText() != before);
    }

    void aFileBeingAddedKeepsItsDraftOpen()
    {
        TestServer server;
        const Tenant tenant = server.addTenant(QStringLiteral("Upload"));
        Desktop desktop(server.port(), tenant.apiKey, newStoreFile(), server.clock());
        QTRY_COMPARE(desktop.window.connectionStatus().stateText(), QStringLiteral("Online"));
        client::LocalStore &store = desktop.session.store();
        const QString other
            = store.createDraft(QStringLiteral("Another one"), {}, {}, server.clock().nowMs());
        QTest::keyClicks(desktop.find<QPlainTextEdit>(QStringLiteral("textEdit")),
                         QStringLiteral("With a picture"));
        desktop.window.composer().saveDraft();
        const QString withPicture = desktop.window.composer().draftId();
        QVERIFY(!withPicture.isEmpty());

        QImage image(64, 64, QImage::Format_RGB32);
        image.fill(Qt::darkCyan);
        const QString path = m_directory.filePath(QStringLiteral("picture.png"));
        QVERIFY(image.save(path, "png"));
        auto *media = desktop.window.findChild<MediaStrip *>();
        QVERIFY(media);
        media->addFile(path);
        QVERIFY(media->isBusy());

        // Opening another draft while the file is being added would drop it: the composer
        // says to wait.
        QVERIFY(!desktop.window.composer().openDraft(other));
        QCOMPARE(desktop.window.composer().draftId(), withPicture);
        QVERIFY2(desktop.label(QStringLiteral("resultLabel")).contains(QStringLiteral("added")),
                 qPrintable(desktop.label(QStringLiteral("resultLabel"))));
        QTRY_VERIFY_WITH_TIMEOUT(!media->isBusy(), 10'000);
        QTRY_COMPARE(store.draft(withPicture)->mediaUrls.size(), 1);
        QVERIFY(desktop.window.composer().openDraft(other));
        // The upload goes on through the outbox: the draft gets the server's address.
        QTRY_VERIFY_WITH_TIMEOUT(
            store.draft(withPicture)
                ->mediaUrls.constFirst()
                .startsWith(QStringLiteral("http://127.0.0.1:%1/media/").arg(server.port())),
            10'000);
        QTRY_COMPARE(store.pendingChanges(), 0);
    }

    void aPublishedPostsLinkCanBeCopied()
    {
        TestServer server;
        const Tenant tenant = server.addTenant(QStringLiteral("Linked"));
        const HttpResult created = server.createPost(
            tenant, tenant.twitterAccountId, QStringLiteral("twitter"), QStringLiteral("Out now"));
        const QString id = created.json().value(QStringLiteral("postSubmissionId")).toString();
        QVERIFY(server.waitForStatus(tenant, id, QStringLiteral("published")));
        const QString link
            = server.submission(tenant, id).value(QStringLiteral("publicUrl")).toString();
        QVERIFY(!link.isEmpty());

        Desktop desktop(server.port(), tenant.apiKey, newStoreFile(), server.clock());
        auto *posts = desktop.find<QAbstractItemView>(QStringLiteral("postsView"));
        QTRY_COMPARE(posts->model()->rowCount(), 1);
        QAction *copy = desktop.window.posts().copyLinkAction();
        QVERIFY(!copy->isEnabled()); // nothing chosen yet
        posts->setCurrentIndex(posts->model()->index(0, 0));
        QTRY_VERIFY(copy->isEnabled());
        copy->trigger();
        QCOMPARE(QGuiApplication::clipboard()->text(), link);

        // Enter (or a double click) opens the post's address in the browser.
        BrowserStandIn browser;
        QDesktopServices::setUrlHandler(QStringLiteral("http"), &browser, "open");
        QDesktopServices::setUrlHandler(QStringLiteral("https"), &browser, "open");
        const auto restore = qScopeGuard([] {
            QDesktopServices::unsetUrlHandler(QStringLiteral("http"));
            QDesktopServices::unsetUrlHandler(QStringLiteral("https"));
        });
        posts->setFocus();
        QTest::keyClick(posts, Qt::Key_Return);
        QCOMPARE(browser.opened, QList<QUrl>({QUrl(link)}));
    }

    void closingDuringAnUploadAsksFirst()
    {
        TestServer server;
        const Tenant tenant = server.addTenant(QStringLiteral("Closing"));
        Desktop desktop(server.port(), tenant.apiKey, newStoreFile(), server.clock());
        QTRY_COMPARE(desktop.window.connectionStatus().stateText(), QStringLiteral("Online"));
        QSignalSpy closed(&desktop.window, &MainWindow::closed);
        QImage image(32, 32, QImage::Format_RGB32);
        image.fill(Qt::darkRed);
        const QString path = m_directory.filePath(QStringLiteral("closing.png"));
        QVERIFY(image.save(path, "png"));
        auto *media = desktop.window.findChild<MediaStrip *>();
        const auto question = [&desktop] {
            return desktop.window.findChild<QMessageBox *>(
                QStringLiteral("closeWhileUploadingBox"));
        };

        // Wait: the window stays.
        media->addFile(path);
        QVERIFY(media->isBusy());
        QVERIFY(!desktop.window.close());
        QVERIFY(desktop.window.isVisible());
        QTRY_VERIFY(question());
        QCOMPARE(question()->defaultButton()->text(), QStringLiteral("&Wait")); // the safe one
        question()->defaultButton()->click();
        QTRY_VERIFY(!question());
        QVERIFY(closed.isEmpty());
        QTRY_VERIFY_WITH_TIMEOUT(!media->isBusy(), 10'000);

        // Close anyway: it closes.
        media->addFile(path);
        QVERIFY(!desktop.window.close());
        QTRY_VERIFY(question());
        for (QAbstractButton *button : question()->buttons()) {
            if (button->text() == QStringLiteral("&Close anyway"))
                button->click();
        }
        QTRY_COMPARE(closed.size(), 1);
        QVERIFY(!desktop.window.isVisible());
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

    void theFirstStartsWindowIsNoLargerThanTheScreen()
    {
        QSettings().remove(QStringLiteral("mainWindow/geometry"));
        TestServer server;
        const Tenant tenant = server.addTenant(QStringLiteral("Screen"));
        Desktop desktop(server.port(), tenant.apiKey, newStoreFile(), server.clock());
        const QSize screen = desktop.window.screen()->availableGeometry().size();
        const QSize minimum = desktop.window.minimumSizeHint();
        // The form asks for 1280 by 800; the offscreen screen is smaller.
        QVERIFY2(desktop.window.height() <= std::max(screen.height(), minimum.height()),
                 qPrintable(QStringLiteral("%1 on a %2 high screen")
                                .arg(desktop.window.height())
                                .arg(screen.height())));
        QVERIFY2(desktop.window.width() <= std::max(screen.width(), minimum.width()),
                 qPrintable(QString::number(desktop.window.width())));
    }

    void theWeekCalendarIsFirstAndADraftGoesToTheNextFreeSlotByKeyboard()
    {
        TestServer server;
        const Tenant tenant = server.addTenant(QStringLiteral("Slots"), QStringLiteral("UTC"));
        // The server's clock is Monday 09:00 UTC: the next free slot is Tuesday 10:00.
        server.post(QStringLiteral("/schedule/slots"), tenant,
                    {{QStringLiteral("slots"),
                      QJsonArray {QJsonObject {{QStringLiteral("day"), QStringLiteral("tuesday")},
                                               {QStringLiteral("hour"), 10},
                                               {QStringLiteral("minute"), 0}}}}});
        Desktop desktop(server.port(), tenant.apiKey, newStoreFile(), server.clock());
        QCOMPARE(desktop.find<QTabWidget>(QStringLiteral("centralTabs"))->currentWidget(),
                 &desktop.window.calendar());
        // It fits a common laptop screen (1366 by 768) with the calendar in it.
        QVERIFY2(desktop.window.minimumSizeHint().width() <= 1366,
                 qPrintable(QString::number(desktop.window.minimumSizeHint().width())));
        QVERIFY2(desktop.window.minimumSizeHint().height() <= 700,
                 qPrintable(QString::number(desktop.window.minimumSizeHint().height())));
        QTRY_COMPARE(desktop.window.connectionStatus().stateText(), QStringLiteral("Online"));
        QTRY_VERIFY(desktop.find<QComboBox>(QStringLiteral("targetCombo"))->count() > 3);
        desktop.window.calendar().setTarget({tenant.twitterAccountId, {}});
        const QString draft = desktop.session.store().createDraft(
            QStringLiteral("Next free slot"), {Platform::Twitter}, {}, server.clock().nowMs());
        desktop.window.drafts().selectDraft(draft);
        draftsView(desktop)->setFocus();
        QTest::keyClick(draftsView(desktop), Qt::Key_Return,
                        Qt::ControlModifier | Qt::ShiftModifier);
        const auto scheduled = [&] {
            return server.get(QStringLiteral("/api/v2/posts?status=scheduled"), tenant).items();
        };
        QTRY_COMPARE(scheduled().size(), 1);
        const QJsonObject post = scheduled().first().toObject();
        QCOMPARE(post.value(QStringLiteral("scheduledTime")).toString(),
                 QStringLiteral("2026-03-03T10:00:00.000Z"));
        QCOMPARE(post.value(QStringLiteral("accountId")).toString(), tenant.twitterAccountId);
        QVERIFY(desktop.window.undoStack().undoText().contains(QStringLiteral("next free slot")));
        desktop.window.undoStack().undo();
        QTRY_VERIFY(scheduled().isEmpty());
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
