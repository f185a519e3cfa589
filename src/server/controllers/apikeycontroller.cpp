#include "server/controllers/apikeycontroller.h"

#include "server/access/calllogwriter.h"
#include "server/api/jsonliteral.h"
#include "server/api/listing.h"
#include "server/api/operationregistry.h"
#include "storage/apikeyrepository.h"
#include "storage/calllogrepository.h"

#include <QJsonArray>

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
    Operation keys;
    keys.name = QStringLiteral("list_api_keys");
    keys.summary = QStringLiteral("The project's API keys");
    keys.description = QStringLiteral(
        "Every key of the project, revoked ones included, oldest first. Keys are created and "
        "revoked with `slotline-server keys`; a key is shown only once, when it is created.");
    keys.tag = QStringLiteral("Project settings");
    keys.method = HttpMethod::Get;
    keys.path = QStringLiteral("/project/api-keys");
    keys.exposedAsTool = false;
    keys.queryParameters = listing::pagingParameters();
    keys.resultSchema = listing::pageSchema(listing::schemaRef(QStringLiteral("ApiKey")));
    keys.handler = [this](const CallContext &context, const QJsonObject &parameters) {
        return listKeys(context, parameters);
    };
    registry.add(keys);

    Operation calls;
    calls.name = QStringLiteral("list_api_calls");
    calls.summary = QStringLiteral("The project's call log");
    calls.description = QStringLiteral(
        "Every call made with the project's keys, whatever its outcome (401s have no project "
        "and are only in the server's own log), newest first. Arguments have secrets "
        "redacted and long values cut. Records are kept for 30 days by default.");
    calls.tag = QStringLiteral("Project settings");
    calls.method = HttpMethod::Get;
    calls.path = QStringLiteral("/project/api-keys/calls");
    calls.exposedAsTool = false;
    calls.queryParameters = {
        ParameterSpec {QStringLiteral("status"),
                       QStringLiteral("Only these statuses: exact (429) or a class (4xx); "
                                      "repeat the parameter or separate with commas."),
                       jsonObject(R"({"type": "array", "maxItems": 20,
                                      "items": {"type": "string", "pattern": "^[1-5]([0-9][0-9]|xx)$"}})"),
                       false},
        ParameterSpec {QStringLiteral("apiKeyId"), QStringLiteral("Only calls made with this key."),
                       jsonObject(R"({"type": "string", "minLength": 1, "maxLength": 200})"),
                       false},
        listing::timeParameter(QStringLiteral("since"),
                               QStringLiteral("Only calls at or after this time.")),
        listing::timeParameter(QStringLiteral("until"),
                               QStringLiteral("Only calls before this time.")),
        ParameterSpec {
            QStringLiteral("method"), QStringLiteral("Only calls with this HTTP method."),
            jsonObject(
                R"({"type": "string", "enum": ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"]})"),
            false},
        listing::identifierParameter(QStringLiteral("tool"),
                                     QStringLiteral("Only calls of this tool."), false),
    };
    calls.queryParameters.append(listing::pagingParameters());
    calls.resultSchema = listing::pageSchema(listing::schemaRef(QStringLiteral("CallRecord")));
    calls.handler = [this](const CallContext &context, const QJsonObject &parameters) {
        return listCalls(context, parameters);
    };
    registry.add(calls);
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
    const auto page = listing::pageRequest(parameters, CallList, 2);
    if (const auto *error = std::get_if<ApiError>(&page))
        return *error;

    CallLogFilter filter;
    for (const QJsonValue &status : parameters.value(QStringLiteral("status")).toArray())
        filter.statusRanges.append(statusRange(status.toString()));
    filter.apiKeyId = parameters.value(QStringLiteral("apiKeyId")).toString();
    filter.method = parameters.value(QStringLiteral("method")).toString();
    filter.tool = parameters.value(QStringLiteral("tool")).toString();
    const auto range = listing::timeRange(parameters);
    if (const auto *error = std::get_if<ApiError>(&range))
        return *error;
    filter.sinceMs = std::get<listing::TimeRange>(range).sinceMs;
    filter.untilMs = std::get<listing::TimeRange>(range).untilMs;

    // The log is written in batches; a reader must see its own calls.
    m_writer.flush();
    return Outcome::ok(listing::pageBody(
        m_calls.list(context.projectId, filter, std::get<PageRequest>(page)), CallList));
}

} // namespace slotline
