#include "storage/migrations.h"

#include "storage/database.h"
#include "storage/databaseerror.h"
#include "storage/logcategories.h"
#include "storage/transaction.h"

#include <QSqlError>
#include <QSqlQuery>
#include <QStringList>

namespace slotline {
namespace {

struct Migration
{
    int version;
    const char *description;
    QStringList statements;
};

QList<Migration> allMigrations()
{
    return {
        {1,
         "projects, keys, accounts, credits, call log",
         {
             QStringLiteral(R"(CREATE TABLE users (
                id TEXT PRIMARY KEY,
                email TEXT NOT NULL,
                name TEXT NOT NULL,
                created_at BIGINT NOT NULL))"),
             QStringLiteral(R"(CREATE TABLE projects (
                id TEXT PRIMARY KEY,
                name TEXT NOT NULL,
                timezone TEXT NOT NULL DEFAULT 'UTC',
                owner_user_id TEXT NOT NULL REFERENCES users(id),
                credits_remaining BIGINT NOT NULL DEFAULT 0 CHECK (credits_remaining >= 0),
                credits_reserved BIGINT NOT NULL DEFAULT 0 CHECK (credits_reserved >= 0),
                credits_used BIGINT NOT NULL DEFAULT 0 CHECK (credits_used >= 0),
                created_at BIGINT NOT NULL))"),
             QStringLiteral("CREATE UNIQUE INDEX projects_name ON projects(name)"),
             QStringLiteral(R"(CREATE TABLE api_keys (
                id TEXT PRIMARY KEY,
                project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
                name TEXT NOT NULL,
                prefix TEXT NOT NULL,
                key_hash TEXT NOT NULL,
                created_at BIGINT NOT NULL,
                last_used_at BIGINT,
                revoked_at BIGINT))"),
             QStringLiteral("CREATE INDEX api_keys_prefix ON api_keys(prefix)"),
             QStringLiteral(
                 "CREATE INDEX api_keys_project ON api_keys(project_id, created_at, id)"),
             QStringLiteral(R"(CREATE TABLE accounts (
                id TEXT PRIMARY KEY,
                project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
                platform TEXT NOT NULL CHECK (platform IN ('linkedin', 'facebook', 'twitter')),
                name TEXT NOT NULL,
                username TEXT NOT NULL,
                profile_image_url TEXT,
                status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disconnected')),
                connector TEXT NOT NULL DEFAULT 'sandbox',
                connected_at BIGINT NOT NULL))"),
             QStringLiteral(
                 "CREATE INDEX accounts_project ON accounts(project_id, connected_at, id)"),
             QStringLiteral(R"(CREATE TABLE subaccounts (
                id TEXT PRIMARY KEY,
                account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
                name TEXT NOT NULL,
                type TEXT NOT NULL CHECK (type IN ('page', 'organization', 'group')),
                created_at BIGINT NOT NULL))"),
             QStringLiteral(
                 "CREATE INDEX subaccounts_account ON subaccounts(account_id, created_at, id)"),
             QStringLiteral(R"(CREATE TABLE credit_events (
                seq INTEGER PRIMARY KEY,
                project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
                kind TEXT NOT NULL CHECK (kind IN ('grant', 'reserve', 'charge', 'release')),
                amount BIGINT NOT NULL,
                submission_id TEXT,
                note TEXT,
                at BIGINT NOT NULL))"),
             QStringLiteral("CREATE INDEX credit_events_project ON credit_events(project_id, seq)"),
             // The call log is written for every request: one B-tree, clustered the way it
             // is read (a project's calls by time), and no foreign keys, whose checks
             // would cost two lookups per row of an append-only record.
             QStringLiteral(R"(CREATE TABLE call_log (
                project_id TEXT NOT NULL,
                at BIGINT NOT NULL,
                id TEXT NOT NULL,
                api_key_id TEXT NOT NULL,
                method TEXT NOT NULL,
                path TEXT NOT NULL,
                tool TEXT,
                arguments TEXT NOT NULL,
                status INTEGER NOT NULL,
                duration_ms REAL NOT NULL,
                PRIMARY KEY (project_id, at, id)) WITHOUT ROWID)"),
             // Servers cache who a key belongs to; any change to keys, projects or their
             // owners (from any process) moves this counter, which tells them to forget.
             // Key use (last_used_at) and credits are not such changes.
             QStringLiteral(
                 "CREATE TABLE change_counters (name TEXT PRIMARY KEY, value BIGINT NOT NULL)"),
             QStringLiteral("INSERT INTO change_counters (name, value) VALUES ('identity', 0)"),
             QStringLiteral(
                 "CREATE TRIGGER api_keys_added AFTER INSERT ON api_keys BEGIN "
                 "UPDATE change_counters SET value = value + 1 WHERE name = 'identity'; END"),
             QStringLiteral(
                 "CREATE TRIGGER api_keys_changed AFTER UPDATE OF project_id, prefix, key_hash, "
                 "revoked_at ON api_keys BEGIN "
                 "UPDATE change_counters SET value = value + 1 WHERE name = 'identity'; END"),
             QStringLiteral(
                 "CREATE TRIGGER api_keys_removed AFTER DELETE ON api_keys BEGIN "
                 "UPDATE change_counters SET value = value + 1 WHERE name = 'identity'; END"),
             QStringLiteral(
                 "CREATE TRIGGER projects_changed AFTER UPDATE OF name, timezone, owner_user_id ON "
                 "projects BEGIN "
                 "UPDATE change_counters SET value = value + 1 WHERE name = 'identity'; END"),
             QStringLiteral(
                 "CREATE TRIGGER projects_removed AFTER DELETE ON projects BEGIN "
                 "UPDATE change_counters SET value = value + 1 WHERE name = 'identity'; END"),
             QStringLiteral(
                 "CREATE TRIGGER users_changed AFTER UPDATE ON users BEGIN "
                 "UPDATE change_counters SET value = value + 1 WHERE name = 'identity'; END"),
         }},
    };
}

} // namespace

int Migrations::latestVersion()
{
    return allMigrations().constLast().version;
}

void Migrations::apply(Database &database)
{
    const int current = database.schemaVersion();
    const int latest = latestVersion();
    if (current > latest)
        throw DatabaseError(QStringLiteral("the database %1 has schema version %2, newer than "
                                           "this build understands (%3); use a newer Slotline")
                                .arg(database.filePath())
                                .arg(current)
                                .arg(latest));
    for (const Migration &migration : allMigrations()) {
        if (migration.version <= current)
            continue;
        qCInfo(lcDatabase, "applying migration %d: %s", migration.version, migration.description);
        Transaction transaction(database);
        QSqlQuery query(database.connection());
        for (const QString &sql : migration.statements) {
            if (!query.exec(sql))
                throw DatabaseError(QStringLiteral("migration %1 failed: %2")
                                        .arg(migration.version)
                                        .arg(query.lastError().text()));
        }
        if (!query.exec(QStringLiteral("PRAGMA user_version = %1").arg(migration.version)))
            throw DatabaseError(QStringLiteral("cannot record migration %1: %2")
                                    .arg(migration.version)
                                    .arg(query.lastError().text()));
        query.finish();
        transaction.commit();
    }
}

} // namespace slotline
