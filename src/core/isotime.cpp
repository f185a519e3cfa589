#include "core/isotime.h"

#include <QDate>
#include <QDateTime>
#include <QTime>

#include <algorithm>
#include <cstdio>
#include <cstring>

namespace slotline::isotime {
namespace {

// Reads exactly `count` ASCII digits at `pos`; advances `pos`.
std::optional<int> digits(QStringView text, qsizetype &pos, int count)
{
    if (pos + count > text.size())
        return std::nullopt;
    int value = 0;
    for (int i = 0; i < count; ++i) {
        const QChar c = text[pos + i];
        if (c < u'0' || c > u'9')
            return std::nullopt;
        value = value * 10 + (c.unicode() - u'0');
    }
    pos += count;
    return value;
}

bool expect(QStringView text, qsizetype &pos, char16_t c)
{
    if (pos >= text.size() || text[pos] != QChar(c))
        return false;
    ++pos;
    return true;
}

} // namespace

std::variant<qint64, ParseError> parse(QStringView text)
{
    qsizetype pos = 0;
    const auto year = digits(text, pos, 4);
    if (!year || !expect(text, pos, u'-'))
        return ParseError::Malformed;
    const auto month = digits(text, pos, 2);
    if (!month || !expect(text, pos, u'-'))
        return ParseError::Malformed;
    const auto day = digits(text, pos, 2);
    if (!day)
        return ParseError::Malformed;
    if (!(expect(text, pos, u'T') || expect(text, pos, u't')))
        return ParseError::Malformed;
    const auto hour = digits(text, pos, 2);
    if (!hour || !expect(text, pos, u':'))
        return ParseError::Malformed;
    const auto minute = digits(text, pos, 2);
    if (!minute)
        return ParseError::Malformed;

    int second = 0;
    int millisecond = 0;
    if (expect(text, pos, u':')) {
        const auto parsedSecond = digits(text, pos, 2);
        if (!parsedSecond)
            return ParseError::Malformed;
        second = *parsedSecond;
        if (expect(text, pos, u'.') || expect(text, pos, u',')) {
            int fractionDigits = 0;
            int scale = 100;
            while (pos < text.size() && text[pos] >= u'0' && text[pos] <= u'9') {
                if (fractionDigits < 3) {
                    millisecond += (text[pos].unicode() - u'0') * scale;
                    scale /= 10;
                }
                ++fractionDigits;
                ++pos;
            }
            if (fractionDigits == 0 || fractionDigits > 9)
                return ParseError::Malformed;
        }
    }

    int offsetSeconds = 0;
    if (pos == text.size())
        return ParseError::MissingOffset;
    if (expect(text, pos, u'Z') || expect(text, pos, u'z')) {
        offsetSeconds = 0;
    } else if (text[pos] == u'+' || text[pos] == u'-') {
        const int sign = text[pos] == u'-' ? -1 : 1;
        ++pos;
        const auto offsetHours = digits(text, pos, 2);
        if (!offsetHours)
            return ParseError::Malformed;
        expect(text, pos, u':');
        const auto offsetMinutes = digits(text, pos, 2);
        if (!offsetMinutes)
            return ParseError::Malformed;
        if (*offsetHours > 23 || *offsetMinutes > 59)
            return ParseError::OutOfRange;
        offsetSeconds = sign * (*offsetHours * 3600 + *offsetMinutes * 60);
    } else {
        return ParseError::Malformed;
    }
    if (pos != text.size())
        return ParseError::Malformed;

    const QDate date(*year, *month, *day);
    const QTime time(*hour, *minute, second, millisecond);
    if (!date.isValid() || !time.isValid())
        return ParseError::OutOfRange;
    const QDateTime instant(date, time, Qt::OffsetFromUTC, offsetSeconds);
    if (!instant.isValid())
        return ParseError::OutOfRange;
    // The output form has four digits for the year: an offset must not carry the instant
    // out of years 0001-9999 (0001-01-01T00:00+01:00 is in year 0), or it could not be
    // written back.
    constexpr qint64 FirstInstantMs = -62'135'596'800'000; // 0001-01-01T00:00:00.000Z
    constexpr qint64 LastInstantMs = 253'402'300'799'999; // 9999-12-31T23:59:59.999Z
    const qint64 ms = instant.toMSecsSinceEpoch();
    if (ms < FirstInstantMs || ms > LastInstantMs)
        return ParseError::OutOfRange;
    return ms;
}

std::optional<qint64> parseOptional(QStringView text)
{
    const auto result = parse(text);
    if (const auto *ms = std::get_if<qint64>(&result))
        return *ms;
    return std::nullopt;
}

QString format(qint64 msSinceEpoch)
{
    char text[MaxFormattedLength];
    return QString::fromLatin1(text, formatTo(msSinceEpoch, text));
}

int formatTo(qint64 msSinceEpoch, char *out)
{
    // Formatted by hand, with the days turned into a date by integer arithmetic (the
    // proleptic Gregorian calendar, as QDateTime uses): this runs for every time in
    // every response, fifty posts a page, and QDateTime with snprintf cost ten times more.
    constexpr qint64 DayMs = 24 * 60 * 60 * 1000;
    qint64 days = msSinceEpoch / DayMs;
    qint64 msOfDay = msSinceEpoch % DayMs;
    if (msOfDay < 0) {
        msOfDay += DayMs;
        --days;
    }
    // Days since 0000-03-01, in eras of 400 years (146,097 days each).
    days += 719'468;
    const qint64 era = (days >= 0 ? days : days - 146'096) / 146'097;
    const qint64 dayOfEra = days - era * 146'097;
    const qint64 yearOfEra
        = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36'524 - dayOfEra / 146'096) / 365;
    const qint64 dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100);
    const qint64 shiftedMonth = (5 * dayOfYear + 2) / 153; // March is 0
    const int day = int(dayOfYear - (153 * shiftedMonth + 2) / 5 + 1);
    const int month = int(shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9);
    const qint64 year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
    if (year < 0 || year > 9999) {
        const QDateTime instant = QDateTime::fromMSecsSinceEpoch(msSinceEpoch, Qt::UTC);
        const QDate date = instant.date();
        const QTime time = instant.time();
        const int length = std::snprintf(
            out, MaxFormattedLength, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", date.year(),
            date.month(), date.day(), time.hour(), time.minute(), time.second(), time.msec());
        return std::min(length, MaxFormattedLength - 1);
    }

