#include "gui/settings/connectionform.h"

#include "client/apiclient.h"
#include "client/connectionsettings.h"
#include "gui/common/logcategories.h"
#include "ui_connectionform.h"

#include <QPalette>

using namespace Qt::Literals::StringLiterals;

namespace slotline::gui {
namespace {

// Long enough for a server far away, short enough that nobody wonders whether it hangs.
constexpr int TestTimeoutMs = 15'000;

// The key as pasted, often with a blank or a line break around it.
QString typedKey(const QString &text)
{
    return text.trimmed();
}

std::optional<QUrl> typedAddress(const QString &text, QString *problem = nullptr)
{
    return client::ConnectionSettings::parseBaseUrl(text, problem);
}

} // namespace

ConnectionForm::ConnectionForm(QWidget *parent)
    : QWidget(parent)
    , m_ui(new Ui::ConnectionForm)
{
    m_ui->setupUi(this);

    for (QLabel *problem : {m_ui->addressProblem, m_ui->apiKeyProblem}) {
        QPalette palette = problem->palette();
        const bool darkTheme = palette.color(QPalette::Window).lightness() < 128;
        palette.setColor(QPalette::WindowText,
                         darkTheme ? QColor(0xff, 0x7b, 0x72) : QColor(0xc0, 0x1c, 0x28));
        problem->setPalette(palette);
        problem->hide();
    }

    connect(m_ui->remoteRadio, &QRadioButton::toggled, this, &ConnectionForm::modeChanged);
    connect(m_ui->addressEdit, &QLineEdit::textChanged, this, &ConnectionForm::remoteFieldsEdited);
    connect(m_ui->apiKeyEdit, &QLineEdit::textChanged, this, &ConnectionForm::remoteFieldsEdited);
    connect(m_ui->showKeyButton, &QToolButton::toggled, this, &ConnectionForm::setKeyVisible);
    connect(m_ui->testButton, &QPushButton::clicked, this, &ConnectionForm::testConnection);
    modeChanged();
}

ConnectionForm::~ConnectionForm() = default;

ConnectionChoice ConnectionForm::choice() const
{
    if (m_ui->bundledRadio->isChecked())
        return ConnectionChoice {ConnectionChoice::Mode::Bundled, {}, {}};
    return ConnectionChoice {ConnectionChoice::Mode::Remote,
                             typedAddress(m_ui->addressEdit->text()).value_or(QUrl()),
                             typedKey(m_ui->apiKeyEdit->text())};
}

void ConnectionForm::setChoice(const ConnectionChoice &choice, Verification verification)
{
    const bool remote = choice.mode == ConnectionChoice::Mode::Remote;
    (remote ? m_ui->remoteRadio : m_ui->bundledRadio)->setChecked(true);
    if (remote) {
        m_ui->addressEdit->setText(choice.baseUrl.toDisplayString());
        m_ui->apiKeyEdit->setText(choice.apiKey);
        // After the edits above, which forget any earlier test.
        if (verification == Verification::Verified) {
            m_verifiedUrl = typedAddress(m_ui->addressEdit->text()).value_or(QUrl());
            m_verifiedKey = typedKey(choice.apiKey);
        }
    }
    updateAcceptable();
}

bool ConnectionForm::isAcceptable() const
{
    if (m_ui->bundledRadio->isChecked())
        return true;
    if (isTesting() || m_verifiedKey.isEmpty() || m_verifiedUrl.isEmpty())
        return false;
    return typedAddress(m_ui->addressEdit->text()) == m_verifiedUrl
           && typedKey(m_ui->apiKeyEdit->text()) == m_verifiedKey;
}

void ConnectionForm::modeChanged()
{
    const bool remote = m_ui->remoteRadio->isChecked();
    m_ui->remoteFields->setEnabled(remote);
    m_ui->bundledDetails->setEnabled(!remote);
    updateAcceptable();
}

void ConnectionForm::remoteFieldsEdited()
{
    // Whatever a test said was about other input, and a running test is about it too.
    ++m_testRun;
    if (isTesting())
        finishTest();
    m_verifiedUrl.clear();
    m_verifiedKey.clear();
    clearProblems();
    m_ui->testResult->clear();
    m_ui->testResult->setToolTip(QString());
    updateAcceptable();
}

void ConnectionForm::setKeyVisible(bool visible)
{
    m_ui->apiKeyEdit->setEchoMode(visible ? QLineEdit::Normal : QLineEdit::Password);
    m_ui->showKeyButton->setText(visible ? tr("Hide") : tr("Show"));
    m_ui->showKeyButton->setAccessibleName(visible ? tr("Hide the API key")
                                                   : tr("Show the API key"));
}

void ConnectionForm::showProblem(QLabel *label, const QString &problem)
{
    label->setText(problem);
    label->setVisible(!problem.isEmpty());
    // Read out with the field it is about.
    QWidget *field = label == m_ui->addressProblem ? static_cast<QWidget *>(m_ui->addressEdit)
                                                   : m_ui->apiKeyEdit;
    field->setAccessibleDescription(problem);
}

void ConnectionForm::clearProblems()
{
    showProblem(m_ui->addressProblem, QString());
    showProblem(m_ui->apiKeyProblem, QString());
}

void ConnectionForm::testConnection()
{
    ++m_testRun;
    if (isTesting())
        finishTest();
    clearProblems();
    m_ui->testResult->clear();
    m_ui->testResult->setToolTip(QString());

    QString problem;
    const std::optional<QUrl> baseUrl = typedAddress(m_ui->addressEdit->text(), &problem);
    if (!baseUrl) {
        showProblem(m_ui->addressProblem, problem);
        Q_EMIT testFinished(false);
        return;
    }
    const QString key = typedKey(m_ui->apiKeyEdit->text());
    if (key.isEmpty()) {
        showProblem(m_ui->apiKeyProblem, tr("Enter the API key you were given for this server."));
        Q_EMIT testFinished(false);
        return;
    }

    const quint64 run = m_testRun;
    m_testClient = new client::ApiClient(this);
    m_testClient->setBaseUrl(*baseUrl);
    m_testClient->setApiKey(key);
    m_testClient->setTimeoutMs(TestTimeoutMs);
    m_ui->testButton->setEnabled(false);
    m_ui->testResult->setText(tr("Testing…"));
    updateAcceptable();
    qCDebug(lcGui).noquote() << "testing the connection to" << baseUrl->toString();
    m_testClient->getUser(
        this, [this, run, baseUrl = *baseUrl, key](const client::ApiResult<UserProfile> &result) {
            if (run != m_testRun)
                return;
            finishTest();
            if (result.ok()) {
                m_verifiedUrl = baseUrl;
                m_verifiedKey = key;
                testSucceeded(result.value());
            } else {
                testFailed(result.error(), baseUrl);
            }
            updateAcceptable();
            Q_EMIT testFinished(result.ok());
        });
}

void ConnectionForm::testSucceeded(const UserProfile &user)
{
    m_ui->testResult->setText(
        tr("Connected to project %1 (%2).").arg(user.projectName, user.timezone));
}

void ConnectionForm::testFailed(const client::ApiError &error, const QUrl &baseUrl)
{
    using Kind = client::ApiError::Kind;
    const QString address = baseUrl.toDisplayString();
    qCInfo(lcGui).noquote() << "connection test to" << address << "failed:" << error.message();
    QString result;
    switch (error.kind()) {
    case Kind::Unauthorized:
        showProblem(m_ui->apiKeyProblem, tr("The server refused this API key. Check that it was "
                                            "copied whole and has not been revoked."));
        break;
    case Kind::Network:
        result = tr("No Slotline server answers at %1. Check the address and that the server "
                    "is running.")
                     .arg(address);
        break;
    case Kind::Timeout: result = tr("The server at %1 did not answer in time.").arg(address); break;
    case Kind::MalformedAnswer:
    case Kind::NotFound:
        result = tr("Something answers at %1, but not as a Slotline server does. Check the "
                    "address.")
                     .arg(address);
        break;
    case Kind::BadRequest:
        // A Slotline server names its errors; a proxy or another web server does not.
        result = error.code().isEmpty()
                     ? tr("Something answers at %1, but not as a Slotline server does. Check "
                          "the address.")
                           .arg(address)
                     : error.toDisplayString();
        break;
    case Kind::RateLimited:
        result = tr("The server is busy. Try again in %Ln second(s).", nullptr,
                    std::max(1, error.retryAfterSeconds()));
        break;
    case Kind::Server:
        result = tr("The server at %1 has a problem: %2").arg(address, error.message());
        break;
    case Kind::Cancelled: break;
    case Kind::PaymentRequired:
    case Kind::Conflict:
    case Kind::Gone:
    case Kind::Validation: result = error.toDisplayString(); break;
    }
    m_ui->testResult->setText(result);
    // The technical detail for whoever needs it, such as a certificate problem.
    m_ui->testResult->setToolTip(error.message());
}

void ConnectionForm::finishTest()
{
    if (m_testClient)
        m_testClient->deleteLater(); // perhaps inside its own callback
    m_testClient = nullptr;
    m_ui->testButton->setEnabled(true);
    if (m_ui->testResult->text() == tr("Testing…"))
        m_ui->testResult->clear();
}

void ConnectionForm::updateAcceptable()
{
    const bool acceptable = isAcceptable();
    if (acceptable == m_acceptable)
        return;
    m_acceptable = acceptable;
    Q_EMIT acceptableChanged(acceptable);
}

} // namespace slotline::gui
