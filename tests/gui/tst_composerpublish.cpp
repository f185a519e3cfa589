// Publishing from the composer with the real mouse of an X server: xdotool moves the X
// pointer and clicks, and the app gets the events as from a person's mouse (double clicks
// included). What a manager must be able to trust: one click or two, one post; a draft
// that went somewhere already is not posted there again without asking; messages never
// move the controls under the mouse; the page chosen stays chosen.
#include "desktopwindow.h"
#include "gui/common/messagelabel.h"
#include "gui/composer/answerfield.h"
#include "gui/composer/composerwidget.h"
#include "gui/mainwindow.h"
#include "gui/status/connectionstatuswidget.h"
#include "storage/accountrepository.h"
#include "support/testserver.h"

#include <QAbstractButton>
#include <QApplication>
#include <QComboBox>
#include <QDateTimeEdit>
#include <QJsonArray>
#include <QJsonObject>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QProcess>
#include <QPushButton>
#include <QRadioButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTimeZone>
#include <QToolButton>
#include <QUndoStack>

using namespace slotline;
using namespace slotline::test;
using namespace slotline::gui;
using namespace Qt::Literals::StringLiterals;

namespace {

// The window a little larger than its default, so the composer is laid out as on a desk.
struct Desktop : DesktopWindow
{
    Desktop(quint16 port, const QString &apiKey, const QString &storeFile, const Clock &clock)
        : DesktopWindow(port, apiKey, storeFile, clock)
    {
        window.resize(1400, 900);
    }

