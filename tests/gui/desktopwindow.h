#pragma once

// The app's window on a session with a server, as main.cpp puts it together: what the
// tests that drive the whole window share.
#include "client/mediapreviewloader.h"
#include "client/session.h"
#include "gui/common/connectionchoice.h"
#include "gui/common/messagelabel.h"
#include "gui/mainwindow.h"

#include <QLabel>

namespace slotline::test {

struct DesktopWindow
{
    DesktopWindow(quint16 port, const QString &apiKey, const QString &storeFile, const Clock &clock,
                  const gui::ConnectionChoice &choice = {})
        : session(QUrl(QStringLiteral("http://127.0.0.1:%1").arg(port)), apiKey, storeFile)
        , window(session, previews, clock, choice)
    {
        window.show();
        session.start();
    }

    template<typename T>
    T *find(const QString &name)
    {
        T *found = window.findChild<T *>(name);
        if (!found)
            qFatal("no widget %s", qPrintable(name));
        return found;
    }

    // A label's text; a message line's whole message (it may show it cut short).
    QString label(const QString &name)
    {
        if (auto *message = qobject_cast<gui::MessageLabel *>(find<QLabel>(name)))
            return message->message();
        return find<QLabel>(name)->text();
    }

    client::MediaPreviewLoader previews;
    client::Session session;
    gui::MainWindow window;
};

} // namespace slotline::test
