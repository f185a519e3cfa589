#include "gui/common/rulewords.h"

#include <QLocale>

namespace slotline::gui {

QString RuleWords::contentProblem(Platform platform, const ContentViolation &violation)
{
    const QString name = platforms::displayName(platform);
    const QLocale locale;
    switch (violation.kind) {
    case ContentViolation::Kind::Empty:
        return tr("Write something or add media before publishing.");
    case ContentViolation::Kind::TextTooLong:
        //: %1 is the platform, %2 the text's length as it counts it, %3 its limit.
        return tr("Too long for %1: %2 of %3 characters.")
            .arg(name, locale.toString(violation.found), locale.toString(violation.limit));
    case ContentViolation::Kind::TooManyMedia:
        //: %1 is the platform, %2 how many media the post has, %3 how many it takes.
        return tr("Too many media for %1: %2 of %3.")
            .arg(name, locale.toString(violation.found), locale.toString(violation.limit));
    case ContentViolation::Kind::MediaNotAWebAddress:
        //: %1 is the media item's position, from 1.
        return tr("Media item %1 is not a web address.").arg(locale.toString(violation.found + 1));
    }
    Q_UNREACHABLE();
    return {};
}

QString RuleWords::timeProblem(TimeViolation violation)
{
    switch (violation) {
    case TimeViolation::InThePast: return tr("That time is past: choose a time in the future.");
    case TimeViolation::TooFarAhead: return tr("Posts can be scheduled at most two years ahead.");
    }
    Q_UNREACHABLE();
    return {};
}

QString RuleWords::publishRefusal(PublishRefusal refusal, const QString &accountName)
{
    switch (refusal) {
    case PublishRefusal::NeedsReconnect:
        return tr("%1 needs to be connected again before it can publish: reconnect it in the "
                  "accounts list, or choose another account.")
            .arg(accountName);
    case PublishRefusal::Disconnected:
        return tr("%1 is disconnected: connect it again, or choose another account.")
            .arg(accountName);
    }
    Q_UNREACHABLE();
    return {};
}

} // namespace slotline::gui
