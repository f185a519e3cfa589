#pragma once

#include "client/apierror.h"
#include "core/account.h"
#include "core/changeversions.h"

#include <QObject>

#include <optional>

namespace slotline::client {

class ApiClient;
class LocalStore;

// Reads the user, the accounts (with their pages), the weekly slots and the credits into
// the store, for showing them with no server. One read of GET /changes says which of them
// changed since the store last read them, so a reading with nothing new costs that read
// alone. Asked while at it, it reads everything once more afterwards.
class ReferenceRefresher : public QObject
{
    Q_OBJECT

public:
    ReferenceRefresher(ApiClient &client, LocalStore &store, QObject *parent = nullptr);

    void refresh();
    // Reading, or about to read once more: a refreshed() is still to come.
    bool isRefreshing() const { return m_refreshing || m_refreshAgain; }
    // The server added or removed a slot for the outbox: a slot list read that crosses it
    // may miss it, and is read again.
    void noteSlotChange() { ++m_slotChangesDone; }

Q_SIGNALS:
    void refreshed();
    // A read failed; the store keeps what it had.
    void failed(const slotline::client::ApiError &error);

private:
    // The steps of refresh(), each reading its kind only when the plan says it changed
    // since the store last read it.
    void readUser();
    void readAccounts(const QString &cursor, QList<Account> collected);
    void readSubaccounts(QList<Account> remaining);
    void readSlots();
    void readCredits();
    void finish();
    void fail(const ApiError &error);

    ApiClient &m_client;
    LocalStore &m_store;
    bool m_refreshing = false;
    bool m_refreshAgain = false; // asked again while reading
    // What the reading under way reads, and the versions it brings the store to.
    struct Plan
    {
        bool user = true;
        bool accounts = true;
        bool slots = true;
        bool credits = true;
        std::optional<ChangeVersions> versions; // none: the server does not say
    };
    Plan m_plan;
    // The versions of what the store holds, as of the last complete reading.
    std::optional<ChangeVersions> m_seenVersions;
    int m_slotChangesDone = 0;
};

} // namespace slotline::client
