#pragma once

#include "gui/common/connectionchoice.h"

#include <QDialog>
#include <QScopedPointer>

QT_BEGIN_NAMESPACE
class QPushButton;
namespace Ui {
class FirstRunDialog;
}
QT_END_NAMESPACE

namespace slotline::gui {

class ConnectionForm;

// The first thing a new user sees: what Slotline does, and the choice of where its data
// lives. Accepted with Start (once the choice is usable), rejected with Quit.
class FirstRunDialog : public QDialog
{
    Q_OBJECT

public:
    explicit FirstRunDialog(QWidget *parent = nullptr);
    ~FirstRunDialog() override;

    ConnectionChoice choice() const;
    ConnectionForm *connectionForm() const;
    QPushButton *startButton() const { return m_startButton; }
    QPushButton *quitButton() const { return m_quitButton; }

private:
    QScopedPointer<Ui::FirstRunDialog> m_ui;
    QPushButton *m_startButton = nullptr;
    QPushButton *m_quitButton = nullptr;
};

} // namespace slotline::gui
