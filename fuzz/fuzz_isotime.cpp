// ISO 8601 times as the API reads them (isotime::parse) and writes them (isotime::format).
//
// Input: one mode byte, then
//   0: text (UTF-8) to parse;
//   1: UTF-16 code units to parse, unpaired surrogates and all;
//   2: the fields of a time written out in one of the accepted spellings, checked against
//      a calendar computed here independently of QDate.
// Whatever parses must format as YYYY-MM-DDTHH:MM:SS.sssZ and parse back to the same
// instant; whatever is refused is refused with a reason, and the sanitizers watch both.

#include "core/isotime.h"
#include "support/fuzzapplication.h"
#include "support/fuzzcheck.h"
#include "support/fuzzinput.h"

#include <QRegularExpression>

#include <cstdint>
#include <fuzzer/FuzzedDataProvider.h>
#include <iterator>

using namespace slotline;
using namespace Qt::Literals::StringLiterals;

namespace {

QString describe(const std::variant<qint64, isotime::ParseError> &result)
{
    if (const auto *ms = std::get_if<qint64>(&result))
        return u"%1 (%2)"_s.arg(*ms).arg(isotime::format(*ms));
    return u"refused: "_s + isotime::describe(std::get<isotime::ParseError>(result));
}

// Every instant that parses is written in the one output form, which reads back as it.
void checkParsed(const QString &text, qint64 ms)
{
    static const QRegularExpression outputForm(
        u"^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z$"_s);
    const QString formatted = isotime::format(ms);
    FUZZ_CHECK(outputForm.match(formatted).hasMatch(),
               u"\"%1\" is %2 ms, written as \"%3\""_s.arg(text).arg(ms).arg(formatted));
    const auto again = isotime::parse(formatted);
    FUZZ_CHECK(std::holds_alternative<qint64>(again) && std::get<qint64>(again) == ms,
               u"\"%1\" is %2 ms, written as \"%3\", which reads as %4"_s.arg(text).arg(ms).arg(
                   formatted, describe(again)));
    FUZZ_CHECK(isotime::format(std::get<qint64>(again)) == formatted,
               u"\"%1\" is written in two ways"_s.arg(formatted));
}

void checkText(const QString &text)
{
    const auto result = isotime::parse(text);
    const auto optional = isotime::parseOptional(text);
    if (const auto *ms = std::get_if<qint64>(&result)) {
        FUZZ_CHECK(optional == *ms, u"parseOptional disagrees on \"%1\""_s.arg(text));
        checkParsed(text, *ms);
    } else {
        FUZZ_CHECK(!optional, u"parseOptional accepts \"%1\""_s.arg(text));
        FUZZ_CHECK(!isotime::describe(std::get<isotime::ParseError>(result)).isEmpty(),
                   u"a refusal without a reason"_s);
    }
}

// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's days_from_civil).
qint64 daysFromCivil(qint64 year, int month, int day)
{
    year -= month <= 2 ? 1 : 0;
    const qint64 era = (year >= 0 ? year : year - 399) / 400;
    const qint64 yearOfEra = year - era * 400;
    const qint64 dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1;
    const qint64 dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear;
    return era * 146097 + dayOfEra - 719468;
}

int daysInMonth(int year, int month)
{
    static const int days[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    const bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    return month == 2 && leap ? 29 : days[month - 1];
}

QString digits(int value, int width)
{
    return u"%1"_s.arg(value, width, 10, QChar(u'0'));
}

// A time assembled from fields, some of them out of range, in one of the spellings the
// parser accepts; the instant it must give, computed here.
void checkAssembled(FuzzedDataProvider &input)
{
    // The ends of the range, where an offset can carry the instant out of it, come often.
    static const int years[] = {1, 2, 1969, 1970, 2000, 2026, 2100, 9998, 9999};
    const int year = input.ConsumeBool()
                         ? years[input.ConsumeIntegralInRange<size_t>(0, std::size(years) - 1)]
                         : input.ConsumeIntegralInRange(0, 9999);
    const int month = input.ConsumeIntegralInRange(0, 13);
    const int day = input.ConsumeIntegralInRange(0, 32);
    const int hour = input.ConsumeIntegralInRange(0, 25);
    const int minute = input.ConsumeIntegralInRange(0, 60);
    const bool withSeconds = input.ConsumeBool();
    const int second = withSeconds ? input.ConsumeIntegralInRange(0, 60) : 0;
    const int fractionDigits = withSeconds ? input.ConsumeIntegralInRange(0, 9) : 0;
    QString fraction;
    for (int i = 0; i < fractionDigits; ++i)
        fraction += QChar(u'0' + input.ConsumeIntegralInRange(0, 9));
    const int zoneKind = input.ConsumeIntegralInRange(0, 3); // Z, +HH:MM, +HHMM, none
    const int offsetSign = input.ConsumeBool() ? 1 : -1;
    const int offsetHours = input.ConsumeIntegralInRange(0, 24);
    const int offsetMinutes = input.ConsumeIntegralInRange(0, 60);
    const bool lowerCase = input.ConsumeBool();
    const bool commaFraction = input.ConsumeBool();

    QString text = digits(year, 4) + u'-' + digits(month, 2) + u'-' + digits(day, 2)
                   + (lowerCase ? u't' : u'T') + digits(hour, 2) + u':' + digits(minute, 2);
    if (withSeconds) {
        text += u':' + digits(second, 2);
        if (fractionDigits > 0)
            text += (commaFraction ? u',' : u'.') + fraction;
    }
    const QString offset = (offsetSign > 0 ? u"+"_s : u"-"_s) + digits(offsetHours, 2)
                           + (zoneKind == 1 ? u":"_s : QString()) + digits(offsetMinutes, 2);
    if (zoneKind == 0)
        text += lowerCase ? u'z' : u'Z';
    else if (zoneKind != 3)
        text += offset;

    const auto result = isotime::parse(text);
    if (zoneKind == 3) {
        FUZZ_CHECK(std::get_if<isotime::ParseError>(&result)
                       && std::get<isotime::ParseError>(result)
                              == isotime::ParseError::MissingOffset,
                   u"\"%1\" has no offset, yet: %2"_s.arg(text, describe(result)));
        return;
    }
    const bool offsetValid = zoneKind == 0 || (offsetHours <= 23 && offsetMinutes <= 59);
    const bool fieldsValid = year >= 1 && month >= 1 && month <= 12 && day >= 1
                             && day <= daysInMonth(year, month) && hour <= 23 && minute <= 59
                             && second <= 59;
    const qint64 offsetMs
        = zoneKind == 0 ? 0 : offsetSign * (offsetHours * 3600 + offsetMinutes * 60) * 1000LL;
    const int millisecond = QString(fraction + u"000"_s).first(3).toInt();
    const qint64 expected = daysFromCivil(year, month, day) * 86'400'000LL + hour * 3'600'000LL
                            + minute * 60'000LL + second * 1000LL + millisecond - offsetMs;
    // The output form has four year digits: instants an offset pushes out of years
    // 0001-9999 cannot be written, so they are not accepted either.
    const qint64 firstInstant = daysFromCivil(1, 1, 1) * 86'400'000LL;
    const qint64 lastInstant = daysFromCivil(10000, 1, 1) * 86'400'000LL - 1;
    if (!offsetValid || !fieldsValid || expected < firstInstant || expected > lastInstant) {
        FUZZ_CHECK(std::get_if<isotime::ParseError>(&result)
                       && std::get<isotime::ParseError>(result) == isotime::ParseError::OutOfRange,
                   u"\"%1\" is not a real time, yet: %2"_s.arg(text, describe(result)));
        return;
    }
    FUZZ_CHECK(std::holds_alternative<qint64>(result) && std::get<qint64>(result) == expected,
               u"\"%1\" is %2 ms, yet: %3"_s.arg(text).arg(expected).arg(describe(result)));
    checkParsed(text, expected);
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    slotline::fuzz::startApplication(argc, argv);
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || size > 512)
        return -1;
    const uint8_t mode = data[0] % 3;
    switch (mode) {
    case 0:
        checkText(QString::fromUtf8(reinterpret_cast<const char *>(data + 1), qsizetype(size - 1)));
        break;
    case 1: checkText(slotline::fuzz::utf16Units(data + 1, size - 1)); break;
    case 2: {
        FuzzedDataProvider input(data + 1, size - 1);
        checkAssembled(input);
        break;
    }
    }
    return 0;
}
