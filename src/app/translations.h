#pragma once

#include <QObject>
#include <QTranslator>

namespace slotline::app {

// The app's translations, installed for as long as this object lives. English is always
// installed first (it gives the plural forms of counted strings); a translation for the
// user's language, when there is one, goes on top of it, with Qt's own for that language.
class Translations : public QObject
{
    Q_OBJECT

public:
    explicit Translations(QObject *parent = nullptr);
    ~Translations() override;

    bool hasEnglish() const { return m_englishInstalled; }

private:
    QTranslator m_english;
    QTranslator m_local;
    QTranslator m_qt;
    bool m_englishInstalled = false;
    bool m_localInstalled = false;
    bool m_qtInstalled = false;
};

} // namespace slotline::app
