#pragma once

#include "server/api/apierror.h"
#include "server/http/httpresponse.h"
#include "storage/idempotencyrepository.h"

#include <QByteArrayView>
#include <QJsonObject>
#include <QString>

#include <optional>

namespace slotline {

// The rules of Idempotency-Key: which keys are taken, what makes two requests the same,
// and what an earlier answer stored under a key means for the request now. Storing the
// answers (in the handler's transaction) is the pipeline's.
namespace idempotencykeys {

// Stored answers are kept this long.
constexpr qint64 WindowMs = 24LL * 60 * 60 * 1000;
// The status of a stored key whose request is still being answered (late), and how long
// such a mark holds (longer than any late answer takes).
constexpr int InProgressStatus = 0;
constexpr qint64 InProgressWindowMs = 5LL * 60 * 1000;

// A refusal unless the key is 1 to 255 visible ASCII characters.
std::optional<ApiError> keyError(QByteArrayView key);

// The same operation with the same parameters hashes alike: the JSON of a QJsonObject has
// its keys sorted, so the body's formatting and key order do not matter.
QString requestHash(QByteArrayView method, QStringView path, const QJsonObject &parameters);

// Nothing when the request is to be acted on; otherwise the earlier answer replayed, or
// the refusal (the key taken by another request, or its request still being answered).
std::optional<HttpResponse>
answerFromEarlier(const std::optional<IdempotencyRepository::Record> &earlier,
                  const QString &requestHash, qint64 receivedAtMs);

} // namespace idempotencykeys
} // namespace slotline
