#pragma once

#include "core/platform.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLatin1StringView>
#include <QString>
#include <QStringList>

#include <optional>

namespace slotline {

// Reads the fields of one JSON object of the API, remembering the first one that is
// missing or of the wrong type, so that a parser reads every field plainly and asks once
// at the end whether the object was what it should be. Answers from a server are read
// with it: one that sends something else is a malformed answer, never a crash.
class JsonReader
{
public:
    explicit JsonReader(QJsonObject object, QString path = {});

    // QJsonDocument::fromJson, except that a U+FEFF which begins a string value is kept:
    // Qt 6.4's parser drops it (the bytes EF BB BF alone read as ""), silently changing
    // the text. The same bytes before the document are a byte order mark and stay one.
    static QJsonDocument parse(const QByteArray &json, QJsonParseError *error = nullptr);

    QString string(QLatin1StringView key);
    // A string, or null / absent as an empty string.
    QString optionalString(QLatin1StringView key);
    qint64 integer(QLatin1StringView key);
    double number(QLatin1StringView key);
    bool boolean(QLatin1StringView key);
    // An ISO 8601 time as milliseconds since the epoch.
    qint64 time(QLatin1StringView key);
    std::optional<qint64> optionalTime(QLatin1StringView key);
    std::optional<qint64> optionalInteger(QLatin1StringView key);
    QStringList strings(QLatin1StringView key);
    // A platform's API name (x too); an unknown one is a problem.
    Platform platform(QLatin1StringView key);
    QList<Platform> platformList(QLatin1StringView key);
    QJsonObject object(QLatin1StringView key);
    // An object, or nothing for null / absent.
    std::optional<QJsonObject> optionalObject(QLatin1StringView key);
    QJsonArray array(QLatin1StringView key);

    // Records a problem a parser found itself (an unknown enum value).
    void fail(QLatin1StringView key, const QString &problem);

    bool ok() const { return m_error.isEmpty(); }

    // `value` when everything read was right; otherwise nothing, and `error` says why.
    template<typename T>
    std::optional<T> result(T value, QString *error) const
    {
        if (ok())
            return value;
        if (error)
            *error = m_error;
        return std::nullopt;
    }
    // "field.path: what was wrong", for the first problem.
    const QString &error() const { return m_error; }

private:
    QJsonValue field(QLatin1StringView key, bool required);

    QJsonObject m_object;
    QString m_path;
    QString m_error;
};

} // namespace slotline
