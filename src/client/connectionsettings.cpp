#include "client/connectionsettings.h"

#include "client/apiclient.h"

#include <QPointer>
#include <QSettings>
#include <QTimer>

using namespace Qt::Literals::StringLiterals;

namespace slotline::client {
namespace {

const QString BaseUrlKey = u"connection/baseUrl"_s;

} // namespace

ConnectionSettings::ConnectionSettings(QSettings &settings, CredentialStore &credentials,
                                       QObject *parent)
    : QObject(parent)
    , m_settings(settings)
    , m_credentials(credentials)
{ }

std::optional<QUrl> ConnectionSettings::parseBaseUrl(const QString &text, QString *error)
{
    QString trimmed = text.trimmed();
    if (!trimmed.contains(u"://"))
        trimmed.prepend(u"http://"_s);
    QUrl url(trimmed, QUrl::StrictMode);
    const auto refuse = [error](const QString &why) -> std::optional<QUrl> {
        if (error)
            *error = why;
        return std::nullopt;
    };
    if (!url.isValid() || url.host().isEmpty())
        return refuse(tr("Give the server's address, such as http://127.0.0.1:8787."));
    if (url.scheme() != u"http" && url.scheme() != u"https")
        return refuse(tr("The address must start with http:// or https://."));
    if (!url.userInfo().isEmpty() || url.hasQuery() || url.hasFragment())
        return refuse(tr("The address must not have a user name, a query or a fragment."));
    QString path = url.path();
    while (path.endsWith(u'/'))
        path.chop(1);
    if (path.endsWith(u"/api/v2"))
        path.chop(7);
    url.setPath(path);
    return url;
}

QUrl ConnectionSettings::baseUrl() const
{
    return m_settings.value(BaseUrlKey).toUrl();
}

QString ConnectionSettings::credentialName(const QUrl &baseUrl)
{
    return u"api-key "_s + baseUrl.toString(QUrl::FullyEncoded);
}

void ConnectionSettings::load(QObject *context, std::function<void(const Loaded &)> done)
{
    const QUrl url = baseUrl();
    QPointer<QObject> guard(context);
    const bool hasContext = context != nullptr;
    if (url.isEmpty()) {
        // Nothing saved yet: still answered later, as a saved one is.
        QTimer::singleShot(0, this, [guard, hasContext, done = std::move(done)] {
            if (!hasContext || guard)
                done(Loaded {});
        });
        return;
    }
    m_credentials.read(
        credentialName(url), this,
        [url, guard, hasContext, done = std::move(done)](const CredentialStore::Result &result) {
            if (hasContext && !guard)
                return;
            done(Loaded {url, result.secret, result.warning, result.error});
        });
}

void ConnectionSettings::save(const QUrl &baseUrl, const QString &apiKey, QObject *context,
                              CredentialStore::Callback done)
{
    const QUrl previous = this->baseUrl();
    m_settings.setValue(BaseUrlKey, baseUrl);
    m_settings.sync();
    if (!previous.isEmpty() && previous != baseUrl)
        m_credentials.remove(credentialName(previous), this, [](const auto &) {});
    m_credentials.write(credentialName(baseUrl), apiKey, context, std::move(done));
}

void ConnectionSettings::apply(const Loaded &loaded, ApiClient &client)
{
    client.setBaseUrl(loaded.baseUrl);
    client.setApiKey(loaded.apiKey);
}

} // namespace slotline::client
