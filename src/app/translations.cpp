#include "app/translations.h"

#include "app/logcategories.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>

using namespace Qt::Literals::StringLiterals;

namespace slotline::app {

Translations::Translations(QObject *parent)
    : QObject(parent)
{
    const QString directory = u":/i18n"_s;
    m_englishInstalled = m_english.load(u"slotline_en"_s, directory)
                         && QCoreApplication::installTranslator(&m_english);
    if (!m_englishInstalled)
        qCWarning(lcApp) << "the English strings could not be loaded";
    const QLocale locale;
    if (locale.language() == QLocale::English || locale.language() == QLocale::C)
        return;
    if (m_local.load(locale, u"slotline"_s, u"_"_s, directory))
        m_localInstalled = QCoreApplication::installTranslator(&m_local);
    if (!m_localInstalled)
        return; // English throughout rather than Qt's buttons in a language the app lacks
    // Qt's own strings in the same language: the buttons of message boxes and dialogs,
    // the line edits' context menus, key names in shortcuts.
    if (m_qt.load(locale, u"qtbase"_s, u"_"_s, QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        m_qtInstalled = QCoreApplication::installTranslator(&m_qt);
    else
        qCInfo(lcApp) << "Qt's own translations for" << locale.name() << "were not found";
}

Translations::~Translations()
{
    if (m_qtInstalled)
        QCoreApplication::removeTranslator(&m_qt);
    if (m_localInstalled)
        QCoreApplication::removeTranslator(&m_local);
    if (m_englishInstalled)
        QCoreApplication::removeTranslator(&m_english);
}

} // namespace slotline::app
