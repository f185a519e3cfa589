// FakeX's rate limits, the user timeline it answers with t.co links, and the switches for
// them. Kept apart from fakex.cpp: these model X's failure modes, not its happy path.
#include "core/platformrules.h"
#include "fakeplatforms/fakex.h"

#include <QCryptographicHash>
#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace slotline::fake {

namespace {

constexpr qint64 WindowSeconds = 15 * 60;
constexpr qint64 DaySeconds = 24 * 60 * 60;
const QString TweetsEndpoint = u"POST /2/tweets"_s;

// Per-user 15-minute limits of docs.x.com/x-api/fundamentals/rate-limits (verify: they
// differ between access tiers); endpoints not named here get 500.
const QHash<QString, int> &defaultLimits()
{
    static const QHash<QString, int> limits = {
        {u"GET /2/users/me"_s, 75},          {u"POST /2/tweets"_s, 100},
        {u"DELETE /2/tweets/:id"_s, 50},     {u"GET /2/tweets/:id"_s, 900},
        {u"GET /2/users/:id/tweets"_s, 900},
    };
    return limits;
}

// Ten characters of [0-9A-Za-z] that stay the same for the same post and link, as a real
// t.co code would.
QString tcoCode(const QString &tweetId, int index)
{
    static const char alphabet[] = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    const QByteArray hash = QCryptographicHash::hash(
        (tweetId + u'/' + QString::number(index)).toUtf8(), QCryptographicHash::Sha1);
    QString code;
    for (int i = 0; i < 10; ++i)
        code += QLatin1Char(alphabet[static_cast<uchar>(hash.at(i)) % 62]);
    return code;
}

// X's entity indices count code points, not UTF-16 units.
qsizetype codePoints(QStringView text)
{
    return text.toUcs4().size();
}

QString displayUrl(const QString &url)
{
    static const QRegularExpression scheme(u"^https?://"_s,
                                           QRegularExpression::CaseInsensitiveOption);
    QString shown = QString(url).remove(scheme);
    if (shown.startsWith(u"www."_s))
        shown = shown.mid(4);
    // (verify) where X cuts a long display_url.
    if (shown.size() > 26)
        shown = shown.left(26) + QChar(0x2026);
    return shown;
}

// X's listings show `&`, `<` and `>` as HTML entities, as its v1.1 API did (verify: the
// entities' offsets are counted here in the text as shown).
QString htmlEscaped(const QString &text)
{
    QString shown = text;
    shown.replace(u'&', u"&amp;"_s);
    shown.replace(u'<', u"&lt;"_s);
    shown.replace(u'>', u"&gt;"_s);
    return shown;
}

} // namespace

bool FakeX::isUserTweetsPath(const QString &path)
{
    static const QRegularExpression pattern(u"^/2/users/[0-9]+/tweets$"_s);
    return pattern.match(path).hasMatch();
}

QString FakeX::endpointOf(const FakeRequest &request)
{
    QStringList segments = request.path.split(u'/');
    static const QRegularExpression number(u"^[0-9]+$"_s);
    // segments[1] is the API version, "2".
    for (qsizetype i = 2; i < segments.size(); ++i) {
        if (number.match(segments.at(i)).hasMatch())
            segments[i] = u":id"_s;
    }
    return QString::fromLatin1(request.method) + u' ' + segments.join(u'/');
}

RateCounter::Limit FakeX::limitOf(const QString &endpoint) const
{
    if (const auto it = m_rateLimits.constFind(endpoint); it != m_rateLimits.constEnd())
        return *it;
    return {defaultLimits().value(endpoint, 500), WindowSeconds};
}

