#include "server/controllers/projectcontroller.h"

#include "core/jsonwriter.h"
#include "server/access/identitycache.h"
#include "server/api/operationregistry.h"
#include "storage/creditrepository.h"
#include "storage/projectchangerepository.h"

using namespace Qt::Literals::StringLiterals;

namespace slotline {
namespace {

// A key can outlive its project for a moment (the project removed meanwhile).
template<typename Figures>
Outcome ofTheProject(const std::optional<Figures> &figures)
{
    if (!figures)
        return ApiError::notFound(u"The project of this API key no longer exists."_s);
    return Outcome::ok(JsonWriter::serialize(*figures));
}

} // namespace

ProjectController::ProjectController(IdentityCache &identities, CreditRepository &credits,
                                     ProjectChangeRepository &changes)
    : m_identities(identities)
    , m_credits(credits)
    , m_changes(changes)
{ }

void ProjectController::registerOperations(OperationRegistry &registry)
{
    registry.handle(u"get_user"_s, this, &ProjectController::getUser);
    registry.handle(u"get_credits"_s, this, &ProjectController::getCredits);
    registry.handle(u"get_changes"_s, this, &ProjectController::getChanges);
}

Outcome ProjectController::getUser(const CallContext &context)
{
    return ofTheProject(m_identities.profile(context.projectId, context.apiKeyId));
}

Outcome ProjectController::getCredits(const CallContext &context)
{
    return ofTheProject(m_credits.balance(context.projectId));
}

Outcome ProjectController::getChanges(const CallContext &context)
{
    return ofTheProject(m_changes.versions(context.projectId));
}

} // namespace slotline
