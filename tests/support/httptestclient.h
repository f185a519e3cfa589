#pragma once

#include <QByteArray>
#include <QHash>
#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QPair>

namespace slotline::test {

struct HttpResult
{
    int status = 0;
    QNetworkReply::NetworkError networkError = QNetworkReply::NoError;
    QHash<QByteArray, QByteArray> headers; // names in lower case
    QByteArray body;

    QByteArray header(const QByteArray &name) const { return headers.value(name.toLower()); }
    QJsonObject json() const;
    QJsonArray items() const { return json().value(QStringLiteral("items")).toArray(); }
    QString errorCode() const;
    // "field: message" for each detail of an error body.
    QStringList errorDetails() const;
};

using Headers = QList<QPair<QByteArray, QByteArray>>;

// Real HTTP requests through QNetworkAccessManager, as clients of the API make them.
// Each call spins the event loop until the answer is in (the server runs in-process).
class HttpTestClient
{
public:
    explicit HttpTestClient(quint16 port);

    HttpResult send(const QByteArray &method, const QString &path, const Headers &headers = {},
                    const QByteArray &body = {});
    HttpResult get(const QString &path, const Headers &headers = {})
    {
        return send("GET", path, headers);
    }

    QString baseUrl() const;

private:
    QNetworkAccessManager m_manager;
    quint16 m_port;
};

Headers withKey(const QString &apiKey, const Headers &extra = {});

} // namespace slotline::test
