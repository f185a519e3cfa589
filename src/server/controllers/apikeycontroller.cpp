#include "server/controllers/apikeycontroller.h"

#include "server/access/calllogwriter.h"
#include "server/api/listing.h"
#include "server/api/operationregistry.h"
#include "storage/apikeyrepository.h"
#include "storage/calllogrepository.h"

#include <QJsonArray>

using namespace Qt::Literals::StringLiterals;

namespace slotline {
namespace {

const QString KeyList = QStringLiteral("api-keys");
const QString CallList = QStringLiteral("calls");

// "429" is one status, "4xx" a class of them.
std::pair<int, int> statusRange(const QString &filter)
{
    if (filter.endsWith(u"xx")) {
        const int hundreds = filter.first(1).toInt();
        return {hundreds * 100, hundreds * 100 + 99};
    }
    const int status = filter.toInt();
    return {status, status};
}

} // namespace

ApiKeyController::ApiKeyController(ApiKeyRepository &keys, CallLogRepository &calls,
                                   CallLogWriter &writer)
    : m_keys(keys)
    , m_calls(calls)
    , m_writer(writer)
{ }

void ApiKeyController::registerOperations(OperationRegistry &registry)
{
    registry.handle(u"list_api_keys"_s, this, &ApiKeyController::listKeys);
    registry.handle(u"list_api_calls"_s, this, &ApiKeyController::listCalls);
}

Outcome ApiKeyController::listKeys(const CallContext &context, const QJsonObject &parameters)
{
    const auto page = listing::pageRequest(parameters, KeyList, 2);
    if (const auto *error = std::get_if<ApiError>(&page))
        return *error;
    return Outcome::ok(
        listing::pageBody(m_keys.list(context.projectId, std::get<PageRequest>(page)), KeyList));
}

Outcome ApiKeyController::listCalls(const CallContext &context, const QJsonObject &parameters)
{
    const auto asked = listing::rangePage(parameters, CallList, 2);
    if (const auto *error = std::get_if<ApiError>(&asked))
        return *error;
    const listing::RangePage &window = std::get<listing::RangePage>(asked);

    CallLogFilter filter;
    for (const QJsonValue &status : parameters.value(QStringLiteral("status")).toArray())
        filter.statusRanges.append(statusRange(status.toString()));
    filter.apiKeyId = parameters.value(QStringLiteral("apiKeyId")).toString();
    filter.method = parameters.value(QStringLiteral("method")).toString();
    filter.tool = parameters.value(QStringLiteral("tool")).toString();
    filter.sinceMs = window.range.sinceMs;
    filter.untilMs = window.range.untilMs;

    // The log is written in batches; a reader must see its own calls.
    m_writer.flush();
    return Outcome::ok(
        listing::pageBody(m_calls.list(context.projectId, filter, window.page), CallList));
}

} // namespace slotline
