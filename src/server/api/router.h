#pragma once

#include "server/api/operation.h"

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QString>

namespace slotline {

// Maps a method and a path (relative to /api/v2) to an operation. It knows which
// methods a path accepts, which QtHttpServer 6.4 does not, so a wrong method is a 405
// with Allow rather than a 404.
class Router
{
public:
    struct Result
    {
        enum class Kind { Found, MethodNotAllowed, NotFound };
        Kind kind = Kind::NotFound;
        const Operation *operation = nullptr;
        QHash<QString, QString> pathParameters; // percent-decoded
        QByteArray allow; // filled for MethodNotAllowed, and for OPTIONS requests
    };

    void add(const Operation *operation);

    // `method` is the request's method name; HEAD is served by the GET operation.
    Result route(QByteArrayView method, QStringView path) const;

private:
    struct Segment
    {
        QString literal; // empty for a placeholder
        QString parameter;
    };
    struct Route
    {
        QList<Segment> segments;
        const Operation *operation;
    };

    static QList<QStringView> split(QStringView path);
    static bool matches(const Route &route, const QList<QStringView> &segments, int *literalCount);

    QList<Route> m_routes;
};

} // namespace slotline
