// The floor the desktop app's start is compared with: a QApplication and a QMainWindow of
// the app's first size (1280x800, no larger than the screen) with a menu, a status bar and
// an empty item view named as the week calendar is, and nothing of Slotline. What it takes
// to paint is what Qt, the platform plugin and the fonts take on this machine.

#include <QApplication>
#include <QListView>
#include <QMainWindow>
#include <QMenuBar>
#include <QScreen>
#include <QStatusBar>
#include <QStringListModel>

using namespace Qt::Literals::StringLiterals;

int main(int argc, char *argv[])
{
    QApplication application(argc, argv);
    QMainWindow window;
    window.menuBar()->addMenu(u"&File"_s);
    window.statusBar()->showMessage(u"Ready"_s);
    QStringListModel model;
    auto *view = new QListView(&window);
    view->setObjectName(u"weekView"_s);
    view->setModel(&model);
    window.setCentralWidget(view);
    QSize size(1280, 800);
    if (const QScreen *screen = window.screen())
        size = size.boundedTo(screen->availableGeometry().size());
    window.resize(size);
    window.show();
    return QApplication::exec();
}
