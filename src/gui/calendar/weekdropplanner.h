#pragma once

#include "gui/calendar/scheduleeditor.h"

#include <QCoreApplication>
#include <QPointer>
#include <QString>

#include <optional>
#include <vector>

class QMimeData;
class QPoint;

namespace slotline::gui {

class WeekCardFinder;
class WeekGeometry;
class WeekModel;
struct WeekCard;
struct WeekDropGhost;

// Where a drag over the week would land, and whether it may.
struct WeekDropPlan
{
    bool draft = false;
    QString id; // the draft's local id or the post's submission id
    int day = 0;
    int minuteOfDay = 0;
    qint64 atMs = 0;
    QString slotId; // the slot it snaps to
    ScheduleEditor::Target target;
    QString targetName;
    std::optional<QString> refusal;
};

// Plans a drop on the week: what is dragged (a draft or a post), the time under it, snapped
// to the quarter hour or exactly to the slot it is over, the account a draft would go to,
// and why the editor would refuse it. The view paints the plan and emits it when dropped;
// it never changes anything through the editor itself.
class WeekDropPlanner
{
    Q_DECLARE_TR_FUNCTIONS(WeekDropPlanner)

public:
    void setModel(const WeekModel *week) { m_week = week; }
    void setEditor(const ScheduleEditor *editor) { m_editor = editor; }
    const ScheduleEditor *editor() const { return m_editor; }
    // Where a dropped draft is scheduled when the slot under it names no single account.
    void setDefaultTarget(const ScheduleEditor::Target &target, const QString &name);
    const ScheduleEditor::Target &defaultTarget() const { return m_defaultTarget; }

    // A drop of `mimeData` at `point` (content coordinates); none when it is not a draft or
    // a post, or not over a day.
    std::optional<WeekDropPlan> plan(const QMimeData *mimeData, const QPoint &point,
                                     const WeekGeometry &geometry,
                                     const WeekCardFinder &finder) const;

    // How the plan is shown, in content coordinates: where it lands, the slot it snaps to
    // (among `cards`, by id: they may have been read again since), the time and, for a
    // draft, the account it goes to.
    static WeekDropGhost ghostOf(const WeekDropPlan &plan, const WeekGeometry &geometry,
                                 const std::vector<WeekCard> &cards);

private:
    const WeekModel *m_week = nullptr;
    QPointer<const ScheduleEditor> m_editor;
    ScheduleEditor::Target m_defaultTarget;
    QString m_defaultTargetName;
};

} // namespace slotline::gui
