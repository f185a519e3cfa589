#include "app/translations.h"

#include "app/logcategories.h"

#include <QCoreApplication>
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
    if (locale.language() != QLocale::English && locale.language() != QLocale::C
        && m_local.load(locale, u"slotline"_s, u"_"_s, directory))
        m_localInstalled = QCoreApplication::installTranslator(&m_local);
}

Translations::~Translations()
{
    if (m_localInstalled)
        QCoreApplication::removeTranslator(&m_local);
    if (m_englishInstalled)
        QCoreApplication::removeTranslator(&m_english);
}

} // namespace slotline::app
