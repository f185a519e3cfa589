#include "gui/calendar/weekdates.h"

#include <QCoreApplication>

using namespace Qt::Literals::StringLiterals;

namespace slotline::gui {

bool WeekDates::monthFirst(const QLocale &locale)
{
    // Only for the English text: a translation puts day and month in its own order.
    if (QCoreApplication::translate("slotline::gui::WeekDates", "d MMM") != u"d MMM"_s)
        return false;
    const QString format = locale.dateFormat(QLocale::ShortFormat);
    const qsizetype month = format.indexOf(u'M');
    const qsizetype day = format.indexOf(u'd');
    return month >= 0 && day >= 0 && month < day;
}

QString WeekDates::dayAndMonth(const QDate &date, const QLocale &locale)
{
    if (monthFirst(locale))
        return locale.toString(date, u"MMM d"_s);
    //: QLocale date format of a day under its name in the week calendar's header, as in
    //: "3 Nov".
    return locale.toString(date, QCoreApplication::translate("slotline::gui::WeekDates", "d MMM"));
}

QString WeekDates::range(const QDate &first, const QDate &last, const QLocale &locale)
{
    if (monthFirst(locale)) {
        if (first.year() != last.year())
            return u"%1 – %2"_s.arg(locale.toString(first, u"MMM d, yyyy"_s),
                                    locale.toString(last, u"MMM d, yyyy"_s));
        if (first.month() != last.month())
            return u"%1 – %2"_s.arg(locale.toString(first, u"MMM d"_s),
                                    locale.toString(last, u"MMM d, yyyy"_s));
        return u"%1 – %2"_s.arg(locale.toString(first, u"MMMM d"_s),
                                locale.toString(last, u"d, yyyy"_s));
    }
    //: QLocale date format of a day in the calendar's title when the week spans two
    //: years, and of its last day when it spans two months: "29 Dec 2025 – 4 Jan 2026".
    const QString dayMonthYear
        = QCoreApplication::translate("slotline::gui::WeekDates", "d MMM yyyy");
    //: QLocale date format of a week's first day in the calendar's title when the week
    //: ends in another month: "27 Oct – 2 Nov 2026".
    const QString dayMonth = QCoreApplication::translate("slotline::gui::WeekDates", "d MMM");
    //: QLocale date format of a week's first day in the calendar's title when the week
    //: ends in the same month: "3 – 9 November 2026".
    const QString dayOnly = QCoreApplication::translate("slotline::gui::WeekDates", "d");
    //: QLocale date format of a week's last day in the calendar's title when the week
    //: began in the same month: "3 – 9 November 2026".
    const QString dayLongMonthYear
        = QCoreApplication::translate("slotline::gui::WeekDates", "d MMMM yyyy");
    //: The week in the calendar's title: its first and its last day.
    const QString firstToLast = QCoreApplication::translate("slotline::gui::WeekDates", "%1 – %2");
    if (first.year() != last.year())
        return firstToLast.arg(locale.toString(first, dayMonthYear),
                               locale.toString(last, dayMonthYear));
    if (first.month() != last.month())
        return firstToLast.arg(locale.toString(first, dayMonth),
                               locale.toString(last, dayMonthYear));
    return firstToLast.arg(locale.toString(first, dayOnly),
                           locale.toString(last, dayLongMonthYear));
}

} // namespace slotline::gui
