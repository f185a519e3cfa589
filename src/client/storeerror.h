#pragma once

#include <QString>

#include <stdexcept>

namespace slotline::client {

// The app's local store cannot be opened (an unreadable or corrupt file, a full disk).
// The client's own type: what stores the drafts is the client's business, not its callers'.
class StoreError : public std::runtime_error
{
public:
    explicit StoreError(const QString &message)
        : std::runtime_error(message.toStdString())
    { }

    QString message() const { return QString::fromUtf8(what()); }
};

} // namespace slotline::client
