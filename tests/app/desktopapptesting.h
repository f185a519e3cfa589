#pragma once

// What the tests that start the whole app share: a profile of their own, and the first
// start's dialog.
#include "gui/settings/firstrundialog.h"

#include <QApplication>
#include <QSettings>
#include <QString>

namespace slotline::test {

// Settings in `profileDirectory`, the names main.cpp gives, and the server program of
// this build for the built-in server.
inline void useAppProfile(const QString &profileDirectory, const QByteArray &serverProgram)
{
    QSettings::setDefaultFormat(QSettings::IniFormat);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, profileDirectory);
    QApplication::setOrganizationName(QStringLiteral("Slotline"));
    QApplication::setApplicationName(QStringLiteral("slotline"));
    qputenv("SLOTLINE_SERVER", serverProgram);
}

// The first start's dialog while it is shown, or nullptr.
inline gui::FirstRunDialog *visibleFirstRunDialog()
{
    for (QWidget *widget : QApplication::topLevelWidgets()) {
        if (auto *dialog = qobject_cast<gui::FirstRunDialog *>(widget);
            dialog && dialog->isVisible())
            return dialog;
    }
    return nullptr;
}

} // namespace slotline::test
