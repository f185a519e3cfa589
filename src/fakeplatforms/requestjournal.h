#pragma once

#include "fakeplatforms/fakerequest.h"
#include "fakeplatforms/fakeresponse.h"

#include <QJsonArray>
#include <QList>

namespace slotline::fake {

// Every request the platforms received, in order, as the platform saw it, with the status
// it was answered (0 when the connection was closed without an answer).
class RequestJournal
{
public:
    // `faultId`: the fault rule that met the request (0: none); `applied`: whether the
    // platform acted on the request, which a fault that answers in its place prevents.
    void record(const QString &platform, const FakeRequest &request, const FakeResponse &response,
                int faultId = 0, bool applied = true);
    QJsonArray items(const QString &platform) const;
    void clear();

private:
    QJsonArray m_items;
    int m_sequence = 0;
};

} // namespace slotline::fake
