#pragma once

#include "gui/common/connectionchoice.h"

#include <QPointer>
#include <QScopedPointer>
#include <QWidget>

QT_BEGIN_NAMESPACE
class QLabel;
namespace Ui {
class ConnectionForm;
}
QT_END_NAMESPACE

namespace slotline::client {
class ApiClient;
class ApiError;
} // namespace slotline::client

namespace slotline {
struct UserProfile;
}

namespace slotline::gui {

// Where the app gets its data: the server built into it, or a Slotline server at an
// address with an API key, which the form tests before it counts as acceptable. Used by
// the first-run dialog and the Settings dialog alike.
class ConnectionForm : public QWidget
{
    Q_OBJECT

public:
    // Whether a remote address and key given to setChoice() count as tested already (they
    // were, before they were saved).
    enum class Verification { Untested, Verified };

    explicit ConnectionForm(QWidget *parent = nullptr);
    ~ConnectionForm() override;

    // Remote: the address as typed, normalized (empty while it is not an address), and
    // the key without surrounding blanks.
    ConnectionChoice choice() const;
    void setChoice(const ConnectionChoice &choice,
                   Verification verification = Verification::Untested);

    // The built-in server always; a remote server only once a test of exactly the address
    // and key now in the fields succeeded.
    bool isAcceptable() const;
    bool isTesting() const { return !m_testClient.isNull(); }

public Q_SLOTS:
    void testConnection();

Q_SIGNALS:
    void acceptableChanged(bool acceptable);
    // A test ended; `succeeded` says how.
    void testFinished(bool succeeded);

private:
    void modeChanged();
    void remoteFieldsEdited();
    void setKeyVisible(bool visible);
    void showProblem(QLabel *label, const QString &problem);
    void clearProblems();
    void testSucceeded(const UserProfile &user);
    void testFailed(const client::ApiError &error, const QUrl &baseUrl);
    void finishTest();
    void updateAcceptable();

    QScopedPointer<Ui::ConnectionForm> m_ui;
    QPointer<client::ApiClient> m_testClient;
    quint64 m_testRun = 0; // a new one per test or edit; stale answers compare it
    QUrl m_verifiedUrl; // what the last successful test used
    QString m_verifiedKey;
    bool m_acceptable = true;
};

} // namespace slotline::gui
