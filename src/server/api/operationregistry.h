#pragma once

#include "server/api/operation.h"
#include "server/api/router.h"
#include "server/api/schemavalidator.h"

#include <QHash>
#include <QJsonObject>
#include <QList>

#include <memory>
#include <optional>
#include <vector>

namespace slotline {

// Every operation the server offers, each defined once. Adding one compiles its
// schemas (a broken schema fails at start, not on a request) and registers its route.
class OperationRegistry
{
public:
    // `components` is the "components" object of openapi.json that schemas refer to.
    explicit OperationRegistry(QJsonObject components);
    ~OperationRegistry();
    Q_DISABLE_COPY_MOVE(OperationRegistry)

    // Loads the component schemas shipped with the server.
    static QJsonObject builtInComponents();

    void add(Operation operation);

    QList<const Operation *> operations() const;
    const Operation *find(QStringView name) const;
    // The operation POST /tools/<name> calls, or nothing.
    const Operation *findTool(QStringView name) const;
    const Router &router() const { return m_router; }
    const QJsonObject &components() const { return m_components; }

    // The query parameters as one object schema (what /openapi.json lists one by one).
    static QJsonObject querySchema(const Operation &operation);

    // A tool's parameters as one object schema: the path and query parameters and the
    // body's properties side by side, so a tool call is one JSON object.
    static QJsonObject toolSchema(const Operation &operation);
    // The same with every "$ref" replaced by what it points to, for GET /tools, whose
    // readers have no components to look things up in.
    QJsonObject selfContainedToolSchema(const Operation &operation) const;

    const SchemaValidator &queryValidator(const Operation *operation) const;
    const SchemaValidator *bodyValidator(const Operation *operation) const;
    const SchemaValidator &toolValidator(const Operation *operation) const;

private:
    struct Entry
    {
        Operation operation;
        SchemaValidator query;
        std::optional<SchemaValidator> body;
        std::optional<SchemaValidator> tool;
    };
    const Entry &entry(const Operation *operation) const;
    QJsonValue inlineReferences(const QJsonValue &value, int depth) const;

    QJsonObject m_components;
    std::vector<std::unique_ptr<Entry>> m_entries;
    QHash<const Operation *, const Entry *> m_byOperation;
    QHash<QString, const Entry *> m_byName;
    Router m_router;
};

} // namespace slotline
