#include "server/controllers/mediacontroller.h"

#include "core/isotime.h"
#include "core/jsonwriter.h"
#include "server/api/jsonliteral.h"
#include "server/api/listing.h"
#include "server/api/logcategories.h"
#include "server/api/operationregistry.h"
#include "server/media/mediafetch.h"
#include "server/media/mediafetcher.h"
#include "server/media/medialibrary.h"
#include "server/media/mediatype.h"

#include <QNetworkAccessManager>

using namespace Qt::Literals::StringLiterals;

namespace slotline {
namespace {

ApiError fetchError(const MediaFetchError &error)
{
    switch (error.code) {
    case MediaFetchError::Code::UrlNotAllowed:
        return ApiError(ErrorCode::UrlNotAllowed,
                        u"The server does not fetch from this address: %1."_s.arg(error.message))
            .withDetail(u"url"_s, error.message);
    case MediaFetchError::Code::TooLarge:
        return ApiError(ErrorCode::MediaTooLarge,
                        u"The file is too large: %1."_s.arg(error.message))
            .withDetail(u"url"_s, error.message);
    case MediaFetchError::Code::UnsupportedType:
        return ApiError(ErrorCode::UnsupportedType,
                        u"The file is not an accepted type (%1): %2."_s.arg(
                            MediaType::accepted().join(u", "_s), error.message))
            .withDetail(u"url"_s, error.message);
    case MediaFetchError::Code::FetchFailed:
        return ApiError(ErrorCode::FetchFailed,
                        u"The file could not be fetched: %1."_s.arg(error.message))
            .withDetail(u"url"_s, error.message);
    case MediaFetchError::Code::Internal: break;
    }
    qCWarning(lcMedia).noquote() << "fetch failed inside the server:" << error.message;
    return ApiError::internal();
}

} // namespace

MediaController::MediaController(MediaLibrary &library, const AddressPolicy &policy,
                                 const MediaFetchLimits &limits)
    : m_library(library)
    , m_network(std::make_unique<QNetworkAccessManager>())
    , m_fetcher(std::make_unique<MediaFetcher>(m_network.get(), policy, limits,
                                               library.incomingDirectory()))
{ }

MediaController::~MediaController()
{
    m_closing = true;
    m_fetcher.reset();
}

void MediaController::registerOperations(OperationRegistry &registry)
{
    Operation fromUrl;
    fromUrl.name = u"upload_media_from_url"_s;
    fromUrl.summary = u"Fetch media from a URL"_s;
    fromUrl.description
        = u"The server downloads the file (http or https, at most 5 redirects, up to the "
          "server's size limit, 100 MB by default) and answers when it is stored, with the URL "
          "it serves the file at. The type is told by the content: PNG, JPEG, GIF, WebP or MP4. "
          "Addresses on loopback, private, link-local or other internal networks are refused "
          "(422 url_not_allowed), also after a redirect, unless the server was started with an "
          "allow-list for them. The connection closes after the answer."_s;
    fromUrl.tag = u"Media"_s;
    fromUrl.method = HttpMethod::Post;
    fromUrl.path = u"/media"_s;
    fromUrl.rateClass = RateClass::Write;
    fromUrl.bodySchema = jsonObject(R"({
        "type": "object", "additionalProperties": false, "required": ["url"],
        "properties": {"url": {"type": "string", "minLength": 1, "maxLength": 2048,
                               "description": "An http or https URL of a PNG, JPEG, GIF, WebP or MP4 file."}}})");
    fromUrl.bodyRequired = true;
    fromUrl.successStatus = 201;
    fromUrl.resultSchema = listing::schemaRef(u"MediaItem"_s);
    fromUrl.errorCodes = {}; // the idempotency conflicts every write has
    fromUrl.asyncHandler
        = [this](const CallContext &context, const QJsonObject &parameters,
                 const Operation::Reply &reply) { fetch(context, parameters, reply); };
    registry.add(fromUrl);

