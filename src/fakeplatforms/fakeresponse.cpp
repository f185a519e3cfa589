#include "fakeplatforms/fakeresponse.h"

#include <QJsonDocument>
#include <QUrl>
#include <QUrlQuery>

namespace slotline::fake {

namespace {

QByteArray reasonPhrase(int status)
{
    switch (status) {
    case 100: return "Continue";
    case 200: return "OK";
    case 201: return "Created";
    case 202: return "Accepted";
    case 204: return "No Content";
    case 302: return "Found";
    case 400: return "Bad Request";
    case 401: return "Unauthorized";
    case 403: return "Forbidden";
    case 404: return "Not Found";
    case 405: return "Method Not Allowed";
    case 409: return "Conflict";
    case 411: return "Length Required";
    case 413: return "Payload Too Large";
    case 422: return "Unprocessable Entity";
    case 426: return "Upgrade Required";
    case 429: return "Too Many Requests";
    case 500: return "Internal Server Error";
    case 502: return "Bad Gateway";
    case 503: return "Service Unavailable";
    case 504: return "Gateway Timeout";
    default: return "Status";
    }
}

} // namespace

FakeResponse FakeResponse::json(int status, const QJsonObject &object)
{
    FakeResponse response;
    response.status = status;
    response.body = QJsonDocument(object).toJson(QJsonDocument::Compact);
    response.headers.emplaceBack("Content-Type", "application/json");
    return response;
}

FakeResponse FakeResponse::json(int status, const QJsonArray &array)
{
    FakeResponse response;
    response.status = status;
    response.body = QJsonDocument(array).toJson(QJsonDocument::Compact);
    response.headers.emplaceBack("Content-Type", "application/json");
    return response;
}

FakeResponse FakeResponse::empty(int status)
{
    FakeResponse response;
    response.status = status;
    return response;
}

FakeResponse FakeResponse::text(int status, const QString &text)
{
    FakeResponse response;
    response.status = status;
    response.body = text.toUtf8();
    response.headers.emplaceBack("Content-Type", "text/plain; charset=utf-8");
    return response;
}

FakeResponse FakeResponse::redirect(const QString &location)
{
    FakeResponse response;
    response.status = 302;
    response.headers.emplaceBack("Location", location.toUtf8());
    return response;
}

FakeResponse FakeResponse::redirect(const QString &uri,
                                    const QList<QPair<QString, QString>> &queryItems)
{
    QUrl url(uri);
    QUrlQuery query(url);
    for (const auto &[name, value] : queryItems)
        query.addQueryItem(name, QString::fromLatin1(QUrl::toPercentEncoding(value)));
    url.setQuery(query.query(QUrl::FullyEncoded), QUrl::StrictMode);
    return redirect(url.toString(QUrl::FullyEncoded));
}

FakeResponse FakeResponse::redirectWithError(const QString &redirectUri, const QString &error,
                                             const QString &description, const QString &state)
{
    return redirect(redirectUri, {{QStringLiteral("error"), error},
                                  {QStringLiteral("error_description"), description},
                                  {QStringLiteral("state"), state}});
}

FakeResponse FakeResponse::oauthError(int status, const QString &error, const QString &description)
{
    return json(status, QJsonObject {{QStringLiteral("error"), error},
                                     {QStringLiteral("error_description"), description}});
}

FakeResponse &FakeResponse::withHeader(const QByteArray &name, const QByteArray &value)
{
    headers.emplaceBack(name, value);
    return *this;
}

QByteArray FakeResponse::header(const QByteArray &name) const
{
    for (const auto &[key, value] : headers) {
        if (key.compare(name, Qt::CaseInsensitive) == 0)
            return value;
    }
    return {};
}

QByteArray FakeResponse::serialize(bool closeConnection) const
{
    QByteArray out = "HTTP/1.1 " + QByteArray::number(status) + ' ' + reasonPhrase(status) + "\r\n";
    for (const auto &[name, value] : headers) {
        if (name.compare("content-length", Qt::CaseInsensitive) == 0
            || name.compare("connection", Qt::CaseInsensitive) == 0)
            continue;
        out += name + ": " + value + "\r\n";
    }
    out += "Content-Length: " + QByteArray::number(body.size()) + "\r\n";
    if (closeConnection)
        out += "Connection: close\r\n";
    out += "\r\n";
    out += body;
    return out;
}

} // namespace slotline::fake
