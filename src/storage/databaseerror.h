#pragma once

#include <QString>

#include <stdexcept>

namespace slotline {

// Thrown when the database fails in a way no caller can fix (disk full, corrupt file,
// a bug in a statement). The server turns it into a 500 without internals; the
// message is for the server's own log.
class DatabaseError : public std::runtime_error
{
public:
    explicit DatabaseError(const QString &message);

    QString message() const;
};

} // namespace slotline
