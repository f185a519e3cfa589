#include "server/controllers/usercontroller.h"

#include "core/jsonwriter.h"
#include "server/access/identitycache.h"
#include "server/api/listing.h"
#include "server/api/operationregistry.h"

namespace slotline {

UserController::UserController(IdentityCache &identities)
    : m_identities(identities)
{ }

void UserController::registerOperations(OperationRegistry &registry)
{
    Operation operation;
    operation.name = QStringLiteral("get_user");
    operation.summary = QStringLiteral("Who is calling");
    operation.description = QStringLiteral(
        "The owner of the API key's project, the project, its time zone and the key used.");
    operation.tag = QStringLiteral("Account");
    operation.method = HttpMethod::Get;
    operation.path = QStringLiteral("/users/me");
    operation.rateClass = RateClass::Read;
    operation.resultSchema = listing::schemaRef(QStringLiteral("User"));
    operation.errorCodes = {ErrorCode::NotFound}; // the key's project was removed meanwhile
    operation.handler
        = [this](const CallContext &context, const QJsonObject &) { return getUser(context); };
    registry.add(operation);
}

Outcome UserController::getUser(const CallContext &context)
{
    const auto profile = m_identities.profile(context.projectId, context.apiKeyId);
    if (!profile) // the key outlived its project: nothing to show
        return ApiError::notFound(QStringLiteral("The project of this API key no longer exists."));
    return Outcome::ok(JsonWriter::serialize(*profile));
}

} // namespace slotline
