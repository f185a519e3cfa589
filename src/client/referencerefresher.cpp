#include "client/referencerefresher.h"

#include "client/apiclient.h"
#include "client/localstore.h"

#include <QDateTime>

#include <utility>

namespace slotline::client {

namespace {

qint64 nowMs()
{
    return QDateTime::currentMSecsSinceEpoch();
}

} // namespace

ReferenceRefresher::ReferenceRefresher(ApiClient &client, LocalStore &store, QObject *parent)
    : QObject(parent)
    , m_client(client)
    , m_store(store)
{ }

void ReferenceRefresher::refresh()
{
    if (m_refreshing) {
        // What is being read may have been read before the change that asks again (a
        // newly connected account): read once more when this is done.
        m_refreshAgain = true;
        return;
    }
    m_refreshing = true;
    m_refreshAgain = false;
    // One read says which lists changed since the store last read them: a sync with
    // nothing new costs that read alone, not the user, the accounts, each account's pages,
    // the slots and the credits.
    m_client.getChanges(this, [this](const ApiResult<ChangeVersions> &result) {
        m_plan = Plan {};
        if (!result.ok()) {
            // A server without GET /changes answers 404: everything is read, as before.
            if (result.error().kind() != ApiError::Kind::NotFound) {
                fail(result.error());
                return;
            }
        } else {
            const ChangeVersions &now = result.value();
            m_plan.versions = now;
            if (m_seenVersions) {
                m_plan.user = now.project != m_seenVersions->project;
                m_plan.accounts = now.accounts != m_seenVersions->accounts;
                m_plan.slots = now.slots != m_seenVersions->slots;
                m_plan.credits = now.credits != m_seenVersions->credits;
            }
        }
        readUser();
    });
}

void ReferenceRefresher::readUser()
{
    if (!m_plan.user) {
        if (m_plan.accounts)
            readAccounts(QString(), {});
        else
            readSlots();
        return;
    }
    m_client.getUser(this, [this](const ApiResult<UserProfile> &result) {
        if (!result.ok()) {
            fail(result.error());
            return;
        }
        m_store.putUser(result.value(), nowMs());
        if (m_plan.accounts)
            readAccounts(QString(), {});
        else
            readSlots();
    });
}

void ReferenceRefresher::readAccounts(const QString &cursor, QList<Account> collected)
{
    m_client.listAccounts(std::nullopt, Paging {250, cursor}, this,
                          [this, collected = std::move(collected)](
                              const ApiResult<ItemPage<Account>> &result) mutable {
                              if (!result.ok()) {
                                  fail(result.error());
                                  return;
                              }
                              collected.append(result.value().items);
                              if (result.value().hasMore()) {
                                  readAccounts(result.value().cursor, std::move(collected));
                                  return;
                              }
                              m_store.putAccounts(collected, nowMs());
                              readSubaccounts(std::move(collected));
                          });
}

void ReferenceRefresher::readSubaccounts(QList<Account> remaining)
{
    if (remaining.isEmpty()) {
        readSlots();
        return;
    }
    const QString accountId = remaining.takeFirst().id;
    m_client.listSubaccounts(accountId, Paging {250, {}}, this,
                             [this, accountId, remaining = std::move(remaining)](
                                 const ApiResult<ItemPage<Subaccount>> &result) mutable {
                                 if (!result.ok()) {
                                     fail(result.error());
                                     return;
                                 }
                                 m_store.putSubaccounts(accountId, result.value().items, nowMs());
                                 readSubaccounts(std::move(remaining));
                             });
}

void ReferenceRefresher::readSlots()
{
    if (!m_plan.slots) {
        readCredits();
        return;
    }
    const int slotChangesBefore = m_slotChangesDone;
    m_client.getSlots(this, [this, slotChangesBefore](const ApiResult<SlotList> &slots) {
        if (!slots.ok()) {
            fail(slots.error());
            return;
        }
        // A slot added or removed while the list was read may be missing from it, and its
        // entry is gone: the list is read again rather than losing the change until the
        // next reading.
        if (m_slotChangesDone != slotChangesBefore) {
            readSlots();
            return;
        }
        m_store.putSlots(slots.value().timezone, slots.value().slots, nowMs());
        readCredits();
    });
}

void ReferenceRefresher::readCredits()
{
    if (!m_plan.credits) {
        finish();
        return;
    }
    m_client.getCredits(this, [this](const ApiResult<CreditBalance> &credits) {
        if (!credits.ok()) {
            fail(credits.error());
            return;
        }
        m_store.putCredits(credits.value(), nowMs());
        finish();
    });
}

void ReferenceRefresher::finish()
{
    // Only a reading that went through to the end brings the store to these versions.
    m_seenVersions = m_plan.versions;
    m_refreshing = false;
    Q_EMIT refreshed();
    if (std::exchange(m_refreshAgain, false))
        refresh();
}

void ReferenceRefresher::fail(const ApiError &error)
{
    m_refreshing = false;
    m_refreshAgain = false;
    Q_EMIT failed(error);
}

} // namespace slotline::client
