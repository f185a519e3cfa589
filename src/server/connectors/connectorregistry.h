#pragma once

#include <QHash>
#include <QString>

namespace slotline {

class Connector;

// The connectors an account can name, by name. Does not own them.
class ConnectorRegistry
{
public:
    void add(Connector *connector);
    Connector *find(const QString &name) const;

private:
    QHash<QString, Connector *> m_connectors;
};

} // namespace slotline
