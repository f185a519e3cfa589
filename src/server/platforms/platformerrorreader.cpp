#include "server/platforms/platformerrorreader.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>

namespace slotline {

namespace {

QString utcTime(qint64 ms)
{
    return QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC).toString(QStringLiteral("HH:mm 'UTC'"));
}

std::optional<qint64> headerNumber(const PlatformResponse &response, QByteArrayView name)
{
    bool ok = false;
    const qint64 value = response.header(name).trimmed().toLongLong(&ok);
    return ok ? std::optional<qint64>(value) : std::nullopt;
}

} // namespace

std::optional<PlatformError> PlatformErrorReader::read(const PlatformResponse &response,
                                                       const QString &platform, qint64 nowMs)
{
    if (response.failure == PlatformResponse::Failure::NotSent)
        return PlatformError {
            PlatformError::Kind::Unavailable,
            QStringLiteral("%1 could not be reached (%2).").arg(platform, response.failureText), 0};
    if (response.failure == PlatformResponse::Failure::Unknown)
        return PlatformError {
            PlatformError::Kind::Unknown,
            QStringLiteral("%1 did not answer (%2).").arg(platform, response.failureText), 0};
    if (response.isSuccess())
        return std::nullopt;

    PlatformError error = generic(response, platform);
    if (platform == u"X")
        readX(response, nowMs, error);
    else if (platform == u"LinkedIn")
        readLinkedIn(response, nowMs, error);
    else if (platform == u"Facebook")
        readGraph(response, nowMs, error);
    if (error.kind == PlatformError::Kind::RateLimited) {
        // A 429 no rule above read (a proxy's, say) waits a minute; no platform's word
        // makes anyone wait longer than a week.
        error.retryAtMs = std::clamp<qint64>(error.retryAtMs.value_or(nowMs + DefaultWaitMs), nowMs,
                                             nowMs + LongestWaitMs);
    } else {
        error.retryAtMs.reset();
    }
    return error;
}

PlatformError PlatformErrorReader::generic(const PlatformResponse &response,
                                           const QString &platform)
{
    // The platforms' error bodies: OAuth's {error, error_description}, X's problem
    // details {title, detail}, LinkedIn's {message}, Graph's {error: {message}}.
    const QJsonObject body = response.json();
    QString reason;
    if (body.value(QStringLiteral("error")).isObject())
        reason = body.value(QStringLiteral("error"))
                     .toObject()
                     .value(QStringLiteral("message"))
                     .toString();
    for (const char *key : {"error_description", "detail", "message", "title", "error"}) {
        if (reason.isEmpty())
            reason = body.value(QLatin1StringView(key)).toString();
    }
    if (reason.isEmpty()) {
        // X's older shape: {"errors":[{"message","code"}]}.
        const QJsonArray errors = body.value(QStringLiteral("errors")).toArray();
        if (!errors.isEmpty())
            reason = errors.first().toObject().value(QStringLiteral("message")).toString();
    }
    if (reason.isEmpty())
        reason = QStringLiteral("HTTP %1").arg(response.status);
    PlatformError error {PlatformError::Kind::Refused,
                         QStringLiteral("%1 refused: %2").arg(platform, reason.left(500)),
                         response.status,
                         {},
                         std::nullopt};
    if (response.status == 401)
        error.kind = PlatformError::Kind::TokenRejected;
    else if (response.status >= 500)
        error.kind = PlatformError::Kind::Unavailable;
    else if (response.status == 429)
        error.kind = PlatformError::Kind::RateLimited;
    return error;
}

