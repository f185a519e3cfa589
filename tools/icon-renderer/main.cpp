// Renders an SVG icon as a square PNG of a given size, for the icon theme's pixel sizes
// (share/icons/hicolor/<size>x<size>/apps). Part of the build; not installed.
#include <QCommandLineParser>
#include <QCoreApplication>
#include <QImage>
#include <QPainter>
#include <QSvgRenderer>
#include <QTextStream>

#include <cstdio>

using namespace Qt::Literals::StringLiterals;

int main(int argc, char *argv[])
{
    // No window and no text: painting shapes on an image needs no display connection.
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(u"slotline-icon-renderer"_s);

    QCommandLineParser parser;
    parser.setApplicationDescription(u"Render an SVG icon as a square PNG."_s);
    parser.addHelpOption();
    const QCommandLineOption sizeOption(u"size"_s, u"Width and height in pixels."_s, u"pixels"_s);
    parser.addOption(sizeOption);
    parser.addPositionalArgument(u"svg"_s, u"The icon to render."_s);
    parser.addPositionalArgument(u"png"_s, u"The image to write."_s);
    parser.process(app);

    QTextStream err(stderr);
    const QStringList files = parser.positionalArguments();
    bool sizeIsNumber = false;
    const int size = parser.value(sizeOption).toInt(&sizeIsNumber);
    if (files.size() != 2 || !sizeIsNumber || size < 1 || size > 4096) {
        err << "usage: slotline-icon-renderer --size <pixels> <svg> <png>\n";
        return 2;
    }
    QSvgRenderer renderer(files.at(0));
    if (!renderer.isValid()) {
        err << "cannot read the SVG icon " << files.at(0) << '\n';
        return 1;
    }
    QImage image(size, size, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    {
        QPainter painter(&image);
        painter.setRenderHint(QPainter::Antialiasing);
        renderer.render(&painter, QRectF(0, 0, size, size));
    }
    if (!image.save(files.at(1), "PNG")) {
        err << "cannot write " << files.at(1) << '\n';
        return 1;
    }
    return 0;
}
