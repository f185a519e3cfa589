#pragma once

#include "server/operation.h"
#include "server/router.h"
#include "server/schemavalidator.h"

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
    const Router &router() const { return m_router; }
    const QJsonObject &components() const { return m_components; }

    // The query parameters as one object schema (what /openapi.json lists one by one).
    static QJsonObject querySchema(const Operation &operation);

    const SchemaValidator &queryValidator(const Operation *operation) const;
    const SchemaValidator *bodyValidator(const Operation *operation) const;

private:
    struct Entry
    {
        Operation operation;
        SchemaValidator query;
        std::optional<SchemaValidator> body;
    };
    const Entry &entry(const Operation *operation) const;

    QJsonObject m_components;
    std::vector<std::unique_ptr<Entry>> m_entries;
    QHash<const Operation *, const Entry *> m_byOperation;
    Router m_router;
};

} // namespace slotline
