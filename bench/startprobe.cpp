// Loaded into a program that bench_app_start runs (LD_PRELOAD), it says when the week
// calendar first painted the posts, and how much memory the process took until then,
// without a line of the program changed: it watches the application's events from an
// event filter it installs when the QApplication is made.
//
// The view is the QAbstractItemView named by SLOTLINE_START_PROBE_VIEW ("weekView", the
// calendar's). The frame counted is the first paint of its viewport with posts of the
// model (WeekModel::KindRole) in the painted area, or with SLOTLINE_START_PROBE_POSTS=0 its
// first paint at all; the time taken is when the event loop next turns, once that frame
// is painted and handed to the window system. SLOTLINE_START_PROBE_SETTLE_MS later (what
// the start does right after) it writes its figures to SLOTLINE_START_PROBE_REPORT, saves
// the view to SLOTLINE_START_PROBE_GRAB if asked, and ends the process at once, so that
// nothing the program would save on its way out changes the profile.

#include "gui/calendar/weekmodel.h"

#include <QAbstractItemView>
#include <QApplication>
#include <QFile>
#include <QGuiApplication>
#include <QPaintEvent>
#include <QPointer>
#include <QSaveFile>
#include <QTimer>

#include <ctime>
#include <unistd.h>

using namespace Qt::Literals::StringLiterals;

namespace {

qint64 monotonicNs()
{
    timespec now {};
    clock_gettime(CLOCK_MONOTONIC, &now);
    return qint64(now.tv_sec) * 1'000'000'000 + now.tv_nsec;
}

// Before main(): the libraries are loaded and relocated, their static objects made.
const qint64 loadedNs = monotonicNs();

// A line of /proc/self/status, in kB (VmHWM: the peak resident set so far).
qint64 statusKb(const QByteArray &field)
{
    QFile status(u"/proc/self/status"_s);
    if (!status.open(QIODevice::ReadOnly))
        return -1;
    const QByteArray prefix = field + ':';
    for (const QByteArray &line : status.readAll().split('\n')) {
        if (line.startsWith(prefix))
            return line.mid(field.size() + 1).trimmed().split(' ').value(0).toLongLong();
    }
    return -1;
}

class StartProbe final : public QObject
{
public:
    explicit StartProbe(QObject *parent)
        : QObject(parent)
        , m_viewName(qEnvironmentVariable("SLOTLINE_START_PROBE_VIEW", u"weekView"_s))
        , m_reportFile(qEnvironmentVariable("SLOTLINE_START_PROBE_REPORT"))
        , m_grabFile(qEnvironmentVariable("SLOTLINE_START_PROBE_GRAB"))
        , m_wantsPosts(qEnvironmentVariableIntValue("SLOTLINE_START_PROBE_POSTS") > 0)
        , m_settleMs(qEnvironmentVariableIntValue("SLOTLINE_START_PROBE_SETTLE_MS"))
    {
        m_lines.append("loaded_ns=" + QByteArray::number(loadedNs));
        m_lines.append("application_ns=" + QByteArray::number(monotonicNs()));
    }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (event->type() == QEvent::Show && !m_windowShown) {
            if (auto *widget = qobject_cast<QWidget *>(watched); widget && widget->isWindow()) {
                m_windowShown = true;
                m_lines.append("window_shown_ns=" + QByteArray::number(monotonicNs()));
                m_lines.append("window_class=" + QByteArray(widget->metaObject()->className()));
            }
        } else if (event->type() == QEvent::Paint && !m_painted) {
            viewportPainted(watched, static_cast<QPaintEvent *>(event)->rect());
        }
        return QObject::eventFilter(watched, event);
    }

private:
    void viewportPainted(QObject *watched, const QRect &painted)
    {
        auto *view = qobject_cast<QAbstractItemView *>(watched->parent());
        if (!view || view->viewport() != watched || view->objectName() != m_viewName)
            return;
        ++m_viewPaints;
        if (m_viewPaints == 1)
            m_lines.append("first_view_paint_ns=" + QByteArray::number(monotonicNs()));
        int postsInWeek = 0;
        int postsPainted = 0;
        if (QAbstractItemModel *model = view->model()) {
            using slotline::gui::WeekModel;
            for (int row = 0; row < model->rowCount(); ++row) {
                const QModelIndex index = model->index(row, 0);
                if (index.data(WeekModel::KindRole).toInt() != int(WeekModel::Kind::Post))
                    continue;
                ++postsInWeek;
                if (view->visualRect(index).intersects(painted))
                    ++postsPainted;
            }
        }
        if (m_wantsPosts && postsPainted == 0)
            return;
        m_painted = true;
        m_view = view;
        m_lines.append("view_paints=" + QByteArray::number(m_viewPaints));
        m_lines.append("posts_in_week=" + QByteArray::number(postsInWeek));
        m_lines.append("posts_painted=" + QByteArray::number(postsPainted));
        m_lines.append("painted_rect=" + QByteArray::number(painted.width()) + 'x'
                       + QByteArray::number(painted.height()));
        m_lines.append("viewport=" + QByteArray::number(view->viewport()->width()) + 'x'
                       + QByteArray::number(view->viewport()->height()));
        m_lines.append("window=" + QByteArray::number(view->window()->width()) + 'x'
                       + QByteArray::number(view->window()->height()));
        m_lines.append("platform=" + QGuiApplication::platformName().toUtf8());
        // The paint itself is under way: the frame is done when the event loop turns.
        QTimer::singleShot(0, this, [this] {
            m_lines.append("painted_ns=" + QByteArray::number(monotonicNs()));
            m_lines.append("hwm_at_paint_kb=" + QByteArray::number(statusKb("VmHWM")));
            m_lines.append("rss_at_paint_kb=" + QByteArray::number(statusKb("VmRSS")));
            QTimer::singleShot(std::max(0, m_settleMs), this, [this] { finish(); });
        });
    }

    void finish()
    {
        m_lines.append("hwm_kb=" + QByteArray::number(statusKb("VmHWM")));
        m_lines.append("rss_kb=" + QByteArray::number(statusKb("VmRSS")));
        if (!m_grabFile.isEmpty() && m_view)
            m_lines.append("grabbed=" + QByteArray(m_view->grab().save(m_grabFile) ? "1" : "0"));
        QSaveFile report(m_reportFile);
        const bool written = report.open(QIODevice::WriteOnly)
                             && report.write(m_lines.join('\n') + '\n') >= 0 && report.commit();
        // Out at once: no window closes, no settings or layout are written.
        ::_exit(written ? 0 : 3);
    }

    QString m_viewName;
    QString m_reportFile;
    QString m_grabFile;
    bool m_wantsPosts = true;
    int m_settleMs = 0;
    QByteArrayList m_lines;
    bool m_windowShown = false;
    int m_viewPaints = 0;
    bool m_painted = false;
    QPointer<QAbstractItemView> m_view;
};

void installStartProbe()
{
    if (qEnvironmentVariableIsEmpty("SLOTLINE_START_PROBE_REPORT")
        || !qobject_cast<QApplication *>(QCoreApplication::instance()))
        return;
    QCoreApplication::instance()->installEventFilter(new StartProbe(QCoreApplication::instance()));
}

} // namespace

Q_COREAPP_STARTUP_FUNCTION(installStartProbe)
