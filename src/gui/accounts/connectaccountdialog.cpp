#include "gui/accounts/connectaccountdialog.h"

#include "client/session.h"
#include "gui/accounts/accounttreemodel.h"
#include "gui/common/errortext.h"
#include "gui/common/logcategories.h"
#include "gui/common/platformstyle.h"
#include "ui_connectaccountdialog.h"

#include <QClipboard>
#include <QDesktopServices>
#include <QGuiApplication>
#include <QPushButton>
#include <QStyle>

using namespace Qt::Literals::StringLiterals;

namespace slotline::gui {

using Stage = client::AccountConnector::Stage;

ConnectAccountDialog::ConnectAccountDialog(client::Session &session, QWidget *parent)
    : QDialog(parent)
    , m_ui(new Ui::ConnectAccountDialog)
    , m_session(session)
    , m_connector(new client::AccountConnector(session.client(), session.sync(), this))
{
    m_ui->setupUi(this);
    m_ui->linkedinButton->setIcon(PlatformStyle::icon(Platform::LinkedIn));
    m_ui->twitterButton->setIcon(PlatformStyle::icon(Platform::Twitter));
    m_ui->facebookButton->setIcon(PlatformStyle::icon(Platform::Facebook));
    m_ui->reconnectLabel->hide();
    QFont titleFont = m_ui->waitingTitle->font();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.25);
    titleFont.setBold(true);
    for (QLabel *title : {m_ui->waitingTitle, m_ui->doneTitle, m_ui->problemTitle})
        title->setFont(titleFont);
    const int iconSize = style()->pixelMetric(QStyle::PM_MessageBoxIconSize, nullptr, this);
    m_ui->problemIcon->setPixmap(QIcon::fromTheme(u"dialog-warning"_s).pixmap(iconSize, iconSize));

