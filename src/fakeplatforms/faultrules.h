#pragma once

#include "fakeplatforms/fakerequest.h"
#include "fakeplatforms/fakeresponse.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QList>

#include <optional>

namespace slotline::fake {

// Injected failures: which calls (platform, method, exact path or prefix*, the nth match
// and how many times) and what happens instead of, or after, the platform's own answer.
class FaultRules
{
public:
    enum class Action { Respond, ApplyThenRespond, ApplyThenDrop, Drop };

    struct Rule
    {
        int id = 0;
        QString platform;
        QByteArray method; // empty: any
        QString path; // exact, or prefix when it ends in '*'
        int nth = 0; // 0: every matching call
        int times = -1; // -1: unlimited
        Action action = Action::Respond;
        FakeResponse response;
        bool replacesAnswer = true; // false: apply-then-respond without a status only delays
        int seen = 0;
        int fired = 0;
    };

    // Adds a rule from its admin JSON; returns an error message, empty on success.
    QString add(const QJsonObject &definition, int *id);
    void clear() { m_rules.clear(); }
    // The rule that fires for this call, counting the call against every matching rule.
    std::optional<Rule> match(const QString &platform, const FakeRequest &request);
    QJsonArray describe() const;

    static bool applies(Action action)
    {
        return action == Action::ApplyThenRespond || action == Action::ApplyThenDrop;
    }

private:
    QList<Rule> m_rules;
    int m_nextId = 0;
};

} // namespace slotline::fake
