#pragma once

#include <QStringView>

namespace slotline {

// Where emoji sequences are in a text, as X's counter sees them (twitter-text's emoji
// rules): a ZWJ sequence, flag, tag sequence or keycap, an emoji with its skin tone or
// presentation selector, and a stray U+FE0F are each one emoji. A text-style selector
// (U+FE0E) makes the character before it text again, and ©, ® and digits are text unless
// a selector or keycap makes them emoji, so plain Latin text is never counted as emoji.
// The data is generated from the Unicode emoji files by tools/textrules.
class EmojiSequences
{
public:
    // The length in UTF-16 code units of the emoji sequence starting at `position`, 0 if
    // none starts there.
    static qsizetype lengthAt(QStringView text, qsizetype position);
};

} // namespace slotline
