// The desktop app's start: from launching `slotline` to the first paint of the week
// calendar that shows the posts, with 2,000 posts of the current week in the app's local
// store, and the peak memory of the process until then.
//
// The calendar opens on the week of today from what the store keeps (LocalStore: the
// last known accounts, slots and posts of the weeks viewed) before the server has
// answered anything. So the profile is a saved connection to a server that accepts the
// connections and never answers (as one that is slow to), and the store the app keeps for
// that server, written with the app's own code: its settings through
// ConnectionPreferences, the key through CredentialStore (the file it falls back to), the
// user, accounts, slots and posts through LocalStore.
//
// The real program is started, a fresh process each run, with nothing changed in it:
// startprobe.cpp, preloaded, watches its events and reports when the week view's viewport
// painted a frame with posts in it, and VmHWM (the peak resident set) then. Each run gets
// a fresh copy of the profile, and the probe ends the process once it has reported, so no
// run sees what another saved. Baselines measured in the same run, alternated with it: the
// same start with the week empty (accounts and slots only), and a bare QApplication with a
// QMainWindow (bench_bare_window), preloaded with the same probe.
//
// The targets are under 1 s and under 150 MB. It fails (exit 1) when a start did not show
// the main window, did not paint the posts, or painted a week with another number of
// posts than the store has; it never fails on a time or a size.

#include "calendarbenchdata.h"
#include "client/credentialstore.h"
#include "client/localstore.h"
#include "client/session.h"
#include "core/creditbalance.h"
#include "core/userprofile.h"
#include "gui/calendar/weekmodel.h"
#include "gui/common/connectionchoice.h"
#include "gui/settings/connectionpreferences.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QDirIterator>
#include <QEventLoop>
#include <QFile>
#include <QFileInfo>
#include <QHostAddress>
#include <QLocale>
#include <QLoggingCategory>
#include <QProcess>
#include <QSettings>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTextStream>
#include <QTimeZone>

#include <algorithm>
#include <cmath>
#include <ctime>
#include <optional>

using namespace slotline;
using namespace Qt::Literals::StringLiterals;

namespace {

constexpr int AccountCount = 20;
const QString ProjectZone = u"Europe/Berlin"_s;
const QString ApiKey = u"sk_bench_app_start"_s;

qint64 monotonicNs()
{
    timespec now {};
    clock_gettime(CLOCK_MONOTONIC, &now);
    return qint64(now.tv_sec) * 1'000'000'000 + now.tv_nsec;
}

QString loadAverage()
{
    QFile file(u"/proc/loadavg"_s);
    if (!file.open(QIODevice::ReadOnly))
        return u"?"_s;
    return QString::fromLatin1(file.readAll()).section(u' ', 0, 2);
}

// What one start is measured with.
enum class Kind { Busy, Empty, Bare };

QString kindName(Kind kind)
{
    switch (kind) {
    case Kind::Busy: return u"app, busy week"_s;
    case Kind::Empty: return u"app, empty week"_s;
    case Kind::Bare: return u"bare QMainWindow"_s;
    }
    return {};
}

// A profile as `slotline --profile DIR` reads it: settings in DIR, data in DIR/data.
struct Profile
{
    QString directory;
    int posts = 0;
    std::pair<qint64, qint64> week;
};

// Waits for an answer given through a callback on the event loop (the settings' writes).
template<typename Begin>
void awaitCallback(Begin begin)
{
    QEventLoop loop;
    bool done = false;
    begin([&] {
        done = true;
        loop.quit();
    });
    if (!done)
        loop.exec();
}

std::optional<QString> writeSettings(const QString &directory, const QUrl &baseUrl)
{
    // What main() does with --profile.
    QSettings::setDefaultFormat(QSettings::IniFormat);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, directory);
    QSettings settings;
    client::CredentialStore credentials;
    credentials.setFallbackFile(QDir(directory).filePath(u"data/credentials.json"_s));
    // Never the user's own keychain: the app finds the key in the file when there is no
    // keychain service, or when the keychain has no entry for it.
    credentials.setKeychainEnabled(false);
    gui::ConnectionPreferences preferences(settings, credentials);
    std::optional<QString> failure;
    awaitCallback([&](auto finished) {
        preferences.save(
            gui::ConnectionChoice {gui::ConnectionChoice::Mode::Remote, baseUrl, ApiKey}, nullptr,
            [&failure, finished](bool ok, const QString &message) {
                if (!ok)
                    failure = message;
                finished();
            });
    });
    return failure;
}