FakeResponse FakeX::serve(const FakeRequest &request)
{
    // The OAuth endpoints carry no rate-limit headers here.
    if (request.path.startsWith(u"/i/"_s) || request.path.startsWith(u"/2/oauth2/"_s))
        return handle(request);
    const QDateTime now = m_clock->now();
    const IssuedToken *token = m_tokens.find(request.bearerToken());
    if (!token || token->kind != IssuedToken::Kind::Access || token->revoked
        || token->expiredAt(now))
        return handle(request);

    // X bills usage, app-wide. Neither answer is in X's documentation; the bodies are the
    // ones applications report (the newer api.x.com credits-depleted problem, and the
    // UsageCapExceeded problem of github.com/xdevplatform/xdk issue 25, whose rate-limit
    // headers still show calls left).
    if (m_usage == u"credits-depleted"_s)
        return FakeResponse::json(
            402, QJsonObject {{u"title"_s, u"Payment Required"_s},
                              {u"type"_s, u"https://api.x.com/2/problems/credits-depleted"_s},
                              {u"status"_s, 402},
                              {u"detail"_s, u"credits depleted"_s}});
    const QString endpoint = endpointOf(request);
    if (m_usage == u"monthly-cap"_s) {
        const RateCounter::Limit window = limitOf(endpoint);
        FakeResponse capped = FakeResponse::json(
            429, QJsonObject {{u"account_id"_s, u"1880000000000000000"_s},
                              {u"product_name"_s, u"standard-basic"_s},
                              {u"title"_s, u"UsageCapExceeded"_s},
                              {u"period"_s, u"Monthly"_s},
                              {u"scope"_s, u"Product"_s},
                              {u"detail"_s, u"Usage cap exceeded: Monthly product cap"_s},
                              {u"type"_s, u"https://api.twitter.com/2/problems/usage-capped"_s}});
        capped.withHeader("x-rate-limit-limit", QByteArray::number(window.limit));
        capped.withHeader("x-rate-limit-remaining", QByteArray::number(window.limit - 1));
        capped.withHeader("x-rate-limit-reset",
                          QByteArray::number(now.addSecs(window.windowSeconds).toSecsSinceEpoch()));
        return capped;
    }

    // Limits are per user for user tokens; a refused call counts toward nothing.
    const RateCounter::Limit window = limitOf(endpoint);
    const QString windowKey = token->userId + u' ' + endpoint;
    const bool capped = endpoint == TweetsEndpoint && m_userLimit24Hour > 0;
    const RateCounter::Limit day {m_userLimit24Hour, DaySeconds};
    const QString dayKey = token->userId + u" 24hour"_s;
    RateCounter::Usage usage = m_rates.peek(windowKey, window, now);
    RateCounter::Usage daily = capped ? m_rates.peek(dayKey, day, now) : RateCounter::Usage {};
    FakeResponse response;
    if (usage.exceeded || daily.exceeded) {
        // (verify) the v2 problem body; the rate-limits page shows {"errors":[{"code":88,...}]}.
        response = problem(429, u"Too Many Requests"_s, u"Too Many Requests"_s);
    } else {
        usage = m_rates.consume(windowKey, window, now);
        if (capped)
            daily = m_rates.consume(dayKey, day, now);
        response = handle(request);
    }
    response.withHeader("x-rate-limit-limit", QByteArray::number(usage.limit));
    response.withHeader("x-rate-limit-remaining", QByteArray::number(usage.remaining));
    response.withHeader("x-rate-limit-reset", QByteArray::number(usage.resetAt.toSecsSinceEpoch()));
    if (capped) {
        response.withHeader("x-user-limit-24hour-limit", QByteArray::number(daily.limit));
        response.withHeader("x-user-limit-24hour-remaining", QByteArray::number(daily.remaining));
        response.withHeader("x-user-limit-24hour-reset",
                            QByteArray::number(daily.resetAt.toSecsSinceEpoch()));
    }
    return response;
}

