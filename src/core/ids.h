#pragma once

#include <QString>

namespace slotline {

// Every public id is an opaque string with a prefix naming its type.
enum class IdKind {
    User,
    Project,
    ApiKey,
    Account,
    Subaccount,
    PostSubmission,
    Schedule,
    Slot,
    Media,
    Draft,
    PublishedPost,
    Call,
    Request,
};

namespace ids {

QString prefix(IdKind kind);

// A new id: the prefix and 20 random base62 characters (about 119 bits).
QString generate(IdKind kind);

// An unguessable token for addresses that are their own access control (public pages,
// upload URLs): 32 base62 characters (about 190 bits) from the system's secure generator.
QString unguessableToken();

// True when the value has the prefix of that kind and a well-formed body. A false
// answer lets callers say "not found" without asking the database.
bool looksLike(QStringView value, IdKind kind);

} // namespace ids
} // namespace slotline
