#pragma once

#include <QToolButton>

namespace slotline::client {
class LocalStore;
}

namespace slotline::gui {

class AttentionTracker;

// The status bar's reminder of what needs the user's attention and was not seen yet:
// "2 need attention", with a menu of each failed post (and why) and each account that is
// not connected. Hidden while there is nothing. Choosing an entry asks to show it.
class AttentionButton : public QToolButton
{
    Q_OBJECT

public:
    AttentionButton(client::LocalStore &store, AttentionTracker &tracker,
                    QWidget *parent = nullptr);

Q_SIGNALS:
    void postRequested(const QString &submissionId);
    void accountRequested(const QString &accountId);

private:
    void refresh();
    void fillMenu();

    client::LocalStore &m_store;
    AttentionTracker &m_tracker;
};

} // namespace slotline::gui
