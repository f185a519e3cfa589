// FakeLinkedIn's daily quotas, the refusal of a freshly issued token, the posts finder by
// author and the switches for them. Kept apart from fakelinkedin.cpp: these model
// LinkedIn's failure modes and the look-up a client makes after losing an answer.
#include "fakeplatforms/fakelinkedin.h"

using namespace Qt::StringLiterals;

namespace slotline::fake {

namespace {

// "POST /rest/posts", "GET /rest/posts/{id}": the resource, without keys.
QString endpointOf(const FakeRequest &request)
{
    const QStringList segments = request.path.split(u'/', Qt::SkipEmptyParts);
    QString path = u'/' + segments.mid(0, 2).join(u'/');
    if (segments.size() > 2)
        path += u"/{id}"_s;
    return QString::fromLatin1(request.method) + u' ' + path;
}

} // namespace

bool FakeLinkedIn::refusedWhileFresh(const IssuedToken &token) const
{
    // LinkedIn may refuse a token it has just issued for a short while; the switch makes
    // every access token answer 65601 until it is that many seconds old.
    return m_freshTokenRevokedSeconds > 0 && token.kind == IssuedToken::Kind::Access
           && token.issuedAt.secsTo(m_clock->now()) < m_freshTokenRevokedSeconds;
}

FakeResponse FakeLinkedIn::serve(const FakeRequest &request)
{
    if (!request.path.startsWith(u"/rest/"_s) && !request.path.startsWith(u"/v2/"_s))
        return handle(request);
    const QDateTime now = m_clock->now();
    const IssuedToken *token = m_tokens.find(request.bearerToken());
    if (!token || token->kind != IssuedToken::Kind::Access || token->revoked
        || token->expiredAt(now) || refusedWhileFresh(*token))
        return handle(request);
    const QString endpoint = endpointOf(request);
    const auto quota = m_quotas.constFind(endpoint);
    if (quota == m_quotas.constEnd())
        return handle(request);

    // learn.microsoft.com/linkedin/shared/api-guide/concepts/rate-limits: an application
    // and a member limit per endpoint and day, reset at midnight UTC, no headers at all.
    const QString applicationKey = u"application "_s + token->clientId + u' ' + endpoint;
    const QString memberKey = u"member "_s + token->userId + u' ' + endpoint;
    const RateCounter::Limit applicationLimit {quota->application, 0};
    const RateCounter::Limit memberLimit {quota->member, 0};
    const bool applicationFull = m_rates.peek(applicationKey, applicationLimit, now).exceeded;
    const bool memberFull = m_rates.peek(memberKey, memberLimit, now).exceeded;
    if (applicationFull || memberFull) {
        // The body as learn.microsoft.com/linkedin/shared/api-guide/concepts/decoration shows
        // it; the APPLICATION / MEMBER DAY words as client code quotes them.
        return FakeResponse::json(
            429,
            QJsonObject {{u"status"_s, 429},
                         {u"serviceErrorCode"_s, 101},
                         {u"message"_s, QString(u"Resource level throttle "_s
                                                + (applicationFull ? u"APPLICATION"_s : u"MEMBER"_s)
                                                + u" DAY limit for calls to this resource "
                                                  "is reached."_s)}});
    }
    m_rates.consume(applicationKey, applicationLimit, now);
    m_rates.consume(memberKey, memberLimit, now);
    return handle(request);
}

FakeResponse FakeLinkedIn::findPostsByAuthor(const FakeRequest &request)
{
    FakeResponse refusal;
    const IssuedToken *token = authenticate(request, &refusal);
    if (!token)
        return refusal;
    if (request.header("x-restli-method").compare("FINDER", Qt::CaseInsensitive) != 0)
        // (verify) the answer to a finder call without the header the documentation shows.
        return serviceError(400, 0, u"X-RestLi-Method: FINDER is required for q=author"_s);
    if (request.queryValue(u"q"_s) != u"author"_s)
        return serviceError(400, 0, u"Only the author finder is served here"_s);
    const QString author = request.queryValue(u"author"_s);
    const QString sortBy = request.queryValue(u"sortBy"_s);
    if (!sortBy.isEmpty() && sortBy != u"LAST_MODIFIED"_s && sortBy != u"CREATED"_s)
        return serviceError(400, 0, u"sortBy must be LAST_MODIFIED or CREATED"_s);

    // The Posts API's permissions table: an organization's posts need r_organization_social,
    // a member's own the restricted r_member_social. mayActAs answers whether the author is
    // the member or an organization the member administers.
    IssuedToken anyScope = *token;
    anyScope.scopes = {u"w_member_social"_s, u"w_organization_social"_s};
    const bool organization = author.startsWith(u"urn:li:organization:"_s);
    const bool allowed = mayActAs(anyScope, author)
                         && token->scopes.contains(organization ? u"r_organization_social"_s
                                                                : u"r_member_social"_s);
    if (!allowed) {
        // (verify) the wording; the shape is LinkedIn's ACCESS_DENIED.
        return FakeResponse::json(
            403, QJsonObject {{u"status"_s, 403},
                              {u"serviceErrorCode"_s, 100},
                              {u"code"_s, u"ACCESS_DENIED"_s},
                              {u"message"_s, u"Not enough permissions to access: "
                                             "partnerApiPostsExternal.FINDER-author.20240101"_s}});
    }
    const int start = qMax(0, request.queryValue(u"start"_s).toInt());
    int count = 10;
    if (request.query.hasQueryItem(u"count"_s))
        count = qBound(0, request.queryValue(u"count"_s).toInt(), 100);

    const QDateTime listedBefore = m_clock->now().addSecs(-m_listingDelaySeconds);
    QList<const Post *> matching;
    for (auto it = m_posts.crbegin(); it != m_posts.crend(); ++it) {
        if (!it->deleted && it->author == author && it->createdAt <= listedBefore)
            matching.append(&*it);
    }
    QJsonArray elements;
    for (qsizetype i = start; i < matching.size() && elements.size() < count; ++i) {
        const Post &post = *matching.at(i);
        QJsonObject element = post.body;
        const qint64 created = post.createdAt.toMSecsSinceEpoch();
        element.insert(u"id"_s, post.urn);
        element.insert(u"commentary"_s, post.commentary);
        element.insert(u"createdAt"_s, created);
        element.insert(u"lastModifiedAt"_s, created);
        if (post.body[u"lifecycleState"_s].toString() == u"PUBLISHED"_s)
            element.insert(u"publishedAt"_s, created);
        elements.append(element);
    }
    return FakeResponse::json(200,
                              QJsonObject {{u"paging"_s, QJsonObject {{u"start"_s, start},
                                                                      {u"count"_s, count},
                                                                      {u"links"_s, QJsonArray()}}},
                                           {u"elements"_s, elements}});
}

QString FakeLinkedIn::applyFailureSwitches(const QJsonObject &switches)
{
    if (switches.contains(u"rateLimits"_s)) {
        const QJsonObject limits = switches[u"rateLimits"_s].toObject();
        for (auto it = limits.begin(); it != limits.end(); ++it) {
            const QJsonObject entry = it.value().toObject();
            const int member = entry[u"memberLimit"_s].toInt(0);
            const int application = entry[u"applicationLimit"_s].toInt(0);
            if (member < 0 || application < 0)
                return u"rateLimits."_s + it.key()
                       + u" takes memberLimit and applicationLimit >= 0 (0: unlimited)"_s;
            m_quotas.insert(it.key(), {member, application});
        }
    }
    if (switches.contains(u"freshTokenRevokedSeconds"_s))
        m_freshTokenRevokedSeconds
            = qMax<qint64>(0, switches[u"freshTokenRevokedSeconds"_s].toInteger());
    if (switches.contains(u"listingDelaySeconds"_s))
        m_listingDelaySeconds = qMax<qint64>(0, switches[u"listingDelaySeconds"_s].toInteger());
    return {};
}

void FakeLinkedIn::resetFailureModes()
{
    m_rates.clear();
    m_quotas.clear();
    m_freshTokenRevokedSeconds = 0;
    m_listingDelaySeconds = 0;
}

QJsonObject FakeLinkedIn::describeFailureModes() const
{
    QJsonObject state;
    QJsonObject limits;
    for (auto it = m_quotas.constBegin(); it != m_quotas.constEnd(); ++it)
        limits.insert(it.key(), QJsonObject {{u"memberLimit"_s, it->member},
                                             {u"applicationLimit"_s, it->application}});
    state.insert(u"rateLimits"_s, limits);
    state.insert(u"freshTokenRevokedSeconds"_s, m_freshTokenRevokedSeconds);
    state.insert(u"listingDelaySeconds"_s, m_listingDelaySeconds);
    return state;
}

} // namespace slotline::fake
