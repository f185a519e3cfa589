#pragma once

#include <QJsonObject>
#include <QJsonValue>

namespace slotline {

// Makes a call's arguments fit for the call log: secrets (fields named like keys,
// tokens, passwords or signatures, and anything that looks like an API key) become
// "[redacted]", long strings and arrays are cut, deep nesting is summarised.
class CallArgumentRedactor
{
public:
    static constexpr int MaxStringLength = 200;
    static constexpr int MaxArrayItems = 20;
    static constexpr int MaxDepth = 6;

    static QJsonObject redact(const QJsonObject &arguments);
    static bool isSecretName(QStringView name);

private:
    static QJsonValue redactValue(const QJsonValue &value, int depth);
    // Whether redactValue() could change anything in it: most arguments have nothing to
    // hide or cut, and are then logged as they are instead of being rebuilt.
    static bool mayNeedRedaction(const QJsonValue &value, int depth);
};

} // namespace slotline
