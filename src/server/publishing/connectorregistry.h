#pragma once

#include <QHash>
#include <QString>
#include <QStringList>

namespace slotline {

class Connector;

// The connectors an account can name, by name. Does not own them.
class ConnectorRegistry
{
public:
    void add(Connector *connector);
    Connector *find(const QString &name) const;
    // The names of those that publish an account's posts one at a time.
    QStringList oneAtATimePerAccount() const;

private:
    QHash<QString, Connector *> m_connectors;
};

} // namespace slotline
