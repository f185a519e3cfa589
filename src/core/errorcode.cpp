#include "core/errorcode.h"

#include <QList>

#include <array>

namespace slotline::errorcodes {
namespace {

struct Entry
{
    ErrorCode code;
    QLatin1StringView name;
    int status;
};

using namespace Qt::Literals::StringLiterals;

// The table: a code, its spelling, its status. In the enum's order (checked below).
constexpr std::array Table {
    Entry {ErrorCode::BadRequest, "bad_request"_L1, 400},
    Entry {ErrorCode::InvalidJson, "invalid_json"_L1, 400},
    Entry {ErrorCode::InvalidQuery, "invalid_query"_L1, 400},
    Entry {ErrorCode::InvalidCursor, "invalid_cursor"_L1, 400},
    Entry {ErrorCode::InvalidIdempotencyKey, "invalid_idempotency_key"_L1, 400},
    Entry {ErrorCode::Unauthorized, "unauthorized"_L1, 401},
    Entry {ErrorCode::InsufficientCredits, "insufficient_credits"_L1, 402},
    Entry {ErrorCode::NotFound, "not_found"_L1, 404},
    Entry {ErrorCode::UnsupportedApiVersion, "unsupported_api_version"_L1, 404},
    Entry {ErrorCode::UnknownTool, "unknown_tool"_L1, 404},
    Entry {ErrorCode::NoAvailableSlot, "no_available_slot"_L1, 404},
    Entry {ErrorCode::MethodNotAllowed, "method_not_allowed"_L1, 405},
    Entry {ErrorCode::RequestTimeout, "request_timeout"_L1, 408},
    Entry {ErrorCode::NotScheduled, "not_scheduled"_L1, 409},
    Entry {ErrorCode::DraftConflict, "draft_conflict"_L1, 409},
    Entry {ErrorCode::SlotExists, "slot_exists"_L1, 409},
    Entry {ErrorCode::IdempotencyKeyReused, "idempotency_key_reused"_L1, 409},
    Entry {ErrorCode::IdempotencyInProgress, "idempotency_in_progress"_L1, 409},
    Entry {ErrorCode::AccountHasScheduledPosts, "account_has_scheduled_posts"_L1, 409},
    Entry {ErrorCode::UploadUsed, "upload_used"_L1, 409},
    Entry {ErrorCode::UploadInProgress, "upload_in_progress"_L1, 409},
    Entry {ErrorCode::UploadExpired, "upload_expired"_L1, 410},
    Entry {ErrorCode::LengthRequired, "length_required"_L1, 411},
    Entry {ErrorCode::PayloadTooLarge, "payload_too_large"_L1, 413},
    Entry {ErrorCode::UriTooLong, "uri_too_long"_L1, 414},
    Entry {ErrorCode::UnsupportedMediaType, "unsupported_media_type"_L1, 415},
    Entry {ErrorCode::ExpectationFailed, "expectation_failed"_L1, 417},
    Entry {ErrorCode::ValidationFailed, "validation_failed"_L1, 422},
    Entry {ErrorCode::TextTooLong, "text_too_long"_L1, 422},
    Entry {ErrorCode::TooManyMedia, "too_many_media"_L1, 422},
    Entry {ErrorCode::ScheduledTimeInPast, "scheduled_time_in_past"_L1, 422},
    Entry {ErrorCode::UrlNotAllowed, "url_not_allowed"_L1, 422},
    Entry {ErrorCode::MediaTooLarge, "media_too_large"_L1, 422},
    Entry {ErrorCode::UnsupportedType, "unsupported_type"_L1, 422},
    Entry {ErrorCode::FetchFailed, "fetch_failed"_L1, 422},
    Entry {ErrorCode::SizeMismatch, "size_mismatch"_L1, 422},
    Entry {ErrorCode::PlatformNotConfigured, "platform_not_configured"_L1, 422},
    Entry {ErrorCode::RateLimited, "rate_limited"_L1, 429},
    Entry {ErrorCode::RequestHeaderFieldsTooLarge, "request_header_fields_too_large"_L1, 431},
    Entry {ErrorCode::InternalError, "internal_error"_L1, 500},
    Entry {ErrorCode::MethodNotImplemented, "method_not_implemented"_L1, 501},
    Entry {ErrorCode::NotImplemented, "not_implemented"_L1, 501},
    Entry {ErrorCode::ServerBusy, "server_busy"_L1, 503},
    Entry {ErrorCode::HttpVersionNotSupported, "http_version_not_supported"_L1, 505},
    Entry {ErrorCode::InsufficientStorage, "insufficient_storage"_L1, 507},
};

constexpr bool inEnumOrder()
{
    for (std::size_t i = 0; i < Table.size(); ++i) {
        if (std::size_t(Table[i].code) != i)
            return false;
    }
    return std::size_t(ErrorCode::InsufficientStorage) + 1 == Table.size();
}
static_assert(inEnumOrder(), "the table lists every ErrorCode once, in the enum's order");

} // namespace

const QList<ErrorCode> &all()
{
    static const QList<ErrorCode> codes = [] {
        QList<ErrorCode> list;
        for (const Entry &entry : Table)
            list.append(entry.code);
        return list;
    }();
    return codes;
}

QLatin1StringView name(ErrorCode code)
{
    return Table[std::size_t(code)].name;
}

int httpStatus(ErrorCode code)
{
    return Table[std::size_t(code)].status;
}

std::optional<ErrorCode> fromString(QStringView text)
{
    // 45 short names, read once per error answer: a scan costs less than a hash of a copy.
    for (const Entry &entry : Table) {
        if (text == entry.name)
            return entry.code;
    }
    return std::nullopt;
}

} // namespace slotline::errorcodes
