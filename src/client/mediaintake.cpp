#include "client/mediaintake.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QMimeDatabase>
#include <QUuid>

using namespace Qt::Literals::StringLiterals;

namespace slotline::client {

namespace {

// The type to announce for an upload: one of the server's types, as the bytes told;
// otherwise none, and the server judges (a wrong announcement would be refused).
QString announcedType(const QString &detected)
{
    static const QStringList accepted {u"image/png"_s, u"image/jpeg"_s, u"image/gif"_s,
                                       u"image/webp"_s, u"video/mp4"_s};
    return accepted.contains(detected) ? detected : QString();
}

} // namespace

MediaIntake::MediaIntake(QString folder, QObject *parent)
    : QObject(parent)
    , m_folder(std::move(folder))
{
    m_copiers.setMaxThreadCount(1);
}

MediaIntake::~MediaIntake()
{
    m_copiers.clear();
    m_copiers.waitForDone();
    // Their answers will not run: nothing would ever upload these.
    for (const QString &path : std::as_const(m_undelivered))
        QFile::remove(path);
}

void MediaIntake::take(const QString &path, QObject *context, Done done)
{
    QPointer<QObject> guard(context);
    m_copiers.start([this, path, guard, done = std::move(done)] {
        const Result result = copy(path, m_folder);
        const auto *made = std::get_if<MediaUpload>(&result);
        if (made) {
            const QMutexLocker locker(&m_undeliveredLock);
            m_undelivered.insert(made->filePath);
        }
        // The intake waits for its copies before it goes, so `this` is still there.
        QMetaObject::invokeMethod(
            this,
            [this, guard, done, result] {
                const auto *upload = std::get_if<MediaUpload>(&result);
                if (upload) {
                    const QMutexLocker locker(&m_undeliveredLock);
                    m_undelivered.remove(upload->filePath);
                }
                if (guard)
                    done(result);
                else if (upload)
                    discard(*upload);
            },
            Qt::QueuedConnection);
    });
}

void MediaIntake::discard(const MediaUpload &upload)
{
    QFile::remove(upload.filePath);
}

MediaIntake::Result MediaIntake::copy(const QString &path, const QString &folder)
{
    const QFileInfo source(path);
    if (!source.isFile() || !source.isReadable())
        return tr("It cannot be read.");
    // Plainly no picture or video (a text, a PDF) is said at once, with or without a
    // server; other images and videos the server judges by their bytes.
    const QString type = QMimeDatabase().mimeTypeForFile(path, QMimeDatabase::MatchContent).name();
    if (!type.startsWith(u"image/"_s) && !type.startsWith(u"video/"_s))
        return tr("It is not an image or video the server accepts (PNG, JPEG, GIF, WebP or "
                  "MP4).");
    if (!QDir().mkpath(folder))
        return tr("The folder %1 cannot be made.").arg(QDir::toNativeSeparators(folder));
    MediaUpload upload;
    const QString suffix = source.suffix().toLower();
    upload.filePath = QDir(folder).filePath(QUuid::createUuid().toString(QUuid::Id128)
                                            + (suffix.isEmpty() ? QString() : u'.' + suffix));
    QFile file(path);
    if (!file.copy(upload.filePath)) {
        const QString why = file.errorString();
        QFile::remove(upload.filePath);
        return tr("It could not be copied for the upload: %1").arg(why);
    }
    upload.name = source.fileName();
    upload.size = QFileInfo(upload.filePath).size();
    upload.contentType = announcedType(type);
    return upload;
}

} // namespace slotline::client
