#include "gui/drafts/deletedraftcommand.h"

#include "client/localstore.h"
#include "core/clock.h"
#include "gui/common/firstline.h"

#include <QCoreApplication>

namespace slotline::gui {

DeleteDraftCommand::DeleteDraftCommand(client::LocalStore &store, const Clock &clock,
                                       const QString &localId)
    : m_store(store)
    , m_clock(clock)
    , m_localId(localId)
{
    if (const auto draft = store.draft(localId)) {
        m_text = draft->text;
        m_platforms = draft->platforms;
        m_mediaUrls = draft->mediaUrls;
    }
    const QString title = firstLine(m_text);
    setText(title.isEmpty() ? QCoreApplication::translate("DeleteDraftCommand", "Delete draft")
                            : QCoreApplication::translate("DeleteDraftCommand", "Delete draft “%1”")
                                  .arg(title.left(40)));
}

void DeleteDraftCommand::redo()
{
    m_store.deleteDraft(m_localId);
}

void DeleteDraftCommand::undo()
{
    m_localId = m_store.createDraft(m_text, m_platforms, m_mediaUrls, m_clock.nowMs());
}

} // namespace slotline::gui
