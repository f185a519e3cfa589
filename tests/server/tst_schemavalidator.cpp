#include "server/api/jsonliteral.h"
#include "server/api/schemavalidator.h"

#include <QJsonArray>
#include <QTest>

using namespace slotline;

class TestSchemaValidator : public QObject
{
    Q_OBJECT

private:
    static QStringList fields(const QList<FieldError> &errors)
    {
        QStringList result;
        for (const FieldError &error : errors)
            result.append(error.field + QStringLiteral(": ") + error.message);
        return result;
    }

private Q_SLOTS:
    void reportsOneMessagePerBadFieldInPlainWords()
    {
        const SchemaValidator validator(jsonObject(
            "{"
            "\"type\": \"object\", \"additionalProperties\": false, \"required\": [\"text\", "
            "\"limit\"],"
            "\"properties\": {"
            "\"text\": {\"type\": \"string\", \"minLength\": 1, \"maxLength\": 5},"
            "\"limit\": {\"type\": \"integer\", \"minimum\": 1, \"maximum\": 250},"
            "\"platform\": {\"type\": \"string\", \"enum\": [\"linkedin\", \"x\"]},"
            "\"when\": {\"type\": \"string\", \"format\": \"date-time\"},"
            "\"urls\": {\"type\": \"array\", \"maxItems\": 2, \"items\": {\"type\": \"string\"}},"
            "\"post\": {\"type\": \"object\", \"required\": [\"accountId\"], \"properties\": "
            "{\"accountId\": {\"type\": \"string\"}}}"
            "}}"));
        const QJsonObject value
            = jsonObject("{"
                         "\"text\": \"too long text\", \"limit\": 0, \"platform\": \"myspace\", "
                         "\"when\": \"soon\","
                         "\"urls\": [\"a\", 2], \"post\": {}, \"extra\": true}");
        const QStringList errors = fields(validator.validate(value));
        QCOMPARE(errors.size(), 7);
        QVERIFY(errors.contains(QStringLiteral("text: must be a string of 1 to 5 characters")));
        QVERIFY(errors.contains(QStringLiteral("limit: must be an integer from 1 to 250")));
        QVERIFY(errors.contains(QStringLiteral("platform: must be one of: linkedin, x")));
        QVERIFY(errors.contains(QStringLiteral("when: must be an ISO 8601 date-time with Z or an "
                                               "offset, such as 2026-03-01T09:30:00Z")));
        QVERIFY(errors.contains(QStringLiteral("urls[1]: must be a string")));
        QVERIFY(errors.contains(QStringLiteral("post.accountId: is required")));
        QVERIFY(errors.contains(QStringLiteral("extra: is not a known field")));
    }

    void missingRequiredFieldsAndPrefix()
    {
        const SchemaValidator validator(jsonObject(
            "{\"type\": \"object\", \"required\": [\"a\", \"b\"],"
            "\"properties\": {\"a\": {\"type\": \"string\"}, \"b\": {\"type\": \"boolean\"}}}"));
        QCOMPARE(fields(validator.validate(QJsonObject {}, QStringLiteral("body"))),
                 (QStringList {QStringLiteral("body.a: is required"),
                               QStringLiteral("body.b: is required")}));
        QVERIFY(validator.validate(jsonObject("{\"a\": \"x\", \"b\": false}")).isEmpty());
        QCOMPARE(fields(validator.validate(QJsonArray {})),
                 QStringList {QStringLiteral("(body): must be an object")});
    }

    void unknownFieldsAreNamedWholeEvenWithQuotes()
    {
        const SchemaValidator validator(
            jsonObject("{\"type\": \"object\", \"additionalProperties\": false, "
                       "\"properties\": {\"a\": {\"type\": \"string\"}}}"));
        QCOMPARE(fields(validator.validate(jsonObject("{\"it's\": 1}"))),
                 QStringList {QStringLiteral("it's: is not a known field")});
        QCOMPARE(fields(validator.validate(jsonObject("{\"'quoted'\": 1}"))),
                 QStringList {QStringLiteral("'quoted': is not a known field")});
    }

    void formatsTakeAnyValueWithoutCrashing()
    {
        const SchemaValidator validator(
            jsonObject("{\"type\": \"object\", \"properties\": {\"since\": {\"type\": \"string\", "
                       "\"format\": \"date-time\", \"maxLength\": 64}}}"));
        const QString typeError
            = QStringLiteral("since: must be an ISO 8601 date-time with Z or an offset, such as "
                             "2026-03-01T09:30:00Z of at most 64 characters");
        QCOMPARE(fields(validator.validate(jsonObject("{\"since\": 5}"))), QStringList {typeError});
        QCOMPARE(fields(validator.validate(jsonObject("{\"since\": null}"))),
                 QStringList {typeError});
        const QJsonObject longDigits {{QStringLiteral("since"), QString(500'000, u'1')}};
        QCOMPARE(fields(validator.validate(longDigits)), QStringList {typeError});
        // Date-times are read as the API reads times everywhere (isotime).
        QVERIFY(validator.validate(jsonObject("{\"since\": \"2026-03-01T09:30+0100\"}")).isEmpty());
        QCOMPARE(fields(validator.validate(jsonObject("{\"since\": \"2026-03-01T09:30\"}"))),
                 QStringList {typeError});
    }

    void referencesResolveAgainstTheRoot()
    {
        const QJsonObject root
            = jsonObject("{\"components\": {\"schemas\": {\"Platform\": {\"type\": \"string\", "
                         "\"enum\": [\"linkedin\", \"facebook\"]}}}}");
        const SchemaValidator validator(
            jsonObject("{\"type\": \"object\", \"properties\": {\"p\": {\"$ref\": "
                       "\"#/components/schemas/Platform\"}}}"),
            root);
        QVERIFY(validator.validate(jsonObject("{\"p\": \"facebook\"}")).isEmpty());
        QCOMPARE(fields(validator.validate(jsonObject("{\"p\": \"x\"}"))),
                 QStringList {QStringLiteral("p: must be one of: linkedin, facebook")});
    }

    void describe_data()
    {
        QTest::addColumn<QByteArray>("schema");
        QTest::addColumn<QString>("text");
        QTest::newRow("nullable string")
            << QByteArray("{\"type\": [\"string\", \"null\"]}") << "must be a string or null";
        QTest::newRow("minimum only") << QByteArray("{\"type\": \"integer\", \"minimum\": 0}")
                                      << "must be an integer of at least 0";
        QTest::newRow("non-empty") << QByteArray("{\"type\": \"string\", \"minLength\": 1}")
                                   << "must be a non-empty string";
        QTest::newRow("array of one or more")
            << QByteArray("{\"type\": \"array\", \"minItems\": 1}")
            << "must be an array of at least 1 item";
        QTest::newRow("boolean") << QByteArray("{\"type\": \"boolean\"}")
                                 << "must be true or false";
    }
    void describe()
    {
        QFETCH(QByteArray, schema);
        QFETCH(QString, text);
        QCOMPARE(SchemaValidator::describe(jsonObject(schema.constData())), text);
    }
};

QTEST_GUILESS_MAIN(TestSchemaValidator)
#include "tst_schemavalidator.moc"
