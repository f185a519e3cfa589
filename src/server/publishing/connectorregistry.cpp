#include "server/publishing/connectorregistry.h"

#include "server/publishing/connector.h"

namespace slotline {

void ConnectorRegistry::add(Connector *connector)
{
    m_connectors.insert(connector->name(), connector);
}

Connector *ConnectorRegistry::find(const QString &name) const
{
    return m_connectors.value(name);
}

QStringList ConnectorRegistry::oneAtATimePerAccount() const
{
    QStringList names;
    for (auto it = m_connectors.cbegin(); it != m_connectors.cend(); ++it) {
        if (it.value()->oneAtATimePerAccount())
            names.append(it.key());
    }
    return names;
}

} // namespace slotline
