#pragma once

#include "gui/common/connectionchoice.h"

#include <QDialog>
#include <QScopedPointer>

namespace Ui {
class SettingsDialog;
}

namespace slotline {
class Clock;
}

namespace slotline::client {
class Session;
}

namespace slotline::gui {

class ApiKeysPage;
class ConnectionForm;

// Settings: which server (tested before it is used), the project as the server knows it
// (its time zone above all: every time in the app is read in it), and the project's API
// keys with the log of their calls.
class SettingsDialog : public QDialog
{
    Q_OBJECT

public:
    enum class Page { Connection, Project, ApiKeys };

    SettingsDialog(client::Session &session, const Clock &clock, const ConnectionChoice &current,
                   QWidget *parent = nullptr);
    ~SettingsDialog() override;

    void showPage(Page page);
    ConnectionForm &connectionForm() { return *m_connectionForm; }
    ApiKeysPage &apiKeysPage() { return *m_apiKeysPage; }

Q_SIGNALS:
    void connectionChosen(const slotline::gui::ConnectionChoice &choice);

private:
    void showProject();
    void updateApply();

    QScopedPointer<Ui::SettingsDialog> m_ui;
    client::Session &m_session;
    const Clock &m_clock;
    ConnectionChoice m_current;
    ConnectionForm *m_connectionForm = nullptr;
    ApiKeysPage *m_apiKeysPage = nullptr;
};

} // namespace slotline::gui
