#pragma once

#include "core/submission.h"
#include "storage/page.h"

#include <optional>

namespace slotline {

class Database;

struct PublishedPostFilter
{
    QString query; // words the text contains, in any case
    std::optional<Platform> platform;
    QString accountId;
    std::optional<qint64> sinceMs;
    std::optional<qint64> untilMs;
};

class PublishedPostRepository
{
public:
    explicit PublishedPostRepository(Database &database);

    void insert(const QString &projectId, const PublishedPost &post);
    // Newest first.
    Page<PublishedPost> list(const QString &projectId, const PublishedPostFilter &filter,
                             const PageRequest &page);

private:
    Database &m_database;
};

} // namespace slotline
