#include "server/media/mp4duration.h"

#include <QBuffer>
#include <QTest>
#include <QtEndian>

using namespace slotline;

namespace {

QByteArray box(QByteArrayView type, const QByteArray &content)
{
    QByteArray header(4, '\0');
    qToBigEndian<quint32>(quint32(8 + content.size()), header.data());
    return header + type.toByteArray() + content;
}

QByteArray mvhd0(quint32 timeScale, quint32 duration)
{
    QByteArray content(100, '\0');
    qToBigEndian<quint32>(timeScale, content.data() + 12);
    qToBigEndian<quint32>(duration, content.data() + 16);
    return box("mvhd", content);
}

QByteArray mvhd1(quint32 timeScale, quint64 duration)
{
    QByteArray content(112, '\0');
    content[0] = 1;
    qToBigEndian<quint32>(timeScale, content.data() + 20);
    qToBigEndian<quint64>(duration, content.data() + 24);
    return box("mvhd", content);
}

const QByteArray Ftyp = box("ftyp", QByteArray("isom\0\0\2\0isomavc1", 16));

// Reads counted, to show that no file makes the parser read much.
class CountingBuffer : public QBuffer
{
public:
    int reads = 0;

protected:
    qint64 readData(char *data, qint64 maxSize) override
    {
        ++reads;
        return QBuffer::readData(data, maxSize);
    }
};

} // namespace

class TestMp4Duration : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void readsTheMovieHeader_data()
    {
        QTest::addColumn<QByteArray>("file");
        QTest::addColumn<double>("seconds"); // negative: none

        const QByteArray mdat = box("mdat", QByteArray(5000, 'x'));
        QTest::newRow("version 0, moov first")
            << (Ftyp + box("moov", mvhd0(1000, 10'500)) + mdat) << 10.5;
        QTest::newRow("version 0, moov last")
            << (Ftyp + mdat + box("moov", mvhd0(600, 1200))) << 2.0;
        QTest::newRow("version 1")
            << (Ftyp + box("moov", mvhd1(90'000, 90'000ULL * 3600))) << 3600.0;
        QTest::newRow("mvhd after another child")
            << (Ftyp + box("moov", box("udta", QByteArray(40, 'u')) + mvhd0(1, 7))) << 7.0;
        QTest::newRow("no moov") << (Ftyp + mdat) << -1.0;
        QTest::newRow("no mvhd") << (Ftyp + box("moov", box("trak", QByteArray(8, 't')))) << -1.0;
        QTest::newRow("time scale 0") << (Ftyp + box("moov", mvhd0(0, 10))) << -1.0;
        QTest::newRow("unknown duration") << (Ftyp + box("moov", mvhd0(1000, 0xffffffffu))) << -1.0;
        QTest::newRow("unknown version") << []() -> QByteArray {
            QByteArray header = mvhd0(1000, 1000);
            header[8] = 7;
            return Ftyp + box("moov", header);
        }() << -1.0;
        QTest::newRow("truncated mvhd") << (Ftyp + box("moov", mvhd0(1000, 1000)).left(40)) << -1.0;
        QTest::newRow("empty") << QByteArray() << -1.0;
        QTest::newRow("a box larger than the file") << []() -> QByteArray {
            QByteArray file = Ftyp + box("moov", mvhd0(1000, 1000));
            qToBigEndian<quint32>(0x7fffffff, file.data() + Ftyp.size());
            return file;
        }() << -1.0;
        QTest::newRow("a box smaller than its header") << []() -> QByteArray {
            QByteArray file = Ftyp + box("moov", mvhd0(1000, 1000));
            qToBigEndian<quint32>(3, file.data());
            return file;
        }() << -1.0;
        QTest::newRow("a 64-bit size beyond any file") << []() -> QByteArray {
            QByteArray large(4, '\0');
            qToBigEndian<quint32>(1, large.data());
            large += QByteArray("free") + QByteArray(8, '\xff');
            return large + box("moov", mvhd0(1000, 1000));
        }() << -1.0;
    }
    void readsTheMovieHeader()
    {
        QFETCH(QByteArray, file);
        QFETCH(double, seconds);
        QBuffer buffer(&file);
        QVERIFY(buffer.open(QIODevice::ReadOnly));
        const auto duration = Mp4Duration::read(buffer);
        if (seconds < 0) {
            QVERIFY(!duration);
        } else {
            QVERIFY(duration);
            QCOMPARE(*duration, seconds);
        }
    }

    // Thousands of tiny boxes: the walk gives up after MaxBoxes, having read little.
    void manyBoxesCostBoundedReads()
    {
        QByteArray file = Ftyp;
        for (int i = 0; i < 100'000; ++i)
            file += box("free", {});
        file += box("moov", mvhd0(1000, 1000));
        CountingBuffer buffer;
        buffer.setData(file);
        QVERIFY(buffer.open(QIODevice::ReadOnly));
        QVERIFY(!Mp4Duration::read(buffer));
        QVERIFY2(buffer.reads <= 4 * Mp4Duration::MaxBoxes,
                 qPrintable(QString::number(buffer.reads)));
    }
};

QTEST_GUILESS_MAIN(TestMp4Duration)
#include "tst_mp4duration.moc"
