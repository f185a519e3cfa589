#pragma once

#include <QDate>
#include <QLocale>
#include <QString>

namespace slotline::gui {

// The week calendar's dates in the user's language and order: "3 Nov" and "3 – 9 November
// 2026" in British English, "Nov 3" and "November 3 – 9, 2026" where the locale writes the
// month first (en_US), "3. Nov." in German. QLocale has no format for a day and a month
// alone, so the formats are the translators'; English follows the locale's order.
class WeekDates
{
public:
    // A day under its name in the calendar's header.
    static QString dayAndMonth(const QDate &date, const QLocale &locale = QLocale());
    // The week in the calendar's title, from its first to its last day.
    static QString range(const QDate &first, const QDate &last, const QLocale &locale = QLocale());

private:
    static bool monthFirst(const QLocale &locale);
};

} // namespace slotline::gui
