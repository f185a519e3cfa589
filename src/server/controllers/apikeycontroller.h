#pragma once

#include "server/api/callcontext.h"
#include "server/api/outcome.h"

#include <QJsonObject>

namespace slotline {

class ApiKeyRepository;
class CallLogRepository;
class CallLogWriter;
class OperationRegistry;

// The project settings' API keys section: GET /project/api-keys and its call log,
// GET /project/api-keys/calls.
class ApiKeyController
{
public:
    ApiKeyController(ApiKeyRepository &keys, CallLogRepository &calls, CallLogWriter &writer);

    void registerOperations(OperationRegistry &registry);

private:
    Outcome listKeys(const CallContext &context, const QJsonObject &parameters);
    Outcome listCalls(const CallContext &context, const QJsonObject &parameters);

    ApiKeyRepository &m_keys;
    CallLogRepository &m_calls;
    CallLogWriter &m_writer;
};

} // namespace slotline
