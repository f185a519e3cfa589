#include "server/http/idempotencykeys.h"

#include <QCryptographicHash>
#include <QJsonDocument>

#include <algorithm>

namespace slotline::idempotencykeys {

std::optional<ApiError> keyError(QByteArrayView key)
{
    if (!key.isEmpty() && key.size() <= 255
        && std::all_of(key.begin(), key.end(), [](char c) { return c >= 0x21 && c <= 0x7e; }))
        return std::nullopt;
    return ApiError(
        ErrorCode::InvalidIdempotencyKey,
        QStringLiteral("The Idempotency-Key must be 1 to 255 visible ASCII characters."));
}

QString requestHash(QByteArrayView method, QStringView path, const QJsonObject &parameters)
{
    const QByteArray request = method.toByteArray() + ' ' + path.toUtf8() + '\n'
                               + QJsonDocument(parameters).toJson(QJsonDocument::Compact);
    return QString::fromLatin1(
        QCryptographicHash::hash(request, QCryptographicHash::Sha256).toHex());
}

std::optional<HttpResponse>
answerFromEarlier(const std::optional<IdempotencyRepository::Record> &earlier,
                  const QString &requestHash, qint64 receivedAtMs)
{
    if (!earlier || earlier->createdAtMs <= receivedAtMs - WindowMs)
        return std::nullopt;
    // A request still being answered late whose record outlived its server (a crash) no
    // longer holds the key.
    const bool inProgress = earlier->status == InProgressStatus;
    if (inProgress && earlier->createdAtMs <= receivedAtMs - InProgressWindowMs)
        return std::nullopt;
    if (earlier->requestHash != requestHash)
        return HttpResponse::fromError(
            ApiError(ErrorCode::IdempotencyKeyReused,
                     QStringLiteral("This Idempotency-Key was used with a different request in "
                                    "the last 24 hours.")));
    if (inProgress)
        return HttpResponse::fromError(
            ApiError(ErrorCode::IdempotencyInProgress,
                     QStringLiteral("A request with this Idempotency-Key is still being answered; "
                                    "send it again in a moment.")));
    HttpResponse replay {earlier->status, earlier->body, {{"Idempotent-Replayed", "true"}}};
    if (earlier->status != 204)
        replay.headers.emplaceBack(QByteArrayLiteral("Content-Type"),
                                   QByteArrayLiteral("application/json"));
    return replay;
}

} // namespace slotline::idempotencykeys
