#pragma once

#include <QString>

namespace slotline {

// Who is calling and when, as established by the request pipeline before a handler
// runs. Handlers act on `projectId` only: it is the whole of a key's reach.
struct CallContext
{
    QString projectId;
    QString apiKeyId;
    QString requestId;
    qint64 nowMs = 0;
};

} // namespace slotline
