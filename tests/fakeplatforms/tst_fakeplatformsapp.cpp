#include <QProcess>
#include <QRegularExpression>
#include <QTest>

using namespace Qt::StringLiterals;

// The program people start by hand: what it prints must be enough to point Slotline at it.
class TstFakePlatformsApp : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void printsTheChosenPortAndTheSlotlineCommands();
    void refusesABadPort();
};

void TstFakePlatformsApp::printsTheChosenPortAndTheSlotlineCommands()
{
    QProcess process;
    process.start(QStringLiteral(SLOTLINE_FAKE_PLATFORMS_BINARY),
                  {u"--port"_s, u"0"_s, u"--x-client-id"_s, u"my-x-app"_s, u"--graph-versions"_s,
                   u"v25.0,v24.0"_s});
    QVERIFY(process.waitForStarted());
    QByteArray output;
    // The lines come at once after listening; wait for the last one.
    while (!output.contains("admin API") && process.waitForReadyRead(10'000))
        output += process.readAllStandardOutput();
    process.terminate();
    process.waitForFinished();
    const QString text = QString::fromUtf8(output);

    const QRegularExpressionMatch listening
        = QRegularExpression(
              u"slotline-fake-platforms listening on http://127\\.0\\.0\\.1:(\\d+)\\n"_s)
              .match(text);
    QVERIFY2(listening.hasMatch(), qPrintable(text));
    const QString base = u"http://127.0.0.1:"_s + listening.captured(1);
    QVERIFY(listening.captured(1).toInt() > 0);
    QVERIFY(text.contains(
        u"slotline-server platforms set x --client-id my-x-app --client-secret fake-x-secret --url authorize="_s
        + base + u"/x/i/oauth2/authorize --url api="_s + base + u"/x\n"_s));
    QVERIFY(text.contains(
        u"slotline-server platforms set linkedin --client-id fake-linkedin-client --client-secret "
        "fake-linkedin-secret --url authorize="_s
        + base + u"/linkedin/oauth/v2/authorization --url token="_s + base
        + u"/linkedin/oauth/v2/accessToken --url api="_s + base + u"/linkedin\n"_s));
    QVERIFY(text.contains(
        u"slotline-server platforms set facebook --client-id fake-facebook-client --client-secret "
        "fake-facebook-secret --url authorize="_s
        + base + u"/facebook/v25.0/dialog/oauth --url api="_s + base
        + u"/facebook/v25.0 --url video="_s + base + u"/facebook/v25.0\n"_s));
}

void TstFakePlatformsApp::refusesABadPort()
{
    QProcess process;
    process.start(QStringLiteral(SLOTLINE_FAKE_PLATFORMS_BINARY), {u"--port"_s, u"70000"_s});
    QVERIFY(process.waitForFinished(10'000));
    QCOMPARE(process.exitCode(), 2);
    QVERIFY(process.readAllStandardError().contains("--port"));
}

QTEST_GUILESS_MAIN(TstFakePlatformsApp)
#include "tst_fakeplatformsapp.moc"
