#include "gui/common/errortext.h"

#include "client/apierror.h"
#include "core/failurecode.h"
#include "core/platform.h"
#include "core/submission.h"

using namespace Qt::Literals::StringLiterals;

namespace slotline::gui {

QString ErrorText::describe(const client::ApiError &error)
{
    // Every code the API has is here: a new one does not compile until it is given words
    // or left to its kind's.
    switch (error.errorCode().value_or(ErrorCode::BadRequest)) {
    case ErrorCode::InsufficientCredits: return tr("The project has no credits left.");
    case ErrorCode::TextTooLong: return tr("The text is too long for the platform.");
    case ErrorCode::TooManyMedia: return tr("There are more media than the platform takes.");
    case ErrorCode::ScheduledTimeInPast: return tr("That time has passed.");
    case ErrorCode::NoAvailableSlot:
        return tr("The account has no free slot in the next 26 weeks.");
    case ErrorCode::DraftConflict: return tr("The draft was changed elsewhere in the meantime.");
    case ErrorCode::NotScheduled:
        return tr("The post is already being published and can no longer be changed.");
    case ErrorCode::SlotExists: return tr("There is already a slot at that time.");
    case ErrorCode::UrlNotAllowed: return tr("The server may not fetch files from that address.");
    case ErrorCode::FetchFailed: return tr("The server could not fetch the file.");
    // An upload's bytes of a type no platform takes are a 415; a fetched file's a 422.
    case ErrorCode::UnsupportedType:
    case ErrorCode::UnsupportedMediaType: return tr("That kind of file cannot be posted.");
    case ErrorCode::MediaTooLarge:
    case ErrorCode::PayloadTooLarge: return tr("The file is too large.");
    case ErrorCode::UploadExpired: return tr("The upload took too long and has expired.");
    case ErrorCode::UploadUsed:
    case ErrorCode::UploadInProgress: return tr("The upload address was already used.");
    case ErrorCode::SizeMismatch: return tr("The file changed while it was being uploaded.");
    case ErrorCode::IdempotencyKeyReused:
        return tr("The server already answered a different request sent as this one.");
    case ErrorCode::PlatformNotConfigured:
        return tr("The server cannot connect accounts of that platform yet: its administrator "
                  "has to register Slotline with the platform first.");
    case ErrorCode::AccountHasScheduledPosts:
        return tr("The account still has scheduled posts: cancel them first, or disconnect "
                  "it and cancel them.");
    case ErrorCode::ValidationFailed: return tr("The server did not accept some of the values.");
    case ErrorCode::UnsupportedApiVersion:
    case ErrorCode::UnknownTool:
    case ErrorCode::MethodNotAllowed:
        return tr("The server does not offer this; it may be an older version.");
    // Said by their kind below.
    case ErrorCode::BadRequest:
    case ErrorCode::InvalidJson:
    case ErrorCode::InvalidQuery:
    case ErrorCode::InvalidCursor:
    case ErrorCode::InvalidIdempotencyKey:
    case ErrorCode::Unauthorized:
    case ErrorCode::NotFound:
    case ErrorCode::RequestTimeout:
    case ErrorCode::IdempotencyInProgress:
    case ErrorCode::LengthRequired:
    case ErrorCode::UriTooLong:
    case ErrorCode::ExpectationFailed:
    case ErrorCode::RateLimited:
    case ErrorCode::RequestHeaderFieldsTooLarge:
    case ErrorCode::InternalError:
    case ErrorCode::MethodNotImplemented:
    case ErrorCode::NotImplemented:
    case ErrorCode::ServerBusy:
    case ErrorCode::HttpVersionNotSupported:
    case ErrorCode::InsufficientStorage: break;
    }

    using Kind = client::ApiError::Kind;
    switch (error.kind()) {
    case Kind::Network: return tr("The server cannot be reached.");
    case Kind::Timeout: return tr("The server did not answer in time.");
    case Kind::Unauthorized: return tr("The server refused the API key.");
    case Kind::PaymentRequired: return tr("The project has no credits left.");
    case Kind::NotFound: return tr("It no longer exists on the server.");
    case Kind::Conflict: return tr("It was changed on the server in the meantime.");
    case Kind::Gone: return tr("The upload took too long and has expired.");
    case Kind::Validation: return tr("The server did not accept some of the values.");
    case Kind::RateLimited:
        return tr("Too many calls for now; they resume in %Ln second(s).", nullptr,
                  std::max(1, error.retryAfterSeconds()));
    case Kind::Server: return tr("The server had a problem of its own.");
    case Kind::MalformedAnswer: return tr("The server's answer could not be read.");
    case Kind::Cancelled: return tr("The request was dropped.");
    case Kind::BadRequest: return tr("The server could not handle the request.");
    }
    return tr("The server refused it.");
}

QString ErrorText::detail(const client::ApiError &error)
{
    return error.toDisplayString();
}

QString ErrorText::postFailure(const Submission &post)
{
    if (post.status != SubmissionStatus::Failed)
        return QString();
    if (const QString headline = postFailureHeadline(post); !headline.isEmpty())
        return headline;
    // The server's reason is written for people ("X refused: You are not allowed to create
    // a Tweet with duplicate content."): for a platform's refusal it is the best there is.
    const QString reason = post.errorMessage.trimmed();
    return reason.isEmpty() ? tr("Publishing failed.") : reason;
}

QString ErrorText::postFailureHeadline(const Submission &post)
{
    if (post.status != SubmissionStatus::Failed)
        return QString();
    const auto code = failurecodes::fromString(post.errorCode);
    if (!code)
        return QString();
    const QString platform = platforms::displayName(post.platform);
    switch (*code) {
    case FailureCode::PlatformRefused:
        return QString(); // the platform's own reason says it
    //: A failed post; %1 is the platform (X, LinkedIn, Facebook).
    case FailureCode::Duplicate: return tr("%1 already has this text on the account").arg(platform);
    case FailureCode::NeedsReconnect: return tr("The account needs to be connected again");
    case FailureCode::AccountDisconnected: return tr("The account was disconnected");
    case FailureCode::PageUnavailable: return tr("The page can no longer be published to");
    //: A failed post; %1 is the platform (X, LinkedIn, Facebook).
    case FailureCode::PlatformNotConfigured: return tr("The server has no %1 app").arg(platform);
    //: A failed post; %1 is the platform (X, LinkedIn, Facebook).
    case FailureCode::MediaRejected: return tr("%1 refused an image or video").arg(platform);
    case FailureCode::MediaUnavailable: return tr("An image or video could not be fetched");
    //: A failed post; %1 is the platform (X, LinkedIn, Facebook).
    case FailureCode::PlatformUnavailable: return tr("%1 did not answer").arg(platform);
    case FailureCode::MayHavePublished:
        //: A failed post; %1 is the platform (X, LinkedIn, Facebook).
        return tr("%1 may have published it: check the account").arg(platform);
    case FailureCode::ConnectorUnavailable: return tr("This server cannot publish to the account");
    }
    return QString();
}

} // namespace slotline::gui
