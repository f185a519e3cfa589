#pragma once

#include <QCoreApplication>
#include <QString>

namespace slotline::client {
class ApiError;
}

namespace slotline::gui {

// Why a medium was not added, in the user's words and naming it: the server's refusal of
// an address to fetch or of a file uploaded, or what any call may meet.
class MediaRefusals
{
    Q_DECLARE_TR_FUNCTIONS(MediaRefusals)

public:
    static QString ofFetch(const QString &name, const client::ApiError &error);
    static QString ofUpload(const QString &name, const client::ApiError &error);

private:
    // No server, no answer, too many calls.
    static QString generalReason(const client::ApiError &error);
};

} // namespace slotline::gui
