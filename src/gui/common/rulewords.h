#pragma once

#include "core/postrules.h"

#include <QCoreApplication>
#include <QString>

namespace slotline::gui {

// The rule book's verdicts (core's PostRules) in the user's language: the composer and the
// calendar refuse the same things and say them the same way.
class RuleWords
{
    Q_DECLARE_TR_FUNCTIONS(RuleWords)

public:
    static QString contentProblem(Platform platform, const ContentViolation &violation);
    static QString timeProblem(TimeViolation violation);
    // `accountName`: the account as the person knows it.
    static QString publishRefusal(PublishRefusal refusal, const QString &accountName);
};

} // namespace slotline::gui
