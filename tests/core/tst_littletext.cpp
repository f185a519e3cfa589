#include "core/littletext.h"

#include <QRandomGenerator>
#include <QTest>

using namespace slotline;

class TestLittleText : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void escape_data()
    {
        QTest::addColumn<QString>("plain");
        QTest::addColumn<QString>("escaped");
        const QString reserved = QStringLiteral("|{}@[]()<>#\\*_~");
        for (const QChar c : reserved) {
            QTest::addRow("reserved %c", c.toLatin1())
                << QStringLiteral("a") + c + QStringLiteral("b")
                << QStringLiteral("a\\") + c + QStringLiteral("b");
        }
        QTest::newRow("empty") << QString() << QString();
        QTest::newRow("plain text stays") << QStringLiteral("Hello, world! 50% off: $10 & more.")
                                          << QStringLiteral("Hello, world! 50% off: $10 & more.");
        QTest::newRow("hashtag and mention are escaped")
            << QStringLiteral("#launch with @acme") << QStringLiteral("\\#launch with \\@acme");
        QTest::newRow("backslash before a reserved character")
            << QStringLiteral("\\#") << QStringLiteral("\\\\\\#");
        QTest::newRow("double backslash") << QStringLiteral("\\\\") << QStringLiteral("\\\\\\\\");
        QTest::newRow("mixed") << QStringLiteral(
            "Read (part 1) [draft] <now> *bold* _it_ ~x~ {a|b}")
                               << QStringLiteral("Read \\(part 1\\) \\[draft\\] \\<now\\> "
                                                 "\\*bold\\* \\_it\\_ \\~x\\~ \\{a\\|b\\}");
        QTest::newRow("emoji and newlines stay")
            << QStringLiteral("🎉 new\n👩‍👩‍👧 #team")
            << QStringLiteral("🎉 new\n👩‍👩‍👧 \\#team");
        QTest::newRow("looks like a mention")
            << QStringLiteral("@[Acme](urn:li:organization:1)")
            << QStringLiteral("\\@\\[Acme\\]\\(urn:li:organization:1\\)");
    }
    void escape()
    {
        QFETCH(QString, plain);
        QFETCH(QString, escaped);
        QCOMPARE(LittleText::escape(plain), escaped);
    }

    void render_data()
    {
        QTest::addColumn<QString>("littleText");
        QTest::addColumn<QString>("shown");
        const QString reserved = QStringLiteral("|{}@[]()<>#\\*_~");
        for (const QChar c : reserved) {
            QTest::addRow("cut at unescaped %c", c.toLatin1())
                << QStringLiteral("before ") + c + QStringLiteral(" after")
                << QStringLiteral("before ");
            QTest::addRow("escaped %c is text", c.toLatin1())
                << QStringLiteral("before \\") + c + QStringLiteral(" after")
                << QStringLiteral("before ") + c + QStringLiteral(" after");
        }
        QTest::newRow("empty") << QString() << QString();
        QTest::newRow("plain") << QStringLiteral("Hello, world!")
                               << QStringLiteral("Hello, world!");
        QTest::newRow("cut at the first of several")
            << QStringLiteral("one (two) #three") << QStringLiteral("one ");
        QTest::newRow("cut at the start") << QStringLiteral("#hashtag first") << QString();
        QTest::newRow("backslash before a plain character cuts")
            << QStringLiteral("a\\nb") << QStringLiteral("a");
        QTest::newRow("trailing backslash cuts")
            << QStringLiteral("end\\") << QStringLiteral("end");
        QTest::newRow("escaped backslash then reserved cuts")
            << QStringLiteral("a\\\\(b") << QStringLiteral("a\\");
        QTest::newRow("person mention")
            << QStringLiteral("Thanks @[Eddy Smith](urn:li:person:a1B2-c_3)!")
            << QStringLiteral("Thanks Eddy Smith!");
        QTest::newRow("organization mention")
            << QStringLiteral("Hello @[Acme Corp](urn:li:organization:1234) team")
            << QStringLiteral("Hello Acme Corp team");
        QTest::newRow("mention name with escapes")
            << QStringLiteral("@[A\\(B\\)](urn:li:person:1)") << QStringLiteral("A(B)");
        QTest::newRow("mention of another kind of entity cuts")
            << QStringLiteral("hi @[Group](urn:li:group:1) x") << QStringLiteral("hi ");
        QTest::newRow("mention without id cuts")
            << QStringLiteral("hi @[Eddy](urn:li:person:) x") << QStringLiteral("hi ");
        QTest::newRow("mention with space before the urn cuts")
            << QStringLiteral("hi @[Eddy] (urn:li:person:1)") << QStringLiteral("hi ");
        QTest::newRow("mention with empty name cuts")
            << QStringLiteral("hi @[](urn:li:person:1)") << QStringLiteral("hi ");
        QTest::newRow("unclosed mention cuts")
            << QStringLiteral("hi @[Eddy](urn:li:person:1") << QStringLiteral("hi ");
        QTest::newRow("hashtag template with escaped sign")
            << QStringLiteral("Go {hashtag|\\#|Technology} now")
            << QStringLiteral("Go #Technology now");
        QTest::newRow("hashtag template with plain sign")
            << QStringLiteral("{hashtag|#|mytag}") << QStringLiteral("#mytag");
        QTest::newRow("hashtag template with fullwidth sign")
            << QStringLiteral(u"{hashtag|\uFF03|mytag}") << QStringLiteral(u"\uFF03mytag");
        QTest::newRow("hashtag template with another sign cuts")
            << QStringLiteral("a {hashtag|$|tag}") << QStringLiteral("a ");
        QTest::newRow("hashtag template without tag cuts")
            << QStringLiteral("a {hashtag|#|}") << QStringLiteral("a ");
        QTest::newRow("unclosed hashtag template cuts")
            << QStringLiteral("a {hashtag|#|tag") << QStringLiteral("a ");
        QTest::newRow("other template cuts")
            << QStringLiteral("a {mention|x} b") << QStringLiteral("a ");
        QTest::newRow("emoji and newlines pass") << QStringLiteral("🎉\nnew 👩‍👩‍👧")
                                                 << QStringLiteral("🎉\nnew 👩‍👩‍👧");
    }
    void render()
    {
        QFETCH(QString, littleText);
        QFETCH(QString, shown);
        QCOMPARE(LittleText::render(littleText), shown);
    }

    // Whatever the plain text, LinkedIn shows exactly it once escaped.
    void renderOfEscapeIsIdentity_data()
    {
        QTest::addColumn<QString>("plain");
        const QStringList alphabet {
            QStringLiteral("|"),       QStringLiteral("{"),
            QStringLiteral("}"),       QStringLiteral("@"),
            QStringLiteral("["),       QStringLiteral("]"),
            QStringLiteral("("),       QStringLiteral(")"),
            QStringLiteral("<"),       QStringLiteral(">"),
            QStringLiteral("#"),       QStringLiteral("\\"),
            QStringLiteral("*"),       QStringLiteral("_"),
            QStringLiteral("~"),       QStringLiteral("a"),
            QStringLiteral("Z"),       QStringLiteral("é"),
            QStringLiteral(" "),       QStringLiteral("\n"),
            QStringLiteral("🎉"),       QStringLiteral("👩‍👩‍👧"),
            QStringLiteral("hashtag"), QStringLiteral("urn:li:person:1"),
        };
        QRandomGenerator random(20240229);
        for (int row = 0; row < 300; ++row) {
            QString plain;
            const int length = int(random.bounded(0, 24));
            for (int i = 0; i < length; ++i)
                plain += alphabet[random.bounded(int(alphabet.size()))];
            QTest::addRow("generated %d", row) << plain;
        }
    }
    void renderOfEscapeIsIdentity()
    {
        QFETCH(QString, plain);
        QCOMPARE(LittleText::render(LittleText::escape(plain)), plain);
    }
};

QTEST_GUILESS_MAIN(TestLittleText)
#include "tst_littletext.moc"
