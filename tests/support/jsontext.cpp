#include "support/jsontext.h"

#include <QJsonDocument>

namespace slotline::test {

QByteArray jsonText(const char *singleQuoted)
{
    QByteArray text(singleQuoted);
    text.replace('\'', '"');
    return text;
}

QJsonObject json(const char *singleQuoted)
{
    QJsonParseError error {};
    const QJsonDocument document = QJsonDocument::fromJson(jsonText(singleQuoted), &error);
    if (error.error != QJsonParseError::NoError)
        qFatal("invalid test JSON (%s): %s", qPrintable(error.errorString()), singleQuoted);
    return document.object();
}

} // namespace slotline::test