void PlatformErrorReader::readX(const PlatformResponse &response, qint64 nowMs,
                                PlatformError &error)
{
    if (readXUsage(response, nowMs, error))
        return;
    if (response.status == 429) {
        // The window that is used up decides: the 24-hour cap outlasts the 15-minute one.
        // Seconds since 1970, as X writes them; anything else is not a reset.
        const auto resetOf = [&response](QByteArrayView name) -> std::optional<qint64> {
            const auto value = headerNumber(response, name);
            return value && *value > 0 && *value < 100'000'000'000LL ? value : std::nullopt;
        };
        std::optional<qint64> resetSeconds;
        for (const auto &[remaining, reset] :
             {std::pair {"x-user-limit-24hour-remaining", "x-user-limit-24hour-reset"},
              std::pair {"x-app-limit-24hour-remaining", "x-app-limit-24hour-reset"},
              std::pair {"x-rate-limit-remaining", "x-rate-limit-reset"}}) {
            const auto left = headerNumber(response, remaining);
            const auto at = resetOf(reset);
            if (left && *left == 0 && at)
                resetSeconds = std::max(resetSeconds.value_or(0), *at);
        }
        if (!resetSeconds)
            resetSeconds = resetOf("x-rate-limit-reset");
        // The reset is a time on X's clock: how far ahead of X's own Date it is counts,
        // not how far ahead of ours.
        qint64 waitMs = XDefaultWaitMs;
        if (resetSeconds) {
            // An HTTP date ends in "GMT", which Qt 6.4's RFC 2822 parser does not take.
            QString date = QString::fromLatin1(response.header("date")).trimmed();
            if (date.endsWith(u" GMT"))
                date = date.chopped(3) + QStringLiteral("+0000");
            const QDateTime answeredAt = QDateTime::fromString(date, Qt::RFC2822Date);
            const qint64 platformNowMs = answeredAt.isValid() ? answeredAt.toMSecsSinceEpoch()
                                                              : QDateTime::currentMSecsSinceEpoch();
            waitMs = std::max<qint64>(*resetSeconds * 1000 - platformNowMs, 0);
        }
        error.retryAtMs = nowMs + std::min(waitMs, LongestWaitMs);
        error.message = QStringLiteral("X's rate limit for this account is used up until %1.")
                            .arg(utcTime(*error.retryAtMs));
        return;
    }
    const QJsonObject body = response.json();
    const QString detail = body.value(QStringLiteral("detail")).toString();
    if (response.status == 403 && detail.contains(u"duplicate content", Qt::CaseInsensitive)) {
        error.code = QStringLiteral("duplicate");
        error.duplicate = true;
        error.message = QStringLiteral("X refused this post as a duplicate of one already on the "
                                       "account (\"%1\"). Change the text to publish it.")
                            .arg(detail);
    }
}

bool PlatformErrorReader::readXUsage(const PlatformResponse &response, qint64 nowMs,
                                     PlatformError &error)
{
    // X bills usage (docs.x.com/x-api/getting-started/pricing: "API requests will be blocked
    // until you add credits"), app-wide. X documents neither answer's body; these are the
    // ones applications report: 402 with the api.twitter.com "CreditsDepleted" problem or
    // the newer api.x.com "credits-depleted" one, and 429 "UsageCapExceeded" (period Daily
    // or Monthly), whose rate-limit headers still show calls left.
    const QJsonObject body = response.json();
    const QString title = body.value(QStringLiteral("title")).toString();
    const QString type = body.value(QStringLiteral("type")).toString();
    const QString detail = body.value(QStringLiteral("detail")).toString();
    const bool credits = response.status == 402 || title == u"CreditsDepleted"
                         || type.endsWith(u"/credits") || type.endsWith(u"/credits-depleted");
    const bool capped = response.status == 429
                        && (title == u"UsageCapExceeded" || type.endsWith(u"/usage-capped"));
    if (!credits && !capped)
        return false;
    error.kind = PlatformError::Kind::RateLimited;
    error.wholeApp = true;
    if (credits) {
        error.code = QStringLiteral("credits_depleted");
        error.retryAtMs = nowMs + XUsageRetryMs;
        error.message = QStringLiteral("X refuses every call of this server's X app: its usage "
                                       "credits are used up (%1). Posts to X wait, and Slotline "
                                       "tries again at %2; add credits in the X developer "
                                       "console.")
                            .arg(detail.isEmpty() ? title : detail, utcTime(*error.retryAtMs));
        return true;
    }
    const QString period = body.value(QStringLiteral("period")).toString();
    error.code = QStringLiteral("usage_capped");
    if (period == u"Daily") {
        const QDate today = QDateTime::fromMSecsSinceEpoch(nowMs, Qt::UTC).date();
        error.retryAtMs = QDateTime(today.addDays(1), QTime(0, 0), Qt::UTC).toMSecsSinceEpoch();
    } else {
        // A monthly cap ends with the app's billing period, which the answer does not say.
        error.retryAtMs = nowMs + XUsageCapRetryMs;
    }
    error.message = QStringLiteral("X's %1 usage cap for this server's X app is reached (%2). "
                                   "Posts to X wait, and Slotline tries again at %3.")
                        .arg(period.isEmpty() ? QStringLiteral("monthly") : period.toLower(),
                             detail.isEmpty() ? title : detail, utcTime(*error.retryAtMs));
    return true;
}

