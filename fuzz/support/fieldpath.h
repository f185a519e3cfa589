#pragma once

#include <QString>
#include <QStringList>

namespace slotline::fuzz {

// Whether a field path of a validation error ("post.content.text", "mediaUrls[2]") starts
// at one of these top-level names. A name that is all digits reads like an array index
// ("[4]"): valijson's context does not tell the two apart. Names are compared as they
// come back from UTF-8.
bool startsAtOneOf(const QString &field, const QStringList &names);

} // namespace slotline::fuzz
