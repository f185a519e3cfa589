#include "server/controllers/creditcontroller.h"

#include "core/jsonwriter.h"
#include "server/api/operationregistry.h"
#include "storage/creditrepository.h"

using namespace Qt::Literals::StringLiterals;

namespace slotline {

CreditController::CreditController(CreditRepository &credits)
    : m_credits(credits)
{ }

void CreditController::registerOperations(OperationRegistry &registry)
{
    registry.handle(u"get_credits"_s, this, &CreditController::getCredits);
}

Outcome CreditController::getCredits(const CallContext &context)
{
    const auto balance = m_credits.balance(context.projectId);
    if (!balance)
        return ApiError::notFound(QStringLiteral("The project of this API key no longer exists."));
    return Outcome::ok(JsonWriter::serialize(*balance));
}

} // namespace slotline
