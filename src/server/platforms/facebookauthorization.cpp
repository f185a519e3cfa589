#include "server/platforms/facebookauthorization.h"

#include "server/api/logcategories.h"
#include "server/platforms/platformcatalog.h"

#include <QJsonArray>
#include <QJsonObject>

namespace slotline {
namespace {

constexpr int MaxPageRequests = 20; // pages of /me/accounts: thousands of Pages

} // namespace

QUrl FacebookAuthorization::authorizationUrl(const PlatformApp &app, const QString &state,
                                             const QString &, const QString &redirectUri) const
{
    // Facebook Login for Business: the saved configuration names the permissions and the
    // token type, and replaces `scope`; classic Facebook Login asks for scopes.
    const QString configId = PlatformCatalog::value(app, QStringLiteral("config_id"));
    return withQuery(QUrl(PlatformCatalog::value(app, QStringLiteral("authorize"))),
                     {{QStringLiteral("client_id"), app.clientId},
                      {QStringLiteral("redirect_uri"), redirectUri},
                      {QStringLiteral("state"), state},
                      {QStringLiteral("response_type"), QStringLiteral("code")},
                      configId.isEmpty()
                          ? std::pair {QStringLiteral("scope"), PlatformCatalog::scopes(app)}
                          : std::pair {QStringLiteral("config_id"), configId}});
}

void FacebookAuthorization::exchangeCode(const PlatformApp &app, const QString &code,
                                         const QString &, const QString &redirectUri,
                                         Done<TokenGrant> done)
{
    PlatformRequest request;
    request.url = withQuery(QUrl(PlatformCatalog::endpoint(app, QStringLiteral("api"),
                                                           QStringLiteral("/oauth/access_token"))),
                            {{QStringLiteral("client_id"), app.clientId},
                             {QStringLiteral("redirect_uri"), redirectUri},
                             {QStringLiteral("client_secret"), app.clientSecret},
                             {QStringLiteral("code"), code}});
    requestGrant(
        request, QStringLiteral("Facebook"),
        [this, app, done = std::move(done)](const PlatformResult<TokenGrant> &result) mutable {
            if (const auto *error = std::get_if<PlatformError>(&result)) {
                done(*error);
                return;
            }
            exchangeForLongLived(app, std::get<TokenGrant>(result), std::move(done));
        });
}

void FacebookAuthorization::exchangeForLongLived(const PlatformApp &app,
                                                 const TokenGrant &shortLived,
                                                 Done<TokenGrant> done)
{
    PlatformRequest request;
    request.url = withQuery(QUrl(PlatformCatalog::endpoint(app, QStringLiteral("api"),
                                                           QStringLiteral("/oauth/access_token"))),
                            {{QStringLiteral("grant_type"), QStringLiteral("fb_exchange_token")},
                             {QStringLiteral("client_id"), app.clientId},
                             {QStringLiteral("client_secret"), app.clientSecret},
                             {QStringLiteral("fb_exchange_token"), shortLived.accessToken}});
    send(request, [shortLived, done = std::move(done)](const PlatformResponse &response) {
        if (!response.isSuccess()) {
            // The short-lived token still works for an hour or two, and the Page tokens read
            // with it do not expire either way (they are long-lived only when read with a
            // long-lived user token: say so if this happens).
            if (auto error = failureOf(response, QStringLiteral("Facebook"))) {
                done(*error);
                return;
            }
        }
        TokenGrant grant = grantFrom(response.json());
        if (grant.accessToken.isEmpty())
            grant = shortLived;
        done(grant);
    });
}

void FacebookAuthorization::refresh(const PlatformApp &, const QString &, Done<TokenGrant> done)
{
    done(PlatformError {PlatformError::Kind::TokenRejected,
                        QStringLiteral("Facebook has no refresh for this access: connect the "
                                       "account again."),
                        0});
}

void FacebookAuthorization::identify(const PlatformApp &app, const TokenGrant &grant,
                                     Done<PlatformIdentity> done)
{
    PlatformRequest request;
    request.url = withQuery(
        QUrl(PlatformCatalog::endpoint(app, QStringLiteral("api"), QStringLiteral("/me"))),
        {{QStringLiteral("fields"), QStringLiteral("id,name,picture")}});
    request.headers = {{"Authorization", bearer(grant.accessToken)}};
    const QString token = grant.accessToken;
    send(request, [this, app, token,
                   done = std::move(done)](const PlatformResponse &response) mutable {
        if (auto error = failureOf(response, QStringLiteral("Facebook"))) {
            done(*error);
            return;
        }
        const QJsonObject me = response.json();
        PlatformIdentity identity;
        identity.externalId = me.value(QStringLiteral("id")).toString();
        identity.name = me.value(QStringLiteral("name")).toString();
        identity.profileImageUrl = me.value(QStringLiteral("picture"))
                                       .toObject()
                                       .value(QStringLiteral("data"))
                                       .toObject()
                                       .value(QStringLiteral("url"))
                                       .toString();
        if (identity.externalId.isEmpty()) {
            done(PlatformError {PlatformError::Kind::Refused,
                                QStringLiteral("Facebook did not say who logged in."),
                                response.status});
            return;
        }
        const QUrl pages
            = withQuery(QUrl(PlatformCatalog::endpoint(app, QStringLiteral("api"),
                                                       QStringLiteral("/me/accounts"))),
                        {{QStringLiteral("fields"), QStringLiteral("id,name,access_token,tasks")}});
        readPages(app, token, pages, identity, std::move(done));
    });
}

void FacebookAuthorization::readPages(const PlatformApp &app, const QString &accessToken,
                                      const QUrl &url, PlatformIdentity identity,
                                      Done<PlatformIdentity> done)
{
    PlatformRequest request;
    request.url = url;
    request.headers = {{"Authorization", bearer(accessToken)}};
    send(request, [this, app, accessToken, identity,
                   done = std::move(done)](const PlatformResponse &response) mutable {
        if (auto error = failureOf(response, QStringLiteral("Facebook"))) {
            done(*error);
            return;
        }
        const QJsonObject body = response.json();
        for (const QJsonValue &value : body.value(QStringLiteral("data")).toArray()) {
            const QJsonObject page = value.toObject();
            // Publishing needs the CREATE_CONTENT task on the Page.
            const QJsonArray tasks = page.value(QStringLiteral("tasks")).toArray();
            if (!tasks.isEmpty() && !tasks.contains(QStringLiteral("CREATE_CONTENT")))
                continue;
            identity.pages.append({page.value(QStringLiteral("id")).toString(),
                                   page.value(QStringLiteral("name")).toString(),
                                   QStringLiteral("page"),
                                   page.value(QStringLiteral("access_token")).toString()});
        }
        const QUrl next(body.value(QStringLiteral("paging"))
                            .toObject()
                            .value(QStringLiteral("next"))
                            .toString());
        // Only where it came from: a "next" address elsewhere would carry the token away.
        const QUrl graph(PlatformCatalog::endpoint(app, QStringLiteral("api"), QString()));
        if (next.isValid() && next.host() == graph.host() && next.port() == graph.port()
            && identity.pages.size() < MaxPageRequests * 25) {
            readPages(app, accessToken, next, identity, std::move(done));
            return;
        }
        readBusinesses(app, accessToken, identity, std::move(done));
    });
}

void FacebookAuthorization::readBusinesses(const PlatformApp &app, const QString &accessToken,
                                           PlatformIdentity identity, Done<PlatformIdentity> done)
{
    // /me/accounts lists the Pages the person chose in the login dialog; Pages held through
    // a business portfolio are found through it (GET /me/businesses, then each one's
    // owned_pages and client_pages), with business_management. Without that permission
    // there is nothing more to find: the Pages already read are the account's.
    PlatformRequest request;
    request.url = withQuery(QUrl(PlatformCatalog::endpoint(app, QStringLiteral("api"),
                                                           QStringLiteral("/me/businesses"))),
                            {{QStringLiteral("fields"), QStringLiteral("id,name")},
                             {QStringLiteral("limit"), QStringLiteral("25")}});
    request.headers = {{"Authorization", bearer(accessToken)}};
    send(request, [this, app, accessToken, identity,
                   done = std::move(done)](const PlatformResponse &response) mutable {
        if (auto error = failureOf(response, QStringLiteral("Facebook"))) {
            qCInfo(lcOAuth).noquote() << "no business portfolio Pages for" << identity.externalId
                                      << ':' << error->message;
            done(identity);
            return;
        }
        QStringList edges;
        for (const QJsonValue &business : response.json().value(QStringLiteral("data")).toArray()) {
            const QString id = business.toObject().value(QStringLiteral("id")).toString();
            if (id.isEmpty())
                continue;
            edges.append(QStringLiteral("/%1/owned_pages").arg(id));
            edges.append(QStringLiteral("/%1/client_pages").arg(id));
        }
        readBusinessPages(app, accessToken, edges, identity, std::move(done));
    });
}

void FacebookAuthorization::readBusinessPages(const PlatformApp &app, const QString &accessToken,
                                              QStringList edges, PlatformIdentity identity,
                                              Done<PlatformIdentity> done)
{
    if (edges.isEmpty()) {
        done(identity);
        return;
    }
    PlatformRequest request;
    request.url
        = withQuery(QUrl(PlatformCatalog::endpoint(app, QStringLiteral("api"), edges.takeFirst())),
                    {{QStringLiteral("fields"), QStringLiteral("id,name,access_token,tasks")},
                     {QStringLiteral("limit"), QStringLiteral("100")}});
    request.headers = {{"Authorization", bearer(accessToken)}};
    send(request, [this, app, accessToken, edges, identity,
                   done = std::move(done)](const PlatformResponse &response) mutable {
        if (auto error = failureOf(response, QStringLiteral("Facebook"))) {
            qCInfo(lcOAuth).noquote()
                << "a business portfolio's Pages were not read:" << error->message;
        } else {
            for (const QJsonValue &value :
                 response.json().value(QStringLiteral("data")).toArray()) {
                const QJsonObject page = value.toObject();
                const QString id = page.value(QStringLiteral("id")).toString();
                const QString token = page.value(QStringLiteral("access_token")).toString();
                const QJsonArray tasks = page.value(QStringLiteral("tasks")).toArray();
                // Without a Page token nothing can be published there; a Page listed in
                // /me/accounts too is the same Page.
                const bool known = std::any_of(
                    identity.pages.cbegin(), identity.pages.cend(),
                    [&id](const PlatformIdentity::Page &p) { return p.externalId == id; });
                if (id.isEmpty() || token.isEmpty() || known
                    || (!tasks.isEmpty() && !tasks.contains(QStringLiteral("CREATE_CONTENT"))))
                    continue;
                identity.pages.append({id, page.value(QStringLiteral("name")).toString(),
                                       QStringLiteral("page"), token});
            }
        }
        readBusinessPages(app, accessToken, edges, identity, std::move(done));
    });
}

void FacebookAuthorization::revoke(const PlatformApp &app, const QString &accessToken,
                                   std::function<void(bool)> done)
{
    PlatformRequest request;
    request.method = "DELETE";
    request.url = QUrl(
        PlatformCatalog::endpoint(app, QStringLiteral("api"), QStringLiteral("/me/permissions")));
    request.headers = {{"Authorization", bearer(accessToken)}};
    send(request, [done = std::move(done)](const PlatformResponse &response) {
        done(response.isSuccess());
    });
}

} // namespace slotline
