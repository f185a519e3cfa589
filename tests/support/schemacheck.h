#pragma once

#include <QJsonValue>
#include <QStringList>

namespace slotline {
class OperationRegistry;
}

namespace slotline::test {

// Checks an answer against the schema openapi.json documents for it, so every test
// that reads a body also proves the description true.
QStringList resultSchemaErrors(const OperationRegistry &registry, const QString &operationName,
                               const QJsonValue &body);
QStringList componentSchemaErrors(const OperationRegistry &registry, const QString &component,
                                  const QJsonValue &body);

} // namespace slotline::test
