#include "gui/errortext.h"

#include "client/apierror.h"
#include "core/failurecode.h"
#include "core/platform.h"
#include "core/submission.h"

using namespace Qt::Literals::StringLiterals;

namespace slotline::gui {

QString ErrorText::describe(const client::ApiError &error)
{
    const QString &code = error.code();
    if (code == u"insufficient_credits")
        return tr("The project has no credits left.");
    if (code == u"text_too_long")
        return tr("The text is too long for the platform.");
    if (code == u"too_many_media")
        return tr("There are more media than the platform takes.");
    if (code == u"scheduled_time_in_past")
        return tr("That time has passed.");
    if (code == u"no_available_slot")
        return tr("The account has no free slot in the next 26 weeks.");
    if (code == u"draft_conflict")
        return tr("The draft was changed elsewhere in the meantime.");
    if (code == u"not_scheduled")
        return tr("The post is already being published and can no longer be changed.");
    if (code == u"slot_exists")
        return tr("There is already a slot at that time.");
    if (code == u"url_not_allowed")
        return tr("The server may not fetch files from that address.");
    if (code == u"fetch_failed")
        return tr("The server could not fetch the file.");
    if (code == u"unsupported_type")
        return tr("That kind of file cannot be posted.");
    if (code == u"media_too_large" || code == u"payload_too_large")
        return tr("The file is too large.");
    if (code == u"upload_expired")
        return tr("The upload took too long and has expired.");
    if (code == u"upload_used" || code == u"upload_in_progress")
        return tr("The upload address was already used.");
    if (code == u"size_mismatch")
        return tr("The file changed while it was being uploaded.");
    if (code == u"idempotency_key_reused")
        return tr("The server already answered a different request sent as this one.");
    if (code == u"platform_not_configured")
        return tr("The server cannot connect accounts of that platform yet: its administrator "
                  "has to register Slotline with the platform first.");
    if (code == u"account_has_scheduled_posts")
        return tr("The account still has scheduled posts: cancel them first, or disconnect "
                  "it and cancel them.");
    if (code == u"validation_failed")
        return tr("The server did not accept some of the values.");
    if (code == u"unsupported_api_version" || code == u"unknown_tool"
        || code == u"method_not_allowed")
        return tr("The server does not offer this; it may be an older version.");

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
