#include "support/httptestclient.h"

#include <QBuffer>
#include <QEventLoop>
#include <QJsonDocument>
#include <QTimer>

#include <memory>

namespace slotline::test {

QJsonObject HttpResult::json() const
{
    return QJsonDocument::fromJson(body).object();
}

QString HttpResult::errorCode() const
{
    return json()
        .value(QStringLiteral("error"))
        .toObject()
        .value(QStringLiteral("code"))
        .toString();
}

QStringList HttpResult::errorDetails() const
{
    QStringList details;
    const QJsonArray array = json()
                                 .value(QStringLiteral("error"))
                                 .toObject()
                                 .value(QStringLiteral("details"))
                                 .toArray();
    for (const QJsonValue &detail : array)
        details.append(detail.toObject().value(QStringLiteral("field")).toString()
                       + QStringLiteral(": ")
                       + detail.toObject().value(QStringLiteral("message")).toString());
    return details;
}

HttpTestClient::HttpTestClient(quint16 port)
    : m_port(port)
{ }

QString HttpTestClient::baseUrl() const
{
    return QStringLiteral("http://127.0.0.1:%1").arg(m_port);
}

HttpResult HttpTestClient::send(const QByteArray &method, const QString &path,
                                const Headers &headers, const QByteArray &body)
{
    QNetworkRequest request(QUrl(baseUrl() + path));
    for (const auto &[name, value] : headers)
        request.setRawHeader(name, value);
    auto *buffer = new QBuffer;
    buffer->setData(body);
    buffer->open(QIODevice::ReadOnly);
    // A custom "HEAD" would make QNetworkAccessManager wait for a body that never comes.
    std::unique_ptr<QNetworkReply> reply(
        method == "HEAD" ? m_manager.head(request)
                         : m_manager.sendCustomRequest(request, method, buffer));
    buffer->setParent(reply.get());
    // Woken by the reply itself: polling would add a sleep to every request.
    if (!reply->isFinished()) {
        QEventLoop loop;
        QObject::connect(reply.get(), &QNetworkReply::finished, &loop, &QEventLoop::quit);
        QTimer::singleShot(20'000, &loop, &QEventLoop::quit);
        loop.exec();
    }
    if (!reply->isFinished())
        qWarning("request %s %s did not finish", method.constData(), qPrintable(path));

    HttpResult result;
    result.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    result.networkError = reply->error();
    for (const auto &[name, value] : reply->rawHeaderPairs())
        result.headers.insert(name.toLower(), value);
    result.body = reply->readAll();
    return result;
}

Headers withKey(const QString &apiKey, const Headers &extra)
{
    Headers headers {{QByteArrayLiteral("x-api-key"), apiKey.toLatin1()}};
    headers.append(extra);
    return headers;
}

} // namespace slotline::test
