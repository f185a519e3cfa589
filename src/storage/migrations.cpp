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

QList<Migration> serverMigrations()
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
        {2,
         "posts, schedules, weekly slots, idempotency keys, sandbox publications",
         {
             // One row per post submission. The dispatcher's bookkeeping (attempts,
             // next_attempt_at, the claim of an attempt under way) lives with it so that
             // claiming, publishing and charging credits are one transaction each.
             QStringLiteral(R"(CREATE TABLE submissions (
                id TEXT PRIMARY KEY,
                project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
                account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
                subaccount_id TEXT REFERENCES subaccounts(id) ON DELETE SET NULL,
                platform TEXT NOT NULL CHECK (platform IN ('linkedin', 'facebook', 'twitter')),
                text TEXT NOT NULL,
                media_urls TEXT NOT NULL,
                target_type TEXT,
                status TEXT NOT NULL CHECK (status IN ('scheduled', 'in-progress', 'published',
                                                       'failed', 'cancelled')),
                scheduled_at BIGINT,
                schedule_id TEXT UNIQUE,
                sort_at BIGINT NOT NULL,
                created_at BIGINT NOT NULL,
                updated_at BIGINT NOT NULL,
                published_at BIGINT,
                public_url TEXT,
                error_message TEXT,
                attempts INTEGER NOT NULL DEFAULT 0,
                next_attempt_at BIGINT,
                claim_token TEXT,
                claimed_at BIGINT))"),
             QStringLiteral(
                 "CREATE INDEX submissions_project_sort ON submissions(project_id, sort_at, id)"),
             QStringLiteral(
                 "CREATE INDEX submissions_account_time ON submissions(account_id, scheduled_at) "
                 "WHERE scheduled_at IS NOT NULL"),
             QStringLiteral(
                 "CREATE INDEX submissions_schedules ON submissions(project_id, scheduled_at, id) "
                 "WHERE schedule_id IS NOT NULL"),
             QStringLiteral("CREATE INDEX submissions_due ON submissions(next_attempt_at) "
                            "WHERE next_attempt_at IS NOT NULL AND claim_token IS NULL"),
             QStringLiteral("CREATE INDEX submissions_claimed ON submissions(claimed_at) "
                            "WHERE claim_token IS NOT NULL"),
             QStringLiteral(R"(CREATE TABLE published_posts (
                id TEXT PRIMARY KEY,
                submission_id TEXT NOT NULL UNIQUE REFERENCES submissions(id) ON DELETE CASCADE,
                project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
                account_id TEXT NOT NULL,
                platform TEXT NOT NULL,
                text TEXT NOT NULL,
                search_text TEXT NOT NULL,
                media_urls TEXT NOT NULL,
                public_url TEXT NOT NULL,
                published_at BIGINT NOT NULL))"),
             QStringLiteral("CREATE INDEX published_posts_project ON published_posts(project_id, "
                            "published_at, id)"),
             QStringLiteral(R"(CREATE TABLE weekly_slots (
                id TEXT PRIMARY KEY,
                project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
                day INTEGER NOT NULL CHECK (day BETWEEN 1 AND 7),
                hour INTEGER NOT NULL CHECK (hour BETWEEN 0 AND 23),
                minute INTEGER NOT NULL CHECK (minute BETWEEN 0 AND 59),
                targets TEXT NOT NULL,
                created_at BIGINT NOT NULL,
                UNIQUE (project_id, day, hour, minute)))"),
             QStringLiteral(R"(CREATE TABLE idempotency_keys (
                project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
                key TEXT NOT NULL,
                request_hash TEXT NOT NULL,
                status INTEGER NOT NULL,
                body TEXT NOT NULL,
                created_at BIGINT NOT NULL,
                PRIMARY KEY (project_id, key)))"),
             QStringLiteral(
                 "CREATE INDEX idempotency_keys_created ON idempotency_keys(created_at)"),
             // What the sandbox connector has published: the platform's side, written in
             // its own transaction as a real platform would, keyed by the idempotency token
             // so a repeated attempt finds the publication instead of making another.
             QStringLiteral(R"(CREATE TABLE sandbox_publications (
                id TEXT PRIMARY KEY,
                token TEXT NOT NULL UNIQUE,
                account_id TEXT NOT NULL,
                account_name TEXT NOT NULL,
                username TEXT NOT NULL,
                platform TEXT NOT NULL,
                page_name TEXT,
                text TEXT NOT NULL,
                media_urls TEXT NOT NULL,
                published_at BIGINT NOT NULL))"),
         }},
        {3,
         "slot occupancy answered from covering indexes",
         {
             // Whether a post holds its minute (scheduled, in-progress or published) rides
             // along in the occupancy indexes so that "is this minute taken?" is answered
             // from the index alone. It is not the status itself: that changes twice on
             // every publication, and each change would rewrite the index entries;
             // holds_slot changes only when a post fails or is cancelled. The triggers
             // keep it true to the status.
             QStringLiteral("ALTER TABLE submissions ADD COLUMN holds_slot INTEGER NOT NULL "
                            "DEFAULT 1"),
             QStringLiteral("UPDATE submissions SET holds_slot = 0 WHERE status NOT IN "
                            "('scheduled', 'in-progress', 'published')"),
             QStringLiteral("CREATE TRIGGER submissions_holds_slot_inserted BEFORE INSERT ON "
                            "submissions WHEN NEW.holds_slot IS NOT (NEW.status IN "
                            "('scheduled', 'in-progress', 'published')) BEGIN SELECT "
                            "RAISE(ABORT, 'holds_slot does not match the status'); END"),
             QStringLiteral("CREATE TRIGGER submissions_holds_slot_updated BEFORE UPDATE OF "
                            "status, holds_slot ON submissions WHEN NEW.holds_slot IS NOT "
                            "(NEW.status IN ('scheduled', 'in-progress', 'published')) BEGIN "
                            "SELECT RAISE(ABORT, 'holds_slot does not match the status'); END"),
             QStringLiteral("DROP INDEX submissions_account_time"),
             QStringLiteral("CREATE INDEX submissions_account_time ON "
                            "submissions(account_id, scheduled_at, holds_slot) "
                            "WHERE scheduled_at IS NOT NULL"),
             QStringLiteral("DROP INDEX submissions_schedules"),
             QStringLiteral("CREATE INDEX submissions_schedules ON "
                            "submissions(project_id, scheduled_at, id, platform, holds_slot) "
                            "WHERE scheduled_at IS NOT NULL"),
             QStringLiteral("CREATE INDEX submissions_platform_time ON "
                            "submissions(project_id, platform, scheduled_at, holds_slot) "
                            "WHERE scheduled_at IS NOT NULL"),
         }},
        {4,
         "drafts",
         {
             QStringLiteral(R"(CREATE TABLE drafts (
                id TEXT PRIMARY KEY,
                project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
                text TEXT NOT NULL,
                search_text TEXT NOT NULL,
                platforms TEXT NOT NULL,
                media_urls TEXT NOT NULL,
                revision BIGINT NOT NULL CHECK (revision >= 1),
                created_at BIGINT NOT NULL,
                updated_at BIGINT NOT NULL))"),
             QStringLiteral(
                 "CREATE INDEX drafts_project_updated ON drafts(project_id, updated_at, id)"),
         }},
        {5,
         "media from URLs and uploads",
         {
             // An upload is a row from the moment its address is handed out; the file
             // and its facts arrive with the PUT. A fetched file is ready on insertion.
             QStringLiteral(R"(CREATE TABLE media (
                id TEXT PRIMARY KEY,
                project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
                public_token TEXT NOT NULL UNIQUE,
                status TEXT NOT NULL CHECK (status IN ('awaiting-upload', 'ready')),
                source_url TEXT,
                filename TEXT,
                declared_type TEXT,
                declared_size BIGINT,
                mime_type TEXT,
                size BIGINT,
                sha256 TEXT,
                created_at BIGINT NOT NULL,
                upload_expires_at BIGINT,
                completed_at BIGINT,
                CHECK (status = 'awaiting-upload' OR (mime_type IS NOT NULL AND size IS NOT NULL
                                                      AND sha256 IS NOT NULL))))"),
             QStringLiteral("CREATE INDEX media_project ON media(project_id, created_at, id)"),
             // Secrets the server makes for itself on first use, such as the key that
             // signs upload addresses.
             QStringLiteral(R"(CREATE TABLE server_secrets (
                name TEXT PRIMARY KEY,
                value BLOB NOT NULL,
                created_at BIGINT NOT NULL))"),
         }},
        {6,
         "slot occupancy by the post's time, posts published now included",
         {
             // A post published now has no scheduled_at, yet it takes the slot of the
             // minute it was made in as a scheduled post takes its own. sort_at is that
             // time for every post (scheduled_at when there is one), so the occupancy
             // indexes move to it; submissions_schedules goes back to serving the list of
             // schedules only, and the project-wide occupancy rides on the index the
             // list of posts already has.
             QStringLiteral("DROP INDEX submissions_account_time"),
             QStringLiteral("CREATE INDEX submissions_account_time ON "
                            "submissions(account_id, sort_at, holds_slot)"),
             QStringLiteral("DROP INDEX submissions_platform_time"),
             QStringLiteral("CREATE INDEX submissions_platform_time ON "
                            "submissions(project_id, platform, sort_at, holds_slot)"),
             QStringLiteral("DROP INDEX submissions_project_sort"),
             QStringLiteral("CREATE INDEX submissions_project_sort ON "
                            "submissions(project_id, sort_at, id, holds_slot)"),
             QStringLiteral("DROP INDEX submissions_schedules"),
             QStringLiteral("CREATE INDEX submissions_schedules ON "
                            "submissions(project_id, scheduled_at, id) "
                            "WHERE scheduled_at IS NOT NULL"),
         }},
        {7,
         "drafts' client ids, and the draft a post was made from",
         {
             // The id a draft's writer chose for it: the index is what makes a create sent
             // twice (over two connections at once, or days apart) make one draft. A
             // deleted draft's id is free again.
             QStringLiteral("ALTER TABLE drafts ADD COLUMN client_id TEXT"),
             QStringLiteral("CREATE UNIQUE INDEX drafts_client_id ON drafts(project_id, "
                            "client_id) WHERE client_id IS NOT NULL"),
             // No foreign key: a post stays as it was made when its draft is deleted, and
             // keeps saying where it came from. Partial, so that posts not made from a
             // draft (most of them) cost the index nothing.
             QStringLiteral("ALTER TABLE submissions ADD COLUMN draft_id TEXT"),
             QStringLiteral("CREATE INDEX submissions_draft ON submissions(project_id, draft_id, "
                            "created_at, id) WHERE draft_id IS NOT NULL"),
         }},
        {8,
         "real platforms: account states, platform apps, sealed credentials, OAuth states",
         {
             // "active" becomes "connected", and an account can now need reconnecting or
             // wait out a platform's rate limit. SQLite cannot change a CHECK constraint in
             // place, and rebuilding the table would cascade into its posts: the old column
             // stays, unused, under another name.
             QStringLiteral("ALTER TABLE accounts RENAME COLUMN status TO status_before_v8"),
             QStringLiteral("ALTER TABLE accounts ADD COLUMN status TEXT NOT NULL DEFAULT "
                            "'connected' CHECK (status IN ('connected', 'needs_reconnect', "
                            "'rate_limited', 'disconnected'))"),
             QStringLiteral("UPDATE accounts SET status = CASE status_before_v8 WHEN "
                            "'disconnected' THEN 'disconnected' ELSE 'connected' END"),
             QStringLiteral("ALTER TABLE accounts ADD COLUMN rate_limited_until BIGINT"),
             QStringLiteral("ALTER TABLE accounts ADD COLUMN status_reason TEXT"),
             // The platform's own id of the person: connecting the same person again in a
             // project refreshes their account instead of adding a second one.
             QStringLiteral("ALTER TABLE accounts ADD COLUMN external_id TEXT"),
             QStringLiteral("CREATE UNIQUE INDEX accounts_external ON accounts(project_id, "
                            "connector, external_id) WHERE external_id IS NOT NULL"),
             QStringLiteral("ALTER TABLE subaccounts ADD COLUMN external_id TEXT"),
             QStringLiteral("CREATE UNIQUE INDEX subaccounts_external ON "
                            "subaccounts(account_id, external_id) WHERE external_id IS NOT NULL"),
             QStringLiteral("ALTER TABLE submissions ADD COLUMN platform_post_id TEXT"),
             // The administrator's developer app at each platform. The secret is sealed
             // with the server's key, which is kept outside the database.
             QStringLiteral("CREATE TABLE platform_apps ("
                            "platform TEXT PRIMARY KEY CHECK (platform IN ('linkedin', 'x', "
                            "'facebook')), "
                            "client_id TEXT NOT NULL, "
                            "client_secret BLOB NOT NULL, "
                            "urls TEXT NOT NULL DEFAULT '{}', "
                            "scopes TEXT, "
                            "updated_at BIGINT NOT NULL)"),
             // Tokens of an account or of one of its pages (owner_id), sealed. Deleting
             // the account deletes them.
             QStringLiteral("CREATE TABLE credentials ("
                            "owner_id TEXT PRIMARY KEY, "
                            "account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE, "
                            "access_token BLOB NOT NULL, "
                            "refresh_token BLOB, "
                            "access_expires_at BIGINT, "
                            "refresh_expires_at BIGINT, "
                            "scopes TEXT, "
                            "updated_at BIGINT NOT NULL)"),
             QStringLiteral("CREATE INDEX credentials_account ON credentials(account_id)"),
             // One authorization in progress: the state authenticates the platform's
             // callback, once, for ten minutes.
             QStringLiteral("CREATE TABLE oauth_states ("
                            "state TEXT PRIMARY KEY, "
                            "project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE, "
                            "platform TEXT NOT NULL, "
                            "account_id TEXT, "
                            "code_verifier BLOB, "
                            "redirect_uri TEXT NOT NULL, "
                            "created_at BIGINT NOT NULL, "
                            "expires_at BIGINT NOT NULL, "
                            "used_at BIGINT, "
                            "result TEXT NOT NULL DEFAULT 'pending', "
                            "result_account_id TEXT, "
                            "error TEXT)"),
             QStringLiteral("CREATE INDEX oauth_states_expiry ON oauth_states(expires_at)"),
         }},
        {9,
         "create calls to real platforms, recorded before they are sent",
         {
             // One row per create call, written before the request leaves: a server that
             // stops before it hears (or records) the answer knows on its next start that
             // the platform may have the post, and since when to look for it.
             QStringLiteral("CREATE TABLE publish_attempts ("
                            "id INTEGER PRIMARY KEY, "
                            "submission_id TEXT NOT NULL REFERENCES submissions(id) "
                            "ON DELETE CASCADE, "
                            "claim_token TEXT NOT NULL, "
                            "sent_at BIGINT NOT NULL, "
                            "outcome TEXT CHECK (outcome IN ('created', 'refused', 'unknown', "
                            "'found', 'not_found')), "
                            "platform_post_id TEXT, "
                            "public_url TEXT, "
                            "settled_at BIGINT)"),
             QStringLiteral("CREATE INDEX publish_attempts_submission ON "
                            "publish_attempts(submission_id, id)"),
             // Where a person checks the account when a post failed although the platform
             // may have published it.
             QStringLiteral("ALTER TABLE submissions ADD COLUMN check_url TEXT"),
         }},
        {10,
         "why a post failed, for programs",
         {
             // NULL for failures recorded before: clients show the message alone.
             QStringLiteral("ALTER TABLE submissions ADD COLUMN error_code TEXT"),
         }},
        {11,
         "how often each kind of a project's data changed, for clients that read what changed",
         {
             // Moved by triggers in the transaction of the change itself, so that a client
             // that reads the numbers, then the lists, never misses a change.
             QStringLiteral("CREATE TABLE project_changes (project_id TEXT PRIMARY KEY REFERENCES "
                            "projects(id) ON DELETE CASCADE, project BIGINT NOT NULL DEFAULT 0, "
                            "accounts BIGINT NOT NULL DEFAULT 0, slots BIGINT NOT NULL DEFAULT 0, "
                            "credits BIGINT NOT NULL DEFAULT 0, posts BIGINT NOT NULL DEFAULT 0, "
                            "drafts BIGINT NOT NULL DEFAULT 0)"),
             QStringLiteral("INSERT INTO project_changes (project_id) SELECT id FROM projects"),
             QStringLiteral("CREATE TRIGGER project_changes_added AFTER INSERT ON projects BEGIN "
                            "INSERT INTO project_changes (project_id) VALUES (NEW.id); END"),
             QStringLiteral("CREATE TRIGGER project_changes_project AFTER UPDATE OF name, "
                            "timezone, owner_user_id ON projects BEGIN UPDATE project_changes SET "
                            "project = project + 1 WHERE project_id = NEW.id; END"),
             QStringLiteral("CREATE TRIGGER project_changes_owner AFTER UPDATE ON users BEGIN "
                            "UPDATE project_changes SET project = project + 1 WHERE project_id IN "
                            "(SELECT id FROM projects WHERE owner_user_id = NEW.id); END"),
             QStringLiteral(
                 "CREATE TRIGGER project_changes_credits AFTER UPDATE OF credits_remaining, "
                 "credits_reserved, credits_used ON projects BEGIN UPDATE project_changes SET "
                 "credits = credits + 1 WHERE project_id = NEW.id; END"),
             QStringLiteral("CREATE TRIGGER project_changes_accounts_added AFTER INSERT ON "
                            "accounts BEGIN UPDATE project_changes SET accounts = accounts + 1 "
                            "WHERE project_id = NEW.project_id; END"),
             QStringLiteral("CREATE TRIGGER project_changes_accounts_changed AFTER UPDATE ON "
                            "accounts BEGIN UPDATE project_changes SET accounts = accounts + 1 "
                            "WHERE project_id = NEW.project_id; END"),
             QStringLiteral("CREATE TRIGGER project_changes_accounts_removed AFTER DELETE ON "
                            "accounts BEGIN UPDATE project_changes SET accounts = accounts + 1 "
                            "WHERE project_id = OLD.project_id; END"),
             QStringLiteral("CREATE TRIGGER project_changes_weekly_slots_added AFTER INSERT ON "
                            "weekly_slots BEGIN UPDATE project_changes SET slots = slots + 1 WHERE "
                            "project_id = NEW.project_id; END"),
             QStringLiteral("CREATE TRIGGER project_changes_weekly_slots_changed AFTER UPDATE ON "
                            "weekly_slots BEGIN UPDATE project_changes SET slots = slots + 1 WHERE "
                            "project_id = NEW.project_id; END"),
             QStringLiteral("CREATE TRIGGER project_changes_weekly_slots_removed AFTER DELETE ON "
                            "weekly_slots BEGIN UPDATE project_changes SET slots = slots + 1 WHERE "
                            "project_id = OLD.project_id; END"),
             QStringLiteral("CREATE TRIGGER project_changes_submissions_added AFTER INSERT ON "
                            "submissions BEGIN UPDATE project_changes SET posts = posts + 1 WHERE "
                            "project_id = NEW.project_id; END"),
             QStringLiteral("CREATE TRIGGER project_changes_submissions_changed AFTER UPDATE ON "
                            "submissions BEGIN UPDATE project_changes SET posts = posts + 1 WHERE "
                            "project_id = NEW.project_id; END"),
             QStringLiteral("CREATE TRIGGER project_changes_submissions_removed AFTER DELETE ON "
                            "submissions BEGIN UPDATE project_changes SET posts = posts + 1 WHERE "
                            "project_id = OLD.project_id; END"),
             QStringLiteral(
                 "CREATE TRIGGER project_changes_drafts_added AFTER INSERT ON drafts BEGIN UPDATE "
                 "project_changes SET drafts = drafts + 1 WHERE project_id = NEW.project_id; END"),
             QStringLiteral("CREATE TRIGGER project_changes_drafts_changed AFTER UPDATE ON drafts "
                            "BEGIN UPDATE project_changes SET drafts = drafts + 1 WHERE project_id "
                            "= NEW.project_id; END"),
             QStringLiteral("CREATE TRIGGER project_changes_drafts_removed AFTER DELETE ON drafts "
                            "BEGIN UPDATE project_changes SET drafts = drafts + 1 WHERE project_id "
                            "= OLD.project_id; END"),
             QStringLiteral(
                 "CREATE TRIGGER project_changes_subaccounts_added AFTER INSERT ON subaccounts "
                 "BEGIN UPDATE project_changes SET accounts = accounts + 1 WHERE project_id = "
                 "(SELECT project_id FROM accounts WHERE id = NEW.account_id); END"),
             QStringLiteral(
                 "CREATE TRIGGER project_changes_subaccounts_changed AFTER UPDATE ON subaccounts "
                 "BEGIN UPDATE project_changes SET accounts = accounts + 1 WHERE project_id = "
                 "(SELECT project_id FROM accounts WHERE id = NEW.account_id); END"),
             QStringLiteral(
                 "CREATE TRIGGER project_changes_subaccounts_removed AFTER DELETE ON subaccounts "
                 "BEGIN UPDATE project_changes SET accounts = accounts + 1 WHERE project_id = "
                 "(SELECT project_id FROM accounts WHERE id = OLD.account_id); END"),
         }},
        {12,
         "each post's listing kept ready",
         {
             // GET /posts writes a page of posts from their listings (what
             // Submission::writeJson writes, rendered once per change) instead of
             // decoding and formatting every column of every row on every read. The
             // trigger clears a listing whenever a column it shows changes, whoever
             // changes it (a subaccount's removal setting subaccount_id to NULL included),
             // so a listing is either current or missing; a missing one is written from
             // the columns, and the repository renders it again after its own changes.
             QStringLiteral("ALTER TABLE submissions ADD COLUMN listing_json TEXT"),
             QStringLiteral("CREATE INDEX submissions_listing_missing ON submissions(id) "
                            "WHERE listing_json IS NULL"),
             QStringLiteral(
                 "CREATE TRIGGER submissions_listing_stale AFTER UPDATE OF id, account_id, "
                 "subaccount_id, platform, text, media_urls, target_type, status, scheduled_at, "
                 "schedule_id, created_at, updated_at, published_at, public_url, error_message, "
                 "draft_id, platform_post_id, check_url, error_code ON submissions "
                 "WHEN NEW.listing_json IS NOT NULL BEGIN UPDATE submissions SET listing_json "
                 "= NULL WHERE rowid = NEW.rowid; END"),
             // Rendering or clearing a listing is no change of the project's posts.
             QStringLiteral("DROP TRIGGER project_changes_submissions_changed"),
             QStringLiteral("CREATE TRIGGER project_changes_submissions_changed AFTER UPDATE ON "
                            "submissions WHEN NEW.listing_json IS OLD.listing_json BEGIN UPDATE "
                            "project_changes SET posts = posts + 1 WHERE project_id = "
                            "NEW.project_id; END"),
         }},
    };
}

} // namespace

const QList<Migration> &Migrations::server()
{
    static const QList<Migration> steps = serverMigrations();
    return steps;
}

void Migrations::apply(Database &database, const QList<Migration> &steps)
{
    const int current = database.schemaVersion();
    const int latest = steps.constLast().version;
    if (current > latest)
        throw DatabaseError(QStringLiteral("the database %1 has schema version %2, newer than "
                                           "this build understands (%3); use a newer Slotline")
                                .arg(database.filePath())
                                .arg(current)
                                .arg(latest));
    for (const Migration &migration : steps) {
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
