#include "client/mediaintake.h"

#include <QBuffer>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QTemporaryDir>
#include <QTest>

#include <memory>
#include <optional>

using namespace slotline;
using namespace slotline::client;
using namespace Qt::Literals::StringLiterals;

class TestMediaIntake : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_directory;

    QString writeFile(const QString &name, const QByteArray &bytes)
    {
        const QString path = m_directory.filePath(name);
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size())
            qFatal("cannot write %s", qPrintable(path));
        return path;
    }

    static QByteArray png()
    {
        QImage image(QSize(6, 6), QImage::Format_RGB32);
        image.fill(Qt::green);
        QByteArray bytes;
        QBuffer buffer(&bytes);
        buffer.open(QIODevice::WriteOnly);
        image.save(&buffer, "png");
        return bytes;
    }

    QString folder() const { return m_directory.filePath(u"kept"_s); }

private Q_SLOTS:
    void aFileIsCopiedIntoTheAppsKeeping()
    {
        const QByteArray bytes = png();
        const QString original = writeFile(u"Shop Front.PNG"_s, bytes);
        MediaIntake intake(folder());
        std::optional<MediaIntake::Result> result;
        intake.take(original, this, [&result](const auto &taken) { result.emplace(taken); });
        QTRY_VERIFY(result.has_value());
        const auto *upload = std::get_if<MediaUpload>(&*result);
        QVERIFY(upload);
        QCOMPARE(upload->name, u"Shop Front.PNG"_s);
        QCOMPARE(upload->contentType, u"image/png"_s);
        QCOMPARE(upload->size, bytes.size());
        QVERIFY(upload->filePath.startsWith(folder()));
        QVERIFY(upload->filePath.endsWith(u".png"_s));
        QFile copy(upload->filePath);
        QVERIFY(copy.open(QIODevice::ReadOnly));
        QCOMPARE(copy.readAll(), bytes);
        // What becomes of the original no longer matters.
        QVERIFY(QFile::remove(original));
        QVERIFY(QFile::exists(upload->filePath));
    }

    void whatIsNoPictureOrVideoIsRefusedInWords()
    {
        const QString refused = m_directory.filePath(u"refused"_s);
        MediaIntake intake(refused);
        std::optional<MediaIntake::Result> text;
        intake.take(writeFile(u"notes.png"_s, "words, whatever the name says"), this,
                    [&text](const auto &taken) { text.emplace(taken); });
        QTRY_VERIFY(text.has_value());
        QVERIFY(std::get<QString>(*text).contains(u"PNG, JPEG"_s));
        std::optional<MediaIntake::Result> missing;
        intake.take(m_directory.filePath(u"gone.png"_s), this,
                    [&missing](const auto &taken) { missing.emplace(taken); });
        QTRY_VERIFY(missing.has_value());
        QVERIFY(std::holds_alternative<QString>(*missing));
        QVERIFY(QDir(refused).entryList(QDir::Files).isEmpty());
    }

    void aCopyNobodyWaitsForIsRemoved()
    {
        const QString kept = m_directory.filePath(u"unwanted"_s);
        MediaIntake intake(kept);
        auto context = std::make_unique<QObject>();
        bool called = false;
        intake.take(writeFile(u"late.png"_s, png()), context.get(),
                    [&called](const auto &) { called = true; });
        context.reset(); // the tile that asked for it went away
        // Copies are made and answered in order: once the next one is answered, the
        // first was made and found unwanted.
        std::optional<MediaIntake::Result> next;
        intake.take(writeFile(u"next.png"_s, png()), this,
                    [&next](const auto &taken) { next.emplace(taken); });
        QTRY_VERIFY(next.has_value());
        QVERIFY(!called);
        QCOMPARE(QDir(kept).entryList(QDir::Files),
                 QStringList {QFileInfo(std::get<MediaUpload>(*next).filePath).fileName()});
    }

    void copiesNotAnsweredWhenTheIntakeGoesAreRemoved()
    {
        const QString kept = m_directory.filePath(u"closing"_s);
        {
            MediaIntake intake(kept);
            intake.take(writeFile(u"closing.png"_s, png()), this,
                        [](const auto &) { QFAIL("answered after the intake went"); });
        } // the app closes while it copies: it waits for the copy, then removes it
        QCoreApplication::processEvents();
        QVERIFY(QDir(kept).entryList(QDir::Files).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestMediaIntake)
#include "tst_mediaintake.moc"