    Operation upload;
    upload.name = u"create_upload_url"_s;
    upload.summary = u"Get an address to upload a file to"_s;
    upload.description
        = u"Answers a signed uploadUrl that takes one PUT of the file's raw bytes (with "
          "Content-Length, without an API key) in the next 15 minutes, and the publicUrl the "
          "file will be served at. The PUT answers 201 with the media item; 404 for an "
          "address that is not one, 410 once it expired, 409 once it was used, 413 past the "
          "size limit, 415 for a file that is not an accepted type (or not the contentType "
          "given here), 422 when its length is not the size given here."_s;
    upload.tag = u"Media"_s;
    upload.method = HttpMethod::Post;
    upload.path = u"/media/uploads"_s;
    upload.rateClass = RateClass::Write;
    upload.bodySchema = jsonObject(R"({
        "type": "object", "additionalProperties": false, "required": ["filename"],
        "properties": {
            "filename": {"type": "string", "minLength": 1, "maxLength": 255,
                         "description": "The file's name, for reference; the type is told by the content."},
            "contentType": {"type": "string", "enum": ["image/png", "image/jpeg", "image/gif", "image/webp", "video/mp4"],
                            "description": "When given, the upload must be of this type."},
            "size": {"type": "integer", "minimum": 1,
                     "description": "When given, the upload must have exactly this many bytes."}
        }})");
    upload.bodyRequired = true;
    upload.successStatus = 201;
    upload.resultSchema = listing::schemaRef(u"UploadTicket"_s);
    upload.handler = [this](const CallContext &context, const QJsonObject &parameters) {
        return createUpload(context, parameters);
    };
    registry.add(upload);
}

void MediaController::fetch(const CallContext &context, const QJsonObject &parameters,
                            const Operation::Reply &reply)
{
    const QString text = parameters.value(u"url"_s).toString();
    const QUrl url(text, QUrl::StrictMode);
    // Schemes, hosts and addresses are the fetcher's to judge (url_not_allowed).
    if (!url.isValid() || url.isRelative()) {
        reply(ApiError::validationFailed({FieldError {u"url"_s, u"must be an absolute URL"_s}}));
        return;
    }
    MediaFetch *job = m_fetcher->fetch(url);
    QObject::connect(
        job, &MediaFetch::finished, job, [this, job, reply, text, projectId = context.projectId] {
            job->deleteLater();
            if (m_closing)
                return;
            if (const auto &error = job->error()) {
                reply(fetchError(*error));
                return;
            }
            const MediaFetchResult &result = *job->result();
            try {
                const MediaRecord record
                    = m_library.adoptFetched(projectId, text, result.filePath, result.mimeType,
                                             result.size, QString::fromLatin1(result.sha256));
                reply(Outcome::created(m_library.mediaJson(record)));
            } catch (const std::exception &error) {
                qCCritical(lcMedia).noquote() << "cannot store" << text << error.what();
                reply(ApiError::internal());
            }
        });
}

Outcome MediaController::createUpload(const CallContext &context, const QJsonObject &parameters)
{
    std::optional<qint64> size;
    if (parameters.contains(u"size"_s)) {
        size = parameters.value(u"size"_s).toInteger();
        if (*size > m_library.maxBytes())
            return ApiError::validationFailed(
                {FieldError {u"size"_s, u"must be at most %1 bytes, the server's limit"_s.arg(
                                            m_library.maxBytes())}});
    }
    const MediaRecord record
        = m_library.createUpload(context.projectId, parameters.value(u"filename"_s).toString(),
                                 parameters.value(u"contentType"_s).toString(), size);
    JsonWriter json;
    json.beginObject()
        .field("mediaId"_L1, record.id)
        .field("uploadUrl"_L1, m_library.uploadUrl(record))
        .field("publicUrl"_L1, m_library.publicUrl(record))
        .field("expiresAt"_L1, isotime::format(record.uploadExpiresAtMs.value_or(0)))
        .endObject();
    return Outcome::created(json.take());
}

} // namespace slotline
