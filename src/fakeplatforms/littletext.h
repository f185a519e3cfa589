#pragma once

#include <QString>

namespace slotline::fake {

// LinkedIn's "little" text format of Posts API commentary
// (learn.microsoft.com/linkedin/marketing/community-management/shares/little-text-format).
// Reserved characters | { } @ [ ] ( ) < > # \ * _ ~ are literal only when escaped with a
// backslash; @[Name](urn:li:person:…|urn:li:organization:…), #tag and
// {hashtag|#|tag} are elements. LinkedIn answers 201 for commentary that breaks the
// grammar and keeps only what precedes the first reserved character that starts no
// element: the post silently ends there.
class LittleText
{
public:
    struct Result
    {
        QString rendered; // the text members see
        QString source; // the little text that was kept
        bool truncated = false;
    };

    static Result parse(const QString &commentary);
    static bool isReserved(QChar c);
};

} // namespace slotline::fake
