#include "storage/databaseerror.h"

namespace slotline {

DatabaseError::DatabaseError(const QString &message)
    : std::runtime_error(message.toStdString())
{ }

QString DatabaseError::message() const
{
    return QString::fromStdString(what());
}

} // namespace slotline
