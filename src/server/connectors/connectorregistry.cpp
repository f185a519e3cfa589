#include "server/connectors/connectorregistry.h"

#include "server/connectors/connector.h"

namespace slotline {

void ConnectorRegistry::add(Connector *connector)
{
    m_connectors.insert(connector->name(), connector);
}

Connector *ConnectorRegistry::find(const QString &name) const
{
    return m_connectors.value(name);
}

} // namespace slotline
