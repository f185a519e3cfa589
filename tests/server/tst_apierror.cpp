#include "server/api/apierror.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace slotline;

Q_DECLARE_METATYPE(ApiError)

// The error body every non-2xx answer carries. toJsonBytes() writes the common errors
// itself; they must come out byte for byte as toJson() through QJsonDocument would.
class TestApiError : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void bytesAreTheJsonObjectsCompactForm_data()
    {
        QTest::addColumn<ApiError>("error");
        QTest::newRow("rate limited") << ApiError::rateLimited(
            42, QStringLiteral("Rate limit of 60 reads a minute reached; retry in 42 s."));
        QTest::newRow("not found") << ApiError::notFound(QStringLiteral("No such path: /nothing"));
        QTest::newRow("validation with details") << ApiError::validationFailed(
            {FieldError {QStringLiteral("post.content.text"), QStringLiteral("is too long")},
             FieldError {QStringLiteral("scheduledTime"), QStringLiteral("is in the past")}});
        QTest::newRow("quotes, controls and non-ASCII")
            << ApiError(ErrorCode::ValidationFailed,
                        QStringLiteral("\"quoted\" \\ back\nslash\t\x01 Café 日本 😀"))
                   .withDetail(QStringLiteral("a\"b"), QStringLiteral("ü"));
        QTest::newRow("extra fields")
            << ApiError(ErrorCode::DraftConflict, QStringLiteral("Changed meanwhile."))
                   .withField(QStringLiteral("draft"),
                              QJsonObject {{QStringLiteral("revision"), 3},
                                           {QStringLiteral("text"), QStringLiteral("x")}})
                   .withRetryAfter(1);
        QTest::newRow("internal") << ApiError::internal();
    }
    void bytesAreTheJsonObjectsCompactForm()
    {
        QFETCH(ApiError, error);
        QCOMPARE(error.toJsonBytes(), QJsonDocument(error.toJson()).toJson(QJsonDocument::Compact));
    }

    void aRefusalNamesItsWait()
    {
        const QJsonObject body
            = QJsonDocument::fromJson(
                  ApiError::rateLimited(7, QStringLiteral("Slow down.")).toJsonBytes())
                  .object()
                  .value(QStringLiteral("error"))
                  .toObject();
        QCOMPARE(body.value(QStringLiteral("code")).toString(), QStringLiteral("rate_limited"));
        QCOMPARE(body.value(QStringLiteral("retryAfter")).toInt(), 7);
        QCOMPARE(body.value(QStringLiteral("message")).toString(), QStringLiteral("Slow down."));
    }
};

QTEST_GUILESS_MAIN(TestApiError)
#include "tst_apierror.moc"
