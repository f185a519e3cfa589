#include "gui/posts/failedpostretry.h"

#include "client/localstore.h"
#include "core/platform.h"
#include "core/postrules.h"

#include <QMessageBox>
#include <QPushButton>
#include <QUrl>

using namespace Qt::Literals::StringLiterals;

namespace slotline::gui {

std::optional<QString> FailedPostRetry::refusal(const client::LocalStore &store,
                                                const Submission &post)
{
    if (post.status != SubmissionStatus::Failed)
        return tr("Only a failed post can be tried again.");
    for (const Account &account : store.reference().accounts()) {
        if (account.id != post.accountId)
            continue;
        const auto refusal = PostRules::refusalToPublish(account.status);
        if (!refusal)
            return std::nullopt;
        return *refusal == PublishRefusal::NeedsReconnect
                   //: %1 is the account's name.
                   ? tr("%1 needs to be connected again first.").arg(account.name)
                   //: %1 is the account's name.
                   : tr("%1 is disconnected.").arg(account.name);
    }
    return tr("The account is no longer in this project.");
}

bool FailedPostRetry::needsWarning(const Submission &post)
{
    return !post.checkUrl.isEmpty() || post.errorCode == u"may_have_published"_s;
}

QMessageBox *FailedPostRetry::warning(const Submission &post, QWidget *parent,
                                      QAbstractButton **publishAgain,
                                      QAbstractButton **checkAccount)
{
    const QString platform = platforms::displayName(post.platform);
    auto *box = new QMessageBox(QMessageBox::Warning, tr("Try Again"),
                                //: %1 is the platform (X, LinkedIn, Facebook).
                                tr("%1 may have published this post already.").arg(platform),
                                QMessageBox::Cancel, parent);
    box->setInformativeText(
        //: %1 is the platform (X, LinkedIn, Facebook).
        tr("Its answer was lost, so Slotline cannot tell. Publishing it again may put it on the "
           "account twice: check the account on %1 first.")
            .arg(platform));
    *publishAgain = box->addButton(tr("Publish Again"), QMessageBox::AcceptRole);
    *checkAccount = nullptr;
    // Only an address on the web is opened (as the Posts list's "Check the account").
    if (QUrl(post.checkUrl).scheme() == u"https"_s)
        //: %1 is the platform (X, LinkedIn, Facebook).
        *checkAccount
            = box->addButton(tr("Check the Account on %1").arg(platform), QMessageBox::ActionRole);
    box->setDefaultButton(QMessageBox::Cancel);
    return box;
}

qint64 FailedPostRetry::retry(client::LocalStore &store, const Submission &post, qint64 nowMs)
{
    client::LocalStore::Publication publication;
    publication.accountId = post.accountId;
    if (post.target)
        publication.pageId = post.target->pageId;
    return store.queuePublication(store.draftFor(post, nowMs), publication);
}

} // namespace slotline::gui
