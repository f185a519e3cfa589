#include "gui/settings/settingsdialog.h"

#include "client/session.h"
#include "core/clock.h"
#include "gui/common/projecttimezone.h"
#include "gui/settings/apikeyspage.h"
#include "gui/settings/connectionform.h"
#include "ui_settingsdialog.h"

#include <QDateTime>
#include <QPushButton>
#include <QTimeZone>

using namespace Qt::Literals::StringLiterals;

namespace slotline::gui {

SettingsDialog::SettingsDialog(client::Session &session, const Clock &clock,
                               const ConnectionChoice &current, QWidget *parent)
    : QDialog(parent)
    , m_ui(new Ui::SettingsDialog)
    , m_session(session)
    , m_clock(clock)
    , m_current(current)
{
    m_ui->setupUi(this);
    m_connectionForm = new ConnectionForm(m_ui->connectionFormContainer);
    m_ui->connectionFormLayout->addWidget(m_connectionForm);
    m_connectionForm->setChoice(current, ConnectionForm::Verification::Verified);
    m_apiKeysPage = new ApiKeysPage(session.client(), m_ui->keysTab);
    m_apiKeysPage->setClock(&clock);
    m_ui->keysLayout->addWidget(m_apiKeysPage);

    m_ui->currentConnectionLabel->setText(
        current.mode == ConnectionChoice::Mode::Bundled
            ? tr("Slotline now uses the server built into it, on this computer (%1).")
                  .arg(session.baseUrl().toDisplayString())
            : tr("Slotline now uses the server at %1.").arg(session.baseUrl().toDisplayString()));
    connect(m_connectionForm, &ConnectionForm::acceptableChanged, this,
            &SettingsDialog::updateApply);
    connect(m_connectionForm, &ConnectionForm::testFinished, this, &SettingsDialog::updateApply);
    connect(m_ui->applyConnectionButton, &QPushButton::clicked, this, [this] {
        Q_EMIT connectionChosen(m_connectionForm->choice());
        accept();
    });
    connect(&session.store(), &client::LocalStore::referenceChanged, this,
            &SettingsDialog::showProject);
    connect(m_ui->tabs, &QTabWidget::currentChanged, this, [this](int index) {
        if (m_ui->tabs->widget(index) == m_ui->keysTab)
            m_apiKeysPage->reload();
    });
    showProject();
    updateApply();
}

SettingsDialog::~SettingsDialog() = default;

void SettingsDialog::showPage(Page page)
{
    switch (page) {
    case Page::Connection: m_ui->tabs->setCurrentWidget(m_ui->connectionTab); break;
    case Page::Project: m_ui->tabs->setCurrentWidget(m_ui->projectTab); break;
    case Page::ApiKeys: m_ui->tabs->setCurrentWidget(m_ui->keysTab); break;
    }
}

void SettingsDialog::showProject()
{
    const auto user = m_session.store().reference().user();
    const QString unknown = tr("not known yet (the server has not answered)");
    m_ui->projectNameLabel->setText(user ? user->projectName : unknown);
    if (user) {
        const QTimeZone zone = ProjectTimeZone::of(m_session.store());
        const QDateTime now = QDateTime::fromMSecsSinceEpoch(m_clock.nowMs()).toTimeZone(zone);
        m_ui->timezoneLabel->setText(
            tr("%1 (%2), now %3 there. Times in Slotline are shown in this zone.")
                .arg(QString::fromUtf8(zone.id()), zone.displayName(now, QTimeZone::OffsetName),
                     QLocale().toString(now.time(), QLocale::ShortFormat)));
        m_ui->ownerLabel->setText(
            user->email.isEmpty() ? user->name : tr("%1 <%2>").arg(user->name, user->email));
        m_ui->keyLabel->setText(user->apiKeyId);
    } else {
        m_ui->timezoneLabel->setText(unknown);
        m_ui->ownerLabel->setText(unknown);
        m_ui->keyLabel->setText(unknown);
    }
    m_ui->serverLabel->setText(m_session.baseUrl().toDisplayString());
}

void SettingsDialog::updateApply()
{
    const bool changed = !(m_connectionForm->choice() == m_current);
    const bool acceptable = m_connectionForm->isAcceptable();
    m_ui->applyConnectionButton->setEnabled(changed && acceptable);
    if (!changed)
        m_ui->applyMessageLabel->setText(tr("This is the connection in use."));
    else if (!acceptable)
        m_ui->applyMessageLabel->setText(tr("Test the connection before using it."));
    else
        m_ui->applyMessageLabel->setText(
            tr("Drafts written for the current server stay on this computer and come back "
               "when you switch back to it."));
}

} // namespace slotline::gui
