#pragma once

#include "client/apierror.h"

#include <QObject>

namespace slotline::client {

class ApiClient;
class SyncEngine;

// Disconnects an account, as the API does it: the server forgets its tokens (and tells
// the platform), and posts can no longer go to it. While the account has scheduled posts
// the server refuses, and scheduledPostsInTheWay() says how many, so that the user
// decides whether to cancel them (their credits come back) with disconnect(id, true).
// Once disconnected, the accounts are read again into the store before disconnected()
// says so.
class AccountDisconnector : public QObject
{
    Q_OBJECT

public:
    AccountDisconnector(ApiClient &client, SyncEngine &sync, QObject *parent = nullptr);
    ~AccountDisconnector() override;

    void disconnect(const QString &accountId, bool cancelScheduled);
    bool isBusy() const { return m_busy; }

Q_SIGNALS:
    void disconnected(const QString &accountId);
    void scheduledPostsInTheWay(const QString &accountId, int count);
    void failed(const QString &accountId, const slotline::client::ApiError &error);

private:
    ApiClient &m_client;
    SyncEngine &m_sync;
    bool m_busy = false;
};

} // namespace slotline::client
