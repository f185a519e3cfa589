#include "client/localstoreschema.h"

using namespace Qt::Literals::StringLiterals;

namespace slotline::client {

const QList<Migration> &localStoreMigrations()
{
    static const QList<Migration> steps {
        {1,
         "drafts, outbox, snapshots",
         {
             u"CREATE TABLE drafts ("
             "local_id TEXT PRIMARY KEY,"
             "server_id TEXT UNIQUE,"
             "base_revision BIGINT NOT NULL DEFAULT 0,"
             "text TEXT NOT NULL,"
             "platforms TEXT NOT NULL,"
             "media_urls TEXT NOT NULL,"
             "updated_at BIGINT NOT NULL,"
             "state TEXT NOT NULL CHECK (state IN ('synced', 'pending', 'conflict', 'refused')),"
             "theirs TEXT,"
             "problem TEXT,"
             "deleted INTEGER NOT NULL DEFAULT 0)"_s,
             u"CREATE TABLE outbox ("
             "sequence INTEGER PRIMARY KEY AUTOINCREMENT,"
             "kind TEXT NOT NULL CHECK (kind IN ('save_draft', 'delete_draft')),"
             "draft_local_id TEXT NOT NULL,"
             "idempotency_key TEXT NOT NULL UNIQUE,"
             "sent_parameters TEXT,"
             "attempts INTEGER NOT NULL DEFAULT 0)"_s,
             u"CREATE INDEX outbox_draft ON outbox(draft_local_id, sequence)"_s,
             u"CREATE TABLE snapshots ("
             "name TEXT PRIMARY KEY, json TEXT NOT NULL, fetched_at BIGINT NOT NULL)"_s,
         }},
        {2,
         "posts of the ranges viewed",
         {
             u"CREATE TABLE posts ("
             "id TEXT PRIMARY KEY,"
             "at BIGINT NOT NULL," // the scheduled time, or the creation time
             "json TEXT NOT NULL)"_s,
             u"CREATE INDEX posts_at ON posts(at)"_s,
         }},
        {3,
         "scheduling in the outbox",
         {
             u"CREATE TABLE outbox_entries ("
             "sequence INTEGER PRIMARY KEY AUTOINCREMENT,"
             "kind TEXT NOT NULL CHECK (kind IN ('save_draft', 'delete_draft', 'publish_draft', "
             "'update_schedule', 'cancel_schedule')),"
             "subject TEXT NOT NULL,"
             "payload TEXT,"
             "undo TEXT,"
             "idempotency_key TEXT NOT NULL UNIQUE,"
             "sent_parameters TEXT,"
             "attempts INTEGER NOT NULL DEFAULT 0)"_s,
             u"INSERT INTO outbox_entries (sequence, kind, subject, idempotency_key, "
             "sent_parameters, attempts) SELECT sequence, kind, draft_local_id, idempotency_key, "
             "sent_parameters, attempts FROM outbox"_s,
             u"DROP TABLE outbox"_s,
             u"ALTER TABLE outbox_entries RENAME TO outbox"_s,
             u"CREATE INDEX outbox_subject ON outbox(subject, sequence)"_s,
         }},
        {4,
         "the posts made of each draft",
         {
             u"CREATE TABLE draft_posts ("
             "post_id TEXT PRIMARY KEY,"
             "draft_local_id TEXT NOT NULL,"
             "created_at BIGINT NOT NULL,"
             "json TEXT NOT NULL)"_s, // the post as last known (Submission)
             u"CREATE INDEX draft_posts_draft ON draft_posts(draft_local_id, created_at)"_s,
             // Failed posts are looked for (to say so) without reading every post.
             u"ALTER TABLE posts ADD COLUMN status TEXT"_s,
             u"UPDATE posts SET status = json_extract(json, '$.status')"_s,
             u"CREATE INDEX posts_status ON posts(status)"_s,
         }},
        {5,
         "changes kept as the requests first sent",
         {
             u"ALTER TABLE outbox ADD COLUMN sent_method TEXT"_s,
             u"ALTER TABLE outbox ADD COLUMN sent_path TEXT"_s,
             u"ALTER TABLE outbox ADD COLUMN sent_body BLOB"_s,
             // Changes sent before went to the tool of their kind: a retry goes there
             // again, with the same bytes (the server compares path and body under the
             // key, so the same change sent elsewhere would be refused as a reuse).
             u"UPDATE outbox SET sent_method = 'POST', sent_path = '/tools/' || kind, "
             "sent_body = CAST(sent_parameters AS BLOB) WHERE sent_parameters IS NOT NULL"_s,
             u"ALTER TABLE outbox DROP COLUMN sent_parameters"_s,
         }},
        {6,
         "weekly slots in the outbox",
         {
             // SQLite cannot change a CHECK: the table is made again with the new kinds.
             u"CREATE TABLE outbox_entries ("
             "sequence INTEGER PRIMARY KEY AUTOINCREMENT,"
             "kind TEXT NOT NULL CHECK (kind IN ('save_draft', 'delete_draft', 'publish_draft', "
             "'update_schedule', 'cancel_schedule', 'add_slots', 'delete_slot')),"
             "subject TEXT NOT NULL,"
             "payload TEXT,"
             "undo TEXT,"
             "idempotency_key TEXT NOT NULL UNIQUE,"
             "attempts INTEGER NOT NULL DEFAULT 0,"
             "sent_method TEXT,"
             "sent_path TEXT,"
             "sent_body BLOB)"_s,
             u"INSERT INTO outbox_entries (sequence, kind, subject, payload, undo, "
             "idempotency_key, attempts, sent_method, sent_path, sent_body) SELECT sequence, "
             "kind, subject, payload, undo, idempotency_key, attempts, sent_method, sent_path, "
             "sent_body FROM outbox"_s,
             u"DROP TABLE outbox"_s,
             u"ALTER TABLE outbox_entries RENAME TO outbox"_s,
             u"CREATE INDEX outbox_subject ON outbox(subject, sequence)"_s,
         }},
        {7,
         "media uploads in the outbox",
         {
             u"CREATE TABLE outbox_entries ("
             "sequence INTEGER PRIMARY KEY AUTOINCREMENT,"
             "kind TEXT NOT NULL CHECK (kind IN ('save_draft', 'delete_draft', 'publish_draft', "
             "'update_schedule', 'cancel_schedule', 'add_slots', 'delete_slot', "
             "'upload_media')),"
             "subject TEXT NOT NULL,"
             "payload TEXT,"
             "undo TEXT,"
             "idempotency_key TEXT NOT NULL UNIQUE,"
             "attempts INTEGER NOT NULL DEFAULT 0,"
             "sent_method TEXT,"
             "sent_path TEXT,"
             "sent_body BLOB)"_s,
             u"INSERT INTO outbox_entries (sequence, kind, subject, payload, undo, "
             "idempotency_key, attempts, sent_method, sent_path, sent_body) SELECT sequence, "
             "kind, subject, payload, undo, idempotency_key, attempts, sent_method, sent_path, "
             "sent_body FROM outbox"_s,
             u"DROP TABLE outbox"_s,
             u"ALTER TABLE outbox_entries RENAME TO outbox"_s,
             u"CREATE INDEX outbox_subject ON outbox(subject, sequence)"_s,
         }},
    };
    return steps;
}

} // namespace slotline::client
