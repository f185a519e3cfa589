#include "server/controllers/mediacontroller.h"

#include "core/isotime.h"
#include "core/jsonwriter.h"
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
    registry.handleLater(
        u"upload_media_from_url"_s,
        [this](const CallContext &context, const QJsonObject &parameters,
               const Operation::Reply &reply) { fetch(context, parameters, reply); });
    registry.handle(u"create_upload_url"_s, this, &MediaController::createUpload);
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
