#include "server/controllers/accountcontroller.h"

#include "core/ids.h"
#include "server/api/jsonliteral.h"
#include "server/api/listing.h"
#include "server/api/operationregistry.h"
#include "storage/accountrepository.h"

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
    Operation accounts;
    accounts.name = QStringLiteral("list_accounts");
    accounts.summary = QStringLiteral("Connected accounts");
    accounts.description = QStringLiteral(
        "The project's connected social-media accounts, oldest first. Use an account's id "
        "as post.accountId.");
    accounts.tag = QStringLiteral("Account");
    accounts.method = HttpMethod::Get;
    accounts.path = QStringLiteral("/users/me/accounts");
    accounts.queryParameters = listing::pagingParameters();
    accounts.queryParameters.prepend(ParameterSpec {
        QStringLiteral("platform"),
        QStringLiteral("Only accounts of this platform (x means twitter)."),
        jsonObject(R"({"type": "string", "enum": ["linkedin", "facebook", "twitter", "x"]})"),
        false});
    accounts.resultSchema = listing::pageSchema(listing::schemaRef(QStringLiteral("Account")));
    accounts.handler = [this](const CallContext &context, const QJsonObject &parameters) {
        return listAccounts(context, parameters);
    };
    registry.add(accounts);

    Operation subaccounts;
    subaccounts.name = QStringLiteral("list_subaccounts");
    subaccounts.summary = QStringLiteral("Pages, organizations and groups of an account");
    subaccounts.description = QStringLiteral(
        "The subaccounts an account can publish to; use one's id as post.target.pageId.");
    subaccounts.tag = QStringLiteral("Account");
    subaccounts.method = HttpMethod::Get;
    subaccounts.path = QStringLiteral("/users/me/accounts/{id}/subaccounts");
    subaccounts.pathParameters = {ParameterSpec {
        QStringLiteral("id"), QStringLiteral("The account's id."),
        jsonObject(R"({"type": "string", "minLength": 1, "maxLength": 200})"), true}};
    subaccounts.queryParameters = listing::pagingParameters();
    subaccounts.resultSchema
        = listing::pageSchema(listing::schemaRef(QStringLiteral("Subaccount")));
    subaccounts.errorCodes = {ErrorCode::NotFound};
    subaccounts.handler = [this](const CallContext &context, const QJsonObject &parameters) {
        return listSubaccounts(context, parameters);
    };
    registry.add(subaccounts);
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