// The week the calendar opens on, as its panel and model work it out: today in the
// project's zone, from the locale's first day of the week.
void openOnToday(gui::WeekModel &model)
{
    const QDate today = QDateTime::currentDateTime().toTimeZone(model.timeZone()).date();
    model.setWeek(gui::WeekModel::weekStarting(today, QLocale().firstDayOfWeek()));
}

int postsOfTheWeek(client::LocalStore &store)
{
    gui::WeekModel model(store);
    openOnToday(model);
    int posts = 0;
    for (int row = 0; row < model.rowCount(); ++row) {
        if (model.index(row).data(gui::WeekModel::KindRole).toInt()
            == int(gui::WeekModel::Kind::Post))
            ++posts;
    }
    return posts;
}

std::optional<QString> prepareProfile(Profile &profile, const QUrl &baseUrl)
{
    if (const auto failure = writeSettings(profile.directory, baseUrl))
        return u"settings: "_s + *failure;
    const QString stores = QDir(profile.directory).filePath(u"data/stores"_s);
    QDir().mkpath(stores);
    client::LocalStore store;
    store.open(client::Session::storeFileFor(stores, baseUrl));
    const qint64 nowMs = QDateTime::currentMSecsSinceEpoch();
    UserProfile user;
    user.userId = u"usr_bench"_s;
    user.email = u"planner@example.com"_s;
    user.name = u"Planner"_s;
    user.projectId = u"prj_bench"_s;
    user.projectName = u"Bench"_s;
    user.timezone = ProjectZone;
    user.apiKeyId = u"key_bench"_s;
    store.putUser(user, nowMs);
    const QList<Account> accounts = bench::calendarBenchAccounts(AccountCount);
    store.putAccounts(accounts, nowMs);
    store.putSlots(ProjectZone, bench::calendarBenchSlots(accounts), nowMs);
    CreditBalance credits;
    credits.remaining = 5'000;
    store.putCredits(credits, nowMs);
    {
        gui::WeekModel model(store);
        openOnToday(model);
        profile.week = model.range();
    }
    if (profile.posts > 0)
        store.replacePosts(
            profile.week.first, profile.week.second,
            bench::calendarBenchPosts(profile.posts, profile.week.first, nowMs, accounts));
    if (const int shown = postsOfTheWeek(store); shown != profile.posts)
        return u"the store's week has %1 posts, not %2"_s.arg(shown).arg(profile.posts);
    return std::nullopt;
}

bool copyDirectory(const QString &from, const QString &to)
{
    QDir().mkpath(to);
    QDirIterator files(from, QDir::Files | QDir::Hidden | QDir::NoDotAndDotDot,
                       QDirIterator::Subdirectories);
    while (files.hasNext()) {
        const QString file = files.next();
        const QString target = QDir(to).filePath(QDir(from).relativeFilePath(file));
        QDir().mkpath(QFileInfo(target).absolutePath());
        if (!QFile::copy(file, target))
            return false;
    }
    return true;
}

struct Start
{
    // ms from launching the process
    double painted = 0; // the frame with the posts painted (the figure)
    double loaded = 0; // the libraries loaded, before main()
    double application = 0; // the QApplication made
    double windowShown = 0;
    double firstViewPaint = 0;
    double peakMb = 0; // VmHWM once settled
    double peakAtPaintMb = 0;
    int viewPaints = 0;
    QString viewport;
    QString window;
    QString platform;
};

struct Run
{
    std::optional<Start> start;
    QString failure;
};

