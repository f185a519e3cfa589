#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QPair>
#include <QString>
#include <QUrlQuery>

#include <functional>
#include <memory>

class QTemporaryFile;

namespace slotline::fake {

// One HTTP request as the fake's listener read it off the wire. `path` is what the
// platform itself would see: the platform prefix (/x, /linkedin, /facebook) is removed.
class FakeRequest
{
public:
    QByteArray method;
    QString path;
    QByteArray rawTarget;
    QUrlQuery query;
    QList<QPair<QByteArray, QByteArray>> headers; // names in lower case
    QByteArray body;
    // A body larger than HttpListener::LargeBodyBytes is written to this file as it arrives
    // and `body` stays empty, so that a 500 MB upload never sits in memory.
    std::shared_ptr<QTemporaryFile> bodyFile;

    // The body's length, in memory or in `bodyFile`.
    qint64 bodySize() const;
    // Hands the body to `consume` in consecutive pieces of at most `pieceSize` bytes, from
    // memory or from `bodyFile`, up to `limit` bytes (-1: all of it). False if the file could
    // not be read to the end.
    bool readBody(qint64 pieceSize, qint64 limit,
                  const std::function<void(const QByteArray &piece)> &consume) const;
    // The whole body in memory, loading `bodyFile` when there is one.
    QByteArray wholeBody() const;

    QByteArray header(const QByteArray &lowerCaseName) const;
    bool hasHeader(const QByteArray &lowerCaseName) const;
    QString queryValue(const QString &name) const;

    // The token of "Authorization: Bearer …" (or Graph's "OAuth …"), empty if none.
    QString bearerToken() const;
    // client id and secret of "Authorization: Basic …", both empty if absent or malformed.
    QPair<QString, QString> basicCredentials() const;

    bool isFormEncoded() const;
    bool isMultipart() const;
    bool isJson() const;
    // Fields of an application/x-www-form-urlencoded body.
    QUrlQuery form() const;
    // One field of the form body, decoded.
    QString formValue(const QString &name) const;
    // The JSON object body; nullopt-like empty object with ok=false when not an object.
    QJsonObject jsonObject(bool *ok = nullptr) const;
    // Scheme and authority the client addressed, for absolute URLs the platforms hand out.
    QString origin() const;
};

} // namespace slotline::fake
