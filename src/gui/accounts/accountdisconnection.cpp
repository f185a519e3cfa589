#include "gui/accounts/accountdisconnection.h"

#include "client/accountdisconnector.h"
#include "client/session.h"
#include "gui/common/errortext.h"

#include <QMessageBox>
#include <QPushButton>

using namespace Qt::Literals::StringLiterals;

namespace slotline::gui {

AccountDisconnection::AccountDisconnection(client::Session &session, const Account &account,
                                           QWidget *window)
    : QObject(window)
    , m_session(session)
    , m_account(account)
    , m_window(window)
    , m_disconnector(new client::AccountDisconnector(session.client(), session.sync(), this))
{
    connect(m_disconnector, &client::AccountDisconnector::disconnected, this, [this] {
        //: In the status bar; %1 is the account (platform, name, handle).
        finish(tr("%1 is disconnected.").arg(who()));
    });
    connect(m_disconnector, &client::AccountDisconnector::scheduledPostsInTheWay, this,
            [this](const QString &, int count) {
                ask(tr("%1 has %n scheduled post(s).", nullptr, count).arg(who()),
                    tr("Cancel them and disconnect the account? Their credits come back, and "
                       "the Posts list keeps them as cancelled."),
                    tr("Cancel Posts and Disconnect"), true);
            });
    connect(m_disconnector, &client::AccountDisconnector::failed, this,
            [this](const QString &, const client::ApiError &error) { refused(error); });
}

AccountDisconnection::~AccountDisconnection() = default;

QMessageBox *AccountDisconnection::question() const
{
    return m_question;
}

QString AccountDisconnection::who() const
{
    const QString platform = platforms::displayName(m_account.platform);
    //: An account: its platform, its name and its @handle.
    return m_account.username.isEmpty()
               ? tr("%1 %2").arg(platform, m_account.name)
               : tr("%1 %2 (@%3)").arg(platform, m_account.name, m_account.username);
}

void AccountDisconnection::start()
{
    ask(tr("Disconnect %1?").arg(who()),
        tr("Slotline forgets the account's sign-in and publishes nothing more to it. You can "
           "connect it again later."),
        tr("Disconnect"), false);
}

void AccountDisconnection::ask(const QString &text, const QString &details, const QString &goAhead,
                               bool cancelScheduled)
{
    auto *box = new QMessageBox(QMessageBox::Question, tr("Disconnect Account"), text,
                                QMessageBox::Cancel, m_window);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setWindowModality(Qt::WindowModal);
    box->setInformativeText(details);
    QPushButton *go = box->addButton(goAhead, QMessageBox::AcceptRole);
    box->setDefaultButton(QMessageBox::Cancel);
    connect(box, &QMessageBox::finished, this, [this, box, go, cancelScheduled] {
        if (box->clickedButton() != go) {
            finish(QString());
            return;
        }
        m_disconnector->disconnect(m_account.id, cancelScheduled);
    });
    m_question = box;
    box->open();
}

void AccountDisconnection::refused(const client::ApiError &error)
{
    auto *box = new QMessageBox(QMessageBox::Warning, tr("Disconnect Account"),
                                //: %1 is the account (platform, name, handle).
                                tr("%1 could not be disconnected.").arg(who()), QMessageBox::Ok,
                                m_window);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setWindowModality(Qt::WindowModal);
    box->setInformativeText(ErrorText::describe(error));
    box->setDetailedText(ErrorText::detail(error));
    connect(box, &QMessageBox::finished, this, [this] { finish(QString()); });
    m_question = box;
    box->open();
}

void AccountDisconnection::finish(const QString &message)
{
    m_question = nullptr;
    Q_EMIT finished(message);
    deleteLater();
}

} // namespace slotline::gui
