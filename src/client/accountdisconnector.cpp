#include "client/accountdisconnector.h"

#include "client/apiclient.h"
#include "client/syncengine.h"

#include <QUuid>

using namespace Qt::Literals::StringLiterals;

namespace slotline::client {

AccountDisconnector::AccountDisconnector(ApiClient &client, SyncEngine &sync, QObject *parent)
    : QObject(parent)
    , m_client(client)
    , m_sync(sync)
{ }

AccountDisconnector::~AccountDisconnector() = default;

void AccountDisconnector::disconnect(const QString &accountId, bool cancelScheduled)
{
    m_busy = true;
    // A key per attempt: an answer lost on the way is safe to ask again.
    const QString key = u"disconnect-"_s + QUuid::createUuid().toString(QUuid::WithoutBraces);
    m_client.disconnectAccount(
        accountId, cancelScheduled, key, this, [this, accountId](const ApiResult<Done> &result) {
            if (!result.ok()) {
                m_busy = false;
                const ApiError &error = result.error();
                if (error.errorCode() == ErrorCode::AccountHasScheduledPosts
                    && error.scheduledPosts())
                    Q_EMIT scheduledPostsInTheWay(accountId, *error.scheduledPosts());
                else
                    Q_EMIT failed(accountId, error);
                return;
            }
            // The account's state (and, with cancelled posts, the credits) as the server has
            // them now; the account is disconnected even when that read fails.
            auto refreshed = std::make_shared<QMetaObject::Connection>();
            auto refusedRead = std::make_shared<QMetaObject::Connection>();
            const auto finish = [this, accountId, refreshed, refusedRead] {
                QObject::disconnect(*refreshed);
                QObject::disconnect(*refusedRead);
                m_busy = false;
                Q_EMIT disconnected(accountId);
            };
            *refreshed = connect(&m_sync, &SyncEngine::referenceRefreshed, this, finish);
            *refusedRead = connect(&m_sync, &SyncEngine::refreshFailed, this, finish);
            m_sync.refreshReference();
        });
}

} // namespace slotline::client
