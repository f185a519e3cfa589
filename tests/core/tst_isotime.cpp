#include "core/isotime.h"

#include <QTest>

using namespace slotline;

Q_DECLARE_METATYPE(isotime::ParseError)

class TestIsoTime : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void parseValid_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("utc");
        QTest::newRow("Z") << "2026-03-01T09:30:00Z"
                           << "2026-03-01T09:30:00.000Z";
        QTest::newRow("milliseconds") << "2026-03-01T09:30:00.125Z"
                                      << "2026-03-01T09:30:00.125Z";
        QTest::newRow("micro- and nanoseconds are truncated") << "2026-03-01T09:30:00.123456789Z"
                                                              << "2026-03-01T09:30:00.123Z";
        QTest::newRow("one fraction digit") << "2026-03-01T09:30:00.5Z"
                                            << "2026-03-01T09:30:00.500Z";
        QTest::newRow("no seconds") << "2026-03-01T09:30Z"
                                    << "2026-03-01T09:30:00.000Z";
        QTest::newRow("positive offset") << "2026-03-01T10:30:00+01:00"
                                         << "2026-03-01T09:30:00.000Z";
        QTest::newRow("negative offset") << "2026-03-01T04:30:00-05:00"
                                         << "2026-03-01T09:30:00.000Z";
        QTest::newRow("offset without colon") << "2026-03-01T10:30:00+0100"
                                              << "2026-03-01T09:30:00.000Z";
        QTest::newRow("half-hour offset") << "2026-03-01T15:00:00+05:30"
                                          << "2026-03-01T09:30:00.000Z";
        QTest::newRow("offset crosses midnight") << "2026-03-01T23:30:00-10:00"
                                                 << "2026-03-02T09:30:00.000Z";
        QTest::newRow("lower-case t and z") << "2026-03-01t09:30:00z"
                                            << "2026-03-01T09:30:00.000Z";
        QTest::newRow("leap day") << "2028-02-29T00:00:00Z"
                                  << "2028-02-29T00:00:00.000Z";
        QTest::newRow("comma fraction") << "2026-03-01T09:30:00,25Z"
                                        << "2026-03-01T09:30:00.250Z";
        QTest::newRow("first instant of year 1") << "0001-01-01T01:00:00+01:00"
                                                 << "0001-01-01T00:00:00.000Z";
        QTest::newRow("last instant of year 9999") << "9999-12-31T22:59:59.999-01:00"
                                                   << "9999-12-31T23:59:59.999Z";
    }
    void parseValid()
    {
        QFETCH(QString, text);
        QFETCH(QString, utc);
        const auto parsed = isotime::parse(text);
        QVERIFY2(std::holds_alternative<qint64>(parsed), qPrintable(text));
        QCOMPARE(isotime::format(std::get<qint64>(parsed)), utc);
    }

    void parseRefused_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<isotime::ParseError>("error");
        QTest::newRow("no zone is ambiguous")
            << "2026-03-01T09:30:00" << isotime::ParseError::MissingOffset;
        QTest::newRow("no zone, no seconds")
            << "2026-03-01T09:30" << isotime::ParseError::MissingOffset;
        QTest::newRow("date only") << "2026-03-01" << isotime::ParseError::Malformed;
        QTest::newRow("space separator")
            << "2026-03-01 09:30:00Z" << isotime::ParseError::Malformed;
        QTest::newRow("empty") << "" << isotime::ParseError::Malformed;
        QTest::newRow("words") << "tomorrow at nine" << isotime::ParseError::Malformed;
        QTest::newRow("trailing text")
            << "2026-03-01T09:30:00Zjunk" << isotime::ParseError::Malformed;
        QTest::newRow("empty fraction")
            << "2026-03-01T09:30:00.Z" << isotime::ParseError::Malformed;
        QTest::newRow("ten fraction digits")
            << "2026-03-01T09:30:00.1234567890Z" << isotime::ParseError::Malformed;
        QTest::newRow("month 13") << "2026-13-01T09:30:00Z" << isotime::ParseError::OutOfRange;
        QTest::newRow("February 30") << "2026-02-30T09:30:00Z" << isotime::ParseError::OutOfRange;
        QTest::newRow("not a leap year")
            << "2027-02-29T09:30:00Z" << isotime::ParseError::OutOfRange;
        QTest::newRow("hour 24") << "2026-03-01T24:00:00Z" << isotime::ParseError::OutOfRange;
        QTest::newRow("minute 60") << "2026-03-01T09:60:00Z" << isotime::ParseError::OutOfRange;
        QTest::newRow("offset hour 24")
            << "2026-03-01T09:30:00+24:00" << isotime::ParseError::OutOfRange;
        QTest::newRow("non-ASCII digits")
            << "２０２６-03-01T09:30:00Z" << isotime::ParseError::Malformed;
        QTest::newRow("short year") << "26-03-01T09:30:00Z" << isotime::ParseError::Malformed;
        // Instants the output form (four year digits) could not write back.
        QTest::newRow("offset carries it into year 0")
            << "0001-01-01T00:00:00+00:01" << isotime::ParseError::OutOfRange;
        QTest::newRow("offset carries it into year 10000")
            << "9999-12-31T23:59:59.999-00:01" << isotime::ParseError::OutOfRange;
    }
    void parseRefused()
    {
        QFETCH(QString, text);
        QFETCH(isotime::ParseError, error);
        const auto parsed = isotime::parse(text);
        QVERIFY2(std::holds_alternative<isotime::ParseError>(parsed), qPrintable(text));
        QCOMPARE(std::get<isotime::ParseError>(parsed), error);
        QVERIFY(!isotime::describe(error).isEmpty());
        QVERIFY(!isotime::parseOptional(text));
    }

    void formatIsAlwaysUtcWithMilliseconds()
    {
        QCOMPARE(isotime::format(0), QStringLiteral("1970-01-01T00:00:00.000Z"));
        QCOMPARE(isotime::format(1'772'442'000'007), QStringLiteral("2026-03-02T09:00:00.007Z"));
    }

    // format() reckons dates itself; QDateTime is the reference, across leap years, the
    // century rules (1900 and 2100 are not leap years, 2000 is) and times before 1970.
    void formatAgreesWithQDateTimeAcrossTheCalendar()
    {
        const qint64 first
            = QDateTime(QDate(1599, 12, 25), QTime(0, 0), Qt::UTC).toMSecsSinceEpoch();
        const qint64 last = QDateTime(QDate(2401, 1, 5), QTime(0, 0), Qt::UTC).toMSecsSinceEpoch();
        // A step of 5 days, 3 h, 7 min, 11.013 s walks through every weekday, hour and
        // millisecond digit in turn.
        const qint64 step = (((5 * 24 + 3) * 60 + 7) * 60 + 11) * 1000 + 13;
        for (qint64 ms = first; ms <= last; ms += step) {
            const QString expected = QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC)
                                         .toString(QStringLiteral("yyyy-MM-ddTHH:mm:ss.zzzZ"));
            if (isotime::format(ms) != expected)
                QFAIL(qPrintable(QStringLiteral("%1 gave %2, not %3")
                                     .arg(ms)
                                     .arg(isotime::format(ms), expected)));
        }
        // Every six hours around the turn of each century, where the leap-year rules differ.
        for (int year = 1600; year <= 2400; year += 100) {
            const qint64 from
                = QDateTime(QDate(year - 1, 12, 1), QTime(0, 0), Qt::UTC).toMSecsSinceEpoch();
            const qint64 to
                = QDateTime(QDate(year, 3, 31), QTime(0, 0), Qt::UTC).toMSecsSinceEpoch();
            for (qint64 ms = from; ms <= to; ms += 6 * 60 * 60 * 1000 + 1)
                QCOMPARE(isotime::format(ms),
                         QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC)
                             .toString(QStringLiteral("yyyy-MM-ddTHH:mm:ss.zzzZ")));
        }
        for (const QDate date : {QDate(1900, 2, 28), QDate(1900, 3, 1), QDate(2000, 2, 29),
                                 QDate(2100, 2, 28), QDate(2100, 3, 1), QDate(1969, 12, 31)}) {
            const qint64 ms = QDateTime(date, QTime(23, 59, 59, 999), Qt::UTC).toMSecsSinceEpoch();
            QCOMPARE(isotime::format(ms),
                     date.toString(Qt::ISODate) + QStringLiteral("T23:59:59.999Z"));
            QCOMPARE(isotime::format(ms + 1),
                     date.addDays(1).toString(Qt::ISODate) + QStringLiteral("T00:00:00.000Z"));
        }
    }
};

QTEST_GUILESS_MAIN(TestIsoTime)
#include "tst_isotime.moc"
