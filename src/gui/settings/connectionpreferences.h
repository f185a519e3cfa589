#pragma once

#include "client/connectionsettings.h"
#include "gui/common/connectionchoice.h"

#include <QObject>
#include <QString>

#include <functional>
#include <optional>

QT_BEGIN_NAMESPACE
class QSettings;
QT_END_NAMESPACE

namespace slotline::client {
class CredentialStore;
}

namespace slotline::gui {

// The connection the user chose, kept between runs: the mode in the app's QSettings, a
// remote server's address and key through client::ConnectionSettings (so the key goes to
// the keychain, never into the settings file).
class ConnectionPreferences : public QObject
{
    Q_OBJECT

public:
    // `choice` is empty when nothing usable was saved. `warning`: the key is kept in a
    // file rather than a keychain. `error`: the key could not be read; `choice` then still
    // has the remote address, with an empty key.
    using LoadCallback = std::function<void(const std::optional<ConnectionChoice> &choice,
                                            const QString &warning, const QString &error)>;
    // `message`: why it failed, or a warning worth showing when it worked.
    using SaveCallback = std::function<void(bool ok, const QString &message)>;

    ConnectionPreferences(QSettings &settings, client::CredentialStore &credentials,
                          QObject *parent = nullptr);

    // False before the first choice was saved: the first run.
    bool hasChoice() const;

    // Each answers once, later, unless `context` is gone by then.
    void load(QObject *context, LoadCallback done);
    void save(const ConnectionChoice &choice, QObject *context, SaveCallback done);

private:
    void answerLater(QObject *context, std::function<void()> answer);

    QSettings &m_settings;
    client::ConnectionSettings m_connection;
};

} // namespace slotline::gui
