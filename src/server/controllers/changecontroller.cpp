#include "server/controllers/changecontroller.h"

#include "core/jsonwriter.h"
#include "server/api/operationregistry.h"
#include "storage/projectchangerepository.h"

using namespace Qt::Literals::StringLiterals;

namespace slotline {

ChangeController::ChangeController(ProjectChangeRepository &changes)
    : m_changes(changes)
{ }

void ChangeController::registerOperations(OperationRegistry &registry)
{
    registry.handle(u"get_changes"_s, this, &ChangeController::getChanges);
}

Outcome ChangeController::getChanges(const CallContext &context)
{
    const auto versions = m_changes.versions(context.projectId);
    if (!versions)
        return ApiError::notFound(QStringLiteral("The project of this API key no longer exists."));
    return Outcome::ok(JsonWriter::serialize(*versions));
}

} // namespace slotline
