#include "server/media/mediafetch.h"

#include "server/api/logcategories.h"
#include "server/media/mediatype.h"

#include <QDir>
#include <QFileInfo>
#include <QHostInfo>
#include <QNetworkAccessManager>
#include <QNetworkProxy>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QTemporaryFile>

namespace slotline {
namespace {

// What a reply may hold before it stops reading from the socket: with the chunks read
// below, this bounds the memory one fetch takes, whatever the file's size.
constexpr qint64 ReadBufferSize = 256 * 1024;
constexpr qint64 ChunkSize = 64 * 1024;

bool isRedirect(int status)
{
    return status == 301 || status == 302 || status == 303 || status == 307 || status == 308;
}

// Errors that mean the address could not be reached at all, so another address of the
// same name may do better.
bool isConnectionError(QNetworkReply::NetworkError error)
{
    switch (error) {
    case QNetworkReply::ConnectionRefusedError:
    case QNetworkReply::HostNotFoundError:
    case QNetworkReply::TemporaryNetworkFailureError:
    case QNetworkReply::NetworkSessionFailedError:
    case QNetworkReply::UnknownNetworkError: return true;
    default: return false;
    }
}

// A URL for messages and logs: without credentials, nor a query that may hold a token.
QString shown(const QUrl &url)
{
    return url.toDisplayString(QUrl::RemoveUserInfo | QUrl::RemoveQuery | QUrl::RemoveFragment);
}

QString seconds(int ms)
{
    return QString::number(ms / 1000.0);
}

// Why the URL may not be fetched whatever its host resolves to, or an empty string.
QString schemeRefusal(const QUrl &url)
{
    if (!url.isValid())
        return QStringLiteral("it is not a valid URL");
    const QString scheme = url.scheme();
    if (scheme != u"http" && scheme != u"https") {
        return scheme.isEmpty()
                   ? QStringLiteral("only http and https URLs can be fetched")
                   : QStringLiteral("only http and https URLs can be fetched, not %1").arg(scheme);
    }
    if (url.host().isEmpty())
        return QStringLiteral("the URL names no host");
    // Credentials in a URL would be sent on to whichever host a redirect names.
    if (!url.userInfo().isEmpty())
        return QStringLiteral("URLs with a user name or password are not fetched");
    return {};
}

} // namespace

QString MediaFetchError::codeName() const
{
    switch (code) {
    case Code::UrlNotAllowed: return QStringLiteral("url_not_allowed");
    case Code::TooLarge: return QStringLiteral("too_large");
    case Code::UnsupportedType: return QStringLiteral("unsupported_type");
    case Code::FetchFailed: return QStringLiteral("fetch_failed");
    case Code::Internal: return QStringLiteral("internal_error");
    }
    return QStringLiteral("internal_error");
}

MediaFetch::MediaFetch(QNetworkAccessManager *manager, const AddressPolicy &policy,
                       const MediaFetchLimits &limits, const QString &targetDirectory,
                       const QUrl &url, QObject *parent)
    : QObject(parent)
    , m_manager(manager)
    , m_policy(policy)
    , m_limits(limits)
    , m_targetDirectory(targetDirectory)
    , m_url(url)
    , m_currentUrl(url)
{
    m_deadline.setSingleShot(true);
    connect(&m_deadline, &QTimer::timeout, this, [this] {
        fail(MediaFetchError::Code::FetchFailed, QStringLiteral("the fetch took longer than %1 s")
                                                     .arg(seconds(m_limits.totalTimeoutMs)));
    });
    m_stallTimer.setSingleShot(true);
    connect(&m_stallTimer, &QTimer::timeout, this, &MediaFetch::onStalled);
}

MediaFetch::~MediaFetch()
{
    if (m_lookupId != -1)
        QHostInfo::abortHostLookup(m_lookupId);
    dropReply();
    if (m_file)
        m_file->remove();
}

void MediaFetch::abort()
{
    fail(MediaFetchError::Code::FetchFailed, QStringLiteral("the fetch was cancelled"));
}

void MediaFetch::start()
{
    if (isFinished())
        return;
    m_deadline.start(m_limits.totalTimeoutMs);
    visit(m_url, false);
}

void MediaFetch::visit(const QUrl &url, bool redirected)
{
    m_currentUrl = url;
    m_redirected = redirected;
    m_addresses.clear();
    m_addressIndex = 0;
    m_answered = false;

    if (const QString refusal = schemeRefusal(url); !refusal.isEmpty()) {
        fail(MediaFetchError::Code::UrlNotAllowed, hop() + refusal);
        return;
    }

    // QUrl has already turned the other spellings of an IPv4 address (2130706433,
    // 0x7f.1, 0177.0.0.1, 127.1) into the dotted form, so they are caught here too.
    QHostAddress literal;
    if (literal.setAddress(url.host())) {
        admit({literal}, false);
        return;
    }
    qCDebug(lcMedia).noquote() << "looking up" << url.host();
    m_stallTimer.start(m_limits.stallTimeoutMs);
    m_lookupId = QHostInfo::lookupHost(url.host(), this, &MediaFetch::onLookedUp);
}

void MediaFetch::onLookedUp(const QHostInfo &info)
{
    if (info.lookupId() != m_lookupId || isFinished())
        return;
    m_lookupId = -1;
    m_stallTimer.stop();
    if (info.error() != QHostInfo::NoError || info.addresses().isEmpty()) {
        fail(MediaFetchError::Code::FetchFailed,
             hop()
                 + QStringLiteral("cannot look up %1: %2")
                       .arg(m_currentUrl.host(), info.error() == QHostInfo::NoError
                                                     ? QStringLiteral("it has no address")
                                                     : info.errorString()));
        return;
    }
    admit(info.addresses(), true);
}

void MediaFetch::admit(const QList<QHostAddress> &addresses, bool resolved)
{
    if (const auto refused = m_policy.firstRefused(addresses)) {
        fail(MediaFetchError::Code::UrlNotAllowed,
             hop()
                 + (resolved ? QStringLiteral("%1 resolves to %2, %3")
                                   .arg(m_currentUrl.host(), refused->address.toString(),
                                        refused->reason)
                             : QStringLiteral("%1 is %2")
                                   .arg(refused->address.toString(), refused->reason)));
        return;
    }
    m_addresses = addresses;
    m_addressIndex = 0;
    request();
}

void MediaFetch::request()
{
    if (!m_manager) {
        fail(MediaFetchError::Code::Internal, QStringLiteral("the network access is shut down"));
        return;
    }
    // A proxy would connect to the name itself, after the address check.
    if (m_manager->proxyFactory() || m_manager->proxy().type() != QNetworkProxy::NoProxy) {
        qCWarning(lcMedia) << "the network access manager was given a proxy; media fetches"
                              " cannot use one and switch it off again";
        m_manager->setProxy(QNetworkProxy::NoProxy);
    }

    const QHostAddress &address = m_addresses.at(m_addressIndex);
    QUrl target = m_currentUrl;
    target.setUserInfo(QString());
    target.setFragment(QString());
    target.setHost(address.toString());

    QNetworkRequest request(target);
    // The connection goes to the checked address; the server still sees the name asked
    // for, and a certificate must still be the name's (the name is also sent as SNI).
    request.setRawHeader(
        "Host", m_currentUrl.authority(QUrl::FullyEncoded | QUrl::RemoveUserInfo).toLatin1());
    QHostAddress literal;
    if (m_currentUrl.scheme() == u"https" && !literal.setAddress(m_currentUrl.host()))
        request.setPeerVerifyName(m_currentUrl.host());
    // HTTP/2 would send the address as :authority instead of the Host header above.
    request.setAttribute(QNetworkRequest::Http2AllowedAttribute, false);
    // Each redirect's target is checked like the first URL, so it is followed here.
    request.setAttribute(QNetworkRequest::RedirectPolicyAttribute,
                         QNetworkRequest::ManualRedirectPolicy);
    request.setAttribute(QNetworkRequest::CacheLoadControlAttribute,
                         QNetworkRequest::AlwaysNetwork);
    request.setAttribute(QNetworkRequest::CacheSaveControlAttribute, false);
    request.setAttribute(QNetworkRequest::CookieLoadControlAttribute, QNetworkRequest::Manual);
    request.setAttribute(QNetworkRequest::CookieSaveControlAttribute, QNetworkRequest::Manual);
    request.setAttribute(QNetworkRequest::AuthenticationReuseAttribute, QNetworkRequest::Manual);
    // The bytes as stored: what is counted, hashed and sniffed is the file itself, and a
    // small compressed body cannot inflate past the limit behind the count's back.
    request.setRawHeader("Accept-Encoding", "identity");
    request.setRawHeader("Accept", MediaType::accepted().join(u", ").toLatin1());
    request.setHeader(QNetworkRequest::UserAgentHeader,
                      QByteArrayLiteral("Slotline/" SLOTLINE_VERSION " (media fetcher)"));

    qCDebug(lcMedia).noquote() << "fetching" << shown(m_currentUrl) << "from" << address.toString();
    m_answered = false;
    m_reply = m_manager->get(request);
    m_reply->setReadBufferSize(ReadBufferSize);
    connect(m_reply, &QNetworkReply::metaDataChanged, this, &MediaFetch::onMetaDataChanged);
    connect(m_reply, &QNetworkReply::readyRead, this, &MediaFetch::onReadyRead);
    connect(m_reply, &QNetworkReply::finished, this, &MediaFetch::onReplyFinished);
    m_stallTimer.start(m_limits.stallTimeoutMs);
}

void MediaFetch::onMetaDataChanged()
{
    if (!m_reply || m_answered)
        return;
    const QVariant statusValue = m_reply->attribute(QNetworkRequest::HttpStatusCodeAttribute);
    if (!statusValue.isValid())
        return;
    m_answered = true;
    m_stallTimer.start(m_limits.stallTimeoutMs);

    const int status = statusValue.toInt();
    if (isRedirect(status)) {
        followRedirect(status);
        return;
    }
    if (status < 200 || status > 299) {
        const QString reason
            = m_reply->attribute(QNetworkRequest::HttpReasonPhraseAttribute).toString();
        fail(MediaFetchError::Code::FetchFailed,
             QStringLiteral("%1 answered %2").arg(shown(m_currentUrl), QString::number(status))
                 + (reason.isEmpty() ? QString() : QStringLiteral(" ") + reason));
        return;
    }
    const QVariant length = m_reply->header(QNetworkRequest::ContentLengthHeader);
    if (length.isValid() && length.toLongLong() > m_limits.maxBytes) {
        fail(MediaFetchError::Code::TooLarge,
             QStringLiteral("the file has %1 bytes, more than the limit of %2")
                 .arg(length.toLongLong())
                 .arg(m_limits.maxBytes));
        return;
    }
}

void MediaFetch::followRedirect(int status)
{
    const QByteArray location = m_reply->rawHeader("Location").trimmed();
    if (location.isEmpty()) {
        fail(MediaFetchError::Code::FetchFailed,
             QStringLiteral("%1 answered %2 without a Location")
                 .arg(shown(m_currentUrl), QString::number(status)));
        return;
    }
    if (m_redirects >= m_limits.maxRedirects) {
        fail(MediaFetchError::Code::FetchFailed,
             QStringLiteral("more than %1 redirects").arg(m_limits.maxRedirects));
        return;
    }
    const QUrl relative = QUrl::fromEncoded(location);
    if (!relative.isValid()) {
        fail(MediaFetchError::Code::FetchFailed,
             QStringLiteral("%1 redirected to an invalid URL").arg(shown(m_currentUrl)));
        return;
    }
    // Relative to the URL as asked for, not to the address it was fetched from.
    const QUrl next = m_currentUrl.resolved(relative);
    ++m_redirects;
    qCDebug(lcMedia).noquote() << shown(m_currentUrl) << "redirects to" << shown(next);
    dropReply();
    visit(next, true);
}

void MediaFetch::onReadyRead()
{
    QNetworkReply *const reply = m_reply;
    if (!reply)
        return;
    if (!m_answered) {
        onMetaDataChanged();
        if (m_reply != reply || isFinished() || !m_answered)
            return;
    }
    m_stallTimer.start(m_limits.stallTimeoutMs);
    while (reply->bytesAvailable() > 0) {
        if (!consume(reply->read(ChunkSize)))
            return;
    }
}

void MediaFetch::onReplyFinished()
{
    QNetworkReply *const reply = m_reply;
    if (!reply)
        return;
    if (!m_answered) {
        onMetaDataChanged();
        if (m_reply != reply || isFinished())
            return;
    }
    if (!m_answered) {
        if (isConnectionError(reply->error()) && tryNextAddress())
            return;
        fail(MediaFetchError::Code::FetchFailed,
             QStringLiteral("cannot fetch %1 from %2: %3")
                 .arg(shown(m_currentUrl), m_addresses.at(m_addressIndex).toString(),
                      reply->errorString()));
        return;
    }
    if (reply->error() != QNetworkReply::NoError) {
        fail(MediaFetchError::Code::FetchFailed,
             QStringLiteral("the download from %1 broke off: %2")
                 .arg(shown(m_currentUrl), reply->errorString()));
        return;
    }
    while (reply->bytesAvailable() > 0) {
        if (!consume(reply->read(ChunkSize)))
            return;
    }
    complete();
}

void MediaFetch::onStalled()
{
    const QString limit = seconds(m_limits.stallTimeoutMs);
    if (m_lookupId != -1) {
        fail(MediaFetchError::Code::FetchFailed,
             QStringLiteral("looking up %1 took longer than %2 s").arg(m_currentUrl.host(), limit));
        return;
    }
    if (!m_answered) {
        if (tryNextAddress())
            return;
        fail(MediaFetchError::Code::FetchFailed,
             QStringLiteral("%1 did not answer within %2 s").arg(shown(m_currentUrl), limit));
        return;
    }
    fail(MediaFetchError::Code::FetchFailed,
         QStringLiteral("the download from %1 stalled: nothing arrived for %2 s")
             .arg(shown(m_currentUrl), limit));
}

bool MediaFetch::tryNextAddress()
{
    if (m_addressIndex + 1 >= m_addresses.size())
        return false;
    qCDebug(lcMedia).noquote() << "no answer from" << m_addresses.at(m_addressIndex).toString()
                               << "for" << m_currentUrl.host() << "- trying the next address";
    dropReply();
    ++m_addressIndex;
    request();
    return true;
}

bool MediaFetch::consume(const QByteArray &chunk)
{
    if (chunk.isEmpty())
        return true;
    if (chunk.size() > m_limits.maxBytes - m_size) {
        fail(
            MediaFetchError::Code::TooLarge,
            QStringLiteral("the file is larger than the limit of %1 bytes").arg(m_limits.maxBytes));
        return false;
    }
    if (m_mimeType.isEmpty()) {
        const qsizetype missing = MediaType::bytesNeeded() - m_head.size();
        m_head += chunk.first(std::min(missing, chunk.size()));
        if (m_head.size() >= MediaType::bytesNeeded() && !sniff())
            return false;
    }
    if (!m_file) {
        // Where the system allows, a QTemporaryFile has no name until it is given one (on
        // Linux, O_TMPFILE): a partial file is not seen, and not left behind by a crash.
        m_file = std::make_unique<QTemporaryFile>(
            QDir(m_targetDirectory).filePath(QStringLiteral("media-XXXXXX")));
        if (!m_file->open()) {
            const QString reason = m_file->errorString();
            m_file.reset();
            fail(MediaFetchError::Code::Internal,
                 QStringLiteral("cannot create a file in %1: %2").arg(m_targetDirectory, reason));
            return false;
        }
    }
    if (m_file->write(chunk) != chunk.size()) {
        fail(MediaFetchError::Code::Internal,
             QStringLiteral("cannot write %1: %2").arg(m_file->fileName(), m_file->errorString()));
        return false;
    }
    m_hash.addData(chunk);
    m_size += chunk.size();
    return true;
}

bool MediaFetch::sniff()
{
    const std::optional<QString> type = MediaType::sniff(m_head);
    if (!type) {
        const QString served
            = m_reply ? m_reply->header(QNetworkRequest::ContentTypeHeader).toString() : QString();
        fail(MediaFetchError::Code::UnsupportedType,
             QStringLiteral("the content is none of %1")
                     .arg(MediaType::accepted().join(QStringLiteral(", ")))
                 + (served.isEmpty() ? QString()
                                     : QStringLiteral(" (it was served as %1)").arg(served)));
        return false;
    }
    m_mimeType = *type;
    m_head.clear();
    return true;
}

void MediaFetch::complete()
{
    if (m_mimeType.isEmpty()) {
        // Shorter than MediaType::bytesNeeded(): judged by what there is.
        if (m_size == 0) {
            fail(MediaFetchError::Code::UnsupportedType, QStringLiteral("the response was empty"));
            return;
        }
        if (!sniff())
            return;
    }
    if (!m_file->flush()) {
        fail(MediaFetchError::Code::Internal,
             QStringLiteral("cannot write %1: %2").arg(m_file->fileName(), m_file->errorString()));
        return;
    }
    // The extension helps whoever serves the file later; should the name be taken, the
    // file keeps the unique name it has.
    const QString named = m_file->fileName() + u'.' + MediaType::extension(m_mimeType);
    if (!m_file->rename(named))
        qCDebug(lcMedia).noquote() << "cannot rename" << m_file->fileName() << "to" << named;
    m_file->setAutoRemove(false);
    m_file->close();

    m_result = MediaFetchResult {QFileInfo(m_file->fileName()).absoluteFilePath(), m_mimeType,
                                 m_size, m_hash.result().toHex()};
    m_file.reset();
    qCInfo(lcMedia).noquote() << "fetched" << shown(m_url) << "as" << m_result->mimeType << "of"
                              << m_result->size << "bytes";
    finish();
}

QString MediaFetch::hop() const
{
    return m_redirected ? QStringLiteral("the redirect to %1: ").arg(shown(m_currentUrl))
                        : QString();
}

void MediaFetch::dropReply()
{
    QNetworkReply *const reply = m_reply;
    m_reply = nullptr;
    if (!reply)
        return;
    disconnect(reply, nullptr, this, nullptr);
    // Deleting a reply stops its transfer. It is not aborted here instead: inside its own
    // metaDataChanged() an abort races the error Qt is about to report for an HTTP error
    // status. Until the deletion, the reply buffers no more than its read buffer's size.
    reply->deleteLater();
}

void MediaFetch::fail(MediaFetchError::Code code, const QString &message)
{
    if (isFinished())
        return;
    if (m_file) {
        m_file->remove();
        m_file.reset();
    }
    m_error = MediaFetchError {code, message};
    qCInfo(lcMedia).noquote() << "cannot fetch" << shown(m_url) << '-' << m_error->codeName()
                              << message;
    finish();
}

void MediaFetch::finish()
{
    m_deadline.stop();
    m_stallTimer.stop();
    if (m_lookupId != -1) {
        QHostInfo::abortHostLookup(m_lookupId);
        m_lookupId = -1;
    }
    dropReply();
    // Last: a receiver may delete this fetch (with deleteLater()) in response.
    Q_EMIT finished();
}

} // namespace slotline
