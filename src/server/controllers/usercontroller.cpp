#include "server/controllers/usercontroller.h"

#include "core/jsonwriter.h"
#include "server/access/identitycache.h"
#include "server/api/operationregistry.h"

using namespace Qt::Literals::StringLiterals;

namespace slotline {

UserController::UserController(IdentityCache &identities)
    : m_identities(identities)
{ }

void UserController::registerOperations(OperationRegistry &registry)
{
    registry.handle(u"get_user"_s, this, &UserController::getUser);
}

Outcome UserController::getUser(const CallContext &context)
{
    const auto profile = m_identities.profile(context.projectId, context.apiKeyId);
    if (!profile) // the key outlived its project: nothing to show
        return ApiError::notFound(QStringLiteral("The project of this API key no longer exists."));
    return Outcome::ok(JsonWriter::serialize(*profile));
}

} // namespace slotline
