#include "gui/status/attentionbutton.h"

#include "client/localstore.h"
#include "gui/common/errortext.h"
#include "gui/common/itemcolors.h"
#include "gui/common/platformstyle.h"
#include "gui/status/attentiontracker.h"

#include <QIcon>
#include <QMenu>

using namespace Qt::Literals::StringLiterals;

namespace slotline::gui {

AttentionButton::AttentionButton(client::LocalStore &store, AttentionTracker &tracker,
                                 QWidget *parent)
    : QToolButton(parent)
    , m_store(store)
    , m_tracker(tracker)
{
    setObjectName(u"attentionButton"_s);
    setAutoRaise(true);
    setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    setIcon(QIcon::fromTheme(u"dialog-warning"_s));
    setPopupMode(QToolButton::InstantPopup);
    auto *menu = new QMenu(this);
    setMenu(menu);
    connect(menu, &QMenu::aboutToShow, this, &AttentionButton::fillMenu);
    connect(&tracker, &AttentionTracker::changed, this, &AttentionButton::refresh);
    refresh();
}

void AttentionButton::refresh()
{
    const int count = m_tracker.unseenCount();
    setVisible(count > 0);
    setText(tr("%Ln need(s) attention", nullptr, count));
    QPalette colors = palette();
    colors.setColor(QPalette::ButtonText, ItemColors::error());
    setPalette(colors);
    setAccessibleName(text());
}

void AttentionButton::fillMenu()
{
    QMenu *list = menu();
    list->clear();
    const QSet<QString> posts = m_tracker.unseenPosts();
    for (const Submission &post : m_store.posts().failed()) {
        if (!posts.contains(post.id))
            continue;
        QString title = post.text.section(u'\n', 0, 0).trimmed();
        if (title.size() > 50)
            title = title.left(49) + u'…';
        QAction *action = list->addAction(
            PlatformStyle::icon(post.platform),
            //: A failed post in the status bar's menu: its first line, then why it failed.
            tr("“%1” failed: %2").arg(title, ErrorText::postFailure(post)));
        const QString id = post.id;
        connect(action, &QAction::triggered, this, [this, id] { Q_EMIT postRequested(id); });
    }
    const QSet<QString> accounts = m_tracker.unseenAccounts();
    for (const Account &account : m_store.reference().accounts()) {
        if (!accounts.contains(account.id))
            continue;
        QAction *action = list->addAction(PlatformStyle::icon(account.platform),
                                          AttentionTracker::accountTrouble(account));
        const QString id = account.id;
        connect(action, &QAction::triggered, this, [this, id] { Q_EMIT accountRequested(id); });
    }
    list->addSeparator();
    connect(list->addAction(tr("Mark all as seen")), &QAction::triggered, &m_tracker,
            &AttentionTracker::markAllSeen);
}

} // namespace slotline::gui