QJsonObject FakeX::timelineTweet(const Tweet &tweet, const QStringList &fields) const
{
    // X shows every link as a t.co link and lists the original in entities.urls; a post
    // with media ends with one more t.co link, to the media (verify: display and expanded
    // URL of the media link).
    QString text;
    QJsonArray urls;
    qsizetype last = 0;
    int index = 0;
    const auto addLink = [&](QJsonObject entity) {
        const QString link = u"https://t.co/"_s + tcoCode(tweet.id, index++);
        const qsizetype start = codePoints(text);
        text += link;
        entity.insert(u"start"_s, start);
        entity.insert(u"end"_s, start + codePoints(link));
        entity.insert(u"url"_s, link);
        urls.append(entity);
        return link;
    };
    for (const PlatformRules::Span &span : PlatformRules::findUrls(tweet.text)) {
        text += htmlEscaped(tweet.text.mid(last, span.start - last));
        const QString original = tweet.text.mid(span.start, span.length);
        const bool hasScheme = original.startsWith(u"http://"_s, Qt::CaseInsensitive)
                               || original.startsWith(u"https://"_s, Qt::CaseInsensitive);
        addLink(QJsonObject {{u"expanded_url"_s, hasScheme ? original : u"http://"_s + original},
                             {u"display_url"_s, displayUrl(original)}});
        last = span.start + span.length;
    }
    text += htmlEscaped(tweet.text.mid(last));
    if (!tweet.mediaIds.isEmpty()) {
        const Media media = m_media.value(tweet.mediaIds.first());
        const bool video = media.category == u"tweet_video"_s
                           || media.category == u"amplify_video"_s
                           || media.category == u"tweet_gif"_s;
        const QString prefix = media.category == u"tweet_gif"_s ? u"16_"_s
                               : video                          ? u"7_"_s
                                                                : u"3_"_s;
        if (!text.isEmpty())
            text += u' ';
        const QString code = tcoCode(tweet.id, index);
        addLink(QJsonObject {
            {u"expanded_url"_s, QString(u"https://x.com/fake_x_user/status/"_s + tweet.id
                                        + (video ? u"/video/1"_s : u"/photo/1"_s))},
            {u"display_url"_s, QString(u"pic.x.com/"_s + code)},
            {u"media_key"_s, QString(prefix + tweet.mediaIds.first())}});
    }
    QJsonObject data {{u"id"_s, tweet.id},
                      {u"text"_s, text},
                      {u"edit_history_tweet_ids"_s, QJsonArray {tweet.id}}};
    if (fields.contains(u"created_at"_s))
        data.insert(u"created_at"_s, tweet.createdAt.toUTC().toString(Qt::ISODateWithMs));
    if (fields.contains(u"author_id"_s))
        data.insert(u"author_id"_s, tweet.authorId);
    if (fields.contains(u"entities"_s) && !urls.isEmpty())
        data.insert(u"entities"_s, QJsonObject {{u"urls"_s, urls}});
    return data;
}

FakeResponse FakeX::listUserTweets(const FakeRequest &request)
{
    FakeResponse refusal;
    const IssuedToken *token = authenticate(request, {u"tweet.read"_s, u"users.read"_s}, &refusal);
    if (!token)
        return refusal;
    const QString userId = request.path.split(u'/').at(3);
    int maxResults = 10;
    if (request.query.hasQueryItem(u"max_results"_s)) {
        bool ok = false;
        maxResults = request.queryValue(u"max_results"_s).toInt(&ok);
        if (!ok || maxResults < 5 || maxResults > 100)
            return invalidRequest(u"The `max_results` query parameter value ["_s
                                  + request.queryValue(u"max_results"_s)
                                  + u"] is not between 5 and 100"_s);
    }
    QDateTime startTime;
    if (request.query.hasQueryItem(u"start_time"_s)) {
        startTime = QDateTime::fromString(request.queryValue(u"start_time"_s), Qt::ISODate);
        if (!startTime.isValid())
            return invalidRequest(u"Invalid start_time: "_s + request.queryValue(u"start_time"_s));
    }
    // An opaque token (as X's are) naming the last post of the page it follows.
    QString after;
    if (request.query.hasQueryItem(u"pagination_token"_s)) {
        const QString given = request.queryValue(u"pagination_token"_s);
        const QByteArray named = QByteArray::fromHex(given.toLatin1());
        const bool known = named.startsWith("after ")
                           && std::any_of(m_tweets.cbegin(), m_tweets.cend(),
                                          [id = QString::fromLatin1(named.mid(6))](const Tweet &t) {
                                              return t.id == id;
                                          });
        if (!known)
            // (verify) the wording.
            return invalidRequest(u"The `pagination_token` query parameter value ["_s + given
                                  + u"] is not valid"_s);
        after = QString::fromLatin1(named.mid(6));
    }
    const QStringList exclude = request.queryValue(u"exclude"_s).split(u',', Qt::SkipEmptyParts);
    for (const QString &kind : exclude) {
        if (kind != u"retweets"_s && kind != u"replies"_s)
            return invalidRequest(u"The `exclude` query parameter value ["_s + kind
                                  + u"] is not one of [replies, retweets]"_s);
    }
    const QStringList fields
        = request.queryValue(u"tweet.fields"_s).split(u',', Qt::SkipEmptyParts);
    const bool knownUser
        = userId == token->userId
          || std::any_of(m_tweets.cbegin(), m_tweets.cend(),
                         [&userId](const Tweet &t) { return t.authorId == userId; });
    if (!knownUser) {
        return FakeResponse::json(
            200,
            QJsonObject {
                {u"errors"_s,
                 QJsonArray {QJsonObject {
                     {u"value"_s, userId},
                     {u"detail"_s, QString(u"Could not find user with id: ["_s + userId + u"]."_s)},
                     {u"title"_s, u"Not Found Error"_s},
                     {u"resource_type"_s, u"user"_s},
                     {u"parameter"_s, u"id"_s},
                     {u"resource_id"_s, userId},
                     {u"type"_s, u"https://api.twitter.com/2/problems/resource-not-found"_s}}}}});
    }
    // Posts younger than the listing delay are not listed yet, as on a lagging index.
    const QDateTime listedBefore = m_clock->now().addSecs(-m_listingDelaySeconds);
    QJsonArray data;
    bool more = false;
    auto it = m_tweets.crbegin();
    if (!after.isEmpty()) {
        while (it != m_tweets.crend() && it->id != after)
            ++it;
        if (it != m_tweets.crend())
            ++it;
    }
    for (; it != m_tweets.crend(); ++it) {
        if (it->deleted || it->authorId != userId || it->createdAt > listedBefore
            || (startTime.isValid() && it->createdAt < startTime)
            || (exclude.contains(u"replies"_s) && !it->replyTo.isEmpty()))
            continue;
        if (data.size() == maxResults) {
            more = true;
            break;
        }
        data.append(timelineTweet(*it, fields));
    }
    if (data.isEmpty())
        return FakeResponse::json(200,
                                  QJsonObject {{u"meta"_s, QJsonObject {{u"result_count"_s, 0}}}});
    QJsonObject meta {{u"result_count"_s, data.size()},
                      {u"newest_id"_s, data.first()[u"id"_s]},
                      {u"oldest_id"_s, data.last()[u"id"_s]}};
    // docs.x.com, x-api/fundamentals/pagination: next_token only while there are more.
    if (more)
        meta.insert(u"next_token"_s,
                    QString::fromLatin1(
                        QByteArray("after " + data.last()[u"id"_s].toString().toLatin1()).toHex()));
    return FakeResponse::json(200, QJsonObject {{u"data"_s, data}, {u"meta"_s, meta}});
}

