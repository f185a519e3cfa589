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

// Every operation the server offers, each described once (operationcatalog) and given
// its handler by the controller that serves it. Each description's schemas are compiled
// up front (a broken schema fails at start, not on a request) and its route registered.
class OperationRegistry
{
public:
    // `components` is the "components" object of openapi.json that schemas refer to;
    // `operations` are the descriptions, in the order openapi.json and GET /tools list them.
    OperationRegistry(QJsonObject components, const QList<Operation> &operations);
    ~OperationRegistry();
    Q_DISABLE_COPY_MOVE(OperationRegistry)

    // Loads the component schemas shipped with the server.
    static QJsonObject builtInComponents();

    // An operation described and handled at once (a test's own).
    void add(Operation operation);

    // Binds the handler of a described operation. Throws for a name that is not described
    // or already has one: a handler without a description would never be called.
    void handle(QStringView name, Operation::Handler handler);
    void handleLater(QStringView name, Operation::AsyncHandler handler);
    template<typename Controller>
    void handle(QStringView name, Controller *controller,
                Outcome (Controller::*method)(const CallContext &, const QJsonObject &))
    {
        handle(name,
               [controller, method](const CallContext &context, const QJsonObject &parameters) {
                   return (controller->*method)(context, parameters);
               });
    }
    template<typename Controller>
    void handle(QStringView name, Controller *controller,
                Outcome (Controller::*method)(const CallContext &))
    {
        handle(name, [controller, method](const CallContext &context, const QJsonObject &) {
            return (controller->*method)(context);
        });
    }
    // Throws naming every described operation no controller handles.
    void checkEveryOperationHandled() const;

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
    Operation &unhandled(QStringView name);
    const Entry &entry(const Operation *operation) const;
    QJsonValue inlineReferences(const QJsonValue &value, int depth) const;

    QJsonObject m_components;
    std::vector<std::unique_ptr<Entry>> m_entries;
    QHash<const Operation *, const Entry *> m_byOperation;
    QHash<QString, Entry *> m_byName;
    Router m_router;
};

} // namespace slotline
