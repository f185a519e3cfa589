#include "gui/calendar/publishagainquestion.h"

#include "core/postrules.h"
#include "core/submission.h"
#include "gui/common/projecttimezone.h"

#include <QLocale>
#include <QMessageBox>
#include <QPushButton>

using namespace Qt::Literals::StringLiterals;

namespace slotline::gui {
namespace {

bool samePlace(const QString &accountId, const QString &pageId,
               const client::LocalStore::Publication &publication)
{
    return accountId == publication.accountId && pageId == publication.pageId;
}

// The draft's post there that still stands (the latest), if any.
std::optional<Submission> standingPost(const client::LocalStore &store, const QString &draftLocalId,
                                       const client::LocalStore::Publication &publication)
{
    std::optional<Submission> found;
    for (const Submission &post : store.posts().ofDraft(draftLocalId)) {
        const QString pageId = post.target ? post.target->pageId : QString();
        if (samePlace(post.accountId, pageId, publication) && PostRules::isOccupying(post.status))
            found = post;
    }
    return found;
}

bool waiting(const client::LocalStore &store, const QString &draftLocalId,
             const client::LocalStore::Publication &publication)
{
    const QList<client::LocalStore::Publication> queued = store.queuedPublications(draftLocalId);
    return std::any_of(queued.cbegin(), queued.cend(),
                       [&](const client::LocalStore::Publication &other) {
                           return samePlace(other.accountId, other.pageId, publication);
                       });
}

} // namespace

bool PublishAgainQuestion::isNeeded(const client::LocalStore &store, const QString &draftLocalId,
                                    const client::LocalStore::Publication &publication)
{
    return standingPost(store, draftLocalId, publication).has_value()
           || waiting(store, draftLocalId, publication);
}

QMessageBox *PublishAgainQuestion::make(const client::LocalStore &store,
                                        const QString &draftLocalId,
                                        const client::LocalStore::Publication &publication,
                                        QWidget *parent)
{
    const std::optional<Submission> earlier = standingPost(store, draftLocalId, publication);
    if (!earlier && !waiting(store, draftLocalId, publication))
        return nullptr;

    QString where = publication.accountId;
    for (const Account &account : store.reference().accounts()) {
        if (account.id != publication.accountId)
            continue;
        //: An account where a post goes: its platform, then its name (and handle).
        where = account.username.isEmpty()
                    ? tr("%1 %2").arg(platforms::displayName(account.platform), account.name)
                    : tr("%1 %2 (@%3)")
                          .arg(platforms::displayName(account.platform), account.name,
                               account.username);
    }
    if (!publication.pageId.isEmpty()) {
        for (const Subaccount &page : store.reference().subaccounts(publication.accountId)) {
            if (page.id == publication.pageId)
                //: Where a post goes: the account, then the page it is posted as.
                where = tr("%1 as %2").arg(where, page.name);
        }
    }
    const QTimeZone zone = ProjectTimeZone::of(store);
    const auto timeText = [&zone](qint64 ms) {
        return QLocale().toString(QDateTime::fromMSecsSinceEpoch(ms).toTimeZone(zone),
                                  QLocale::LongFormat);
    };
    QString said;
    if (!earlier) {
        said = tr("This draft is already waiting to go to %1.").arg(where);
    } else if (earlier->status == SubmissionStatus::Published) {
        said = tr("This draft was already published to %1 on %2.")
                   .arg(where, timeText(earlier->publishedAtMs.value_or(earlier->createdAtMs)));
    } else if (earlier->status == SubmissionStatus::InProgress) {
        said = tr("This draft is being published to %1 right now.").arg(where);
    } else {
        said = tr("This draft is already scheduled for %1 on %2.")
                   .arg(where, timeText(earlier->scheduledAtMs.value_or(0)));
    }
    const bool now = !publication.scheduledAtMs && !publication.useNextFreeSlot;
    auto *box
        = new QMessageBox(QMessageBox::Question, now ? tr("Publish again?") : tr("Schedule again?"),
                          said, QMessageBox::NoButton, parent);
    box->setObjectName(u"publishAgainBox"_s);
    box->setInformativeText(now ? tr("Publishing it again makes a second post there.")
                                : tr("Scheduling it again makes a second post there."));
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->addButton(now ? tr("Publish &again") : tr("Schedule &again"), QMessageBox::AcceptRole);
    box->setDefaultButton(box->addButton(QMessageBox::Cancel)); // a stray Enter posts nothing
    return box;
}

} // namespace slotline::gui