void PlatformErrorReader::readLinkedIn(const PlatformResponse &response, qint64 nowMs,
                                       PlatformError &error)
{
    const QJsonObject body = response.json();
    const int serviceCode = body.value(QStringLiteral("serviceErrorCode")).toInt();
    const QString code = body.value(QStringLiteral("code")).toString();
    const QString message = body.value(QStringLiteral("message")).toString();
    if (serviceCode >= 65600 && serviceCode <= 65602) {
        error.kind = PlatformError::Kind::TokenRejected;
        error.code = QString::number(serviceCode);
        static const char *const words[]
            = {"the access token is not valid", "the access token was revoked",
               "the access token expired"};
        error.message = QStringLiteral("LinkedIn refused the account's sign-in: %1 (%2).")
                            .arg(QLatin1StringView(words[serviceCode - 65600]), message);
        return;
    }
    if (response.status == 429) {
        // LinkedIn sends no header that says when: its daily quotas end at midnight UTC.
        const QDate today = QDateTime::fromMSecsSinceEpoch(nowMs, Qt::UTC).date();
        error.retryAtMs = QDateTime(today.addDays(1), QTime(0, 0), Qt::UTC).toMSecsSinceEpoch();
        error.message
            = QStringLiteral("LinkedIn's daily limit for this account is used up until %1.")
                  .arg(utcTime(*error.retryAtMs));
        return;
    }
    if (response.status == 426 || code == u"NONEXISTENT_VERSION" || code == u"VERSION_MISSING") {
        error.kind = PlatformError::Kind::Refused;
        error.code = code.isEmpty() ? QStringLiteral("NONEXISTENT_VERSION") : code;
        error.message
            = QStringLiteral("LinkedIn no longer accepts the API version this server uses "
                             "(%1). The administrator sets a current one with "
                             "slotline-server platforms set linkedin --set "
                             "version=YYYYMM.")
                  .arg(message.isEmpty() ? QStringLiteral("HTTP %1").arg(response.status)
                                         : message);
        return;
    }
    const QJsonArray inputErrors = body.value(QStringLiteral("errorDetails"))
                                       .toObject()
                                       .value(QStringLiteral("inputErrors"))
                                       .toArray();
    for (const QJsonValue &input : inputErrors) {
        if (input.toObject().value(QStringLiteral("code")).toString() == u"DUPLICATE_POST") {
            error.kind = PlatformError::Kind::Refused;
            error.code = QStringLiteral("DUPLICATE_POST");
            error.duplicate = true;
            error.message = QStringLiteral("LinkedIn refused this post as a duplicate of one "
                                           "already on the account. Change the text to publish "
                                           "it.");
            return;
        }
    }
}