QHash<QString, QString> readReport(const QString &file)
{
    QHash<QString, QString> values;
    QFile report(file);
    if (!report.open(QIODevice::ReadOnly))
        return values;
    for (const QByteArray &line : report.readAll().split('\n')) {
        const qsizetype equals = line.indexOf('=');
        if (equals > 0)
            values.insert(QString::fromUtf8(line.left(equals)),
                          QString::fromUtf8(line.mid(equals + 1)));
    }
    return values;
}

struct Launch
{
    QString program;
    QStringList arguments;
    QString probe;
    QString directory; // for the report and the log
    int expectedPosts = 0;
    int settleMs = 0;
    int timeoutMs = 0;
    QString grabFile;
    Kind kind = Kind::Busy;
};

Run launch(const Launch &how)
{
    Run run;
    const QString reportFile = QDir(how.directory).filePath(u"start-report"_s);
    QFile::remove(reportFile);
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    const QString preload = environment.value(u"LD_PRELOAD"_s);
    environment.insert(u"LD_PRELOAD"_s, preload.isEmpty() ? how.probe : how.probe + u':' + preload);
    // The sanitizers' runtime wants to be first in the list of libraries; the probe
    // replaces none of its functions.
    const QString asan = environment.value(u"ASAN_OPTIONS"_s);
    environment.insert(u"ASAN_OPTIONS"_s,
                       (asan.isEmpty() ? QString() : asan + u':') + u"verify_asan_link_order=0"_s);
    environment.insert(u"SLOTLINE_START_PROBE_REPORT"_s, reportFile);
    environment.insert(u"SLOTLINE_START_PROBE_POSTS"_s, QString::number(how.expectedPosts));
    environment.insert(u"SLOTLINE_START_PROBE_SETTLE_MS"_s, QString::number(how.settleMs));
    if (!how.grabFile.isEmpty())
        environment.insert(u"SLOTLINE_START_PROBE_GRAB"_s, how.grabFile);
    QProcess process;
    process.setProcessEnvironment(environment);
    process.setProgram(how.program);
    process.setArguments(how.arguments);
    process.setProcessChannelMode(QProcess::MergedChannels);
    process.setStandardOutputFile(QDir(how.directory).filePath(u"output.log"_s));
    const qint64 launchedNs = monotonicNs();
    process.start();
    if (!process.waitForStarted()) {
        run.failure = u"%1 did not start: %2"_s.arg(how.program, process.errorString());
        return run;
    }
    if (!process.waitForFinished(how.timeoutMs)) {
        process.kill();
        process.waitForFinished();
        run.failure = u"no frame with the posts within %1 s"_s.arg(how.timeoutMs / 1000);
    }
    const QHash<QString, QString> report = readReport(reportFile);
    if (run.failure.isEmpty() && report.isEmpty())
        run.failure = u"the process ended (exit code %1) without painting the week"_s.arg(
            process.exitCode());
    if (!run.failure.isEmpty()) {
        QFile log(QDir(how.directory).filePath(u"output.log"_s));
        if (log.open(QIODevice::ReadOnly))
            run.failure += u"\n  its output ends with:\n"_s
                           + QString::fromLocal8Bit(log.readAll().right(1500));
        return run;
    }

    const auto msOf = [&](const QString &key) {
        return double(report.value(key).toLongLong() - launchedNs) / 1e6;
    };
    Start start;
    start.painted = msOf(u"painted_ns"_s);
    start.loaded = msOf(u"loaded_ns"_s);
    start.application = msOf(u"application_ns"_s);
    start.windowShown = msOf(u"window_shown_ns"_s);
    start.firstViewPaint = msOf(u"first_view_paint_ns"_s);
    start.peakMb = double(report.value(u"hwm_kb"_s).toLongLong()) * 1024 / 1e6;
    start.peakAtPaintMb = double(report.value(u"hwm_at_paint_kb"_s).toLongLong()) * 1024 / 1e6;
    start.viewPaints = report.value(u"view_paints"_s).toInt();
    start.viewport = report.value(u"viewport"_s);
    start.window = report.value(u"window"_s);
    start.platform = report.value(u"platform"_s);

    const int postsInWeek = report.value(u"posts_in_week"_s).toInt();
    const int postsPainted = report.value(u"posts_painted"_s).toInt();
    if (how.kind != Kind::Bare && report.value(u"window_class"_s) != u"slotline::gui::MainWindow"_s)
        run.failure = u"the first window shown was %1, not the main window"_s.arg(
            report.value(u"window_class"_s));
    else if (postsInWeek != how.expectedPosts)
        run.failure = u"the week painted had %1 posts, the store %2"_s.arg(postsInWeek)
                          .arg(how.expectedPosts);
    else if (how.expectedPosts > 0 && postsPainted < 1)
        run.failure = u"the frame painted no post"_s;
    else if (!how.grabFile.isEmpty() && report.value(u"grabbed"_s) != u"1"_s)
        run.failure = u"the view could not be saved to %1"_s.arg(how.grabFile);
    if (run.failure.isEmpty())
        run.start = start;
    return run;
}

