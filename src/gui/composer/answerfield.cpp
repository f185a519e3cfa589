#include "gui/composer/answerfield.h"

using namespace Qt::Literals::StringLiterals;

namespace slotline::gui {

AnswerField AnswerField::of(const QString &path)
{
    // The first index in "mediaUrls[2]" or "post.content.mediaUrls[0]".
    if (const qsizetype open = path.indexOf(u"mediaUrls["_s); open >= 0) {
        const qsizetype start = open + 10;
        bool ok = false;
        const int index = path.mid(start, path.indexOf(u']', start) - start).toInt(&ok);
        if (ok)
            return {Part::Media, index};
    }
    if (path == u"text" || path.endsWith(u".text"))
        return {Part::Text};
    if (path == u"accountId" || path == u"pageId" || path.endsWith(u"accountId")
        || path.startsWith(u"target") || path.endsWith(u"platform"))
        return {Part::Account};
    if (path.contains(u"scheduled", Qt::CaseInsensitive)
        || path.contains(u"slot", Qt::CaseInsensitive))
        return {Part::Time};
    return {};
}

} // namespace slotline::gui
