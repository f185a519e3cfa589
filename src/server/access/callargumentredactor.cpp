#include "server/access/callargumentredactor.h"

#include <QJsonArray>
#include <QRegularExpression>

#include <algorithm>

namespace slotline {
namespace {

const QString Redacted = QStringLiteral("[redacted]");

} // namespace

bool CallArgumentRedactor::isSecretName(QStringView name)
{
    QString normalized;
    for (const QChar c : name) {
        if (c.isLetterOrNumber())
            normalized.append(c.toLower());
    }
    static const QStringList exact {QStringLiteral("key"),         QStringLiteral("apikey"),
                                    QStringLiteral("xapikey"),     QStringLiteral("authorization"),
                                    QStringLiteral("sig"),         QStringLiteral("cookie"),
                                    QStringLiteral("credentials"), QStringLiteral("passwd")};
    static const QStringList suffixes {QStringLiteral("token"), QStringLiteral("secret"),
                                       QStringLiteral("password"), QStringLiteral("signature"),
                                       QStringLiteral("privatekey")};
    if (exact.contains(normalized))
        return true;
    return std::any_of(suffixes.begin(), suffixes.end(),
                       [&](const QString &suffix) { return normalized.endsWith(suffix); });
}

QJsonObject CallArgumentRedactor::redact(const QJsonObject &arguments)
{
    // Rebuilding a QJsonObject costs thousands of instructions per member; a call record
    // is made for every request.
    if (!mayNeedRedaction(arguments, 0))
        return arguments;
    return redactValue(arguments, 0).toObject();
}

bool CallArgumentRedactor::mayNeedRedaction(const QJsonValue &value, int depth)
{
    switch (value.type()) {
    case QJsonValue::String: {
        const QString text = value.toString();
        return text.size() > MaxStringLength || text.contains(u"slk_");
    }
    case QJsonValue::Array: {
        const QJsonArray array = value.toArray();
        return depth >= MaxDepth || array.size() > MaxArrayItems
               || std::any_of(array.begin(), array.end(), [depth](const QJsonValue &item) {
                      return mayNeedRedaction(item, depth + 1);
                  });
    }
    case QJsonValue::Object: {
        if (depth >= MaxDepth)
            return true;
        const QJsonObject object = value.toObject();
        for (auto it = object.begin(); it != object.end(); ++it) {
            if (isSecretName(it.key()) || mayNeedRedaction(it.value(), depth + 1))
                return true;
        }
        return false;
    }
    default: return false;
    }
}

QJsonValue CallArgumentRedactor::redactValue(const QJsonValue &value, int depth)
{
    switch (value.type()) {
    case QJsonValue::String: {
        QString text = value.toString();
        if (text.contains(u"slk_")) {
            // A key pasted into any text (a note, a post) is still a key.
            static const QRegularExpression key(QStringLiteral("slk_[0-9A-Za-z]{8,}"));
            text.replace(key, Redacted);
        }
        if (text.size() > MaxStringLength)
            return QString(
                text.first(MaxStringLength)
                + QStringLiteral("… [%1 more characters]").arg(text.size() - MaxStringLength));
        return text;
    }
    case QJsonValue::Array: {
        if (depth >= MaxDepth)
            return QStringLiteral("[array nested too deep to log]");
        const QJsonArray array = value.toArray();
        QJsonArray result;
        for (qsizetype i = 0; i < array.size() && i < MaxArrayItems; ++i)
            result.append(redactValue(array.at(i), depth + 1));
        if (array.size() > MaxArrayItems)
            result.append(QStringLiteral("… [%1 more items]").arg(array.size() - MaxArrayItems));
        return result;
    }
    case QJsonValue::Object: {
        if (depth >= MaxDepth)
            return QStringLiteral("[object nested too deep to log]");
        const QJsonObject object = value.toObject();
        QJsonObject result;
        for (auto it = object.begin(); it != object.end(); ++it)
            result.insert(it.key(), isSecretName(it.key()) ? QJsonValue(Redacted)
                                                           : redactValue(it.value(), depth + 1));
        return result;
    }
    default: return value;
    }
}

} // namespace slotline
