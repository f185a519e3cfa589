#include "server/controllers/changecontroller.h"

#include "core/jsonwriter.h"
#include "server/api/listing.h"
#include "server/api/operationregistry.h"
#include "storage/projectchangerepository.h"

namespace slotline {

ChangeController::ChangeController(ProjectChangeRepository &changes)
    : m_changes(changes)
{ }

void ChangeController::registerOperations(OperationRegistry &registry)
{
    Operation operation;
    operation.name = QStringLiteral("get_changes");
    operation.summary = QStringLiteral("What changed");
    operation.description = QStringLiteral(
        "How often each kind of the project's data has changed: numbers that only grow. A "
        "client that kept them from its last read reads again only the lists whose number "
        "moved, instead of every list on every sync.");
    operation.tag = QStringLiteral("Account");
    operation.method = HttpMethod::Get;
    operation.path = QStringLiteral("/changes");
    operation.resultSchema = listing::schemaRef(QStringLiteral("Changes"));
    operation.errorCodes = {ErrorCode::NotFound}; // the key's project was removed meanwhile
    operation.handler
        = [this](const CallContext &context, const QJsonObject &) { return getChanges(context); };
    registry.add(operation);
}

Outcome ChangeController::getChanges(const CallContext &context)
{
    const auto versions = m_changes.versions(context.projectId);
    if (!versions)
        return ApiError::notFound(QStringLiteral("The project of this API key no longer exists."));
    return Outcome::ok(JsonWriter::serialize(*versions));
}

} // namespace slotline
