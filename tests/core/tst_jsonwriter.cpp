#include "core/jsonwriter.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
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
            json.bytes(),
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

    void numbersStayNumbers()
    {
        JsonWriter json;
        json.beginArray()
            .value(qint64(-9007199254740991))
            .value(1e300)
            .value(0.1)
            .value(std::numeric_limits<double>::quiet_NaN());
        json.endArray();
        const QJsonArray parsed = QJsonDocument::fromJson(json.bytes()).array();
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
        QCOMPARE(QJsonDocument::fromJson(json.bytes()).object(), original);
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
