#pragma once

#include <QStringList>

namespace slotline {

class Database;
class Statement;

// Each post's listing (what Submission::writeJson() writes for it), kept in its row so
// that a page of posts is copied, not formatted (migration 12). A change of any column a
// listing shows clears it (a trigger); these render the cleared ones again.
class PostListings
{
public:
    explicit PostListings(Database &database);

    // Of these posts, those whose listing is missing.
    void refresh(const QStringList &submissionIds);
    // Every missing one (the posts stored before migration 12, or changed by hand since),
    // in batches.
    void refreshAll();

private:
    // Writes the listing of each row read (its columns, then its rowid); returns how many.
    int render(Statement &rows);

    Database &m_database;
};

} // namespace slotline