QString FakeX::applyFailureSwitches(const QJsonObject &switches)
{
    if (switches.contains(u"rateLimits"_s)) {
        const QJsonObject limits = switches[u"rateLimits"_s].toObject();
        for (auto it = limits.begin(); it != limits.end(); ++it) {
            const QJsonObject entry = it.value().toObject();
            const int limit = entry[u"limit"_s].toInt(-1);
            const qint64 window = entry[u"windowSeconds"_s].toInteger(WindowSeconds);
            if (limit < 0 || window <= 0)
                return u"rateLimits."_s + it.key()
                       + u" needs limit >= 0 (0: unlimited) and windowSeconds > 0"_s;
            m_rateLimits.insert(it.key(), {limit, window});
        }
    }
    if (switches.contains(u"userLimit24Hour"_s)) {
        const int limit = switches[u"userLimit24Hour"_s].toInt(-1);
        if (limit < 0)
            return u"userLimit24Hour must be >= 0 (0: no 24-hour cap)"_s;
        m_userLimit24Hour = limit;
    }
    if (switches.contains(u"listingDelaySeconds"_s))
        m_listingDelaySeconds = qMax<qint64>(0, switches[u"listingDelaySeconds"_s].toInteger());
    if (switches.contains(u"usage"_s)) {
        const QString usage = switches[u"usage"_s].toString();
        if (usage != u"ok"_s && usage != u"credits-depleted"_s && usage != u"monthly-cap"_s)
            return u"usage must be ok, credits-depleted or monthly-cap"_s;
        m_usage = usage;
    }
    return {};
}

void FakeX::resetFailureModes()
{
    m_rates.clear();
    m_rateLimits.clear();
    m_userLimit24Hour = DefaultUserLimit24Hour;
    m_listingDelaySeconds = 0;
    m_usage = u"ok"_s;
}

QJsonObject FakeX::describeFailureModes() const
{
    QJsonObject state;
    QJsonObject limits;
    for (auto it = m_rateLimits.constBegin(); it != m_rateLimits.constEnd(); ++it)
        limits.insert(it.key(), QJsonObject {{u"limit"_s, it->limit},
                                             {u"windowSeconds"_s, it->windowSeconds}});
    state.insert(u"rateLimits"_s, limits);
    state.insert(u"userLimit24Hour"_s, m_userLimit24Hour);
    state.insert(u"listingDelaySeconds"_s, m_listingDelaySeconds);
    state.insert(u"usage"_s, m_usage);
    return state;
}

} // namespace slotline::fake
