#pragma once

#include <QLatin1StringView>
#include <QString>

#include <optional>

namespace slotline {

// Every code an error answer of the API can carry ({"error": {"code": ...}}). The server
// builds its errors from these, the client parses them back, and each has exactly one
// HTTP status: errorcodes::httpStatus() is the one place that pairs them.
enum class ErrorCode {
    // 400
    BadRequest, // malformed HTTP
    InvalidJson,
    InvalidQuery,
    InvalidCursor,
    InvalidIdempotencyKey,
    // 401
    Unauthorized,
    // 402
    InsufficientCredits,
    // 404
    NotFound,
    UnsupportedApiVersion,
    UnknownTool,
    NoAvailableSlot,
    // 405
    MethodNotAllowed,
    // 408
    RequestTimeout,
    // 409
    NotScheduled,
    DraftConflict,
    SlotExists,
    IdempotencyKeyReused,
    IdempotencyInProgress,
    AccountHasScheduledPosts,
    UploadUsed,
    UploadInProgress,
    // 410
    UploadExpired,
    // 411
    LengthRequired,
    // 413
    PayloadTooLarge,
    // 414
    UriTooLong,
    // 415
    UnsupportedMediaType,
    // 417
    ExpectationFailed,
    // 422
    ValidationFailed,
    TextTooLong,
    TooManyMedia,
    ScheduledTimeInPast,
    UrlNotAllowed,
    MediaTooLarge,
    UnsupportedType,
    FetchFailed,
    SizeMismatch,
    PlatformNotConfigured,
    // 429
    RateLimited,
    // 431
    RequestHeaderFieldsTooLarge,
    // 500
    InternalError,
    // 501
    MethodNotImplemented,
    NotImplemented,
    // 503
    ServerBusy,
    // 505
    HttpVersionNotSupported,
    // 507
    InsufficientStorage,
};

namespace errorcodes {

// Every code, in the enum's order.
const QList<ErrorCode> &all();
// The API's snake_case spelling.
QLatin1StringView name(ErrorCode code);
inline QString toString(ErrorCode code)
{
    return QString(name(code));
}
// The status every answer with this code has.
int httpStatus(ErrorCode code);
// Nothing for a code this build does not know (a newer server's).
std::optional<ErrorCode> fromString(QStringView text);

} // namespace errorcodes
} // namespace slotline
