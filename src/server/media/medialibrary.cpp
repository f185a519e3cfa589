#include "server/media/medialibrary.h"

#include "core/clock.h"
#include "core/ids.h"
#include "core/isotime.h"
#include "core/jsonwriter.h"
#include "server/api/logcategories.h"
#include "server/http/httplimits.h"
#include "server/media/mediatype.h"
#include "server/media/mediauploadsink.h"
#include "storage/transaction.h"

#include <QDir>
#include <QFile>
#include <QUrlQuery>

#include <filesystem>

using namespace Qt::Literals::StringLiterals;

namespace slotline {
namespace {

const QString SigningKeyName = u"upload-signing-key"_s;

ApiError uploadNotFound()
{
    // A forged, mistyped or foreign address: nothing tells which.
    return ApiError::notFound(u"No upload is expected at this address."_s);
}

QString extensionOf(const QString &mimeType)
{
    const QString extension = MediaType::extension(mimeType);
    return extension.isEmpty() ? QString() : u'.' + extension;
}

} // namespace

MediaLibrary::MediaLibrary(Database &database, const Clock &clock, QString directory,
                           qint64 maxBytes)
    : m_database(database)
    , m_clock(clock)
    , m_directory(std::move(directory))
    , m_maxBytes(maxBytes)
    , m_media(database)
    , m_signer(m_media.secret(SigningKeyName, clock.nowMs(), &UploadSigner::makeKey))
{
    // What is left in incoming/ was being fetched or uploaded when the server stopped:
    // it never became media, and nobody will finish it.
    QDir incoming(incomingDirectory());
    if (incoming.exists())
        incoming.removeRecursively();
    if (!QDir().mkpath(incomingDirectory()))
        qCWarning(lcMedia).noquote() << "cannot create" << incomingDirectory();
    removeUnrecordedFiles();
}

void MediaLibrary::removeUnrecordedFiles()
{
    // A fetch or an upload moves its file in and then records it: a server that died in
    // between left a file that no media item owns. Nothing refers to it (an upload sent
    // again would replace it), so it only takes room.
    const QSet<QString> ready = m_media.readyIds();
    int removed = 0;
    const QStringList names = QDir(m_directory).entryList(QDir::Files | QDir::Hidden);
    for (const QString &name : names) {
        if (ids::looksLike(name, IdKind::Media) && !ready.contains(name)
            && QFile::remove(filePath(name)))
            ++removed;
    }
    if (removed > 0)
        qCInfo(lcMedia).noquote()
            << "removed" << removed
            << "media files left unrecorded by an interrupted fetch or upload";
}

MediaLibrary::~MediaLibrary() = default;

QString MediaLibrary::incomingDirectory() const
{
    return QDir(m_directory).filePath(u"incoming"_s);
}

QString MediaLibrary::filePath(const QString &mediaId) const
{
    return QDir(m_directory).filePath(mediaId);
}

QString MediaLibrary::publicUrl(const MediaRecord &record) const
{
    const QString type
        = record.status == MediaRecord::Status::Ready ? record.mimeType : record.declaredType;
    return m_publicBaseUrl + PublicPathPrefix + record.publicToken + extensionOf(type);
}

QString MediaLibrary::uploadUrl(const MediaRecord &record) const
{
    const qint64 expires = record.uploadExpiresAtMs.value_or(0) / 1000;
    return m_publicBaseUrl + QLatin1StringView(HttpLimits::UploadPathPrefix) + record.id
           + u"?expires="_s + QString::number(expires) + u"&signature="_s
           + m_signer.signature(record.id, expires);
}

QByteArray MediaLibrary::mediaJson(const MediaRecord &record) const
{
    JsonWriter json;
    json.beginObject()
        .field("id"_L1, record.id)
        .field("url"_L1, publicUrl(record))
        .field("mimeType"_L1, record.mimeType)
        .field("size"_L1, record.size)
        .field("sha256"_L1, record.sha256)
        .endObject();
    return json.take();
}

MediaRecord MediaLibrary::newRecord(const QString &projectId, MediaRecord::Status status) const
{
    MediaRecord record;
    record.id = ids::generate(IdKind::Media);
    record.projectId = projectId;
    record.publicToken = ids::unguessableToken();
    record.status = status;
    record.createdAtMs = m_clock.nowMs();
    return record;
}

MediaRecord MediaLibrary::adoptFetched(const QString &projectId, const QString &sourceUrl,
                                       const QString &fetchedPath, const QString &mimeType,
                                       qint64 size, const QString &sha256)
{
    MediaRecord record = newRecord(projectId, MediaRecord::Status::Ready);
    record.sourceUrl = sourceUrl;
    record.mimeType = mimeType;
    record.size = size;
    record.sha256 = sha256;
    record.completedAtMs = record.createdAtMs;
    if (!QFile::rename(fetchedPath, filePath(record.id))) {
        QFile::remove(fetchedPath);
        throw std::runtime_error("cannot move a fetched file into the media directory");
    }
    try {
        m_media.insert(record);
    } catch (...) {
        QFile::remove(filePath(record.id));
        throw;
    }
    return record;
}

MediaRecord MediaLibrary::createUpload(const QString &projectId, const QString &filename,
                                       const QString &declaredType,
                                       std::optional<qint64> declaredSize)
{
    MediaRecord record = newRecord(projectId, MediaRecord::Status::AwaitingUpload);
    record.filename = filename;
    record.declaredType = declaredType;
    record.declaredSize = declaredSize;
    record.uploadExpiresAtMs = record.createdAtMs + UploadWindowMs;
    m_media.insert(record);
    return record;
}

std::variant<std::unique_ptr<UploadSink>, ApiError>
MediaLibrary::begin(const UploadReceiver::Request &request)
{
    const QUrl url(QString::fromLatin1(request.target));
    const QString path = url.path();
    const QString mediaId = path.sliced(
        std::min<qsizetype>(path.size(), QLatin1StringView(HttpLimits::UploadPathPrefix).size()));
    const QUrlQuery query(url);
    bool expiresIsNumber = false;
    const qint64 expires = query.queryItemValue(u"expires"_s).toLongLong(&expiresIsNumber);
    if (!ids::looksLike(mediaId, IdKind::Media) || !expiresIsNumber
        || !m_signer.verify(mediaId, expires, query.queryItemValue(u"signature"_s)))
        return uploadNotFound();
    if (m_clock.nowMs() >= expires * 1000)
        return ApiError(ErrorCode::UploadExpired,
                        u"This upload address expired; ask POST /media/uploads for another."_s);
    const auto record = m_media.find(mediaId);
    if (!record)
        return uploadNotFound();
    if (record->status != MediaRecord::Status::AwaitingUpload)
        return ApiError(ErrorCode::UploadUsed,
                        u"This upload address was used already; each takes one file."_s);
    if (m_uploading.contains(mediaId))
        return ApiError(ErrorCode::UploadInProgress,
                        u"Another upload to this address is under way."_s);
    if (record->declaredSize && *record->declaredSize != request.contentLength)
        return ApiError(
            ErrorCode::SizeMismatch,
            u"The upload was announced as %1 bytes; this one has %2."_s.arg(*record->declaredSize)
                .arg(request.contentLength));
    if (request.contentLength > m_maxBytes)
        return ApiError(ErrorCode::PayloadTooLarge,
                        u"Uploads are limited to %1 bytes."_s.arg(m_maxBytes));

    auto sink = std::make_unique<MediaUploadSink>(*this, *record);
    m_uploading.insert(mediaId);
    if (auto error = sink->open())
        return *error;
    return std::unique_ptr<UploadSink>(std::move(sink));
}

std::variant<QByteArray, ApiError> MediaLibrary::completeUpload(const MediaRecord &record,
                                                                const QString &incomingPath,
                                                                const QString &mimeType,
                                                                qint64 size, const QString &sha256)
{
    const QString target = filePath(record.id);
    // The record still awaits its file, so a file already at the target is what an earlier
    // attempt moved in before the server died, unrecorded: this one replaces it, atomically.
    std::error_code moveError;
    std::filesystem::rename(QFile::encodeName(incomingPath).toStdString(),
                            QFile::encodeName(target).toStdString(), moveError);
    if (moveError) {
        qCWarning(lcMedia).noquote() << "cannot move" << incomingPath << "to" << target << ":"
                                     << QString::fromStdString(moveError.message());
        return ApiError::internal();
    }
    try {
        if (!m_media.completeUpload(record.id, mimeType, size, sha256, m_clock.nowMs())) {
            QFile::remove(target);
            return ApiError(ErrorCode::UploadUsed,
                            u"This upload address was used already; each takes one file."_s);
        }
    } catch (const std::exception &error) {
        QFile::remove(target);
        qCCritical(lcMedia).noquote() << "cannot record upload" << record.id << error.what();
        return ApiError::internal();
    }
    MediaRecord completed = record;
    completed.status = MediaRecord::Status::Ready;
    completed.mimeType = mimeType;
    completed.size = size;
    completed.sha256 = sha256;
    qCInfo(lcMedia).noquote() << "received upload" << record.id << "of" << size << "bytes";
    return mediaJson(completed);
}

std::optional<MediaRecord> MediaLibrary::ownMedia(const QUrl &url)
{
    const QUrl base(m_publicBaseUrl);
    if (m_publicBaseUrl.isEmpty() || url.scheme() != base.scheme() || url.host() != base.host()
        || url.port(url.scheme() == u"https" ? 443 : 80)
               != base.port(base.scheme() == u"https" ? 443 : 80))
        return std::nullopt;
    const QString path = url.path();
    if (!path.startsWith(PublicPathPrefix))
        return std::nullopt;
    QStringView name = QStringView(path).sliced(PublicPathPrefix.size());
    const qsizetype dot = name.indexOf(u'.');
    const QString token = (dot < 0 ? name : name.first(dot)).toString();
    auto record = token.size() == 32 ? m_media.findByPublicToken(token) : std::nullopt;
    if (!record || record->status != MediaRecord::Status::Ready)
        return std::nullopt;
    return record;
}

std::optional<RequestPipeline::Response> MediaLibrary::serve(QByteArrayView method,
                                                             QStringView path)
{
    if (!path.startsWith(PublicPathPrefix))
        return std::nullopt;
    if (method != "GET" && method != "HEAD")
        return RequestPipeline::Response {
            405,
            ApiError::methodNotAllowed("GET, HEAD").toJsonBytes(),
            {{"Allow", "GET, HEAD"}, {"Content-Type", "application/json"}}};
    QStringView name = path.sliced(PublicPathPrefix.size());
    const qsizetype dot = name.indexOf(u'.');
    const QString token = (dot < 0 ? name : name.first(dot)).toString();
    const auto record = token.size() == 32 ? m_media.findByPublicToken(token) : std::nullopt;
    if (!record || record->status != MediaRecord::Status::Ready
        || (dot >= 0 && name.sliced(dot) != extensionOf(record->mimeType))) {
        return RequestPipeline::Response {
            404,
            ApiError::notFound(u"No media at this address."_s).toJsonBytes(),
            {{"Content-Type", "application/json"}}};
    }
    RequestPipeline::Response response {200, {}, {}};
    response.headers = {{"Content-Type", record->mimeType.toLatin1()},
                        {"X-Content-Type-Options", "nosniff"},
                        {"Content-Security-Policy", "default-src 'none'; sandbox"},
                        // The bytes behind an address never change.
                        {"Cache-Control", "public, max-age=31536000, immutable"},
                        {"ETag", '"' + record->sha256.toLatin1() + '"'}};
    response.bodyFile = filePath(record->id);
    return response;
}

} // namespace slotline
