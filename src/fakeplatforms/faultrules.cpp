#include "fakeplatforms/faultrules.h"

#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace slotline::fake {

namespace {

const QList<QPair<QString, FaultRules::Action>> &actionNames()
{
    static const QList<QPair<QString, FaultRules::Action>> names = {
        {u"respond"_s, FaultRules::Action::Respond},
        {u"apply-then-respond"_s, FaultRules::Action::ApplyThenRespond},
        {u"apply-then-drop"_s, FaultRules::Action::ApplyThenDrop},
        {u"drop"_s, FaultRules::Action::Drop},
    };
    return names;
}

} // namespace

QString FaultRules::add(const QJsonObject &definition, int *id)
{
    Rule rule;
    rule.platform = definition[u"platform"_s].toString();
    if (rule.platform != u"x"_s && rule.platform != u"linkedin"_s && rule.platform != u"facebook"_s)
        return u"platform must be x, linkedin or facebook"_s;
    rule.method = definition[u"method"_s].toString().toUpper().toLatin1();
    rule.path = definition[u"path"_s].toString();
    if (!rule.path.startsWith(u'/'))
        return u"path must start with / (the path the platform sees, without the platform prefix)"_s;
    if (definition.contains(u"nth"_s)) {
        rule.nth = definition[u"nth"_s].toInt();
        if (rule.nth < 1)
            return u"nth must be 1 or more"_s;
        rule.times = 1;
    }
    if (definition.contains(u"times"_s)) {
        rule.times = definition[u"times"_s].toInt();
        if (rule.times < 1)
            return u"times must be 1 or more"_s;
    }
    const QString actionName = definition[u"action"_s].toString(u"respond"_s);
    bool known = false;
    for (const auto &[name, action] : actionNames()) {
        if (name == actionName) {
            rule.action = action;
            known = true;
        }
    }
    if (!known)
        return u"action must be respond, apply-then-respond, apply-then-drop or drop"_s;
    rule.response.status = definition[u"status"_s].toInt(500);
    rule.replacesAnswer
        = rule.action != Action::ApplyThenRespond || definition.contains(u"status"_s);
    const QJsonObject headers = definition[u"headers"_s].toObject();
    for (auto it = headers.begin(); it != headers.end(); ++it)
        rule.response.headers.emplaceBack(it.key().toUtf8(),
                                          it.value().toVariant().toString().toUtf8());
    const QJsonValue body = definition[u"body"_s];
    if (body.isObject() || body.isArray()) {
        rule.response.body = body.isObject()
                                 ? QJsonDocument(body.toObject()).toJson(QJsonDocument::Compact)
                                 : QJsonDocument(body.toArray()).toJson(QJsonDocument::Compact);
        if (rule.response.header("content-type").isEmpty())
            rule.response.headers.emplaceBack("Content-Type", "application/json");
    } else if (body.isString()) {
        rule.response.body = body.toString().toUtf8();
    }
    rule.response.delayMs = definition[u"delayMs"_s].toInt(0);
    rule.response.held = definition[u"hold"_s].toBool(false);
    rule.response.drop = rule.action == Action::Drop || rule.action == Action::ApplyThenDrop;
    rule.id = ++m_nextId;
    *id = rule.id;
    m_rules.append(rule);
    return {};
}

std::optional<FaultRules::Rule> FaultRules::match(const QString &platform,
                                                  const FakeRequest &request)
{
    std::optional<Rule> chosen;
    for (Rule &rule : m_rules) {
        if (rule.platform != platform)
            continue;
        if (!rule.method.isEmpty() && rule.method != request.method)
            continue;
        const bool prefix = rule.path.endsWith(u'*');
        if (prefix ? !request.path.startsWith(rule.path.chopped(1)) : request.path != rule.path)
            continue;
        ++rule.seen;
        if (chosen || rule.seen < rule.nth)
            continue;
        if (rule.times >= 0 && rule.fired >= rule.times)
            continue;
        ++rule.fired;
        chosen = rule;
    }
    return chosen;
}

QJsonArray FaultRules::describe() const
{
    QJsonArray out;
    for (const Rule &rule : m_rules) {
        QString actionName;
        for (const auto &[name, action] : actionNames()) {
            if (action == rule.action)
                actionName = name;
        }
        out.append(QJsonObject {
            {u"id"_s, rule.id},
            {u"platform"_s, rule.platform},
            {u"method"_s, QString::fromLatin1(rule.method)},
            {u"path"_s, rule.path},
            {u"nth"_s, rule.nth},
            {u"times"_s, rule.times},
            {u"action"_s, actionName},
            {u"status"_s, rule.response.status},
            {u"seen"_s, rule.seen},
            {u"fired"_s, rule.fired},
        });
    }
    return out;
}

} // namespace slotline::fake
