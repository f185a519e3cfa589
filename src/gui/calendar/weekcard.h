#pragma once

#include <QFont>
#include <QModelIndex>
#include <QStaticText>
#include <QString>

#include <vector>

class QAbstractItemModel;

namespace slotline::gui {

// What the week calendar keeps of a WeekModel row to paint and hit-test it; read again
// when the model changes.
struct WeekCard
{
    int row = 0;
    bool slot = false;
    int day = 0;
    int minuteOfDay = 0;
    int lane = 0;
    int laneCount = 1;
    qint64 startMs = 0;
    int platform = -1;
    int status = 0;
    bool pending = false;
    bool taken = false;
    bool movable = false;
    QString label; // posts: the first line of the text; slots: "09:00 slot"
    QString detail; // posts: the account; slots: the one account they are for
    QString accountId;
    QString pageId;
    QString id; // submission id or slot id
    // The text the painter elided last, laid out (shaping text is most of a card's paint),
    // kept while the same text is asked for at the same width in the same font.
    mutable QStaticText elided;
    mutable qreal elidedHeight = 0; // of its line, without leading
    mutable QFont elidedFont;
    mutable int elidedWidth = -1;
    mutable int elidedKind = -1;

    // The cards of the WeekModel rows under `root`: slots first (posts are painted over
    // them, and found first under the mouse), then posts. A card made again keeps the text
    // the painter elided for it in `previous` while its text is the same.
    static std::vector<WeekCard> readAll(const QAbstractItemModel &model, const QModelIndex &root,
                                         const std::vector<WeekCard> &previous);

    // Keeps `before`'s elided text when it is this card's too: one post moved need not
    // elide the whole week again.
    void keepElisionOf(const WeekCard &before)
    {
        if (before.slot != slot || before.label != label || before.detail != detail)
            return;
        elided = before.elided;
        elidedHeight = before.elidedHeight;
        elidedFont = before.elidedFont;
        elidedWidth = before.elidedWidth;
        elidedKind = before.elidedKind;
    }
};

} // namespace slotline::gui
