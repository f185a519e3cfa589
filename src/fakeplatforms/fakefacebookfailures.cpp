// FakeFacebook's usage headers and throttling, token failures with a chosen subcode, the
// Page's published posts, the policy block and the switches for them. Kept apart from
// fakefacebook.cpp: these model Graph's failure modes and the look-up a client makes after
// losing an answer.
#include "fakeplatforms/fakefacebook.h"

#include <QJsonDocument>

#include <cmath>

using namespace Qt::StringLiterals;

namespace slotline::fake {

namespace {

constexpr qint64 HourSeconds = 60 * 60;
constexpr qint64 DaySeconds = 24 * 60 * 60;
// developers.facebook.com/blog/post/2016/06/16/page-level-rate-limits: 4,800 calls per
// engaged user and 24 hours for a Page; .../graph-api/overview/rate-limiting: 200 calls per
// user and hour for an application. The fake has one user.
constexpr int DefaultPageLimit = 4800;
constexpr int DefaultAppLimit = 200;
const QList<int> PageCodes = {80001, 32, 4, 17, 613};
const QList<int> AppCodes = {4, 17, 613};
const QList<int> TokenSubcodes = {458, 460, 463, 467};

QString graphTime(const QDateTime &time)
{
    return time.toUTC().toString(u"yyyy-MM-ddTHH:mm:ss"_s) + u"+0000"_s;
}

QString throttleMessage(int code)
{
    switch (code) {
    case 4: return u"(#4) Application request limit reached"_s;
    case 17: return u"(#17) User request limit reached"_s;
    case 32: return u"(#32) Page request limit reached"_s;
    case 613: return u"(#613) Calls to this api have exceeded the rate limit."_s;
    default:
        return u"(#80001) There have been too many calls to this Page account. Wait a bit and "
               "try again. For more info, please refer to "
               "https://developers.facebook.com/docs/graph-api/overview/rate-limiting."_s;
    }
}

int percentOf(const RateCounter::Usage &usage)
{
    if (usage.limit <= 0)
        return 0;
    return usage.exceeded ? 100 : qMin(100, usage.used * 100 / usage.limit);
}

QByteArray compact(const QJsonObject &object)
{
    return QJsonDocument(object).toJson(QJsonDocument::Compact);
}

} // namespace

FakeFacebook::Throttle FakeFacebook::pageThrottleDefaults()
{
    return {DefaultPageLimit, DaySeconds, 80001};
}

FakeFacebook::Throttle FakeFacebook::appThrottleDefaults()
{
    return {DefaultAppLimit, HourSeconds, 4};
}

FakeResponse FakeFacebook::serve(const FakeRequest &request)
{
    const QStringList segments = request.path.split(u'/', Qt::SkipEmptyParts);
    if (segments.size() < 2 || segments.at(1) == u"dialog"_s || segments.at(1) == u"oauth"_s)
        return handle(request);
    const Params params = paramsOf(request);
    const QDateTime now = m_clock->now();
    const IssuedToken *token = m_tokens.find(params.value(u"access_token"_s));
    if (!token || token->kind == IssuedToken::Kind::Code || token->revoked || token->expiredAt(now))
        return handle(request);

    // developers.facebook.com/docs/graph-api/overview/rate-limiting: Page tokens are
    // counted per Page (Business Use Case limits, X-Business-Use-Case-Usage), user tokens
    // per application (platform limits, X-App-Usage). Values are percentages; the fake's
    // CPU and total time follow the call count.
    const bool page = token->kind == IssuedToken::Kind::Page;
    const Throttle &throttle = page ? m_pageThrottle : m_appThrottle;
    const QString key = page ? u"page "_s + token->pageId : u"app "_s + token->clientId;
    const RateCounter::Limit limit {throttle.limit, throttle.windowSeconds};
    const RateCounter::Usage usage = m_rates.consume(key, limit, now);
    const int percent = percentOf(usage);
    const int regainMinutes
        = usage.exceeded ? static_cast<int>(std::ceil(now.secsTo(usage.resetAt) / 60.0)) : 0;
    FakeResponse response;
    const QStringList rest = segments.mid(1);
    if (usage.exceeded) {
        // (verify) the HTTP status Graph answers throttled calls with.
        response = graphError(400, throttleMessage(throttle.code), u"OAuthException"_s,
                              throttle.code, 0, QJsonObject {{u"is_transient"_s, true}});
    } else if (m_policyBlock && request.method == "POST" && rest.size() == 2
               && (rest.at(1) == u"feed"_s || rest.at(1) == u"photos"_s
                   || rest.at(1) == u"videos"_s)) {
        // Graph's 368, "temporarily blocked for policies violations"; subcode and user
        // texts (verify).
        response = graphError(
            400,
            u"(#368) The action attempted has been deemed abusive or is otherwise disallowed"_s,
            u"OAuthException"_s, 368, 1390008,
            QJsonObject {{u"is_transient"_s, true},
                         {u"error_user_title"_s, u"You Can't Use This Feature Right Now"_s},
                         {u"error_user_msg"_s,
                          u"You recently posted something that violates Facebook policies, so "
                          "you're temporarily blocked from using this feature."_s}});
    } else {
        response = handle(request);
    }
    const QJsonObject counts {
        {u"call_count"_s, percent}, {u"total_cputime"_s, percent}, {u"total_time"_s, percent}};
    if (page) {
        QJsonObject entry = counts;
        entry.insert(u"type"_s, u"pages"_s);
        entry.insert(u"estimated_time_to_regain_access"_s, regainMinutes);
        response.withHeader("X-Business-Use-Case-Usage",
                            compact(QJsonObject {{token->pageId, QJsonArray {entry}}}));
    } else {
        response.withHeader("X-App-Usage", compact(counts));
    }
    return response;
}

FakeResponse FakeFacebook::revokedTokenError(const IssuedToken &token)
{
    const int subcode = m_revokedSubcodes.value(token.value, 458);
    QString message;
    switch (subcode) {
    case 460:
        message = u"Error validating access token: The session has been invalidated because the "
                  "user changed their password or Facebook has changed the session for security "
                  "reasons."_s;
        break;
    case 463:
        message = u"Error validating access token: Session has expired on "_s
                  + m_clock->now().toString(u"dddd, dd-MMM-yy HH:mm:ss"_s) + u" PDT."_s;
        break;
    case 467:
        message = u"Error validating access token: The session is invalid because the user "
                  "logged out."_s; // (verify) wording
        break;
    default:
        message = u"Error validating access token: The user has not authorized application "_s
                  + m_app.clientId + u'.';
    }
    return graphError(400, message, u"OAuthException"_s, 190, subcode);
}

int FakeFacebook::revokeTokensFor(const QJsonObject &options, QString *error)
{
    for (auto it = options.begin(); it != options.end(); ++it) {
        if (!QStringList {u"platform"_s, u"userId"_s, u"pageId"_s, u"subcode"_s}.contains(
                it.key())) {
            *error = it.key() + u" is not served for facebook"_s;
            return 0;
        }
    }
    const QString userId = options[u"userId"_s].toString();
    const QString pageId = options[u"pageId"_s].toString();
    const int subcode = options[u"subcode"_s].toInt(458);
    if (!TokenSubcodes.contains(subcode)) {
        *error = u"subcode must be 458, 460, 463 or 467"_s;
        return 0;
    }
    if (!pageId.isEmpty() && !knownPage(pageId)) {
        *error = u"unknown pageId "_s + pageId;
        return 0;
    }
    const QStringList values = m_tokens.revokeWhere([&](const IssuedToken &token) {
        return (userId.isEmpty() || token.userId == userId)
               && (pageId.isEmpty()
                   || (token.kind == IssuedToken::Kind::Page && token.pageId == pageId));
    });
    for (const QString &value : values)
        m_revokedSubcodes.insert(value, subcode);
    return static_cast<int>(values.size());
}

FakeResponse FakeFacebook::publishedPosts(const FakeRequest &request, const QString &pageId,
                                          const Params &params)
{
    FakeResponse refusal;
    const IssuedToken *token = authenticate(params, &refusal);
    if (!token)
        return refusal;
    if (!knownPage(pageId)) {
        return graphError(
            400,
            u"Unsupported get request. Object with ID '"_s + pageId
                + u"' does not exist, cannot be loaded due to missing permissions, or does not "
                  "support this operation. Please read the Graph API documentation at "
                  "https://developers.facebook.com/docs/graph-api"_s,
            u"GraphMethodException"_s, 100, 33);
    }
    // (verify) codes and wording of both refusals.
    if (token->kind != IssuedToken::Kind::Page || token->pageId != pageId)
        return graphError(400,
                          u"(#210) A page access token is required to request this resource."_s,
                          u"OAuthException"_s, 210);
    if (!token->scopes.contains(u"pages_read_engagement"_s))
        return graphError(400,
                          u"(#10) This endpoint requires the 'pages_read_engagement' permission or "
                          "the 'Page Public Content Access' feature."_s,
                          u"OAuthException"_s, 10);
    QDateTime since;
    if (params.has(u"since"_s)) {
        bool ok = false;
        const qint64 seconds = params.value(u"since"_s).toLongLong(&ok);
        since = ok ? QDateTime::fromSecsSinceEpoch(seconds, Qt::UTC)
                   : QDateTime::fromString(params.value(u"since"_s), Qt::ISODate);
        if (!since.isValid())
            return graphError(400, u"(#100) The since parameter is not a valid time"_s,
                              u"OAuthException"_s, 100); // (verify)
    }
    int limit = 25;
    if (params.has(u"limit"_s))
        limit = qBound(1, params.value(u"limit"_s).toInt(), 100);
    QStringList fields = params.value(u"fields"_s).split(u',', Qt::SkipEmptyParts);
    for (QString &field : fields)
        field = field.trimmed();
    if (fields.isEmpty())
        fields = {u"created_time"_s, u"message"_s, u"id"_s};

    // A cursor names a post (as Graph's do); `after` lists the posts older than it.
    const auto cursor
        = [](const QString &postId) { return QString::fromLatin1(postId.toUtf8().toBase64()); };
    auto it = m_posts.crbegin();
    if (params.has(u"after"_s)) {
        const QString after
            = QString::fromUtf8(QByteArray::fromBase64(params.value(u"after"_s).toLatin1()));
        while (it != m_posts.crend() && it->id != after)
            ++it;
        if (it == m_posts.crend())
            // (verify) Graph's answer to a cursor it does not know.
            return graphError(400, u"(#100) The after cursor is not valid"_s, u"OAuthException"_s,
                              100);
        ++it;
    }
    const QDateTime listedBefore = m_clock->now().addSecs(-m_listingDelaySeconds);
    QJsonArray data;
    bool more = false;
    for (; it != m_posts.crend(); ++it) {
        if (it->deleted || !it->published || !visible(*it) || it->pageId != pageId
            || it->createdAt > listedBefore || (since.isValid() && it->createdAt < since))
            continue;
        if (data.size() == limit) {
            more = true;
            break;
        }
        QJsonObject post {{u"id"_s, it->id}};
        if (fields.contains(u"created_time"_s))
            post.insert(u"created_time"_s, graphTime(it->createdAt));
        if (fields.contains(u"message"_s) && !it->message.isEmpty())
            post.insert(u"message"_s, it->message);
        if (fields.contains(u"is_published"_s))
            post.insert(u"is_published"_s, true);
        if (fields.contains(u"permalink_url"_s))
            post.insert(u"permalink_url"_s, QString(u"https://www.facebook.com/"_s + it->id));
        data.append(post);
    }
    QJsonObject answer {{u"data"_s, data}};
    if (!data.isEmpty()) {
        const QString last = cursor(data.last()[u"id"_s].toString());
        QJsonObject paging {
            {u"cursors"_s, QJsonObject {{u"before"_s, cursor(data.first()[u"id"_s].toString())},
                                        {u"after"_s, last}}}};
        // developers.facebook.com/docs/graph-api/results: `next` only while there are more,
        // the same request with `after`. (verify) Graph also puts the access token in it
        // when the request had it in the query; here it is kept only then too.
        if (more) {
            QUrlQuery query(request.query);
            query.removeAllQueryItems(u"after"_s);
            query.removeAllQueryItems(u"before"_s);
            query.addQueryItem(u"after"_s, QString::fromLatin1(QUrl::toPercentEncoding(last)));
            QUrl next(request.origin() + u"/facebook"_s + request.path);
            next.setQuery(query.query(QUrl::FullyEncoded), QUrl::StrictMode);
            paging.insert(u"next"_s, next.toString(QUrl::FullyEncoded));
        }
        answer.insert(u"paging"_s, paging);
    }
    return FakeResponse::json(200, answer);
}

QString FakeFacebook::applyFailureSwitches(const QJsonObject &switches)
{
    const auto readThrottle
        = [](const QJsonValue &value, const QList<int> &codes, Throttle *throttle) -> QString {
        const QJsonObject entry = value.toObject();
        const int limit = entry[u"limit"_s].toInt(throttle->limit);
        const qint64 window = entry[u"windowSeconds"_s].toInteger(throttle->windowSeconds);
        const int code = entry[u"code"_s].toInt(throttle->code);
        if (limit < 0 || window <= 0)
            return u"limit must be >= 0 (0: unlimited) and windowSeconds > 0"_s;
        if (!codes.contains(code))
            return u"code must be one of the throttling codes of its kind"_s;
        *throttle = {limit, window, code};
        return {};
    };
    const QJsonObject limits = switches[u"rateLimits"_s].toObject();
    if (limits.contains(u"page"_s)) {
        if (const QString error = readThrottle(limits[u"page"_s], PageCodes, &m_pageThrottle);
            !error.isEmpty())
            return u"rateLimits.page: "_s + error + u" (80001, 32, 4, 17, 613)"_s;
    }
    if (limits.contains(u"app"_s)) {
        if (const QString error = readThrottle(limits[u"app"_s], AppCodes, &m_appThrottle);
            !error.isEmpty())
            return u"rateLimits.app: "_s + error + u" (4, 17, 613)"_s;
    }
    if (switches.contains(u"policyBlock"_s))
        m_policyBlock = switches[u"policyBlock"_s].toBool();
    if (switches.contains(u"listingDelaySeconds"_s))
        m_listingDelaySeconds = qMax<qint64>(0, switches[u"listingDelaySeconds"_s].toInteger());
    return {};
}

void FakeFacebook::resetFailureModes()
{
    m_rates.clear();
    m_pageThrottle = pageThrottleDefaults();
    m_appThrottle = appThrottleDefaults();
    m_revokedSubcodes.clear();
    m_policyBlock = false;
    m_listingDelaySeconds = 0;
}

QJsonObject FakeFacebook::describeFailureModes() const
{
    QJsonObject state;
    const auto describeThrottle = [](const Throttle &throttle) {
        return QJsonObject {{u"limit"_s, throttle.limit},
                            {u"windowSeconds"_s, throttle.windowSeconds},
                            {u"code"_s, throttle.code}};
    };
    state.insert(u"rateLimits"_s, QJsonObject {{u"page"_s, describeThrottle(m_pageThrottle)},
                                               {u"app"_s, describeThrottle(m_appThrottle)}});
    state.insert(u"policyBlock"_s, m_policyBlock);
    state.insert(u"listingDelaySeconds"_s, m_listingDelaySeconds);
    state.insert(u"videoProcessing"_s, m_failVideoProcessing ? u"fail"_s : u"succeed"_s);
    state.insert(u"uploadDropAtByte"_s, m_uploadDropAtByte);
    return state;
}

} // namespace slotline::fake
