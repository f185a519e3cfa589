#pragma once

#include "server/api/callcontext.h"
#include "server/api/outcome.h"

#include <QJsonObject>

namespace slotline {

class AccountRepository;
class Database;
class OperationRegistry;
class SlotFinder;
class SlotRepository;

// GET|POST /schedule/slots, DELETE /schedule/slots/{id} and
// POST /schedule/slots/next-available.
class SlotController
{
public:
    // A project's slots at most: the next-free-slot search looks at all of them.
    static constexpr int MaxSlots = 500;

    SlotController(Database &database, SlotRepository &slots, AccountRepository &accounts,
                   SlotFinder &finder);

    void registerOperations(OperationRegistry &registry);

private:
    Outcome getSlots(const CallContext &context);
    Outcome addSlots(const CallContext &context, const QJsonObject &parameters);
    Outcome deleteSlot(const CallContext &context, const QJsonObject &parameters);
    Outcome nextAvailable(const CallContext &context, const QJsonObject &parameters);

    Database &m_database;
    SlotRepository &m_slots;
    AccountRepository &m_accounts;
    SlotFinder &m_finder;
};

} // namespace slotline
