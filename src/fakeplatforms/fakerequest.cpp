#include "fakeplatforms/fakerequest.h"

#include <QJsonDocument>
#include <QTemporaryFile>
#include <QUrl>

using namespace Qt::StringLiterals;

namespace slotline::fake {

qint64 FakeRequest::bodySize() const
{
    return bodyFile ? bodyFile->size() : body.size();
}

bool FakeRequest::readBody(qint64 pieceSize, qint64 limit,
                           const std::function<void(const QByteArray &piece)> &consume) const
{
    const qint64 size = bodySize();
    const qint64 end = limit < 0 ? size : qMin(limit, size);
    if (!bodyFile) {
        for (qint64 at = 0; at < end; at += pieceSize)
            consume(body.mid(at, qMin(pieceSize, end - at)));
        return true;
    }
    if (!bodyFile->seek(0))
        return false;
    for (qint64 at = 0; at < end;) {
        const QByteArray piece = bodyFile->read(qMin(pieceSize, end - at));
        if (piece.isEmpty())
            return false;
        consume(piece);
        at += piece.size();
    }
    return true;
}

QByteArray FakeRequest::wholeBody() const
{
    if (!bodyFile)
        return body;
    QByteArray whole;
    whole.reserve(bodySize());
    readBody(1024 * 1024, -1, [&whole](const QByteArray &piece) { whole += piece; });
    return whole;
}

QByteArray FakeRequest::header(const QByteArray &lowerCaseName) const
{
    for (const auto &[name, value] : headers) {
        if (name == lowerCaseName)
            return value;
    }
    return {};
}

bool FakeRequest::hasHeader(const QByteArray &lowerCaseName) const
{
    for (const auto &entry : headers) {
        if (entry.first == lowerCaseName)
            return true;
    }
    return false;
}

QString FakeRequest::queryValue(const QString &name) const
{
    return query.queryItemValue(name, QUrl::FullyDecoded);
}

QString FakeRequest::bearerToken() const
{
    const QByteArray authorization = header("authorization").trimmed();
    const qsizetype space = authorization.indexOf(' ');
    if (space < 0)
        return {};
    const QByteArray scheme = authorization.left(space).toLower();
    if (scheme != "bearer" && scheme != "oauth")
        return {};
    return QString::fromUtf8(authorization.mid(space + 1).trimmed());
}

QPair<QString, QString> FakeRequest::basicCredentials() const
{
    const QByteArray authorization = header("authorization").trimmed();
    if (!authorization.toLower().startsWith("basic "))
        return {};
    const QByteArray decoded = QByteArray::fromBase64(authorization.mid(6).trimmed());
    const qsizetype colon = decoded.indexOf(':');
    if (colon < 0)
        return {};
    // RFC 6749 2.3.1: both parts are form-encoded before being joined.
    const auto part = [](const QByteArray &bytes) {
        QByteArray plusAsSpace = bytes;
        plusAsSpace.replace('+', ' ');
        return QUrl::fromPercentEncoding(plusAsSpace);
    };
    return {part(decoded.left(colon)), part(decoded.mid(colon + 1))};
}

bool FakeRequest::isFormEncoded() const
{
    return header("content-type").toLower().startsWith("application/x-www-form-urlencoded");
}

bool FakeRequest::isMultipart() const
{
    return header("content-type").toLower().startsWith("multipart/form-data");
}

bool FakeRequest::isJson() const
{
    return header("content-type").toLower().startsWith("application/json");
}

QUrlQuery FakeRequest::form() const
{
    QByteArray plusAsSpace = body;
    plusAsSpace.replace('+', ' ');
    return QUrlQuery(QString::fromUtf8(plusAsSpace));
}

QString FakeRequest::formValue(const QString &name) const
{
    return form().queryItemValue(name, QUrl::FullyDecoded);
}

QJsonObject FakeRequest::jsonObject(bool *ok) const
{
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(body, &error);
    const bool isObject = error.error == QJsonParseError::NoError && document.isObject();
    if (ok)
        *ok = isObject;
    return isObject ? document.object() : QJsonObject();
}

QString FakeRequest::origin() const
{
    const QByteArray host = header("host");
    return u"http://"_s + QString::fromUtf8(host.isEmpty() ? QByteArray("127.0.0.1") : host);
}

} // namespace slotline::fake
