#pragma once

#include "core/submission.h"

#include <QCoreApplication>

#include <optional>

QT_BEGIN_NAMESPACE
class QAbstractButton;
class QMessageBox;
class QWidget;
QT_END_NAMESPACE

namespace slotline::client {
class LocalStore;
}

namespace slotline::gui {

// Trying a failed post again: the same text and media, to the same account and page, now,
// as a new post of the draft it was made from (or of a new draft, when none still says the
// same). A post the platform may have published all the same is not tried again without
// a warning: the account is where to look first.
class FailedPostRetry
{
    Q_DECLARE_TR_FUNCTIONS(FailedPostRetry)

public:
    // Why the post cannot be tried again, in words; nothing when it can.
    static std::optional<QString> refusal(const client::LocalStore &store, const Submission &post);
    // Whether the platform may have the post, so that the user is warned first.
    static bool needsWarning(const Submission &post);
    // The warning (not shown yet: open() it), Cancel its default. `publishAgain` gets the
    // button that goes ahead; `checkAccount` the one that opens the account (null when the
    // server named no address).
    static QMessageBox *warning(const Submission &post, QWidget *parent,
                                QAbstractButton **publishAgain, QAbstractButton **checkAccount);
    // Queues the new publication; its outbox sequence.
    static qint64 retry(client::LocalStore &store, const Submission &post, qint64 nowMs);
};

} // namespace slotline::gui
