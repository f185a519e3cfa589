#pragma once

#include "client/localstore.h"

#include <QCoreApplication>

QT_BEGIN_NAMESPACE
class QMessageBox;
class QWidget;
QT_END_NAMESPACE

namespace slotline::gui {

// Whether a draft already went where it is about to be sent (published there, scheduled
// for it, being published, or waiting in the outbox for that account and page), and the
// question that asks before a second post is made there. The composer and the calendar
// ask the same way. A failed or cancelled post went nowhere: sending again needs no
// question.
class PublishAgainQuestion
{
    Q_DECLARE_TR_FUNCTIONS(PublishAgainQuestion)

public:
    static bool isNeeded(const client::LocalStore &store, const QString &draftLocalId,
                         const client::LocalStore::Publication &publication);

    // The question (not shown yet: open() it), naming where and when the draft went, with
    // Cancel as its default; its AcceptRole button says to go ahead. Null when no question
    // is needed.
    static QMessageBox *make(const client::LocalStore &store, const QString &draftLocalId,
                             const client::LocalStore::Publication &publication, QWidget *parent);
};

} // namespace slotline::gui
