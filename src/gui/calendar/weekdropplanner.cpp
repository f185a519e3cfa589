#include "gui/calendar/weekdropplanner.h"

#include "gui/calendar/weekcardfinder.h"
#include "gui/calendar/weekdroppainter.h"
#include "gui/calendar/weekgeometry.h"
#include "gui/calendar/weekgridpainter.h"
#include "gui/calendar/weekmodel.h"
#include "gui/common/calendarmime.h"

#include <QMimeData>
#include <QPoint>

#include <algorithm>

namespace slotline::gui {

void WeekDropPlanner::setDefaultTarget(const ScheduleEditor::Target &target, const QString &name)
{
    m_defaultTarget = target;
    m_defaultTargetName = name;
}

std::optional<WeekDropPlan> WeekDropPlanner::plan(const QMimeData *mimeData, const QPoint &point,
                                                  const WeekGeometry &geometry,
                                                  const WeekCardFinder &finder) const
{
    if (!mimeData || !m_week || !m_week->firstDay().isValid())
        return std::nullopt;
    WeekDropPlan plan;
    if (mimeData->hasFormat(calendarmime::Draft)) {
        plan.draft = true;
        plan.id = QString::fromUtf8(mimeData->data(calendarmime::Draft));
    } else if (mimeData->hasFormat(calendarmime::Post)) {
        plan.id = QString::fromUtf8(mimeData->data(calendarmime::Post));
    } else {
        return std::nullopt;
    }
    const auto day = geometry.dayAt(point.x());
    if (!day)
        return std::nullopt;
    plan.day = *day;
    plan.minuteOfDay = geometry.minuteAt(point.y());
    plan.atMs = m_week->instantAt(plan.day, plan.minuteOfDay);
    plan.target = m_defaultTarget;
    plan.targetName = m_defaultTargetName;
    // A post keeps its account: it snaps only to the slots that are for it.
    std::optional<QString> postAccount;
    if (!plan.draft) {
        const QModelIndex post = m_week->indexOfPost(plan.id);
        postAccount = post.isValid() ? post.data(WeekModel::AccountIdRole).toString() : QString();
    }
    // On a slot: exactly its time, and its account when it is for one.
    if (const WeekCard *slot = finder.slotForDrop(plan.day, point.y(), postAccount)) {
        plan.slotId = slot->id;
        plan.minuteOfDay = slot->minuteOfDay;
        plan.atMs = slot->startMs;
        if (!slot->accountId.isEmpty()) {
            plan.target = {slot->accountId, slot->pageId};
            plan.targetName = slot->detail;
        }
    }
    if (!m_editor)
        plan.refusal = tr("The calendar cannot change the plan here.");
    else if (plan.draft)
        plan.refusal = m_editor->refusalToSchedule(plan.id, plan.target, plan.atMs);
    else
        plan.refusal = m_editor->refusalToMove(plan.id, plan.atMs);
    return plan;
}

WeekDropGhost WeekDropPlanner::ghostOf(const WeekDropPlan &plan, const WeekGeometry &geometry,
                                       const std::vector<WeekCard> &cards)
{
    WeekDropGhost ghost;
    ghost.rect = geometry.postRect(plan.day, plan.minuteOfDay, 0, 1);
    const auto slot = std::find_if(cards.cbegin(), cards.cend(), [&plan](const WeekCard &card) {
        return card.slot && card.id == plan.slotId && card.day == plan.day;
    });
    if (!plan.slotId.isEmpty() && slot != cards.cend())
        ghost.slot = WeekCardFinder::rectOf(*slot, geometry);
    const QString time = WeekGridPainter::timeLabel(plan.minuteOfDay);
    // A draft says where it goes: the slot's account can differ from the one chosen.
    //: The ghost of a dragged draft: the time it would get, then the account it goes to.
    ghost.text = plan.draft && !plan.targetName.isEmpty() ? tr("%1 · %2").arg(time, plan.targetName)
                                                          : time;
    ghost.refusal = plan.refusal;
    return ghost;
}

} // namespace slotline::gui
