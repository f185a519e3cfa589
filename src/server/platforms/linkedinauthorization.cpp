#include "server/platforms/linkedinauthorization.h"

#include "server/platforms/platformcatalog.h"

#include <QJsonArray>
#include <QJsonObject>

namespace slotline {

HttpHeaders LinkedInAuthorization::restHeaders(const PlatformApp &app, const QString &accessToken)
{
    return {{"Authorization", bearer(accessToken)},
            {"LinkedIn-Version", PlatformCatalog::value(app, QStringLiteral("version")).toLatin1()},
            {"X-Restli-Protocol-Version", "2.0.0"}};
}

QUrl LinkedInAuthorization::authorizationUrl(const PlatformApp &app, const QString &state,
                                             const QString &, const QString &redirectUri) const
{
    return withQuery(QUrl(PlatformCatalog::value(app, QStringLiteral("authorize"))),
                     {{QStringLiteral("response_type"), QStringLiteral("code")},
                      {QStringLiteral("client_id"), app.clientId},
                      {QStringLiteral("redirect_uri"), redirectUri},
                      {QStringLiteral("state"), state},
                      {QStringLiteral("scope"), PlatformCatalog::scopes(app)}});
}

void LinkedInAuthorization::exchangeCode(const PlatformApp &app, const QString &code,
                                         const QString &, const QString &redirectUri,
                                         Done<TokenGrant> done)
{
    requestToken(app,
                 {{QStringLiteral("grant_type"), QStringLiteral("authorization_code")},
                  {QStringLiteral("code"), code},
                  {QStringLiteral("redirect_uri"), redirectUri},
                  {QStringLiteral("client_id"), app.clientId},
                  {QStringLiteral("client_secret"), app.clientSecret}},
                 std::move(done));
}

void LinkedInAuthorization::refresh(const PlatformApp &app, const QString &refreshToken,
                                    Done<TokenGrant> done)
{
    if (refreshToken.isEmpty()) {
        // Most apps get no refresh token: after 60 days the person connects again.
        done(PlatformError {PlatformError::Kind::TokenRejected,
                            QStringLiteral("LinkedIn's access expired and the app has no "
                                           "programmatic refresh: connect the account again."),
                            0});
        return;
    }
    requestToken(app,
                 {{QStringLiteral("grant_type"), QStringLiteral("refresh_token")},
                  {QStringLiteral("refresh_token"), refreshToken},
                  {QStringLiteral("client_id"), app.clientId},
                  {QStringLiteral("client_secret"), app.clientSecret}},
                 std::move(done));
}

void LinkedInAuthorization::requestToken(const PlatformApp &app,
                                         const QList<QPair<QString, QString>> &fields,
                                         Done<TokenGrant> done)
{
    PlatformRequest request;
    request.method = "POST";
    request.url = QUrl(PlatformCatalog::value(app, QStringLiteral("token")));
    request.headers = {{"Content-Type", "application/x-www-form-urlencoded"}};
    request.body = formBody(fields);
    requestGrant(request, QStringLiteral("LinkedIn"), std::move(done));
}

void LinkedInAuthorization::identify(const PlatformApp &app, const TokenGrant &grant,
                                     Done<PlatformIdentity> done)
{
    PlatformRequest request;
    request.url = QUrl(
        PlatformCatalog::endpoint(app, QStringLiteral("api"), QStringLiteral("/v2/userinfo")));
    request.headers = {{"Authorization", bearer(grant.accessToken)}};
    const QString token = grant.accessToken;
    // The scopes LinkedIn granted, or, when it does not say, those asked for.
    const QString scopes = grant.scopes.isEmpty() ? PlatformCatalog::scopes(app) : grant.scopes;
    send(request, [this, app, token, scopes,
                   done = std::move(done)](const PlatformResponse &response) mutable {
        if (auto error = failureOf(response, QStringLiteral("LinkedIn"))) {
            done(*error);
            return;
        }
        const QJsonObject user = response.json();
        PlatformIdentity identity;
        identity.externalId = user.value(QStringLiteral("sub")).toString();
        identity.name = user.value(QStringLiteral("name")).toString();
        // LinkedIn has no handle; the e-mail address (with the email scope) tells two
        // people of the same name apart.
        identity.username = user.value(QStringLiteral("email")).toString();
        identity.profileImageUrl = user.value(QStringLiteral("picture")).toString();
        if (identity.externalId.isEmpty()) {
            done(PlatformError {PlatformError::Kind::Refused,
                                QStringLiteral("LinkedIn did not say who authorized."),
                                response.status});
            return;
        }
        if (!scopes.contains(QStringLiteral("w_organization_social"))
            || !scopes.contains(QStringLiteral("organization_admin"))) {
            done(identity);
            return;
        }
        readOrganizations(app, token, identity, std::move(done));
    });
}

void LinkedInAuthorization::readOrganizations(const PlatformApp &app, const QString &accessToken,
                                              PlatformIdentity identity,
                                              Done<PlatformIdentity> done)
{
    PlatformRequest request;
    request.url
        = withQuery(QUrl(PlatformCatalog::endpoint(app, QStringLiteral("api"),
                                                   QStringLiteral("/rest/organizationAcls"))),
                    {{QStringLiteral("q"), QStringLiteral("roleAssignee")},
                     {QStringLiteral("state"), QStringLiteral("APPROVED")}});
    request.headers = restHeaders(app, accessToken);
    send(request, [this, app, accessToken, identity,
                   done = std::move(done)](const PlatformResponse &response) mutable {
        if (auto error = failureOf(response, QStringLiteral("LinkedIn"))) {
            if (response.status == 403)
                error->message
                    = QStringLiteral("LinkedIn refused to list the organizations the person "
                                     "administers: the app needs the rw_organization_admin "
                                     "scope (Community Management API) among its scopes. "
                                     "LinkedIn said: %1")
                          .arg(error->message);
            done(*error);
            return;
        }
        // The roles that may publish as the organization (the Posts API's permissions:
        // w_organization_social for an ADMINISTRATOR, CONTENT_ADMINISTRATOR or
        // DIRECT_SPONSORED_CONTENT_POSTER).
        static const QStringList posting {QStringLiteral("ADMINISTRATOR"),
                                          QStringLiteral("CONTENT_ADMINISTRATOR"),
                                          QStringLiteral("DIRECT_SPONSORED_CONTENT_POSTER")};
        const QJsonArray elements = response.json().value(QStringLiteral("elements")).toArray();
        for (const QJsonValue &element : elements) {
            const QJsonObject acl = element.toObject();
            const QString urn = acl.value(QStringLiteral("organization")).toString();
            const QString prefix = QStringLiteral("urn:li:organization:");
            if (!urn.startsWith(prefix)
                || !posting.contains(acl.value(QStringLiteral("role")).toString()))
                continue;
            const QString id = urn.mid(prefix.size());
            bool seen = false;
            for (const PlatformIdentity::Page &page : std::as_const(identity.pages))
                seen = seen || page.externalId == id;
            if (!seen)
                identity.pages.append({id, {}, QStringLiteral("organization"), {}});
        }
        nameOrganizations(app, accessToken, identity, 0, std::move(done));
    });
}

void LinkedInAuthorization::nameOrganizations(const PlatformApp &app, const QString &accessToken,
                                              PlatformIdentity identity, int next,
                                              Done<PlatformIdentity> done)
{
    if (next >= identity.pages.size()) {
        done(identity);
        return;
    }
    PlatformRequest request;
    request.url = QUrl(PlatformCatalog::endpoint(
        app, QStringLiteral("api"),
        QString(u"/rest/organizations/" + identity.pages.at(next).externalId)));
    request.headers = restHeaders(app, accessToken);
    send(request, [this, app, accessToken, identity, next,
                   done = std::move(done)](const PlatformResponse &response) mutable {
        PlatformIdentity::Page &page = identity.pages[next];
        // A name that cannot be read is not a reason to refuse the connection.
        page.name = response.isSuccess()
                        ? response.json().value(QStringLiteral("localizedName")).toString()
                        : QString();
        if (page.name.isEmpty())
            page.name = QStringLiteral("Organization %1").arg(page.externalId);
        nameOrganizations(app, accessToken, identity, next + 1, std::move(done));
    });
}

void LinkedInAuthorization::revoke(const PlatformApp &app, const QString &accessToken,
                                   std::function<void(bool)> done)
{
    QUrl url(PlatformCatalog::value(app, QStringLiteral("token")));
    url.setPath(url.path().section(u'/', 0, -2) + QStringLiteral("/revoke"));
    PlatformRequest request;
    request.method = "POST";
    request.url = url;
    request.headers = {{"Content-Type", "application/x-www-form-urlencoded"}};
    request.body = formBody({{QStringLiteral("client_id"), app.clientId},
                             {QStringLiteral("client_secret"), app.clientSecret},
                             {QStringLiteral("token"), accessToken}});
    send(request, [done = std::move(done)](const PlatformResponse &response) {
        done(response.isSuccess());
    });
}

} // namespace slotline