void PlatformErrorReader::readGraph(const PlatformResponse &response, qint64 nowMs,
                                    PlatformError &error)
{
    const QJsonObject graphError = response.json().value(QStringLiteral("error")).toObject();
    if (graphError.isEmpty())
        return;
    const int code = graphError.value(QStringLiteral("code")).toInt();
    const int subcode = graphError.value(QStringLiteral("error_subcode")).toInt();
    const QString message = graphError.value(QStringLiteral("message")).toString();
    error.code = subcode ? QStringLiteral("%1/%2").arg(code).arg(subcode) : QString::number(code);

    const bool rateLimit
        = code == 4 || code == 17 || code == 32 || code == 613 || (code >= 80000 && code <= 80014);
    if (rateLimit) {
        // The Page's estimate, in minutes, where Graph gives one.
        double minutes = 0;
        const QJsonObject usage
            = QJsonDocument::fromJson(response.header("x-business-use-case-usage")).object();
        for (const QJsonValue &entries : usage) {
            for (const QJsonValue &entry : entries.toArray())
                minutes = std::max(minutes,
                                   entry.toObject()
                                       .value(QStringLiteral("estimated_time_to_regain_access"))
                                       .toDouble());
        }
        error.kind = PlatformError::Kind::RateLimited;
        // At most a week (read() bounds it again): a nonsense estimate stays a number.
        error.retryAtMs = nowMs
                          + (minutes > 0 ? qint64(std::min(minutes, 7.0 * 24 * 60) * 60 * 1000)
                                         : GraphDefaultWaitMs);
        error.message = QStringLiteral("Facebook's rate limit for this Page is reached until %1 "
                                       "(%2).")
                            .arg(utcTime(*error.retryAtMs), message);
        return;
    }
    if (code == 190 || code == 102) {
        error.kind = PlatformError::Kind::TokenRejected;
        QString why;
        switch (subcode) {
        case 458: why = QStringLiteral("the app was removed from the Facebook account"); break;
        case 459:
            why = QStringLiteral("Facebook wants the person to log in at facebook.com");
            break;
        case 460: why = QStringLiteral("the Facebook password was changed"); break;
        case 463: why = QStringLiteral("the sign-in expired"); break;
        case 464: why = QStringLiteral("the Facebook account is not confirmed"); break;
        case 467: why = QStringLiteral("the sign-in is no longer valid"); break;
        default: why = QStringLiteral("the sign-in is not valid any more"); break;
        }
        error.message
            = QStringLiteral("Facebook refused the account's sign-in: %1 (%2).").arg(why, message);
        return;
    }
    if (code == 506) {
        error.kind = PlatformError::Kind::Refused;
        error.duplicate = true;
        error.message = QStringLiteral("Facebook refused this post as a duplicate of one already "
                                       "on the Page. Change the text to publish it.");
        return;
    }
    if (code == 368) {
        error.kind = PlatformError::Kind::Refused;
        error.message = QStringLiteral("Facebook blocked this post (%1). Facebook blocks repeated "
                                       "or reported content for a while; it is not sent again.")
                            .arg(message);
        return;
    }
    if (code == 100) {
        error.kind = PlatformError::Kind::Refused;
        error.message = QStringLiteral("Facebook refused a value in this post: %1").arg(message);
        return;
    }
    if (code == 10 || (code >= 200 && code <= 299)) {
        error.kind = PlatformError::Kind::Refused;
        error.message = QStringLiteral("Facebook does not allow this app to post on the Page: %1 "
                                       "Reconnect the account and grant every permission asked.")
                            .arg(message);
        return;
    }
    // Codes 1 and 2 are Graph's own trouble; the HTTP status (5xx) already says so.
    if (graphError.value(QStringLiteral("is_transient")).toBool()
        && error.kind == PlatformError::Kind::Refused)
        error.kind = PlatformError::Kind::Unavailable;
}

} // namespace slotline
