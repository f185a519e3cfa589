#include "server/api/router.h"

#include <QUrl>

namespace slotline {

QByteArray methodName(HttpMethod method)
{
    switch (method) {
    case HttpMethod::Get: return QByteArrayLiteral("GET");
    case HttpMethod::Post: return QByteArrayLiteral("POST");
    case HttpMethod::Put: return QByteArrayLiteral("PUT");
    case HttpMethod::Patch: return QByteArrayLiteral("PATCH");
    case HttpMethod::Delete: return QByteArrayLiteral("DELETE");
    }
    Q_UNREACHABLE();
    return QByteArray();
}

void Router::add(const Operation *operation)
{
    Route route {{}, operation};
    for (const QStringView segment : split(operation->path)) {
        if (segment.startsWith(u'{') && segment.endsWith(u'}'))
            route.segments.append(Segment {{}, segment.sliced(1, segment.size() - 2).toString()});
        else
            route.segments.append(Segment {segment.toString(), {}});
    }
    m_routes.append(route);
}

QList<QStringView> Router::split(QStringView path)
{
    QList<QStringView> segments;
    if (path.startsWith(u'/'))
        path = path.sliced(1);
    if (path.isEmpty())
        return segments;
    for (const QStringView segment : path.split(u'/'))
        segments.append(segment);
    return segments;
}

bool Router::matches(const Route &route, const QList<QStringView> &segments, int *literalCount)
{
    if (route.segments.size() != segments.size())
        return false;
    int literals = 0;
    for (qsizetype i = 0; i < segments.size(); ++i) {
        const Segment &segment = route.segments[i];
        if (segment.parameter.isEmpty()) {
            if (segment.literal != segments[i])
                return false;
            ++literals;
        } else if (segments[i].isEmpty()) {
            return false;
        }
    }
    *literalCount = literals;
    return true;
}

Router::Result Router::route(QByteArrayView method, QStringView path) const
{
    const QList<QStringView> segments = split(path);
    const QByteArrayView effectiveMethod = method == "HEAD" ? QByteArrayView("GET") : method;

    const Route *best = nullptr;
    int bestLiterals = -1;
    unsigned allowed = 0; // bit per HttpMethod
    for (const Route &route : m_routes) {
        int literals = 0;
        if (!matches(route, segments, &literals))
            continue;
        allowed |= 1u << unsigned(route.operation->method);
        if (methodName(route.operation->method) == effectiveMethod && literals > bestLiterals) {
            best = &route;
            bestLiterals = literals;
        }
    }

    Result result;
    if (allowed == 0)
        return result;
    if (!best || method == "OPTIONS") {
        QByteArrayList allowNames;
        for (const HttpMethod candidate : {HttpMethod::Get, HttpMethod::Post, HttpMethod::Put,
                                           HttpMethod::Patch, HttpMethod::Delete}) {
            if (!(allowed & (1u << unsigned(candidate))))
                continue;
            allowNames.append(methodName(candidate));
            if (candidate == HttpMethod::Get)
                allowNames.append(QByteArrayLiteral("HEAD"));
        }
        allowNames.append(QByteArrayLiteral("OPTIONS"));
        result.allow = allowNames.join(", ");
    }
    if (!best) {
        result.kind = Result::Kind::MethodNotAllowed;
        return result;
    }
    result.kind = Result::Kind::Found;
    result.operation = best->operation;
    for (qsizetype i = 0; i < segments.size(); ++i) {
        const Segment &segment = best->segments[i];
        if (!segment.parameter.isEmpty())
            result.pathParameters.insert(segment.parameter,
                                         QUrl::fromPercentEncoding(segments[i].toUtf8()));
    }
    return result;
}

} // namespace slotline
