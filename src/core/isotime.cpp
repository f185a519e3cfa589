#include "core/isotime.h"

#include <QDate>
#include <QTime>

#include <cstdio>

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
    return instant.toMSecsSinceEpoch();
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
    // Formatted by hand: this runs for every time in every response, and
    // QDateTime::toString() re-parses its format string each call.
    const QDateTime instant = QDateTime::fromMSecsSinceEpoch(msSinceEpoch, Qt::UTC);
    const QDate date = instant.date();
    const QTime time = instant.time();
    char buffer[32];
    const int length = std::snprintf(buffer, sizeof buffer, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ",
                                     date.year(), date.month(), date.day(), time.hour(),
                                     time.minute(), time.second(), time.msec());
    return QString::fromLatin1(buffer, length);
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
