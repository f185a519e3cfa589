#include "core/pagecursor.h"

#include <QJsonDocument>
#include <QJsonObject>

namespace slotline::pagecursor {
namespace {

constexpr qsizetype MaxCursorLength = 1024;
constexpr auto Base64Options = QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals;

} // namespace

QString encode(QStringView listName, const QJsonArray &position)
{
    const QJsonObject payload {{QStringLiteral("l"), listName.toString()},
                               {QStringLiteral("p"), position}};
    return QString::fromLatin1(
        QJsonDocument(payload).toJson(QJsonDocument::Compact).toBase64(Base64Options));
}

std::optional<QJsonArray> decode(QStringView listName, QStringView cursor)
{
    if (cursor.isEmpty() || cursor.size() > MaxCursorLength)
        return std::nullopt;
    const auto decoded = QByteArray::fromBase64Encoding(
        cursor.toLatin1(), Base64Options | QByteArray::AbortOnBase64DecodingErrors);
    if (!decoded)
        return std::nullopt;
    QJsonParseError error {};
    const QJsonDocument document = QJsonDocument::fromJson(*decoded, &error);
    if (error.error != QJsonParseError::NoError || !document.isObject())
        return std::nullopt;
    const QJsonObject payload = document.object();
    if (payload.value(QStringLiteral("l")).toString() != listName)
        return std::nullopt;
    const QJsonValue position = payload.value(QStringLiteral("p"));
    if (!position.isArray())
        return std::nullopt;
    return position.toArray();
}

} // namespace slotline::pagecursor
