// The fallback icon theme: every theme icon the app asks for is there, with or without a
// desktop theme, and installing it leaves the user's own theme in charge.
#include "gui/common/icontheme.h"

#include <QDirIterator>
#include <QIcon>
#include <QRegularExpression>
#include <QSet>
#include <QTest>

using namespace slotline::gui;
using namespace Qt::Literals::StringLiterals;

namespace {

// The icon names the code and the forms ask QIcon::fromTheme for, read from the sources so
// that a new name without an icon fails here.
QStringList themeIconNamesInSources()
{
    static const QRegularExpression inCode(
        QStringLiteral(R"re(QIcon::fromTheme\(\s*u"([a-z0-9-]+)"_s)re"));
    static const QRegularExpression inForm(
        QStringLiteral(R"re(<iconset\s+theme="([a-z0-9-]+)")re"));
    QSet<QString> names;
    for (const QString &folder : {u"src/gui"_s, u"src/app"_s, u"ui"_s}) {
        QDirIterator files(QStringLiteral(SLOTLINE_SOURCE_DIR) + u'/' + folder,
                           {u"*.cpp"_s, u"*.ui"_s}, QDir::Files, QDirIterator::Subdirectories);
        while (files.hasNext()) {
            QFile file(files.next());
            if (!file.open(QIODevice::ReadOnly))
                qFatal("cannot read %s", qPrintable(file.fileName()));
            const QString text = QString::fromUtf8(file.readAll());
            for (const auto *pattern : {&inCode, &inForm}) {
                auto matches = pattern->globalMatch(text);
                while (matches.hasNext())
                    names.insert(matches.next().captured(1));
            }
        }
    }
    QStringList sorted(names.cbegin(), names.cend());
    sorted.sort();
    return sorted;
}

bool drawsSomething(const QIcon &icon, int size)
{
    const QImage image = icon.pixmap(size).toImage();
    for (int y = 0; y < image.height(); ++y) {
        for (int x = 0; x < image.width(); ++x) {
            if (qAlpha(image.pixel(x, y)) > 0)
                return true;
        }
    }
    return false;
}

} // namespace

class TestIconTheme : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init()
    {
        QIcon::setThemeName(QString());
        QIcon::setFallbackThemeName(QString());
    }

    void withoutADesktopThemeEveryNameTheAppUsesIsDrawn()
    {
        const QStringList names = themeIconNamesInSources();
        QVERIFY2(names.size() >= 10, qPrintable(names.join(u", "_s)));
        QVERIFY(QIcon::fromTheme(u"document-new"_s).isNull()); // nothing before
        IconTheme::install();
        QCOMPARE(QIcon::themeName(), IconTheme::name());
        for (const QString &name : names) {
            const QIcon icon = QIcon::fromTheme(name);
            QVERIFY2(!icon.isNull(), qPrintable(name + u" has no icon"_s));
            QVERIFY2(drawsSomething(icon, 16), qPrintable(name + u" draws nothing at 16 px"_s));
            QVERIFY2(drawsSomething(icon, 48), qPrintable(name + u" draws nothing at 48 px"_s));
        }
    }

    void theDesktopsThemeStaysInCharge()
    {
        // hicolor stands for a desktop theme: installed everywhere, without action icons.
        QIcon::setThemeName(u"hicolor"_s);
        IconTheme::install();
        QCOMPARE(QIcon::themeName(), u"hicolor"_s);
        QCOMPARE(QIcon::fallbackThemeName(), IconTheme::name());
        QVERIFY(!QIcon::fromTheme(u"go-jump-today"_s).isNull());
        QVERIFY(drawsSomething(QIcon::fromTheme(u"edit-undo"_s), 22));
    }

    void everyIconOfTheThemeDrawsSomething()
    {
        QDirIterator files(u":/icons/slotline"_s, {u"*.svg"_s}, QDir::Files,
                           QDirIterator::Subdirectories);
        int count = 0;
        while (files.hasNext()) {
            const QString path = files.next();
            const QIcon icon(path);
            QVERIFY2(drawsSomething(icon, 16), qPrintable(path));
            ++count;
        }
        QVERIFY(count >= 20);
    }
};

QTEST_MAIN(TestIconTheme)
#include "tst_icontheme.moc"