    std::memcpy(out, "0000-00-00T00:00:00.000Z", 24);
    // Two digits at a time, in 32-bit arithmetic: a page of posts writes 150 times.
    const auto twoDigits = [out](int position, int value) {
        out[position] = char('0' + value / 10);
        out[position + 1] = char('0' + value % 10);
    };
    const int fourDigitYear = int(year);
    twoDigits(0, fourDigitYear / 100);
    twoDigits(2, fourDigitYear % 100);
    twoDigits(5, month);
    twoDigits(8, day);
    const int seconds = int(msOfDay / 1000);
    twoDigits(11, seconds / 3600);
    twoDigits(14, seconds / 60 % 60);
    twoDigits(17, seconds % 60);
    const int milliseconds = int(msOfDay % 1000);
    out[20] = char('0' + milliseconds / 100);
    twoDigits(21, milliseconds % 100);
    return 24;
}

QString describe(ParseError error)
{
    switch (error) {
    case ParseError::Malformed:
        return QStringLiteral("must be an ISO 8601 date-time such as 2026-03-01T09:30:00Z");
    case ParseError::MissingOffset:
        return QStringLiteral("has no time zone: add Z for UTC or an offset such as +01:00");
    case ParseError::OutOfRange: return QStringLiteral("is not a real date and time");
    }
    Q_UNREACHABLE();
    return QString();
}

} // namespace slotline::isotime
