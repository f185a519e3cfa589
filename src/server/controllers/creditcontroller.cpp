#include "server/controllers/creditcontroller.h"

#include "core/jsonwriter.h"
#include "server/api/listing.h"
#include "server/api/operationregistry.h"
#include "storage/creditrepository.h"

namespace slotline {

CreditController::CreditController(CreditRepository &credits)
    : m_credits(credits)
{ }

void CreditController::registerOperations(OperationRegistry &registry)
{
    Operation operation;
    operation.name = QStringLiteral("get_credits");
    operation.summary = QStringLiteral("Credit balance");
    operation.description = QStringLiteral(
        "Each post costs one credit: reserved when submitted, charged when published, "
        "returned when cancelled or failed.");
    operation.tag = QStringLiteral("Credits");
    operation.method = HttpMethod::Get;
    operation.path = QStringLiteral("/credits");
    operation.resultSchema = listing::schemaRef(QStringLiteral("Credits"));
    operation.errorCodes = {ErrorCode::NotFound}; // the key's project was removed meanwhile
    operation.handler
        = [this](const CallContext &context, const QJsonObject &) { return getCredits(context); };
    registry.add(operation);
}

Outcome CreditController::getCredits(const CallContext &context)
{
    const auto balance = m_credits.balance(context.projectId);
    if (!balance)
        return ApiError::notFound(QStringLiteral("The project of this API key no longer exists."));
    return Outcome::ok(JsonWriter::serialize(*balance));
}

} // namespace slotline
