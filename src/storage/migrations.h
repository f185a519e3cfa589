#pragma once

#include <QList>
#include <QStringList>

namespace slotline {

class Database;

// One step of a schema's history.
struct Migration
{
    int version;
    const char *description;
    QStringList statements;
};

// A schema's history as numbered steps. The database's `user_version` says which step
// it has reached; each missing step runs in its own transaction. Steps are never edited
// once released: a change is a new step.
class Migrations
{
public:
    // The server's schema: what a Database opens with unless told otherwise.
    static const QList<Migration> &server();
    static int latestVersion() { return server().constLast().version; }

    // Throws DatabaseError when a step fails or the file is newer than `steps` know.
    static void apply(Database &database, const QList<Migration> &steps);
};

} // namespace slotline
