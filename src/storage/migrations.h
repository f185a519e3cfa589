#pragma once

namespace slotline {

class Database;

// The schema's history as numbered steps. The database's `user_version` says which
// step it has reached; each missing step runs in its own transaction. Steps are never
// edited once released: a change is a new step.
class Migrations
{
public:
    static int latestVersion();

    // Throws DatabaseError when a step fails or the file is newer than this build.
    static void apply(Database &database);
};

} // namespace slotline