    m_connectButton = m_ui->buttons->addButton(tr("C&onnect"), QDialogButtonBox::ActionRole);
    m_tryAgainButton = m_ui->buttons->addButton(tr("&Try Again"), QDialogButtonBox::ActionRole);
    m_cancelButton = m_ui->buttons->addButton(QDialogButtonBox::Cancel);
    m_closeButton = m_ui->buttons->addButton(QDialogButtonBox::Close);
    // Close ends a finished dialog as accepted; Cancel (or Escape) stops waiting.
    m_ui->buttons->removeButton(m_closeButton);
    m_ui->buttons->addButton(m_closeButton, QDialogButtonBox::AcceptRole);
    connect(m_connectButton, &QPushButton::clicked, this, &ConnectAccountDialog::startConnecting);
    connect(m_tryAgainButton, &QPushButton::clicked, this, &ConnectAccountDialog::startConnecting);
    connect(m_ui->buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_ui->buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(this, &QDialog::rejected, m_connector, &client::AccountConnector::cancel);

    connect(m_ui->copyButton, &QToolButton::clicked, this,
            [this] { QGuiApplication::clipboard()->setText(m_ui->addressEdit->text()); });
    connect(m_ui->openAgainButton, &QToolButton::clicked, this,
            &ConnectAccountDialog::openInBrowser);
    connect(m_connector, &client::AccountConnector::stageChanged, this,
            &ConnectAccountDialog::showStage);
    connect(m_connector, &client::AccountConnector::authorizationReady, this,
            &ConnectAccountDialog::openInBrowser);
    connect(m_connector, &client::AccountConnector::pollTroubleChanged, this,
            &ConnectAccountDialog::updateTrouble);

    showStage(Stage::Idle);
}

ConnectAccountDialog::~ConnectAccountDialog() = default;

void ConnectAccountDialog::choosePlatform(Platform platform)
{
    switch (platform) {
    case Platform::LinkedIn: m_ui->linkedinButton->setChecked(true); break;
    case Platform::Twitter: m_ui->twitterButton->setChecked(true); break;
    case Platform::Facebook: m_ui->facebookButton->setChecked(true); break;
    }
}

Platform ConnectAccountDialog::chosenPlatform() const
{
    if (m_ui->twitterButton->isChecked())
        return Platform::Twitter;
    if (m_ui->facebookButton->isChecked())
        return Platform::Facebook;
    return Platform::LinkedIn;
}

void ConnectAccountDialog::setReconnectAccount(const Account &account)
{
    m_reconnectAccountId = account.id;
    choosePlatform(account.platform);
    for (QRadioButton *button : {m_ui->linkedinButton, m_ui->twitterButton, m_ui->facebookButton})
        button->setEnabled(button->isChecked());
    setWindowTitle(tr("Reconnect Account"));
    m_ui->chooseIntro->setText(
        tr("Slotline opens %1 in your browser: sign in there as the account below and allow "
           "Slotline to publish again. Its posts, slots and pages stay as they are.")
            .arg(platforms::displayName(account.platform)));
    QString who = account.username.isEmpty() ? account.name
                                             : tr("%1 (@%2)").arg(account.name, account.username);
    if (!account.statusReason.isEmpty())
        //: An account to reconnect, then what its platform said about it.
        who = tr("%1\n%2 said: %3")
                  .arg(who, platforms::displayName(account.platform), account.statusReason);
    m_ui->reconnectLabel->setText(who);
    m_ui->reconnectLabel->show();
    m_connectButton->setText(tr("Rec&onnect"));
}

void ConnectAccountDialog::startConnecting()
{
    m_browserOpened = true;
    m_connector->start(chosenPlatform(), m_reconnectAccountId);
}

void ConnectAccountDialog::setButtons(bool connect, bool tryAgain, bool cancel, bool close)
{
    m_connectButton->setVisible(connect);
    m_tryAgainButton->setVisible(tryAgain);
    m_cancelButton->setVisible(cancel);
    m_closeButton->setVisible(close);
    QPushButton *preferred = connect    ? m_connectButton
                             : close    ? m_closeButton
                             : tryAgain ? m_tryAgainButton
                                        : m_cancelButton;
    preferred->setDefault(true);
    preferred->setFocus();
}

void ConnectAccountDialog::showStage(Stage stage)
{
    const QString platform = platforms::displayName(m_connector->platform());
    switch (stage) {
    case Stage::Idle:
        m_ui->pages->setCurrentWidget(m_ui->choosePage);
        setButtons(true, false, true, false);
        return;
    case Stage::Starting:
        m_ui->waitingTitle->setText(tr("Asking the server…"));
        m_ui->waitingText->setText(
            tr("The server prepares the page of %1 to sign in on.").arg(platform));
        showWaiting(false);
        return;
    case Stage::Waiting:
        m_ui->waitingTitle->setText(tr("Finish in your browser…"));
        m_ui->waitingText->setText(
            tr("Sign in to %1 in your browser and allow Slotline to publish. This window "
               "notices by itself when you are done.")
                .arg(platform));
        m_ui->addressEdit->setText(m_connector->authorizationUrl().toString(QUrl::FullyEncoded));
        m_ui->addressEdit->setCursorPosition(0);
        showWaiting(true);
        return;
    case Stage::Finishing:
        m_ui->waitingTitle->setText(tr("Connected; reading the account…"));
        m_ui->waitingText->setText(tr("Slotline reads the account and its pages."));
        showWaiting(false);
        return;
    case Stage::Connected:
        showConnected();
        Q_EMIT accountConnected(m_connector->accountId());
        return;
    case Stage::Failed: {
        const QString reason = m_connector->failureReason().trimmed();
        showProblem(tr("%1 did not connect the account").arg(platform),
                    reason.isEmpty() ? tr("The platform did not say why. Try again, and allow "
                                          "Slotline to publish when the platform asks.")
                                     : reason,
                    QString());
        return;
    }
    case Stage::Expired:
        showProblem(tr("The time to finish in the browser ran out"),
                    tr("Signing in to %1 has to be finished within 10 minutes of pressing "
                       "Connect. Try again to get a new page to sign in on.")
                        .arg(platform),
                    QString());
        return;
    case Stage::Error: {
        const client::ApiError &error = *m_connector->error();
        QString text = ErrorText::describe(error);
        // The server's explanation names what its administrator has to do.
        if (error.errorCode() == ErrorCode::PlatformNotConfigured && !error.message().isEmpty())
            //: After why an account could not be connected: the server's own explanation.
            text += u"\n\n"_s + tr("The server says: %1").arg(error.message());
        showProblem(tr("The account could not be connected"), text, ErrorText::detail(error));
        return;
    }
    }
}

void ConnectAccountDialog::showWaiting(bool haveAddress)
{
    m_ui->pages->setCurrentWidget(m_ui->waitingPage);
    for (QWidget *widget :
         {static_cast<QWidget *>(m_ui->addressLabel), static_cast<QWidget *>(m_ui->addressEdit),
          static_cast<QWidget *>(m_ui->copyButton), static_cast<QWidget *>(m_ui->openAgainButton)})
        widget->setVisible(haveAddress);
    updateTrouble();
    setButtons(false, false, true, false);
}

void ConnectAccountDialog::showConnected()
{
    m_ui->pages->setCurrentWidget(m_ui->donePage);
    const QString id = m_connector->accountId();
    std::optional<Account> account;
    for (const Account &cached : m_session.store().reference().accounts()) {
        if (cached.id == id)
            account = cached;
    }
    m_ui->doneTitle->setText(m_reconnectAccountId.isEmpty() ? tr("The account is connected")
                                                            : tr("The account is connected again"));
    const Platform platform = account ? account->platform : m_connector->platform();
    m_ui->accountIcon->setPixmap(PlatformStyle::icon(platform).pixmap(32, 32));
    QStringList lines;
    lines.append(account ? account->name : id);
    if (account && !account->username.isEmpty())
        lines.append(u'@' + account->username);
    lines.append(platforms::displayName(platform));
    if (account && account->status != AccountStatus::Connected)
        lines.append(AccountTreeModel::statusText(*account));
    m_ui->accountLabel->setText(lines.join(u'\n'));

    m_ui->pagesList->clear();
    const QList<Subaccount> pages = m_session.store().reference().subaccounts(id);
    for (const Subaccount &page : pages) {
        //: A page of a newly connected account: its name and type ("page", "organization").
        m_ui->pagesList->addItem(new QListWidgetItem(
            PlatformStyle::icon(platform),
            tr("%1 (%2)").arg(page.name, AccountTreeModel::pageTypeText(page.type))));
    }
    m_ui->pagesList->setVisible(!pages.isEmpty());
    m_ui->pagesLabel->setText(
        pages.isEmpty() ? tr("Posts go to the account itself; it has no pages to publish to.")
                        : tr("It publishes to %Ln page(s):", nullptr, int(pages.size())));
    setButtons(false, false, false, true);
}

void ConnectAccountDialog::showProblem(const QString &title, const QString &text,
                                       const QString &detail)
{
    m_ui->pages->setCurrentWidget(m_ui->problemPage);
    m_ui->problemTitle->setText(title);
    m_ui->problemText->setText(text);
    m_ui->problemText->setToolTip(detail);
    setButtons(false, true, false, true);
}

void ConnectAccountDialog::openInBrowser()
{
    const QUrl url = m_connector->authorizationUrl();
    if (url.isEmpty())
        return;
    m_browserOpened = QDesktopServices::openUrl(url);
    if (!m_browserOpened)
        qCInfo(lcGui) << "no browser opened the platform's page";
    updateTrouble();
}

void ConnectAccountDialog::updateTrouble()
{
    QStringList lines;
    if (!m_browserOpened && m_connector->stage() == Stage::Waiting)
        lines.append(tr("The browser did not open: copy the address into it yourself."));
    if (const auto &trouble = m_connector->pollTrouble())
        //: While waiting for the browser, a question to the server got no answer.
        lines.append(tr("%1 Slotline keeps asking.").arg(ErrorText::describe(*trouble)));
    m_ui->troubleLabel->setText(lines.join(u'\n'));
    m_ui->troubleLabel->setVisible(!lines.isEmpty());
}

QString ConnectAccountDialog::shownText() const
{
    const QWidget *page = m_ui->pages->currentWidget();
    if (page == m_ui->choosePage)
        return m_ui->chooseIntro->text() + u'\n' + m_ui->reconnectLabel->text();
    if (page == m_ui->waitingPage)
        return m_ui->waitingTitle->text() + u'\n' + m_ui->waitingText->text() + u'\n'
               + m_ui->troubleLabel->text();
    if (page == m_ui->donePage)
        return m_ui->doneTitle->text() + u'\n' + m_ui->accountLabel->text() + u'\n'
               + m_ui->pagesLabel->text();
    return m_ui->problemTitle->text() + u'\n' + m_ui->problemText->text();
}

} // namespace slotline::gui
