#pragma once

#include <QString>

namespace slotline::gui::calendarmime {

// What the drafts list and the week calendar drag to each other: a draft's local id, or a
// scheduled post's submission id (as UTF-8).
inline const QString Draft = QStringLiteral("application/x-slotline-draft");
inline const QString Post = QStringLiteral("application/x-slotline-post");

} // namespace slotline::gui::calendarmime