    QString message(const QString &name) { return label(name); }
};

// Clicks `widget` in its middle `count` times in a row (2: a double click), with the X
// server's pointer, and waits until the clicks are made. The event loop runs meanwhile.
bool realClick(QWidget *widget, int count = 1)
{
    const QPoint at = widget->mapToGlobal(widget->rect().center());
    QProcess xdotool;
    xdotool.start(u"xdotool"_s,
                  // No --sync: it waits for the pointer to move, forever when it is there
                  // already (the previous click's window was at the same place).
                  {u"mousemove"_s, QString::number(at.x()), QString::number(at.y()), u"sleep"_s,
                   u"0.2"_s, u"click"_s, u"--repeat"_s, QString::number(count), u"--delay"_s,
                   u"60"_s, u"1"_s});
    if (!QTest::qWaitFor([&] { return xdotool.state() == QProcess::NotRunning; }, 10'000))
        return false;
    // The events are the X server's now; let the app read all of them.
    QTest::qWait(300);
    return xdotool.exitStatus() == QProcess::NormalExit && xdotool.exitCode() == 0;
}

// The composer's word once the server took the post: "Sent for publishing", or already
// what became of it.
bool sentForPublishing(const QString &message)
{
    return message.startsWith(u"Sent for publishing"_s) || message == u"Published."_s;
}

QMessageBox *visibleBox(const QString &name)
{
    for (QWidget *widget : QApplication::topLevelWidgets()) {
        if (auto *box = qobject_cast<QMessageBox *>(widget);
            box && box->isVisible() && box->objectName() == name)
            return box;
    }
    return nullptr;
}

QAbstractButton *buttonNamed(QMessageBox *box, const QString &text)
{
    for (QAbstractButton *button : box->buttons()) {
        if (button->text().remove(u'&') == text)
            return button;
    }
    return nullptr;
}

} // namespace

class TestComposerPublish : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_stores;
    int m_storeCount = 0;

    QString newStoreFile() { return m_stores.filePath(u"store-%1.sqlite"_s.arg(++m_storeCount)); }

    static QList<QJsonObject> posts(TestServer &server, const Tenant &tenant)
    {
        QList<QJsonObject> found;
        for (const QJsonValue &item : server.get(u"/api/v2/posts"_s, tenant).items())
            found.append(item.toObject());
        return found;
    }

    // The composer ready to publish `text` with the account of `platformButton`.
    static void write(Desktop &desktop, const QString &platformButton, const QString &text)
    {
        auto *accounts = desktop.find<QComboBox>(u"accountCombo"_s);
        QTRY_COMPARE_WITH_TIMEOUT(accounts->count(), 3, 10'000);
        QTRY_COMPARE(desktop.window.connectionStatus().stateText(), u"Online"_s);
        desktop.find<QToolButton>(platformButton)->click();
        QCOMPARE(accounts->count(), 1);
        desktop.find<QPlainTextEdit>(u"textEdit"_s)->setPlainText(text);
    }

private Q_SLOTS:
    // The server's field paths, in its own and the tools' shapes, land beside their part.
    void refusalsLandBesideTheirPartOfTheForm_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<int>("part");
        QTest::addColumn<int>("mediaIndex");
        using Part = AnswerField::Part;
        QTest::newRow("text") << u"text"_s << int(Part::Text) << -1;
        QTest::newRow("post text") << u"post.content.text"_s << int(Part::Text) << -1;
        QTest::newRow("medium") << u"mediaUrls[2]"_s << int(Part::Media) << 2;
        QTest::newRow("post medium") << u"post.content.mediaUrls[0]"_s << int(Part::Media) << 0;
        QTest::newRow("medium without a number") << u"mediaUrls[x]"_s << int(Part::Elsewhere) << -1;
        QTest::newRow("account") << u"post.accountId"_s << int(Part::Account) << -1;
        QTest::newRow("page") << u"pageId"_s << int(Part::Account) << -1;
        QTest::newRow("target") << u"target.pageId"_s << int(Part::Account) << -1;
        QTest::newRow("platform") << u"post.content.platform"_s << int(Part::Account) << -1;
        QTest::newRow("time") << u"scheduledTime"_s << int(Part::Time) << -1;
        QTest::newRow("slot") << u"useNextFreeSlot"_s << int(Part::Time) << -1;
        QTest::newRow("anything else") << u"draftId"_s << int(Part::Elsewhere) << -1;
    }
    void refusalsLandBesideTheirPartOfTheForm()
    {
        QFETCH(QString, path);
        QFETCH(int, part);
        QFETCH(int, mediaIndex);
        const AnswerField field = AnswerField::of(path);
        QCOMPARE(int(field.part), part);
        QCOMPARE(field.mediaIndex, mediaIndex);
    }

    void initTestCase()
    {
        QVERIFY(m_stores.isValid());
        QVERIFY2(!QStandardPaths::findExecutable(u"xdotool"_s).isEmpty(),
                 "xdotool is required (scripts/install-deps.sh installs it)");
    }

    void aDoubleClickOnPublishNowPublishesOnce()
    {
        TestServer server;
        const Tenant tenant = server.addTenant(u"Double"_s);
        Desktop desktop(server.port(), tenant.apiKey, newStoreFile(), server.clock());
        write(desktop, u"twitterButton"_s, u"Launch day is here"_s);
        auto *publish = desktop.find<QPushButton>(u"publishButton"_s);
        QCOMPARE(publish->text(), u"Pu&blish now"_s);

        QVERIFY(realClick(publish, 2));
        QTRY_VERIFY_WITH_TIMEOUT(sentForPublishing(desktop.message(u"resultLabel"_s)), 10'000);
        // The second click found the button disabled, or (had the first publication been
        // answered in between) a question instead of a second post.
        if (QMessageBox *box = visibleBox(u"publishAgainBox"_s))
            box->reject();
        QTest::qWait(500); // anything still on its way would arrive now
        const QList<QJsonObject> made = posts(server, tenant);
        QCOMPARE(made.size(), 1);
        QCOMPARE(made.first().value(u"accountId"_s).toString(), tenant.twitterAccountId);
        QVERIFY(publish->isEnabled()); // free again once the answer is in
    }

    // The composer schedules through the calendar's changer: a scheduled post is undone
    // from Edit > Undo as a drop is, and a post published now (which cannot be taken back
    // once out) is not offered for undoing.
    void aScheduledPublicationIsUndoneLikeADrop()
    {
        TestServer server;
        const Tenant tenant = server.addTenant(u"Undo"_s);
        Desktop desktop(server.port(), tenant.apiKey, newStoreFile(), server.clock());
        write(desktop, u"twitterButton"_s, u"Maybe tomorrow"_s);
        QUndoStack &undoStack = desktop.window.undoStack();
        const int before = undoStack.count();
        desktop.find<QRadioButton>(u"atRadio"_s)->click();
        const QDateTime tomorrow
            = QDateTime::fromMSecsSinceEpoch(server.clock().nowMs()).addDays(1);
        desktop.find<QDateTimeEdit>(u"dateTimeEdit"_s)->setDateTime(tomorrow);
        desktop.find<QPushButton>(u"publishButton"_s)->click();
        QCOMPARE(undoStack.count(), before + 1);
        QVERIFY2(undoStack.undoText().startsWith(u"Schedule “Maybe tomorrow” at"_s),
                 qPrintable(undoStack.undoText()));
        QTRY_COMPARE_WITH_TIMEOUT(server.scheduledPosts(tenant).size(), 1, 10'000);

        undoStack.undo();
        QTRY_COMPARE_WITH_TIMEOUT(server.scheduledPosts(tenant).size(), 0, 10'000);

        desktop.find<QRadioButton>(u"nowRadio"_s)->click();
        desktop.find<QPushButton>(u"publishButton"_s)->click();
        QTRY_VERIFY_WITH_TIMEOUT(sentForPublishing(desktop.message(u"resultLabel"_s)), 10'000);
        QCOMPARE(undoStack.count(), before + 1); // the schedule's, undone; nothing new
        QVERIFY(undoStack.canRedo());
    }

    // Two X accounts, a brand's and a person's. The brand, chosen in the composer and the
    // calendar, comes to need reconnecting: both keep it chosen and say so, and publishing
    // is refused with the reason. Reconnected, it publishes to the brand. No post ever
    // goes to the other account.
    void theChosenAccountStaysChosenThroughAReconnect()
    {
        TestServer server;
        const Tenant tenant = server.addTenant(u"Two on X"_s);
        AccountRepository repository(server.database(), server.clock());
        NewAccount brandAccount;
        brandAccount.projectId = tenant.projectId;
        brandAccount.platform = Platform::Twitter;
        brandAccount.name = u"Brand on X"_s;
        brandAccount.username = u"brand"_s;
        const QString brand = repository.add(brandAccount).id;
        Desktop desktop(server.port(), tenant.apiKey, newStoreFile(), server.clock());
        auto *accounts = desktop.find<QComboBox>(u"accountCombo"_s);
        auto *targets = desktop.find<QComboBox>(u"targetCombo"_s);
        auto *publish = desktop.find<QPushButton>(u"publishButton"_s);
        QTRY_COMPARE_WITH_TIMEOUT(accounts->count(), 4, 10'000);
        QTRY_COMPARE(desktop.window.connectionStatus().stateText(), u"Online"_s);
        desktop.find<QToolButton>(u"twitterButton"_s)->click();
        QCOMPARE(accounts->count(), 2);
        const int brandRow = accounts->findData(brand, Qt::UserRole);
        QVERIFY(brandRow >= 0);
        accounts->setCurrentIndex(brandRow);
        const int brandTarget = targets->findData(QStringList {brand, QString()});
        QVERIFY(brandTarget >= 0);
        targets->setCurrentIndex(brandTarget);
        desktop.find<QPlainTextEdit>(u"textEdit"_s)->setPlainText(u"For the brand's followers"_s);

        // X refused the brand's token: the server marks it, the app hears of it.
        repository.setStatus(brand, AccountStatus::NeedsReconnect, u"X refused the token"_s);
        desktop.session.sync().refreshReference();
        QTRY_VERIFY_WITH_TIMEOUT(accounts->currentText().contains(u"Needs reconnect"_s), 10'000);
        QCOMPARE(accounts->currentData(Qt::UserRole).toString(), brand);
        QTRY_COMPARE(targets->currentData().toStringList().value(0), brand);
        QVERIFY2(targets->currentText().contains(u"Needs reconnect"_s),
                 qPrintable(targets->currentText()));
        QVERIFY(realClick(publish));
        QTRY_VERIFY(desktop.message(u"accountErrorLabel"_s).contains(u"connected again"_s));
        QVERIFY2(desktop.message(u"accountErrorLabel"_s).contains(u"Brand on X"_s),
                 qPrintable(desktop.message(u"accountErrorLabel"_s)));
        QTest::qWait(300);
        QCOMPARE(posts(server, tenant).size(), 0);
        QCOMPARE(accounts->currentData(Qt::UserRole).toString(), brand);

        // Reconnected: the same choice, now publishing.
        repository.setStatus(brand, AccountStatus::Connected);
        desktop.session.sync().refreshReference();
        QTRY_VERIFY_WITH_TIMEOUT(!accounts->currentText().contains(u"Needs reconnect"_s), 10'000);
        QCOMPARE(accounts->currentData(Qt::UserRole).toString(), brand);
        QCOMPARE(targets->currentData().toStringList().value(0), brand);
        QVERIFY(realClick(publish));
        QTRY_COMPARE_WITH_TIMEOUT(posts(server, tenant).size(), 1, 10'000);
        QTest::qWait(300);
        for (const QJsonObject &post : posts(server, tenant))
            QCOMPARE(post.value(u"accountId"_s).toString(), brand);
    }

    // After "Sent for publishing", the composer says what became of the post: published,
    // or not, with the reason, never "sent" for a post that failed.
    void theComposerSaysWhatBecameOfThePost_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("outcome");
        QTest::newRow("published") << u"All good"_s << u"Published."_s;
        QTest::newRow("failed") << u"Please [sandbox:fail]"_s
                                << u"Not published: The sandbox refused this post"_s;
    }
    void theComposerSaysWhatBecameOfThePost()
    {
        QFETCH(QString, text);
        QFETCH(QString, outcome);
        TestServer server;
        const Tenant tenant = server.addTenant(u"Outcome"_s);
        Desktop desktop(server.port(), tenant.apiKey, newStoreFile(), server.clock());
        write(desktop, u"twitterButton"_s, text);
        QVERIFY(realClick(desktop.find<QPushButton>(u"publishButton"_s)));
        QTRY_VERIFY_WITH_TIMEOUT(desktop.message(u"resultLabel"_s).startsWith(outcome), 20'000);
    }

    void publishingAgainAsksFirstAndNamesWhereItWent()
    {
        TestServer server;
        const Tenant tenant = server.addTenant(u"Again"_s);
        Desktop desktop(server.port(), tenant.apiKey, newStoreFile(), server.clock());
        write(desktop, u"linkedinButton"_s, u"Our spring offer"_s);
        auto *publish = desktop.find<QPushButton>(u"publishButton"_s);
        QVERIFY(realClick(publish));
        QTRY_VERIFY_WITH_TIMEOUT(sentForPublishing(desktop.message(u"resultLabel"_s)), 10'000);
        QTRY_COMPARE(posts(server, tenant).size(), 1);

        // A click a moment later asks first, naming the account; No posts nothing.
        QVERIFY(realClick(publish));
        QTRY_VERIFY(visibleBox(u"publishAgainBox"_s));
        QMessageBox *box = visibleBox(u"publishAgainBox"_s);
        QVERIFY2(box->text().contains(u"LinkedIn"_s), qPrintable(box->text()));
        // Published, or still being published as far as the app has heard.
        QVERIFY2(box->text().contains(u"already published"_s)
                     || box->text().contains(u"being published"_s),
                 qPrintable(box->text()));
        QCOMPARE(box->defaultButton(), box->button(QMessageBox::Cancel));
        QVERIFY(realClick(box->button(QMessageBox::Cancel)));
        QTRY_VERIFY(!visibleBox(u"publishAgainBox"_s));
        QTest::qWait(300);
        QCOMPARE(posts(server, tenant).size(), 1);

        // Said yes to, it is a second post, knowingly.
        QVERIFY(realClick(publish));
        QTRY_VERIFY(visibleBox(u"publishAgainBox"_s));
        box = visibleBox(u"publishAgainBox"_s);
        QAbstractButton *again = buttonNamed(box, u"Publish again"_s);
        QVERIFY(again);
        QVERIFY(realClick(again));
        QTRY_COMPARE_WITH_TIMEOUT(posts(server, tenant).size(), 2, 10'000);
    }

    void messagesNeverMoveTheControls()
    {
        TestServer server;
        const Tenant tenant = server.addTenant(u"Steady"_s);
        Desktop desktop(server.port(), tenant.apiKey, newStoreFile(), server.clock());
        write(desktop, u"twitterButton"_s, u"Short"_s);
        QTest::qWait(200); // laid out
        const QStringList names {u"publishButton"_s, u"accountCombo"_s, u"pageCombo"_s,
                                 u"nowRadio"_s,      u"atRadio"_s,      u"slotRadio"_s};
        const auto geometries = [&] {
            QList<QRect> rects;
            for (const QString &name : names) {
                QWidget *widget = desktop.find<QWidget>(name);
                rects.append(QRect(widget->mapTo(&desktop.window, QPoint(0, 0)), widget->size()));
            }
            return rects;
        };
        const QList<QRect> before = geometries();

        // A problem with the text, then the outcome of a publication: both appear, and
        // nothing the mouse aims at moves.
        desktop.find<QPlainTextEdit>(u"textEdit"_s)->setPlainText(QString(300, u'x'));
        QVERIFY(desktop.message(u"textErrorLabel"_s).contains(u"300 of 280"_s));
        QTest::qWait(100);
        QCOMPARE(geometries(), before);
        desktop.find<QPlainTextEdit>(u"textEdit"_s)->setPlainText(u"Short again"_s);
        QVERIFY(desktop.message(u"textErrorLabel"_s).isEmpty());
        QVERIFY(realClick(desktop.find<QPushButton>(u"publishButton"_s)));
        QTRY_VERIFY_WITH_TIMEOUT(!desktop.message(u"resultLabel"_s).isEmpty(), 10'000);
        QTest::qWait(100);
        QCOMPARE(geometries(), before);
    }

    void thePageChosenStaysAfterPublishing()
    {
        TestServer server;
        const Tenant tenant = server.addTenant(u"Pages"_s);
        Desktop desktop(server.port(), tenant.apiKey, newStoreFile(), server.clock());
        write(desktop, u"facebookButton"_s, u"From the page"_s);
        auto *pages = desktop.find<QComboBox>(u"pageCombo"_s);
        QTRY_COMPARE(pages->count(), 2); // the account itself, and its page
        pages->setCurrentIndex(1);
        QCOMPARE(pages->currentData().toString(), tenant.facebookPageId);

        QVERIFY(realClick(desktop.find<QPushButton>(u"publishButton"_s)));
        QTRY_VERIFY_WITH_TIMEOUT(sentForPublishing(desktop.message(u"resultLabel"_s)), 10'000);
        // The accounts and credits are read again after a publication: "As:" stays.
        QSignalSpy refreshed(&desktop.session.sync(), &client::SyncEngine::referenceRefreshed);
        desktop.session.sync().refreshReference();
        QTRY_VERIFY_WITH_TIMEOUT(!refreshed.isEmpty(), 10'000);
        QCOMPARE(pages->currentData().toString(), tenant.facebookPageId);
        const QList<QJsonObject> made = posts(server, tenant);
        QCOMPARE(made.size(), 1);
        QCOMPARE(made.first().value(u"target"_s).toObject().value(u"pageId"_s).toString(),
                 tenant.facebookPageId);
    }

    void validationFollowsTheChoicesAsTheyAreMade()
    {
        TestServer server;
        const Tenant tenant = server.addTenant(u"Live"_s);
        Desktop desktop(server.port(), tenant.apiKey, newStoreFile(), server.clock());
        auto *accounts = desktop.find<QComboBox>(u"accountCombo"_s);
        QTRY_COMPARE_WITH_TIMEOUT(accounts->count(), 3, 10'000);
        desktop.find<QPlainTextEdit>(u"textEdit"_s)->setPlainText(QString(300, u'y'));
        const int linkedin = accounts->findData(tenant.linkedinAccountId);
        const int twitter = accounts->findData(tenant.twitterAccountId);
        accounts->setCurrentIndex(linkedin);
        QVERIFY(desktop.message(u"textErrorLabel"_s).isEmpty());
        // Choosing X says it at once, without a click on Publish.
        accounts->setCurrentIndex(twitter);
        QVERIFY(desktop.message(u"textErrorLabel"_s).startsWith(u"Too long for X"_s));
        // And it goes as soon as it no longer holds.
        accounts->setCurrentIndex(linkedin);
        QVERIFY(desktop.message(u"textErrorLabel"_s).isEmpty());

        // A time in the past is said when it is chosen, and goes with a later one.
        desktop.find<QRadioButton>(u"atRadio"_s)->click();
        auto *time = desktop.window.findChild<QDateTimeEdit *>(u"dateTimeEdit"_s);
        const QDateTime now
            = QDateTime::fromMSecsSinceEpoch(server.clock().nowMs(), QTimeZone::utc());
        time->setDateTime(QDateTime(now.date().addDays(-1), now.time()));
        QCOMPARE(desktop.message(u"timeErrorLabel"_s),
                 u"That time is past: choose a time in the future."_s);
        time->setDateTime(QDateTime(now.date().addDays(1), now.time()));
        QVERIFY(desktop.message(u"timeErrorLabel"_s).isEmpty());
        // Nothing was sent for any of it.
        QCOMPARE(posts(server, tenant).size(), 0);
    }
};

QTEST_MAIN(TestComposerPublish)
#include "tst_composerpublish.moc"
