#include "server/platforms/xauthorization.h"

#include "server/platforms/platformcatalog.h"

#include <QJsonObject>

namespace slotline {
QUrl XAuthorization::authorizationUrl(const PlatformApp &app, const QString &state,
                                      const QString &codeChallenge,
                                      const QString &redirectUri) const
{
    return withQuery(QUrl(PlatformCatalog::value(app, QStringLiteral("authorize"))),
                     {{QStringLiteral("response_type"), QStringLiteral("code")},
                      {QStringLiteral("client_id"), app.clientId},
                      {QStringLiteral("redirect_uri"), redirectUri},
                      {QStringLiteral("scope"), PlatformCatalog::scopes(app)},
                      {QStringLiteral("state"), state},
                      {QStringLiteral("code_challenge"), codeChallenge},
                      {QStringLiteral("code_challenge_method"), QStringLiteral("S256")}});
}

void XAuthorization::exchangeCode(const PlatformApp &app, const QString &code,
                                  const QString &codeVerifier, const QString &redirectUri,
                                  Done<TokenGrant> done)
{
    requestToken(app,
                 {{QStringLiteral("code"), code},
                  {QStringLiteral("grant_type"), QStringLiteral("authorization_code")},
                  {QStringLiteral("client_id"), app.clientId},
                  {QStringLiteral("redirect_uri"), redirectUri},
                  {QStringLiteral("code_verifier"), codeVerifier}},
                 std::move(done));
}

void XAuthorization::refresh(const PlatformApp &app, const QString &refreshToken,
                             Done<TokenGrant> done)
{
    if (refreshToken.isEmpty()) {
        done(PlatformError {
            PlatformError::Kind::TokenRejected,
            QStringLiteral("X gave no refresh token (the app lacks offline.access)."), 0});
        return;
    }
    requestToken(app,
                 {{QStringLiteral("refresh_token"), refreshToken},
                  {QStringLiteral("grant_type"), QStringLiteral("refresh_token")},
                  {QStringLiteral("client_id"), app.clientId}},
                 std::move(done));
}

void XAuthorization::requestToken(const PlatformApp &app,
                                  const QList<QPair<QString, QString>> &fields,
                                  Done<TokenGrant> done)
{
    PlatformRequest request;
    request.method = "POST";
    request.url = QUrl(PlatformCatalog::endpoint(app, QStringLiteral("api"), u"/2/oauth2/token"));
    request.headers = {{"Content-Type", "application/x-www-form-urlencoded"},
                       {"Authorization", basicAuthorization(app.clientId, app.clientSecret)}};
    request.body = formBody(fields);
    // A code or refresh token that is invalid, used or expired: X answers 400
    // invalid_request (or invalid_grant), not 401.
    requestGrant(request, QStringLiteral("X"), std::move(done));
}

void XAuthorization::identify(const PlatformApp &app, const TokenGrant &grant,
                              Done<PlatformIdentity> done)
{
    PlatformRequest request;
    request.url
        = withQuery(QUrl(PlatformCatalog::endpoint(app, QStringLiteral("api"), u"/2/users/me")),
                    {{QStringLiteral("user.fields"), QStringLiteral("profile_image_url")}});
    request.headers = {{"Authorization", bearer(grant.accessToken)}};
    send(request, [done = std::move(done)](const PlatformResponse &response) {
        if (auto error = failureOf(response, QStringLiteral("X"))) {
            done(*error);
            return;
        }
        const QJsonObject user = response.json().value(QStringLiteral("data")).toObject();
        PlatformIdentity identity;
        identity.externalId = user.value(QStringLiteral("id")).toString();
        identity.name = user.value(QStringLiteral("name")).toString();
        identity.username = user.value(QStringLiteral("username")).toString();
        identity.profileImageUrl = user.value(QStringLiteral("profile_image_url")).toString();
        if (identity.externalId.isEmpty()) {
            done(PlatformError {PlatformError::Kind::Refused,
                                QStringLiteral("X did not say who authorized."), response.status});
            return;
        }
        done(identity);
    });
}

void XAuthorization::revoke(const PlatformApp &app, const QString &accessToken,
                            std::function<void(bool)> done)
{
    PlatformRequest request;
    request.method = "POST";
    request.url = QUrl(PlatformCatalog::endpoint(app, QStringLiteral("api"), u"/2/oauth2/revoke"));
    request.headers = {{"Content-Type", "application/x-www-form-urlencoded"},
                       {"Authorization", basicAuthorization(app.clientId, app.clientSecret)}};
    request.body = formBody({{QStringLiteral("token"), accessToken},
                             {QStringLiteral("token_type_hint"), QStringLiteral("access_token")},
                             {QStringLiteral("client_id"), app.clientId}});
    send(request, [done = std::move(done)](const PlatformResponse &response) {
        done(response.isSuccess());
    });
}

} // namespace slotline
