#include "core/errorcode.h"

#include <QSet>
#include <QTest>

using namespace slotline;
using namespace Qt::StringLiterals;

class TestErrorCode : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void everyCodeHasOneSpellingAndStatus()
    {
        QSet<QString> spellings;
        for (const ErrorCode code : errorcodes::all()) {
            const QString name = errorcodes::toString(code);
            QVERIFY2(!spellings.contains(name), qPrintable(name));
            spellings.insert(name);
            QCOMPARE(errorcodes::fromString(name), code);
            const int status = errorcodes::httpStatus(code);
            QVERIFY2(status >= 400 && status < 600, qPrintable(name));
            for (const QChar c : name)
                QVERIFY2(c.isLower() || c == u'_', qPrintable(name));
        }
        QCOMPARE(spellings.size(), errorcodes::all().size());
    }

    void theContractsPairs()
    {
        // A few the contract names outright.
        QCOMPARE(errorcodes::httpStatus(ErrorCode::Unauthorized), 401);
        QCOMPARE(errorcodes::httpStatus(ErrorCode::InsufficientCredits), 402);
        QCOMPARE(errorcodes::httpStatus(ErrorCode::UnsupportedApiVersion), 404);
        QCOMPARE(errorcodes::httpStatus(ErrorCode::IdempotencyKeyReused), 409);
        QCOMPARE(errorcodes::httpStatus(ErrorCode::UrlNotAllowed), 422);
        QCOMPARE(errorcodes::httpStatus(ErrorCode::RateLimited), 429);
        QCOMPARE(errorcodes::toString(ErrorCode::InternalError), u"internal_error"_s);
    }

    void anUnknownCodeIsNone()
    {
        // A newer server's code: the client falls back to the answer's kind.
        QCOMPARE(errorcodes::fromString(u"quota_exceeded"), std::nullopt);
        QCOMPARE(errorcodes::fromString(u""), std::nullopt);
        QCOMPARE(errorcodes::fromString(u"NOT_FOUND"), std::nullopt);
    }
};

QTEST_GUILESS_MAIN(TestErrorCode)
#include "tst_errorcode.moc"
