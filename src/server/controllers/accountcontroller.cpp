#include "server/controllers/accountcontroller.h"

#include "core/ids.h"
#include "server/api/listing.h"
#include "server/api/operationregistry.h"
#include "storage/accountrepository.h"

using namespace Qt::Literals::StringLiterals;

namespace slotline {
namespace {

const QString AccountList = QStringLiteral("accounts");
const QString SubaccountList = QStringLiteral("subaccounts");

} // namespace

AccountController::AccountController(AccountRepository &accounts)
    : m_accounts(accounts)
{ }

void AccountController::registerOperations(OperationRegistry &registry)
{
    registry.handle(u"list_accounts"_s, this, &AccountController::listAccounts);
    registry.handle(u"list_subaccounts"_s, this, &AccountController::listSubaccounts);
}

Outcome AccountController::listAccounts(const CallContext &context, const QJsonObject &parameters)
{
    const auto page = listing::pageRequest(parameters, AccountList, 2);
    if (const auto *error = std::get_if<ApiError>(&page))
        return *error;
    const auto platform
        = platforms::fromString(parameters.value(QStringLiteral("platform")).toString());
    return Outcome::ok(listing::pageBody(
        m_accounts.list(context.projectId, platform, std::get<PageRequest>(page)), AccountList));
}

Outcome AccountController::listSubaccounts(const CallContext &context,
                                           const QJsonObject &parameters)
{
    const QString accountId = parameters.value(QStringLiteral("id")).toString();
    // Another project's account answers exactly like one that does not exist.
    if (!ids::looksLike(accountId, IdKind::Account)
        || !m_accounts.find(context.projectId, accountId))
        return ApiError::notFound(QStringLiteral("No account %1 in this project.").arg(accountId));
    const auto page = listing::pageRequest(parameters, SubaccountList, 2);
    if (const auto *error = std::get_if<ApiError>(&page))
        return *error;
    return Outcome::ok(listing::pageBody(
        m_accounts.listSubaccounts(context.projectId, accountId, std::get<PageRequest>(page)),
        SubaccountList));
}

} // namespace slotline