struct Summary
{
    double median = 0;
    double max = 0;
};

Summary summarize(QList<double> values)
{
    if (values.isEmpty())
        return {};
    std::sort(values.begin(), values.end());
    const qsizetype count = values.size();
    const double median
        = count % 2 == 1 ? values[count / 2] : (values[count / 2 - 1] + values[count / 2]) / 2;
    return {median, values.back()};
}

template<typename Field>
Summary summarize(const QList<Start> &starts, Field field)
{
    QList<double> values;
    for (const Start &start : starts)
        values.append(field(start));
    return summarize(values);
}

// Connections are accepted (by the system, into the listening queue) and never answered:
// the app waits as it would for a slow server. Between runs the queue is emptied.
void dropWaitingConnections(QTcpServer &server)
{
    while (server.waitForNewConnection(0)) {
        while (QTcpSocket *socket = server.nextPendingConnection()) {
            socket->abort();
            delete socket;
        }
    }
}

void printFigures(QTextStream &out, const QHash<Kind, QList<Start>> &starts, int settleMs)
{
    const QList<Start> busy = starts.value(Kind::Busy);
    if (busy.isEmpty()) {
        out << "\nno start of the busy week was measured\n";
        return;
    }
    out << "window " << busy.constFirst().window << ", week viewport " << busy.constFirst().viewport
        << ", platform " << busy.constFirst().platform << "\n\n";
    out << "ms from launch (median / max)   main()        QApplication  window shown  "
           "first paint   painted       peak MB (median / max)\n";
    const auto column = [](const Summary &summary, int decimals = 0) {
        return u"%1 / %2"_s.arg(summary.median, 0, 'f', decimals)
            .arg(summary.max, 0, 'f', decimals)
            .leftJustified(14);
    };
    for (Kind kind : {Kind::Busy, Kind::Empty, Kind::Bare}) {
        const QList<Start> list = starts.value(kind);
        if (list.isEmpty())
            continue;
        out << QString(kindName(kind) + u" (%1)"_s.arg(list.size())).leftJustified(32)
            << column(summarize(list, [](const Start &s) { return s.loaded; }))
            << column(summarize(list, [](const Start &s) { return s.application; }))
            << column(summarize(list, [](const Start &s) { return s.windowShown; }))
            << column(summarize(list, [](const Start &s) { return s.firstViewPaint; }))
            << column(summarize(list, [](const Start &s) { return s.painted; }))
            << column(summarize(list, [](const Start &s) { return s.peakMb; }), 1) << "\n";
    }
    const Summary busyTime = summarize(busy, [](const Start &s) { return s.painted; });
    const Summary busyPeak = summarize(busy, [](const Start &s) { return s.peakMb; });
    const Summary busyPeakAtPaint = summarize(busy, [](const Start &s) { return s.peakAtPaintMb; });
    for (Kind baseline : {Kind::Empty, Kind::Bare}) {
        const QList<Start> list = starts.value(baseline);
        if (list.isEmpty())
            continue;
        const Summary time = summarize(list, [](const Start &s) { return s.painted; });
        const Summary peak = summarize(list, [](const Start &s) { return s.peakMb; });
        out << "\nbusy week / " << kindName(baseline) << " (medians): time "
            << QString::number(busyTime.median / time.median, 'f', 2) << ", peak memory "
            << QString::number(busyPeak.median / peak.median, 'f', 2);
    }
    out << "\nbusy week: peak " << QString::number(busyPeakAtPaint.median, 'f', 1)
        << " MB at the paint, " << QString::number(busyPeak.median, 'f', 1) << " MB " << settleMs
        << " ms later (medians); paints of the week view before the one with the posts: "
        << std::max(0, busy.constFirst().viewPaints - 1) << "\n";
    out << "targets: start under 1000 ms (max " << QString::number(busyTime.max, 'f', 0)
        << " ms: " << (busyTime.max < 1000 ? "met" : "missed") << "), peak under 150 MB (max "
        << QString::number(busyPeak.max, 'f', 1)
        << " MB: " << (busyPeak.max < 150 ? "met" : "missed") << ")\n";
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication application(argc, argv);
    // The names main() gives the app: the settings are found under them.
    QCoreApplication::setOrganizationName(u"Slotline"_s);
    QCoreApplication::setApplicationName(u"slotline"_s);
    // The stores' migrations as the profiles are written are no news here.
    QLoggingCategory::setFilterRules(u"slotline.*.info=false"_s);

    QCommandLineParser parser;
    parser.setApplicationDescription(
        u"Times the desktop app's start to a painted week of cached posts, and its peak "
        "memory, against an empty week and a bare QMainWindow."_s);
    parser.addHelpOption();
    parser.addOption({u"posts"_s, u"Posts in the week."_s, u"n"_s, u"2000"_s});
    parser.addOption({u"runs"_s, u"Starts of each kind."_s, u"n"_s, u"10"_s});
    parser.addOption({u"settle-ms"_s, u"How long after the paint the peak memory is read again."_s,
                      u"ms"_s, u"1000"_s});
    parser.addOption(
        {u"timeout"_s, u"Seconds a start may take before it fails."_s, u"seconds"_s, u"120"_s});
    parser.addOption(
        {u"app"_s, u"The slotline program."_s, u"file"_s, QStringLiteral(SLOTLINE_APP_PROGRAM)});
    parser.addOption({u"bare"_s, u"The bare window program (the baseline)."_s, u"file"_s,
                      QStringLiteral(SLOTLINE_BARE_WINDOW_PROGRAM)});
    parser.addOption({u"probe"_s, u"The probe library preloaded into them."_s, u"file"_s,
                      QStringLiteral(SLOTLINE_START_PROBE_LIBRARY)});
    parser.addOption(
        {u"grab"_s, u"Save the busy week as the first start painted it (PNG)."_s, u"file"_s});
    parser.addOption({u"keep"_s, u"Keep the profiles and logs in this directory."_s, u"dir"_s});
    parser.process(application);
    const int postCount = std::max(1, parser.value(u"posts"_s).toInt());
    const int runs = std::max(1, parser.value(u"runs"_s).toInt());
    const int settleMs = std::max(0, parser.value(u"settle-ms"_s).toInt());
    const int timeoutMs = std::max(1, parser.value(u"timeout"_s).toInt()) * 1000;
    QTextStream out(stdout);

    QTemporaryDir temporary;
    const QString root
        = parser.isSet(u"keep"_s) ? QDir(parser.value(u"keep"_s)).absolutePath() : temporary.path();
    if (!temporary.isValid() || !QDir().mkpath(root)) {
        out << "cannot create a working directory\n";
        return 2;
    }
    for (const QString &option : {u"app"_s, u"bare"_s, u"probe"_s}) {
        if (!QFileInfo(parser.value(option)).isFile()) {
            out << "no such file: " << parser.value(option) << " (--" << option << ")\n";
            return 2;
        }
    }

    QTcpServer silentServer;
    if (!silentServer.listen(QHostAddress::LocalHost)) {
        out << "cannot listen on 127.0.0.1: " << silentServer.errorString() << "\n";
        return 2;
    }
    const QUrl baseUrl(u"http://127.0.0.1:%1"_s.arg(silentServer.serverPort()));

    Profile busy {QDir(root).filePath(u"profile-busy"_s), postCount, {}};
    Profile empty {QDir(root).filePath(u"profile-empty"_s), 0, {}};
    for (Profile *profile : {&busy, &empty}) {
        QDir(profile->directory).removeRecursively(); // a --keep directory used before
        if (const auto failure = prepareProfile(*profile, baseUrl)) {
            out << "preparing " << profile->directory << " failed: " << *failure << "\n";
            return 2;
        }
    }

    const QString platform = qEnvironmentVariable("QT_QPA_PLATFORM", u"(default)"_s);
    out << "Desktop app start: " << postCount << " posts cached in the week of "
        << QDateTime::fromMSecsSinceEpoch(busy.week.first, QTimeZone(ProjectZone.toUtf8()))
               .date()
               .toString(Qt::ISODate)
        << " (" << ProjectZone << "), " << AccountCount << " accounts, 15 weekly slots; " << runs
        << " starts of each kind, alternated; QT_QPA_PLATFORM=" << platform
        << (qEnvironmentVariableIsSet("DISPLAY") ? u", DISPLAY="_s + qEnvironmentVariable("DISPLAY")
                                                 : QString())
        << "\nprogram: " << parser.value(u"app"_s) << "\nload average before: " << loadAverage()
        << "\n";
    out.flush();

    QHash<Kind, QList<Start>> starts;
    QStringList failures;
    const QList<Kind> kinds {Kind::Bare, Kind::Empty, Kind::Busy};
    for (int run = 0; run < runs; ++run) {
        // The order turns from run to run, so that none is always first after a pause.
        for (int i = 0; i < kinds.size(); ++i) {
            const Kind kind = kinds[(i + run) % kinds.size()];
            Launch how;
            how.kind = kind;
            how.probe = parser.value(u"probe"_s);
            how.settleMs = settleMs;
            how.timeoutMs = timeoutMs;
            const QString name = kind == Kind::Busy    ? u"busy"_s
                                 : kind == Kind::Empty ? u"empty"_s
                                                       : u"bare"_s;
            how.directory = QDir(root).filePath(u"run-%1-%2"_s.arg(run).arg(name));
            QDir(how.directory).removeRecursively();
            if (kind == Kind::Bare) {
                QDir().mkpath(how.directory);
                how.program = parser.value(u"bare"_s);
            } else {
                const Profile &profile = kind == Kind::Busy ? busy : empty;
                if (!copyDirectory(profile.directory, how.directory)) {
                    out << "cannot copy " << profile.directory << "\n";
                    return 2;
                }
                how.program = parser.value(u"app"_s);
                how.arguments = {u"--profile"_s, how.directory};
                how.expectedPosts = profile.posts;
                if (kind == Kind::Busy && run == 0)
                    how.grabFile = parser.value(u"grab"_s);
            }
            dropWaitingConnections(silentServer);
            const Run result = launch(how);
            if (result.start) {
                starts[kind].append(*result.start);
                if (!parser.isSet(u"keep"_s))
                    QDir(how.directory).removeRecursively();
            } else {
                failures.append(
                    u"%1, start %2: %3"_s.arg(kindName(kind)).arg(run + 1).arg(result.failure));
            }
        }
    }
    dropWaitingConnections(silentServer);

    printFigures(out, starts, settleMs);
    out << "MB: 10^6 bytes. load average after: " << loadAverage() << "\n";
#ifdef SLOTLINE_SANITIZED_BUILD
    out << "This build has AddressSanitizer and UBSan: its times and sizes are theirs, not the "
           "app's; the targets are for the release build.\n";
#endif

    if (!failures.isEmpty()) {
        out << "\nFAILED:\n";
        for (const QString &failure : std::as_const(failures))
            out << "  " << failure << "\n";
        return 1;
    }
    return 0;
}
