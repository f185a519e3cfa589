#include "server/platforms/platformauthorization.h"

#include "server/platforms/platformerrorreader.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QUrlQuery>

namespace slotline {

PlatformAuthorization::PlatformAuthorization(PlatformHttpClient &http, QObject *parent)
    : QObject(parent)
    , m_http(http)
{ }

PlatformAuthorization::~PlatformAuthorization() = default;

QString PlatformAuthorization::randomUrlSafe(int bytes)
{
    QByteArray random((bytes + 3) / 4 * 4, Qt::Uninitialized);
    QRandomGenerator::system()->fillRange(reinterpret_cast<quint32 *>(random.data()),
                                          random.size() / 4);
    random.truncate(bytes);
    return QString::fromLatin1(
        random.toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals));
}

QString PlatformAuthorization::makeCodeVerifier()
{
    // 64 characters of base64url, within RFC 7636's 43 to 128.
    return randomUrlSafe(48);
}

QString PlatformAuthorization::codeChallenge(const QString &verifier)
{
    return QString::fromLatin1(
        QCryptographicHash::hash(verifier.toLatin1(), QCryptographicHash::Sha256)
            .toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals));
}

void PlatformAuthorization::send(const PlatformRequest &request, PlatformHttpClient::Done done)
{
    m_http.send(request, this, std::move(done));
}

void PlatformAuthorization::requestGrant(const PlatformRequest &request, const QString &platform,
                                         Done<TokenGrant> done)
{
    send(request, [platform, done = std::move(done)](const PlatformResponse &response) {
        if (auto error = failureOf(response, platform)) {
            if (response.status == 400 || response.status == 401)
                error->kind = PlatformError::Kind::TokenRejected;
            done(*error);
            return;
        }
        const TokenGrant grant = grantFrom(response.json());
        if (grant.accessToken.isEmpty()) {
            done(
                PlatformError {PlatformError::Kind::Refused,
                               QStringLiteral("%1 answered without an access token.").arg(platform),
                               response.status});
            return;
        }
        done(grant);
    });
}

// application/x-www-form-urlencoded, every reserved character encoded (a '+' in a token
// must not arrive as a space).
QByteArray PlatformAuthorization::formBody(const QList<QPair<QString, QString>> &fields)
{
    QByteArray body;
    for (const auto &[name, value] : fields) {
        if (!body.isEmpty())
            body += '&';
        body += QUrl::toPercentEncoding(name) + '=' + QUrl::toPercentEncoding(value);
    }
    return body;
}

QUrl PlatformAuthorization::withQuery(QUrl url, const QList<QPair<QString, QString>> &fields)
{
    // Encoded by hand: QUrlQuery leaves '+' alone, which servers read as a space.
    QByteArray query = url.query(QUrl::FullyEncoded).toLatin1();
    const QByteArray added = formBody(fields);
    if (!added.isEmpty())
        query += (query.isEmpty() ? "" : "&") + added;
    url.setQuery(QString::fromLatin1(query), QUrl::StrictMode);
    return url;
}

QByteArray PlatformAuthorization::basicAuthorization(const QString &user, const QString &password)
{
    return "Basic " + QByteArray(user.toUtf8() + ':' + password.toUtf8()).toBase64();
}

QByteArray PlatformAuthorization::bearer(const QString &token)
{
    return "Bearer " + token.toUtf8();
}

std::optional<PlatformError> PlatformAuthorization::failureOf(const PlatformResponse &response,
                                                              const QString &platform)
{
    return PlatformErrorReader::read(response, platform, QDateTime::currentMSecsSinceEpoch());
}

TokenGrant PlatformAuthorization::grantFrom(const QJsonObject &body)
{
    TokenGrant grant;
    grant.accessToken = body.value(QStringLiteral("access_token")).toString();
    grant.refreshToken = body.value(QStringLiteral("refresh_token")).toString();
    const auto seconds = [&body](const char *key) -> std::optional<qint64> {
        const QJsonValue value = body.value(QLatin1StringView(key));
        if (value.isDouble() && value.toDouble() > 0)
            return qint64(value.toDouble());
        return std::nullopt;
    };
    grant.expiresInSeconds = seconds("expires_in");
    grant.refreshExpiresInSeconds = seconds("refresh_token_expires_in");
    grant.scopes = body.value(QStringLiteral("scope")).toString();
    return grant;
}

} // namespace slotline
