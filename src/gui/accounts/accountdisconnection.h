#pragma once

#include "core/account.h"

#include <QObject>
#include <QPointer>

QT_BEGIN_NAMESPACE
class QMessageBox;
class QWidget;
QT_END_NAMESPACE

namespace slotline::client {
class AccountDisconnector;
class ApiError;
class Session;
} // namespace slotline::client

namespace slotline::gui {

// Disconnecting one account, as the user goes through it: asked first; when the server
// refuses because the account still has scheduled posts, asked whether to cancel them
// (their credits come back) or keep the account; then done, or why not. Every question is
// a window-modal box that does not block; the object deletes itself once finished().
class AccountDisconnection : public QObject
{
    Q_OBJECT

public:
    AccountDisconnection(client::Session &session, const Account &account, QWidget *window);
    ~AccountDisconnection() override;

    void start();
    // The box on screen now (for tests), or null.
    QMessageBox *question() const;

Q_SIGNALS:
    // `message` for the status bar: what happened; empty when the user changed their mind.
    void finished(const QString &message);

private:
    void ask(const QString &text, const QString &details, const QString &goAhead,
             bool cancelScheduled);
    void refused(const client::ApiError &error);
    void finish(const QString &message);
    QString who() const;

    client::Session &m_session;
    Account m_account;
    QPointer<QWidget> m_window;
    client::AccountDisconnector *m_disconnector = nullptr;
    QPointer<QMessageBox> m_question;
};

} // namespace slotline::gui
