#pragma once

#include "client/credentialstore.h"

#include <QObject>
#include <QString>
#include <QUrl>

#include <functional>
#include <optional>

QT_BEGIN_NAMESPACE
class QSettings;
QT_END_NAMESPACE

namespace slotline::client {

class ApiClient;

// Which server the app talks to, and with which key: the address in the app's
// QSettings, the key in the CredentialStore under that address (never in the settings
// file).
class ConnectionSettings : public QObject
{
    Q_OBJECT

public:
    struct Loaded
    {
        QUrl baseUrl; // empty when none was saved
        QString apiKey;
        QString warning; // the key is in the stand-in file, not a keychain
        QString error; // the key could not be read
    };

    ConnectionSettings(QSettings &settings, CredentialStore &credentials,
                       QObject *parent = nullptr);

    // A server address as a person types it ("localhost:8787", "https://x.example/api/v2/"):
    // http or https, a host, nothing else; normalized without /api/v2 or a final slash.
    static std::optional<QUrl> parseBaseUrl(const QString &text, QString *error);

    QUrl baseUrl() const;

    // Each answers once, later, unless `context` is gone by then.
    void load(QObject *context, std::function<void(const Loaded &)> done);
    void save(const QUrl &baseUrl, const QString &apiKey, QObject *context,
              CredentialStore::Callback done);

    // Points the client at the loaded server with its key.
    static void apply(const Loaded &loaded, ApiClient &client);

private:
    static QString credentialName(const QUrl &baseUrl);

    QSettings &m_settings;
    CredentialStore &m_credentials;
};

} // namespace slotline::client
