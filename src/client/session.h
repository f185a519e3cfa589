#pragma once

#include "client/apiclient.h"
#include "client/connectivity.h"
#include "client/localstore.h"
#include "client/syncengine.h"

#include <QObject>
#include <QUrl>

namespace slotline::client {

// Everything the app needs to work with one server: the client with its key, what
// tells whether the server is there, the local store (its own file per server, so two
// servers' drafts never mix) and the engine that keeps the two in step.
class Session : public QObject
{
    Q_OBJECT

public:
    // Opens (or creates) the store file; throws StoreError when it cannot.
    Session(const QUrl &baseUrl, const QString &apiKey, const QString &storeFile,
            QObject *parent = nullptr);
    ~Session() override;

    // The store file for a server, in `directory`: one per address, so switching servers
    // and back finds the drafts of each again.
    static QString storeFileFor(const QString &directory, const QUrl &baseUrl);

    // Asks the server, sends what waits and reads the lists for the window.
    void start();

    ApiClient &client() { return m_client; }
    LocalStore &store() { return m_store; }
    Connectivity &connectivity() { return m_connectivity; }
    SyncEngine &sync() { return m_sync; }
    QUrl baseUrl() const { return m_client.baseUrl(); }

private:
    ApiClient m_client;
    LocalStore m_store;
    Connectivity m_connectivity;
    SyncEngine m_sync;
};

} // namespace slotline::client
