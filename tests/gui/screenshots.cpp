// Takes the screenshots in docs/screenshots/: the main screens of the app, filled with a
// believable week of a small project, against the real server in this process. Run by
// scripts/screenshots.sh under a virtual X server, so the pictures show what users see.
#include "app/desktopapp.h"
#include "app/serversupervisor.h"
#include "app/translations.h"
#include "client/mediapreviewloader.h"
#include "client/session.h"
#include "core/isotime.h"
#include "gui/accounts/accounttreemodel.h"
#include "gui/accounts/connectaccountdialog.h"
#include "gui/calendar/calendarpanel.h"
#include "gui/calendar/weekmodel.h"
#include "gui/calendar/weekview.h"
#include "gui/common/icontheme.h"
#include "gui/composer/composerwidget.h"
#include "gui/composer/mediastrip.h"
#include "gui/composer/mediatile.h"
#include "gui/drafts/draftspanel.h"
#include "gui/mainwindow.h"
#include "gui/posts/postlistmodel.h"
#include "gui/posts/postspanel.h"
#include "gui/settings/firstrundialog.h"
#include "gui/settings/settingsdialog.h"
#include "gui/status/connectionstatuswidget.h"
#include "server/connectors/sandboxconnector.h"
#include "storage/accountrepository.h"
#include "support/fakeaccountserver.h"
#include "support/manualclock.h"
#include "support/testserver.h"

#include <QAbstractItemView>
#include <QApplication>
#include <QComboBox>
#include <QCommandLineParser>
#include <QDateTimeEdit>
#include <QDesktopServices>
#include <QDir>
#include <QDockWidget>
#include <QJsonArray>
#include <QLabel>
#include <QMenu>
#include <QPainter>
#include <QPalette>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QScreen>
#include <QSettings>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QToolButton>
#include <QToolTip>
#include <QTreeView>

#include <csignal>

using namespace slotline;
using namespace slotline::test;
using namespace Qt::Literals::StringLiterals;

// Stands in for the browser: the platform's sign-in page is not opened for a picture.
class NoBrowser : public QObject
{
    Q_OBJECT

public Q_SLOTS:
    void open(const QUrl &url) { qInfo("would open %s", qPrintable(url.toString())); }
};

