#pragma once

#include <QJsonObject>

namespace slotline {

class OperationRegistry;

// Builds openapi.json (OpenAPI 3.1) from the registry: the same operations, parameter
// schemas and result schemas the server routes and validates with, so the description
// cannot drift from the behaviour.
class OpenApiDocument
{
public:
    static QJsonObject build(const OperationRegistry &registry);
};

} // namespace slotline
