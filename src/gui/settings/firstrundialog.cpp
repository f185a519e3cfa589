#include "gui/settings/firstrundialog.h"

#include "gui/settings/connectionform.h"
#include "ui_firstrundialog.h"

#include <QIcon>
#include <QPushButton>

using namespace Qt::Literals::StringLiterals;

namespace slotline::gui {

FirstRunDialog::FirstRunDialog(QWidget *parent)
    : QDialog(parent)
    , m_ui(new Ui::FirstRunDialog)
{
    m_ui->setupUi(this);

    QFont titleFont = m_ui->title->font();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.5);
    titleFont.setBold(true);
    m_ui->title->setFont(titleFont);
    const QIcon appIcon(u":/icons/app/slotline.svg"_s);
    const QPixmap logo = appIcon.pixmap(64, 64);
    m_ui->logo->setPixmap(logo);
    m_ui->logo->setVisible(!logo.isNull());
    setWindowIcon(appIcon);

    m_startButton = m_ui->buttons->addButton(tr("&Start"), QDialogButtonBox::AcceptRole);
    m_quitButton = m_ui->buttons->addButton(tr("&Quit"), QDialogButtonBox::RejectRole);
    m_startButton->setDefault(true);
    connect(m_ui->buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_ui->buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    ConnectionForm *form = m_ui->connectionForm;
    m_startButton->setEnabled(form->isAcceptable());
    connect(form, &ConnectionForm::acceptableChanged, m_startButton, &QPushButton::setEnabled);
    setTabOrder(form, m_ui->buttons);
}

FirstRunDialog::~FirstRunDialog() = default;

ConnectionChoice FirstRunDialog::choice() const
{
    return m_ui->connectionForm->choice();
}

ConnectionForm *FirstRunDialog::connectionForm() const
{
    return m_ui->connectionForm;
}

} // namespace slotline::gui