namespace {

constexpr qint64 HourMs = 3'600'000;

bool waitFor(const std::function<bool()> &condition, int timeoutMs = 15'000)
{
    return QTest::qWaitFor(condition, timeoutMs);
}

// Which pictures to take and how to name them: --shots picks some, --suffix names a variant
// (main-window-dark.png).
struct Selection
{
    QStringList shots; // empty: every one
    QString suffix;
};
Selection selection;

void save(QWidget &widget, const QDir &directory, const QString &name)
{
    if (!selection.shots.isEmpty() && !selection.shots.contains(name))
        return;
    QTest::qWait(300); // let late paints (icons, elided text) land
    const QString path = directory.filePath(name + selection.suffix + u".png"_s);
    if (!widget.grab().save(path))
        qFatal("could not write %s", qPrintable(path));
    qInfo("wrote %s", qPrintable(path));
}

// The window as the screen shows it, with what floats above it (a tooltip, a menu): those
// are windows of their own, which a grab of the widget leaves out.
void saveScreen(const QWidget &window, const QDir &directory, const QString &name)
{
    if (!selection.shots.isEmpty() && !selection.shots.contains(name))
        return;
    const QRect area(window.mapToGlobal(QPoint(0, 0)), window.size());
    const QString path = directory.filePath(name + selection.suffix + u".png"_s);
    if (!window.screen()->grabWindow(0, area.x(), area.y(), area.width(), area.height()).save(path))
        qFatal("could not write %s", qPrintable(path));
    qInfo("wrote %s", qPrintable(path));
}

void fillProject(TestServer &server, const Tenant &tenant)
{
    server.grantCredits(tenant, 240);
    QJsonArray slots;
    for (const char *day : {"monday", "tuesday", "wednesday", "thursday", "friday"}) {
        for (const auto &[hour, minute] : {std::pair {9, 0}, {12, 30}, {17, 0}})
            slots.append(QJsonObject {
                {u"day"_s, QString::fromLatin1(day)}, {u"hour"_s, hour}, {u"minute"_s, minute}});
    }
    server.post(u"/schedule/slots"_s, tenant, {{u"slots"_s, slots}});
    const qint64 now = server.clock().nowMs();
    const struct
    {
        QString account;
        QString platform;
        QString text;
        qint64 at; // 0: now
    } posts[] = {
        {tenant.linkedinAccountId, u"linkedin"_s,
         u"We are hiring: a barista trainer for our new Leipzig roastery."_s, 0},
        {tenant.twitterAccountId, u"twitter"_s,
         u"Cold brew season starts Monday. Which bean should we feature first?"_s, 0},
        {tenant.facebookAccountId, u"facebook"_s,
         u"Photos from Saturday's latte art contest [sandbox:fail]"_s, 0},
        {tenant.linkedinAccountId, u"linkedin"_s,
         u"How we source our single-origin beans: a look at the supply chain."_s,
         now + 20 * HourMs},
        {tenant.twitterAccountId, u"twitter"_s,
         u"Happy hour: two flat whites for one, 3 to 5 pm in every shop."_s, now + 27 * HourMs},
        {tenant.facebookAccountId, u"facebook"_s, u"Meet Jana, who roasts every batch you drink."_s,
         now + 50 * HourMs},
        {tenant.twitterAccountId, u"twitter"_s,
         u"Reminder: the Friday tasting is fully booked, next one on the 12th."_s,
         now + 75 * HourMs},
    };
    for (const auto &post : posts) {
        QJsonObject extra;
        if (post.at != 0)
            extra.insert(u"scheduledTime"_s, isotime::format(post.at));
        server.createPost(tenant, post.account, post.platform, post.text, extra);
    }
    // A few calls of another kind, so the call log shows what it is for.
    server.get(u"/api/v2/posts/ps_doesnotexist"_s, tenant);
    server.post(u"/tools/list_drafts"_s, tenant, {{u"limit"_s, 5}});
}

// Next week, planned: what a busy week looks like in the calendar. Answers its Monday.
QDate fillNextWeek(TestServer &server, const Tenant &tenant)
{
    const QTimeZone berlin("Europe/Berlin");
    const QDate today
        = QDateTime::fromMSecsSinceEpoch(server.clock().nowMs()).toTimeZone(berlin).date();
    const QDate monday = today.addDays(8 - today.dayOfWeek());
    const struct
    {
        int day;
        int hour;
        int minute;
        int account; // 0 LinkedIn, 1 X, 2 Facebook
        const char *text;
    } plan[] = {
        {0, 9, 0, 0, "Monday kick-off: what our roasters are working on this week"},
        {0, 9, 0, 1, "New week, new beans. Ethiopia Guji is on the bar today."},
        {0, 12, 30, 2, "Lunch special: a cortado and a cardamom bun"},
        {0, 15, 15, 1, "Quick poll: cold brew or iced latte?"},
        {0, 17, 0, 0, "Behind the scenes: how we cup a new harvest"},
        {1, 9, 0, 1, "Tuesday tip: grind just before you brew."},
        {1, 10, 45, 2, "Meet Jana, who roasts every batch you drink"},
        {1, 12, 30, 0, "We are hiring a barista trainer for Leipzig"},
        {1, 12, 30, 1, "Hiring: barista trainer, Leipzig. Link in bio."},
        {1, 12, 30, 2, "Join our team in Leipzig!"},
        {1, 17, 0, 1, "Happy hour: two flat whites for one, 3 to 5 pm"},
        {2, 9, 0, 0, "Sourcing report: our visit to the Huila cooperative"},
        {2, 11, 0, 1, "Latte art contest on Saturday, sign up at the counter"},
        {2, 12, 30, 2, "Photos from the Huila trip"},
        {2, 14, 0, 0, "Webinar: running a small roastery profitably"},
        {2, 17, 0, 1, "Wednesday reminder: refill your cup, save 30 cents"},
        {3, 9, 0, 2, "Thursday: new seasonal menu arrives"},
        {3, 9, 0, 0, "Our autumn blend is back"},
        {3, 12, 30, 1, "Fig, cocoa, toasted hazelnut: the autumn blend"},
        {3, 16, 30, 2, "Live from the roastery at 4:30"},
        {3, 17, 0, 0, "Customer story: the office that switched to whole beans"},
        {4, 9, 0, 1, "Friday! Pastries are half price after 4"},
        {4, 12, 30, 0, "Weekly round-up from Northwind Coffee"},
        {4, 12, 30, 2, "Weekend opening hours"},
        {4, 17, 0, 1, "See you at the latte art contest tomorrow"},
        {5, 10, 0, 2, "Latte art contest: doors open at 10"},
        {5, 15, 0, 1, "And the winner is..."},
        {6, 11, 0, 2, "Sunday brunch menu"},
    };
    const QString accounts[]
        = {tenant.linkedinAccountId, tenant.twitterAccountId, tenant.facebookAccountId};
    const QString platforms[] = {u"linkedin"_s, u"twitter"_s, u"facebook"_s};
    for (const auto &post : plan) {
        const qint64 at = QDateTime(monday.addDays(post.day), QTime(post.hour, post.minute), berlin)
                              .toMSecsSinceEpoch();
        server.createPost(tenant, accounts[post.account], platforms[post.account],
                          QString::fromUtf8(post.text),
                          QJsonObject {{u"scheduledTime"_s, isotime::format(at)}});
    }
    return monday;
}

// A dark palette as a dark desktop theme gives the app: every colour the app paints must
// come from it.
QPalette darkPalette()
{
    QPalette palette;
    const QColor window(0x2a, 0x2e, 0x32);
    const QColor base(0x1e, 0x21, 0x24);
    const QColor text(0xe8, 0xea, 0xed);
    const QColor disabledText(0x7a, 0x7f, 0x85);
    palette.setColor(QPalette::Window, window);
    palette.setColor(QPalette::WindowText, text);
    palette.setColor(QPalette::Base, base);
    palette.setColor(QPalette::AlternateBase, window);
    palette.setColor(QPalette::Text, text);
    palette.setColor(QPalette::Button, QColor(0x33, 0x38, 0x3d));
    palette.setColor(QPalette::ButtonText, text);
    palette.setColor(QPalette::BrightText, Qt::white);
    palette.setColor(QPalette::Light, QColor(0x4a, 0x50, 0x57));
    palette.setColor(QPalette::Midlight, QColor(0x3e, 0x44, 0x4a));
    palette.setColor(QPalette::Mid, QColor(0x26, 0x29, 0x2d));
    palette.setColor(QPalette::Dark, QColor(0x18, 0x1a, 0x1d));
    palette.setColor(QPalette::Shadow, QColor(0x0c, 0x0d, 0x0e));
    palette.setColor(QPalette::Highlight, QColor(0x3d, 0x8f, 0xd9));
    palette.setColor(QPalette::HighlightedText, Qt::white);
    palette.setColor(QPalette::ToolTipBase, QColor(0x33, 0x38, 0x3d));
    palette.setColor(QPalette::ToolTipText, text);
    palette.setColor(QPalette::PlaceholderText, QColor(0x8a, 0x90, 0x99));
    palette.setColor(QPalette::Link, QColor(0x6c, 0xb4, 0xff));
    palette.setColor(QPalette::LinkVisited, QColor(0xb0, 0x8c, 0xf0));
    for (const auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        palette.setColor(QPalette::Disabled, role, disabledText);
    return palette;
}

// A picture for a post about the winter menu: warm colours and its title.
QImage winterMenuPicture()
{
    QImage image(QSize(480, 320), QImage::Format_RGB32);
    QPainter painter(&image);
    QLinearGradient warm(0, 0, 480, 320);
    warm.setColorAt(0, QColor(0x7a, 0x2e, 0x1f));
    warm.setColorAt(1, QColor(0xe0, 0x9a, 0x3c));
    painter.fillRect(image.rect(), warm);
    painter.setPen(Qt::white);
    QFont title = painter.font();
    title.setPixelSize(56);
    title.setBold(true);
    painter.setFont(title);
    painter.drawText(image.rect(), Qt::AlignCenter, u"Winter menu"_s);
    return image;
}

// With the server away, next week's slots are edited: one is added on Wednesday at 15:00
// (dotted until the server has it) and Friday's 12:30 is removed. When the server is back,
// both reach it and the week shows the server's slots, none of them waiting.
void editSlotsOffline(gui::MainWindow &window, const QDir &directory)
{
    gui::CalendarPanel &calendar = window.calendar();
    gui::WeekModel &model = calendar.model();
    gui::WeekView &view = calendar.view();
    const QDate nextWeek = QDate::currentDate().addDays(7);
    calendar.showWeekOf(nextWeek);
    const QDate firstDay = model.firstDay();
    const auto slotRowAt = [&](Qt::DayOfWeek day, int minuteOfDay) {
        for (int row = 0; row < model.rowCount(); ++row) {
            const QModelIndex index = model.index(row);
            if (index.data(gui::WeekModel::KindRole).toInt() == int(gui::WeekModel::Kind::Slot)
                && firstDay.addDays(index.data(gui::WeekModel::DayRole).toInt()).dayOfWeek() == day
                && index.data(gui::WeekModel::MinuteOfDayRole).toInt() == minuteOfDay)
                return index;
        }
        return QModelIndex();
    };
    if (!waitFor([&] { return slotRowAt(Qt::Friday, 12 * 60 + 30).isValid(); }))
        qFatal("next week's Friday 12:30 slot is not shown");
    window.findChild<QToolButton *>(u"editSlotsButton"_s)->click();
    view.scrollToMinute(11 * 60);
    int wednesday = 0;
    while (firstDay.addDays(wednesday).dayOfWeek() != Qt::Wednesday)
        ++wednesday;
    QTest::mouseClick(view.viewport(), Qt::LeftButton, {}, view.pointAt(wednesday, 15 * 60 + 5));
    const QModelIndex friday = slotRowAt(Qt::Friday, 12 * 60 + 30);
    QTest::mouseClick(view.viewport(), Qt::LeftButton, {}, view.visualRect(friday).center());
    if (!waitFor([&] {
            const QModelIndex added = slotRowAt(Qt::Wednesday, 15 * 60);
            return added.isValid() && added.data(gui::WeekModel::PendingRole).toBool()
                   && !slotRowAt(Qt::Friday, 12 * 60 + 30).isValid();
        }))
        qFatal("the slots edited offline are not shown as planned");
    view.setCurrentIndex(slotRowAt(Qt::Wednesday, 15 * 60));
    save(window, directory, u"calendar-slots-offline"_s);

    if (!waitFor([&] { return window.connectionStatus().stateText() == u"Online"; }, 60'000))
        qFatal("the built-in server did not come back");
    if (!waitFor(
            [&] {
                const QModelIndex added = slotRowAt(Qt::Wednesday, 15 * 60);
                return added.isValid() && !added.data(gui::WeekModel::PendingRole).toBool()
                       && added.data(gui::WeekModel::SlotIdRole).toString().startsWith(u"slot_"_s)
                       && !slotRowAt(Qt::Friday, 12 * 60 + 30).isValid();
            },
            30'000))
        qFatal("the slots edited offline did not reach the server");
    qInfo("the slots edited offline reached the server");
    window.findChild<QToolButton *>(u"editSlotsButton"_s)->click();
}

// The app with its built-in server, as a user starts it: a draft published to two
// accounts shows where it went in the drafts list; then the server is killed and the
// window goes on offline while it is started again.
void takeBuiltInServerShots(const QDir &directory)
{
    if (!selection.shots.isEmpty() && !selection.shots.contains(u"draft-publications"_s)
        && !selection.shots.contains(u"offline-built-in"_s)
        && !selection.shots.contains(u"calendar-slots-offline"_s))
        return;
    QTemporaryDir data;
    qputenv("SLOTLINE_SERVER", SLOTLINE_SERVER_BINARY);
    QSettings().clear(); // the first start's choice is made again
    app::DesktopApp::Options options;
    options.dataDirectory = data.path();
    options.credentialsInFileOnly = true;
    app::DesktopApp desktop(options);
    desktop.start();
    gui::FirstRunDialog *firstRun = nullptr;
    waitFor([&] {
        for (QWidget *widget : QApplication::topLevelWidgets()) {
            if (auto *dialog = qobject_cast<gui::FirstRunDialog *>(widget);
                dialog && dialog->isVisible())
                firstRun = dialog;
        }
        return firstRun != nullptr;
    });
    if (firstRun)
        firstRun->startButton()->click();
    if (!waitFor([&] { return desktop.mainWindow() != nullptr; }, 30'000))
        qFatal("the built-in server did not start");
    gui::MainWindow &window = *desktop.mainWindow();
    window.resize(1400, 860);
    if (!waitFor([&] { return window.connectionStatus().stateText() == u"Online"; }, 30'000))
        qWarning("not online: %s", qPrintable(window.connectionStatus().stateText()));
    auto *accounts = window.findChild<QComboBox *>(u"accountCombo"_s);
    waitFor([&] { return accounts->count() == 3; });

    // One draft, published on X now and scheduled on LinkedIn for tomorrow morning.
    auto &composer = window.composer();
    composer.newDraft();
    QTest::keyClicks(window.findChild<QPlainTextEdit *>(u"textEdit"_s),
                     u"Our roastery opens its doors on Saturday: tours every hour"_s);
    const auto publishWith = [&](Platform platform) {
        for (int row = 0; row < accounts->count(); ++row) {
            if (accounts->itemData(row, Qt::UserRole + 1).toInt() == int(platform))
                accounts->setCurrentIndex(row);
        }
    };
    publishWith(Platform::Twitter);
    window.findChild<QRadioButton *>(u"nowRadio"_s)->click();
    window.findChild<QPushButton *>(u"publishButton"_s)->click();
    auto *result = window.findChild<QLabel *>(u"resultLabel"_s);
    waitFor([&] { return result->text().startsWith(u"Sent"_s); });
    publishWith(Platform::LinkedIn);
    window.findChild<QRadioButton *>(u"atRadio"_s)->click();
    auto *when = window.findChild<QDateTimeEdit *>(u"dateTimeEdit"_s);
    when->setDateTime(QDateTime(when->date().addDays(1), QTime(9, 0)));
    window.findChild<QPushButton *>(u"publishButton"_s)->click();
    waitFor([&] { return result->text().startsWith(u"Scheduled"_s); });
    QTest::qWait(1500); // the post published now is out
    window.posts().refresh();
    waitFor([&] {
        auto *drafts = window.findChild<QAbstractItemView *>(u"draftsView"_s);
        return !drafts->model()->index(0, 4).data(Qt::DecorationRole).isNull()
               && drafts->model()
                      ->index(0, 4)
                      .data(Qt::ToolTipRole)
                      .toString()
                      .contains(u"Published"_s);
    });
    save(window, directory, u"draft-publications"_s);

    // The server is killed; the window stays, and the user goes on writing and planning.
    desktop.bundledServerSupervisor()->setPausesMs({15'000});
    ::kill(pid_t(desktop.bundledServerProcessId()), SIGKILL);
    waitFor([&] { return window.connectionStatus().stateText().startsWith(u"Offline"_s); });
    composer.newDraft();
    QTest::keyClicks(window.findChild<QPlainTextEdit *>(u"textEdit"_s),
                     u"Written while the server was away: the winter menu"_s);
    // A picture added with no server is part of the draft at once, in italics until the
    // server has it.
    const QString picture = QDir(data.path()).filePath(u"winter-menu.png"_s);
    if (!winterMenuPicture().save(picture, "png"))
        qFatal("cannot write %s", qPrintable(picture));
    auto *media = window.findChild<gui::MediaStrip *>();
    media->addFile(picture);
    const auto pictureTile = [media]() -> gui::MediaTile * {
        return media->tiles().isEmpty() ? nullptr : media->tiles().constFirst();
    };
    if (!waitFor([&] {
            return pictureTile() && pictureTile()->state() == gui::MediaTile::State::Uploading
                   && !pictureTile()->thumbnail().isNull();
        }))
        qFatal("the picture added offline is not waiting in the draft");
    composer.saveDraft();
    waitFor([&] { return window.connectionStatus().stateText().contains(u"starting it again"_s); });
    save(window, directory, u"offline-built-in"_s);
    editSlotsOffline(window, directory);
    if (!waitFor(
            [&] {
                return pictureTile() && pictureTile()->state() == gui::MediaTile::State::Ready
                       && pictureTile()->url().startsWith(u"http"_s);
            },
            30'000))
        qFatal("the picture added offline did not reach the server");
    qInfo("the picture added offline reached the server: %s", qPrintable(pictureTile()->url()));
    desktop.bundledServerSupervisor()->halt();
    window.close();
    QTest::qWait(500);
}

// Real accounts, against a stand-in of the server's accounts side: one that needs to be
// connected again (and one rate limited) in the accounts list, and the dialog that
// connects another, waiting for the browser.
void takeConnectShots(const QDir &directory)
{
    if (!selection.shots.isEmpty() && !selection.shots.contains(u"connect-account"_s)
        && !selection.shots.contains(u"connect-account-done"_s)
        && !selection.shots.contains(u"connect-account-choose"_s)
        && !selection.shots.contains(u"account-needs-reconnect"_s))
        return;
    FakeAccountServer server;
    const auto account = [](const QString &id, Platform platform, const QString &name,
                            const QString &username) {
        Account made;
        made.id = id;
        made.platform = platform;
        made.name = name;
        made.username = username;
        made.connector = platform == Platform::Twitter ? u"x"_s : platforms::toString(platform);
        made.connectedAtMs = QDateTime::currentMSecsSinceEpoch() - 40 * 24 * HourMs;
        return made;
    };
    const auto page = [](const QString &id, const QString &name, const QString &type) {
        Subaccount made;
        made.id = id;
        made.name = name;
        made.type = type;
        return made;
    };
    server.addAccount(
        account(u"acc_li"_s, Platform::LinkedIn, u"Northwind Coffee"_s, u"northwind"_s),
        {page(u"sub_li"_s, u"Northwind Coffee Roasters"_s, u"organization"_s)});
    Account x = account(u"acc_x"_s, Platform::Twitter, u"Northwind on X"_s, u"northwindcoffee"_s);
    x.status = AccountStatus::NeedsReconnect;
    x.statusReason = u"The access token was revoked by the user."_s;
    server.addAccount(x);
    Account jana = account(u"acc_li2"_s, Platform::LinkedIn, u"Jana Roaster"_s, u"jana"_s);
    jana.status = AccountStatus::RateLimited;
    // Later today, on the quarter hour.
    jana.rateLimitedUntilMs
        = (QDateTime::currentMSecsSinceEpoch() + 2 * HourMs) / (15 * 60'000) * (15 * 60'000);
    server.addAccount(jana);
    server.addAccount(
        account(u"acc_fb"_s, Platform::Facebook, u"Northwind Coffee"_s, u"northwind.coffee"_s),
        {page(u"sub_fb"_s, u"Northwind Coffee Leipzig"_s, u"page"_s)});
    server.setNewAccount(
        account(u"acc_fb2"_s, Platform::Facebook, u"Northwind Events"_s, u"northwind.events"_s),
        {page(u"sub_fb2"_s, u"Latte Art Leipzig"_s, u"page"_s)});
    server.setScript({u"pending"_s});

    QTemporaryDir stores;
    client::MediaPreviewLoader previews;
    client::Session session(server.baseUrl(), FakeAccountServer::apiKey(),
                            QDir(stores.path()).filePath(u"store.sqlite"_s));
    const ManualClock clock(QDateTime::currentMSecsSinceEpoch());
    gui::MainWindow window(session, previews, clock, gui::ConnectionChoice {});
    window.resize(1400, 860);
    window.show();
    session.start();
    if (!waitFor([&] { return window.accounts().rowCount() == 4; }))
        qFatal("the accounts did not arrive");
    // The accounts wide enough for their states, and the tooltip of the one that needs
    // reconnecting, as the pointer resting on it shows it (from the screen: a tooltip is
    // a window of its own).
    auto *accountsDock = window.findChild<QDockWidget *>(u"accountsDock"_s);
    window.resizeDocks({accountsDock}, {380}, Qt::Horizontal);
    window.resizeDocks({accountsDock}, {200}, Qt::Vertical);
    auto *view = window.findChild<QTreeView *>(u"accountsView"_s);
    view->clearSelection();
    QTest::qWait(300);
    const QRect row = view->visualRect(window.accounts().indexOfAccount(u"acc_x"_s));
    const QPoint at = view->viewport()->mapToGlobal(row.center() + QPoint(0, 6));
    QToolTip::showText(
        at, window.accounts().indexOfAccount(u"acc_x"_s).data(Qt::ToolTipRole).toString(), view);
    QTest::qWait(800);
    saveScreen(window, directory, u"account-needs-reconnect"_s);
    QToolTip::hideText();

    NoBrowser browser;
    QDesktopServices::setUrlHandler(u"https"_s, &browser, "open");
    gui::ConnectAccountDialog dialog(session, &window);
    dialog.choosePlatform(Platform::Facebook);
    dialog.resize(600, dialog.sizeHint().height());
    dialog.show();
    if (selection.shots.contains(u"connect-account-choose"_s)) // only when asked for
        save(dialog, directory, u"connect-account-choose"_s);
    dialog.connectButton()->click();
    if (!waitFor(
            [&] { return dialog.connector().stage() == client::AccountConnector::Stage::Waiting; }))
        qWarning("the dialog is not waiting");
    dialog.resize(600, dialog.sizeHint().height());
    save(dialog, directory, u"connect-account"_s);
    // The browser comes back: the account with its page.
    server.setScript({u"connected"_s});
    if (!waitFor([&] {
            return dialog.connector().stage() == client::AccountConnector::Stage::Connected;
        }))
        qWarning("the account did not connect");
    dialog.resize(600, dialog.sizeHint().height());
    save(dialog, directory, u"connect-account-done"_s);
    dialog.reject();
    QDesktopServices::unsetUrlHandler(u"https"_s);
    window.close();
}

// A day that went less well on X, in the Posts list: a post X may have published although
// its answer was lost (its context menu offers the account, to look there before publishing
// it again), and one that waits for the account's rate limit (its tooltip says until when).
// The platform's answers are the sandbox's, given the words a real platform's get.
void takePostsShots(const QDir &directory)
{
    if (!selection.shots.isEmpty() && !selection.shots.contains(u"posts-check-account"_s)
        && !selection.shots.contains(u"posts-waiting"_s))
        return;
    ServerConfig config;
    config.readsPerMinute = 1000;
    config.writesPerMinute = 1000;
    TestServer server(config);
    const qint64 now = QDateTime::currentMSecsSinceEpoch() / 60'000 * 60'000;
    // The next half hour but one: when X takes posts from the account again.
    const qint64 limitEnds = (now + 50 * 60'000) / (30 * 60'000) * (30 * 60'000);
    const QString utcEnd
        = QDateTime::fromMSecsSinceEpoch(limitEnds, Qt::UTC).toString(u"HH:mm 'UTC'"_s);
    const QString rateLimit = u"X's rate limit for this account is used up until %1."_s.arg(utcEnd);
    server.server().sandbox().setFailureInjection(
        [rateLimit, limitEnds](const PublishRequest &request) -> std::optional<PublishResult> {
            const QString &text = request.submission.text;
            if (text.startsWith(u"Cold brew"_s)) {
                PublishResult lost = PublishResult::failure(
                    FailureCode::MayHavePublished,
                    u"X may have published this post, but its answer was lost: X did not "
                    "answer (Timeout was reached). Whether it did cannot be told (the account "
                    "has more posts on X since then than one look shows). Check the account "
                    "on X before publishing it again."_s,
                    false);
                lost.checkUrl = u"https://x.com/"_s + request.account.username;
                return lost;
            }
            if (text.startsWith(u"Happy hour"_s))
                return PublishResult::deferred(
                    u"Waiting for the account's rate limit: "_s + rateLimit, limitEnds);
            return std::nullopt;
        });

    server.clock().setNowMs(now - 6 * HourMs);
    // In UTC, as X's answer and the virtual screen's clock are: every time shown agrees.
    const Tenant tenant = server.addTenant(u"Northwind Coffee"_s, u"UTC"_s);
    server.grantCredits(tenant, 240);
    const struct
    {
        QString account;
        QString platform;
        QString text;
        qint64 at; // when it was sent, or when it is scheduled for
        const char *becomes;
    } posts[] = {
        {tenant.linkedinAccountId, u"linkedin"_s,
         u"We are hiring: a barista trainer for our new Leipzig roastery."_s, now - 5 * HourMs,
         "published"},
        {tenant.facebookAccountId, u"facebook"_s,
         u"Photos from Saturday's latte art contest: thank you to everyone who came!"_s,
         now - 3 * HourMs, "published"},
        {tenant.twitterAccountId, u"twitter"_s,
         u"Cold brew season starts Monday. Which bean should we feature first?"_s,
         now - 50 * 60'000, "failed"},
        {tenant.twitterAccountId, u"twitter"_s,
         u"Happy hour: two flat whites for one, 3 to 5 pm in every shop."_s, now - 10 * 60'000,
         "in-progress"},
        {tenant.linkedinAccountId, u"linkedin"_s,
         u"How we source our single-origin beans: a look at the supply chain."_s, now + 20 * HourMs,
         "scheduled"},
        {tenant.facebookAccountId, u"facebook"_s, u"Meet Jana, who roasts every batch you drink."_s,
         now + 50 * HourMs, "scheduled"},
        {tenant.twitterAccountId, u"twitter"_s,
         u"Reminder: the Friday tasting is fully booked, next one on the 12th."_s,
         now + 75 * HourMs, "scheduled"},
    };
    for (const auto &post : posts) {
        const bool later = qstrcmp(post.becomes, "scheduled") == 0;
        server.clock().setNowMs(later ? now : post.at);
        QJsonObject extra;
        if (later)
            extra.insert(u"scheduledTime"_s, isotime::format(post.at));
        const HttpResult created
            = server.createPost(tenant, post.account, post.platform, post.text, extra);
        const QString id = created.json().value(u"postSubmissionId"_s).toString();
        if (id.isEmpty())
            qFatal("%s was refused: %d %s", qPrintable(post.text), created.status,
                   created.body.constData());
        const bool settled = waitFor([&] {
            const QJsonObject made = server.submission(tenant, id);
            return made.value(u"status"_s).toString() == QLatin1StringView(post.becomes)
                   && (qstrcmp(post.becomes, "in-progress") != 0
                       || !made.value(u"errorMessage"_s).toString().isEmpty());
        });
        if (!settled)
            qWarning("%s did not become %s", qPrintable(post.text), post.becomes);
    }
    server.clock().setNowMs(now);
    // As the server marks an account whose posts X refuses for its rate limit.
    AccountRepository(server.database(), server.clock())
        .setStatus(tenant.twitterAccountId, AccountStatus::RateLimited, rateLimit, limitEnds);

    QSettings().clear(); // the window's first start: its layout, not the last shot's
    QTemporaryDir stores;
    client::MediaPreviewLoader previews;
    client::Session session(QUrl(u"http://127.0.0.1:%1"_s.arg(server.port())), tenant.apiKey,
                            QDir(stores.path()).filePath(u"store.sqlite"_s));
    const ManualClock clock(now);
    gui::MainWindow window(session, previews, clock, gui::ConnectionChoice {});
    window.resize(1400, 860);
    window.show();
    session.start();
    session.store().createDraft(u"Poll: oat, almond or whole milk?"_s, {Platform::Twitter}, {},
                                now - 3 * HourMs);
    session.store().createDraft(u"New seasonal menu teaser (photos to follow)"_s, {}, {},
                                now - 40 * 60'000);
    // The list has the room: the composer is closed.
    window.findChild<QDockWidget *>(u"composerDock"_s)->hide();
    window.findChild<QTabWidget *>(u"centralTabs"_s)->setCurrentWidget(&window.posts());
    gui::PostListModel &model = window.posts().model();
    const auto failedRow = [&] {
        for (int row = 0; row < model.rowCount(); ++row) {
            if (!model.index(row, 0).data(gui::PostListModel::CheckUrlRole).toUrl().isEmpty())
                return row;
        }
        return -1;
    };
    const auto waitingRow = [&] {
        for (int row = 0; row < model.rowCount(); ++row) {
            if (model.index(row, gui::PostListModel::StatusColumn)
                    .data(Qt::ToolTipRole)
                    .toString()
                    .startsWith(u"Not published yet"_s))
                return row;
        }
        return -1;
    };
    if (!waitFor([&] { return model.rowCount() == 7 && failedRow() >= 0 && waitingRow() >= 0; }))
        qFatal("the posts did not arrive: %d rows", model.rowCount());
    QTest::qWait(800);

    // The failed post chosen, and its context menu as a right click opens it, the pointer
    // on the account's entry (the status bar says what it is for).
    auto *view = window.findChild<QTreeView *>(u"postsView"_s);
    const QModelIndex failed = model.index(failedRow(), gui::PostListModel::TextColumn);
    view->setCurrentIndex(failed);
    view->setFocus();
    QTest::qWait(300);
    // Near the row's foot: the menu opens under the post's text, not over it.
    const QPoint clickedAt = view->visualRect(failed).bottomLeft() + QPoint(160, -1);
    QTimer::singleShot(0, &window, [&] {
        QMenu *menu = nullptr;
        waitFor([&] {
            menu = qobject_cast<QMenu *>(QApplication::activePopupWidget());
            return menu != nullptr;
        });
        if (!menu) {
            qWarning("no context menu");
            return;
        }
        menu->setActiveAction(window.posts().checkAccountAction());
        QTest::qWait(500);
        saveScreen(window, directory, u"posts-check-account"_s);
        menu->close();
    });
    QContextMenuEvent rightClick(QContextMenuEvent::Mouse, clickedAt,
                                 view->viewport()->mapToGlobal(clickedAt));
    QApplication::sendEvent(view->viewport(), &rightClick);

    // The waiting post's tooltip, where the pointer rests on its state: it covers the row
    // under it, not half of two.
    view->clearSelection();
    const QModelIndex waiting = model.index(waitingRow(), gui::PostListModel::StatusColumn);
    const QRect cell = view->visualRect(waiting);
    const QPoint restsAt
        = view->viewport()->mapToGlobal(QPoint(cell.center().x(), cell.bottom() - 15));
    QToolTip::showText(restsAt, waiting.data(Qt::ToolTipRole).toString(), view);
    QTest::qWait(800);
    saveScreen(window, directory, u"posts-waiting"_s);
    QToolTip::hideText();
    window.close();
}

} // namespace

int main(int argc, char *argv[])
{
    QApplication application(argc, argv);
    QApplication::setOrganizationName(u"SlotlineScreenshots"_s);
    QApplication::setApplicationName(u"slotline"_s);
    QApplication::setApplicationDisplayName(u"Slotline"_s);
    QStandardPaths::setTestModeEnabled(true);
    gui::IconTheme::install(); // as the app does
    const app::Translations translations; // as the app has them
    QCommandLineParser parser;
    parser.addPositionalArgument(u"directory"_s, u"Where the PNG files go."_s);
    const QCommandLineOption dark(u"dark"_s, u"Take them in a dark palette (Fusion)."_s);
    const QCommandLineOption shots(u"shots"_s, u"Only these pictures (comma-separated)."_s,
                                   u"names"_s);
    const QCommandLineOption suffix(u"suffix"_s, u"Append this to each file's name."_s,
                                    u"suffix"_s);
    parser.addOptions({dark, shots, suffix});
    parser.process(application);
    if (parser.isSet(shots))
        selection.shots = parser.value(shots).split(u',', Qt::SkipEmptyParts);
    selection.suffix = parser.value(suffix);
    if (parser.isSet(dark)) {
        QApplication::setStyle(u"Fusion"_s);
        QApplication::setPalette(darkPalette());
    }
    const QDir directory(parser.positionalArguments().value(0, u"docs/screenshots"_s));
    QDir().mkpath(directory.path());

    QTemporaryDir stores;
    // The sample project is written through the API as fast as it goes: limits that let
    // the seeding and the app's own calls through.
    ServerConfig config;
    config.readsPerMinute = 1000;
    config.writesPerMinute = 1000;
    auto server = std::make_unique<TestServer>(config);
    server->clock().setNowMs(QDateTime::currentMSecsSinceEpoch() / 60'000 * 60'000);
    const Tenant tenant = server->addTenant(u"Northwind Coffee"_s, u"Europe/Berlin"_s);
    fillProject(*server, tenant);
    const QDate nextMonday = fillNextWeek(*server, tenant);

    {
        gui::FirstRunDialog firstRun;
        firstRun.show();
        save(firstRun, directory, u"first-run"_s);
    }

    // Every run starts as the first: the last run's window left its choices (the composer's
    // account among them, one of that run's server) in the settings.
    QSettings().clear();
    client::MediaPreviewLoader previews;
    client::Session session(QUrl(u"http://127.0.0.1:%1"_s.arg(server->port())), tenant.apiKey,
                            QDir(stores.path()).filePath(u"store.sqlite"_s));
    const ManualClock clock(server->clock().nowMs()); // outlives the server
    gui::MainWindow window(session, previews, clock, gui::ConnectionChoice {});
    window.resize(1400, 860);
    window.show();
    session.start();
    auto *accounts = window.findChild<QComboBox *>(u"accountCombo"_s);
    if (!waitFor([&] { return accounts->count() == 3; }))
        qFatal("the accounts did not arrive");

    const qint64 now = clock.nowMs();
    client::LocalStore &store = session.store();
    store.createDraft(u"Behind the counter: a day with our Hamburg team"_s,
                      {Platform::LinkedIn, Platform::Facebook}, {}, now - 26 * HourMs);
    store.createDraft(u"Poll: oat, almond or whole milk?"_s, {Platform::Twitter}, {},
                      now - 3 * HourMs);
    store.createDraft(u"New seasonal menu teaser (photos to follow)"_s, {}, {}, now - 40 * 60'000);
    auto &composer = window.composer();
    composer.newDraft();
    window.findChild<QToolButton *>(u"twitterButton"_s)->click();
    window.findChild<QToolButton *>(u"linkedinButton"_s)->click();
    QTest::keyClicks(
        window.findChild<QPlainTextEdit *>(u"textEdit"_s),
        u"Our autumn blend is back: notes of fig, cocoa and toasted hazelnut. "
        "Available from Monday in all shops and at https://northwind.example/autumn"_s);
    if (!waitFor([&] { return window.connectionStatus().stateText() == u"Online"; }))
        qWarning("not online: %s", qPrintable(window.connectionStatus().stateText()));
    waitFor([&] {
        return window.findChild<QAbstractItemView *>(u"postsView"_s)->model()->rowCount() >= 7;
    });
    QTest::qWait(1500); // the posts published now reach their final state
    window.posts().refresh();
    QTest::qWait(800);
    save(window, directory, u"main-window"_s);

    {
        // A busy week, one card selected, the composer closed to give the week the room.
        auto *composerDock = window.findChild<QDockWidget *>(u"composerDock"_s);
        composerDock->hide();
        gui::CalendarPanel &calendar = window.calendar();
        calendar.showWeekOf(nextMonday);
        calendar.view().scrollToMinute(8 * 60 + 30);
        if (!waitFor([&] { return calendar.model().rowCount() >= 40; }))
            qWarning("the week was not read: %d rows", calendar.model().rowCount());
        for (int row = 0; row < calendar.model().rowCount(); ++row) {
            const QModelIndex index = calendar.model().index(row);
            if (index.data(gui::WeekModel::TitleRole).toString().startsWith(u"Sourcing"_s))
                calendar.view().setCurrentIndex(index);
        }
        calendar.view().setFocus();
        QTest::qWait(300);
        save(window, directory, u"calendar-week"_s);
        composerDock->show();
    }

    {
        gui::SettingsDialog settings(session, clock, gui::ConnectionChoice {}, &window);
        settings.resize(1000, 680);
        settings.show();
        settings.showPage(gui::SettingsDialog::Page::Project);
        save(settings, directory, u"settings-project"_s);
        settings.showPage(gui::SettingsDialog::Page::ApiKeys);
        auto *calls = settings.findChild<QAbstractItemView *>(u"callsView"_s);
        waitFor([&] { return calls && calls->model()->rowCount() > 5; });
        if (calls)
            calls->setCurrentIndex(calls->model()->index(0, 0));
        save(settings, directory, u"settings-call-log"_s);
        settings.showPage(gui::SettingsDialog::Page::Connection);
        save(settings, directory, u"settings-connection"_s);
    }
    {
        // A refusal from the server, shown next to the field it names.
        composer.newDraft();
        window.findChild<QToolButton *>(u"linkedinButton"_s)->click();
        QTest::keyClicks(window.findChild<QPlainTextEdit *>(u"textEdit"_s),
                         u"Save the date: our fifth anniversary party"_s);
        window.findChild<QRadioButton *>(u"atRadio"_s)->click();
        auto *when = window.findChild<QDateTimeEdit *>(u"dateTimeEdit"_s);
        when->setDateTime(when->dateTime().addYears(3));
        window.findChild<QPushButton *>(u"publishButton"_s)->click();
        auto *timeError = window.findChild<QLabel *>(u"timeErrorLabel"_s);
        if (!waitFor([&] { return !timeError->text().isEmpty(); }))
            qWarning("no refusal shown");
        save(composer, directory, u"composer-refusal"_s);
    }

    // The server goes away; the user goes on writing.
    session.connectivity().checkNow();
    server.reset();
    session.connectivity().checkNow();
    waitFor([&] { return window.connectionStatus().stateText().startsWith(u"Offline"_s); });
    composer.newDraft();
    QTest::keyClicks(window.findChild<QPlainTextEdit *>(u"textEdit"_s),
                     u"Written on the train: ideas for the winter menu"_s);
    composer.saveDraft();
    waitFor([&] { return window.connectionStatus().stateText().contains(u"waiting"_s); });
    save(window, directory, u"offline"_s);

    takeConnectShots(directory);
    takePostsShots(directory);
    takeBuiltInServerShots(directory);
    return 0;
}

#include "screenshots.moc"
