#pragma once

#include <QString>

namespace slotline::gui {

// The part of the composer a field of the server's refusal is about ("post.content.text",
// "mediaUrls[2]", "scheduledTime"...), so that what the server said stands beside it.
struct AnswerField
{
    enum class Part { Text, Account, Time, Media, Elsewhere };

    Part part = Part::Elsewhere;
    int mediaIndex = -1; // which medium, for Part::Media

    static AnswerField of(const QString &path);
};

} // namespace slotline::gui
