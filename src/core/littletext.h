#pragma once

#include <QString>
#include <QStringView>

namespace slotline {

// LinkedIn's "little" text format, which the Posts API reads the commentary of a post in.
// The characters | { } @ [ ] ( ) < > # \ * _ ~ are reserved: escaped with a backslash they
// are text; unescaped they must start a mention, @[Name](urn:li:person:id) or
// @[Name](urn:li:organization:id), or a hashtag template, {hashtag|#|tag}. Anywhere else
// LinkedIn accepts the post (201 Created) and silently cuts its text there.
class LittleText
{
public:
    // Little text that LinkedIn shows as exactly `plain`: every reserved character escaped,
    // hashtags and @ included, so no post is ever cut short.
    static QString escape(QStringView plain);

    // What LinkedIn shows for `littleText`: escapes resolved, a mention shown as its name, a
    // hashtag template as its sign and tag, and the text cut at the first reserved character
    // that is neither escaped nor the start of a valid mention or template.
    static QString render(QStringView littleText);
};

} // namespace slotline
