#include "core/isotime.h"
#include "core/jsonwriter.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStringDecoder>
#include <QTest>

using namespace slotline;
using namespace Qt::Literals::StringLiterals;

class TestJsonWriter : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void writesCompactNestedJson()
    {
        JsonWriter json;
        json.beginObject()
            .field("name"_L1, QStringLiteral("Café ☕"))
            .field("count"_L1, qint64(3))
            .field("ratio"_L1, 0.25)
            .field("whole"_L1, 2.0)
            .field("on"_L1, true);
        json.key("nothing"_L1).null();
        json.key("empty"_L1).nullableValue(QString());
        json.key("list"_L1)
            .beginArray()
            .value(qint64(1))
            .beginObject()
            .endObject()
            .beginArray()
            .endArray()
            .endArray();
        json.endObject();
        QCOMPARE(
            json.take(),
            QByteArray("{\"name\":\"Café ☕\",\"count\":3,\"ratio\":0.25,\"whole\":2,\"on\":true,"
                       "\"nothing\":null,\"empty\":null,\"list\":[1,{},[]]}"));
    }

    void escapesWhatJsonRequires_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QByteArray>("json");
        QTest::newRow("quote and backslash")
            << QStringLiteral("a\"b\\c") << QByteArray("\"a\\\"b\\\\c\"");
        QTest::newRow("newline, tab, return")
            << QStringLiteral("a\nb\tc\rd") << QByteArray("\"a\\nb\\tc\\rd\"");
        QTest::newRow("other control characters")
            << QString(QChar(0x01)) + QChar(0x1f) << QByteArray("\"\\u0001\\u001f\"");
        QTest::newRow("NUL") << QString(QChar(0)) << QByteArray("\"\\u0000\"");
        QTest::newRow("slash stays") << QStringLiteral("a/b") << QByteArray("\"a/b\"");
        QTest::newRow("emoji as UTF-8")
            << QStringLiteral("👩‍👩‍👧") << QByteArray("\"👩‍👩‍👧\"");
        QTest::newRow("empty") << QString() << QByteArray("\"\"");
        QTest::newRow("two-byte UTF-8") << QStringLiteral("é ß ж") << QByteArray("\"é ß ж\"");
        QTest::newRow("three-byte UTF-8") << QStringLiteral("日本 €") << QByteArray("\"日本 €\"");
        QTest::newRow("byte order mark, which Qt's parser would drop unescaped")
            << QString(QChar(0xfeff)) + QStringLiteral("x") << QByteArray("\"\\ufeffx\"");
        QTest::newRow("DEL is not a control to escape")
            << QString(QChar(0x7f)) << QByteArray("\"\x7f\"");
    }
    void escapesWhatJsonRequires()
    {
        QFETCH(QString, text);
        QFETCH(QByteArray, json);
        QCOMPARE(JsonWriter::quoted(text), json);
        // And Qt's parser reads back exactly the text.
        const QJsonDocument parsed = QJsonDocument::fromJson("[" + json + "]");
        QCOMPARE(parsed.array().first().toString(), text);
    }

    // Long text is encoded eight characters at a time where it can be: whatever needs
    // escaping or encoding is found wherever it stands among them.
    void escapesAnywhereInLongText()
    {
        const QList<QString> specials {
            QStringLiteral("\""),   QStringLiteral("\\"),  QStringLiteral("\n"),
            QString(QChar(0x01)),   QString(QChar(0x7f)),  QString(QChar(0x80)),
            QStringLiteral("é"),    QStringLiteral("日"),  QStringLiteral("😀"),
            QString(QChar(0xd800)), QString(QChar(0xffff))};
        for (const QString &special : specials) {
            const QByteArray encoded = JsonWriter::quoted(special).chopped(1).sliced(1);
            for (int before = 0; before <= 20; ++before) {
                const QString text = QString(before, u'a') + special + QString(20 - before, u'b');
                const QByteArray expected
                    = '"' + QByteArray(before, 'a') + encoded + QByteArray(20 - before, 'b') + '"';
                QCOMPARE(JsonWriter::quoted(text), expected);
            }
        }
        const QString plain = QStringLiteral(
            "The quick brown fox jumps over the lazy dog, 0123456789 ~!@#$%^&*()_+{}|:<>?");
        QCOMPARE(JsonWriter::quoted(plain), '"' + plain.toLatin1() + '"');
    }

    void loneSurrogatesBecomeReplacementCharacters()
    {
        const QString broken
            = QStringLiteral("a") + QChar(0xd800) + QStringLiteral("b") + QChar(0xdc00);
        QCOMPARE(JsonWriter::quoted(broken), QByteArray("\"a\xef\xbf\xbd"
                                                        "b\xef\xbf\xbd\""));
    }

    void utf8TextIsWrittenAsUtf16TextIs()
    {
        // Every character that is escaped or encoded differently, at every position
        // around the sixteen-byte steps and the tail, in texts of every length up to 40.
        const QList<QString> specials {QStringLiteral("\""),   QStringLiteral("\\"),
                                       QStringLiteral("\n"),   QString(QChar(0x1f)),
                                       QString(QChar(0)),      QStringLiteral("é"),
                                       QStringLiteral("€"),    QStringLiteral("👩"),
                                       QString(QChar(0xfeff)), QString(QChar(0x7f))};
        int compared = 0;
        for (int length = 0; length <= 40; ++length) {
            for (const QString &special : specials) {
                for (int position = 0; position <= length; position += 3) {
                    QString text;
                    for (int i = 0; i < length; ++i)
                        text += i == position ? special : QString(QChar(u'a' + i % 26));
                    JsonWriter fromUtf8;
                    fromUtf8.utf8Value(text.toUtf8());
                    JsonWriter fromUtf16;
                    fromUtf16.value(text);
                    QCOMPARE(fromUtf8.take(), fromUtf16.take());
                    ++compared;
                }
            }
        }
        QVERIFY(compared > 1000);
        JsonWriter nullable;
        nullable.beginArray().nullableUtf8Value({}).nullableUtf8Value("x").endArray();
        QCOMPARE(nullable.take(), QByteArray("[null,\"x\"]"));
    }

    void malformedUtf8BecomesReplacementCharacters_data()
    {
        QTest::addColumn<QByteArray>("utf8");
        QTest::addColumn<QString>("text");
        const QString bad(QChar(0xfffd));
        const QByteArray longPrefix("0123456789abcdef0123");
        QTest::newRow("stray continuation") << QByteArray("a\x80"
                                                          "b")
                                            << u"a"_s + bad + u"b"_s;
        QTest::newRow("invalid byte") << QByteArray("\xff") << bad;
        QTest::newRow("overlong") << QByteArray("\xc0\xaf") << bad + bad;
        QTest::newRow("overlong three bytes") << QByteArray("\xe0\x80\xaf") << bad + bad + bad;
        QTest::newRow("surrogate") << QByteArray("\xed\xa0\x80") << bad + bad + bad;
        QTest::newRow("past U+10FFFF") << QByteArray("\xf4\x90\x80\x80") << bad + bad + bad + bad;
        QTest::newRow("cut short at the end")
            << longPrefix + QByteArray("\xe2\x82") << QString::fromLatin1(longPrefix) + bad + bad;
        QTest::newRow("cut short by ASCII") << QByteArray("\xe2\x82x") << bad + bad + u"x"_s;
        QTest::newRow("in a long text, then plain")
            << longPrefix + QByteArray("\xff") + longPrefix
            << QString::fromLatin1(longPrefix) + bad + QString::fromLatin1(longPrefix);
        QTest::newRow("four bytes, well formed")
            << QByteArray("\xf0\x9f\x91\xa9") << QStringLiteral("👩");
    }

    void malformedUtf8BecomesReplacementCharacters()
    {
        QFETCH(QByteArray, utf8);
        QFETCH(QString, text);
        JsonWriter json;
        json.beginArray().utf8Value(utf8).endArray();
        const QByteArray written = json.take();
        QJsonParseError error {};
        const QJsonArray parsed = QJsonDocument::fromJson(written, &error).array();
        QCOMPARE(error.error, QJsonParseError::NoError);
        QCOMPARE(parsed.first().toString(), text);
        QStringDecoder decoder(QStringDecoder::Utf8);
        const QString decoded = decoder(written);
        QVERIFY(!decoder.hasError());
    }

    void timesAreWrittenAsIsotimeFormatsThem()
    {
        for (const qint64 ms :
             {qint64(0), qint64(-1), qint64(1'764'000'000'123), qint64(253'402'300'799'999),
              qint64(253'402'300'800'000), qint64(-62'167'219'200'001), qint64(951'782'400'000)}) {
            JsonWriter time;
            time.timeValue(ms);
            JsonWriter text;
            text.value(isotime::format(ms));
            QCOMPARE(time.take(), text.take());
        }
    }

    void numbersStayNumbers()
    {
        JsonWriter json;
        json.beginArray()
            .value(qint64(-9007199254740991))
            .value(1e300)
            .value(0.1)
            .value(std::numeric_limits<double>::quiet_NaN());
        json.endArray();
        const QJsonArray parsed = QJsonDocument::fromJson(json.take()).array();
        QCOMPARE(parsed.size(), 4);
        QCOMPARE(parsed[0].toInteger(), -9007199254740991LL);
        QCOMPARE(parsed[1].toDouble(), 1e300);
        QCOMPARE(parsed[2].toDouble(), 0.1);
        QVERIFY(parsed[3].isNull()); // JSON has no NaN
    }

    void anyQJsonValueRoundTrips()
    {
        const QJsonObject original
            = QJsonDocument::fromJson("{\"a\":[1,\"two\",{\"three\":3.5,\"four\":null}],\"b\":{"
                                      "\"c\":true,\"d\":\"e\\nf\"},\"ü\":\"ß\"}")
                  .object();
        JsonWriter json;
        json.value(QJsonValue(original));
        QCOMPARE(QJsonDocument::fromJson(json.take()).object(), original);
    }

    void integersInQJsonValuesAreWrittenExactly()
    {
        // Beyond 2^53 a double cannot hold them: they must not go through one.
        const QJsonArray original {qint64(-5389626563389018322),
                                   qint64(9223372036854775807),
                                   qint64(std::numeric_limits<qint64>::min()),
                                   0,
                                   1.5,
                                   -0.25,
                                   1e300};
        JsonWriter json;
        json.value(QJsonValue(original));
        const QByteArray written = json.take();
        QVERIFY2(written.contains("-5389626563389018322"), written.constData());
        const QJsonArray parsed = QJsonDocument::fromJson(written).array();
        QCOMPARE(parsed.size(), original.size());
        for (qsizetype i = 0; i < 3; ++i)
            QCOMPARE(parsed[i].toInteger(), original[i].toInteger());
        QCOMPARE(parsed[4].toDouble(), 1.5);
        QCOMPARE(parsed[5].toDouble(), -0.25);
        QCOMPARE(parsed[6].toDouble(), 1e300);
    }

    void takeLeavesAnEmptyWriter()
    {
        JsonWriter json;
        json.beginArray().value(qint64(1)).endArray();
        QCOMPARE(json.take(), QByteArray("[1]"));
        json.beginArray().endArray();
        QCOMPARE(json.take(), QByteArray("[]"));
    }
};

QTEST_GUILESS_MAIN(TestJsonWriter)
#include "tst_jsonwriter.moc"
