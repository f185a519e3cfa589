#include "gui/movepostcommand.h"

#include "client/localstore.h"

namespace slotline::gui {

MovePostCommand::MovePostCommand(client::LocalStore &store, const QString &submissionId,
                                 qint64 fromMs, qint64 toMs, const QString &description)
    : m_store(store)
    , m_submissionId(submissionId)
    , m_fromMs(fromMs)
    , m_toMs(toMs)
{
    setText(description);
}

void MovePostCommand::redo()
{
    moveTo(m_toMs);
}

void MovePostCommand::undo()
{
    moveTo(m_fromMs);
}

void MovePostCommand::moveTo(qint64 atMs)
{
    // The post as shown now: a refusal on the way may have put it back meanwhile.
    const auto post = m_store.cachedPost(m_submissionId);
    if (!post || post->scheduleId.isEmpty() || post->scheduledAtMs == atMs)
        return;
    m_store.queueMove(*post, atMs);
}

} // namespace slotline::gui
