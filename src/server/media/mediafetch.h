#pragma once

#include "server/media/addresspolicy.h"
#include "server/media/mediafetcher.h"

#include <QByteArray>
#include <QCryptographicHash>
#include <QHostAddress>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QTimer>
#include <QUrl>

#include <memory>
#include <optional>

class QHostInfo;
class QNetworkAccessManager;
class QNetworkReply;
class QTemporaryFile;

namespace slotline {

// A fetched file: it stays in the target directory and is the caller's from then on.
struct MediaFetchResult
{
    QString filePath;
    QString mimeType;
    qint64 size = 0;
    QByteArray sha256; // lower-case hex
};

struct MediaFetchError
{
    enum class Code {
        UrlNotAllowed, // url_not_allowed: not http(s), user info, or a refused address
        TooLarge, // too_large
        UnsupportedType, // unsupported_type
        FetchFailed, // fetch_failed: lookup, connection, status, redirects, timeout, cancel
        Internal, // internal_error: the file could not be written here
    };

    Code code = Code::FetchFailed;
    QString message;

    // The API error code: "url_not_allowed", "too_large", "unsupported_type",
    // "fetch_failed" or "internal_error".
    QString codeName() const;
};

// One fetch of MediaFetcher::fetch(). For each URL, the first and each redirect's:
//   1. the scheme must be http or https and the URL must carry no user name or password;
//   2. the host is looked up (an IP literal stands for itself) and every address it
//      resolves to must pass the AddressPolicy;
//   3. the request goes to a checked address, with the original Host header and, for
//      https, the original name as the name the certificate must carry (and for SNI);
//   4. a redirect's Location is resolved against the URL and starts again at 1.
// The body streams into a temporary file in the target directory while it is hashed and
// counted; it is given up as soon as it passes the size limit (or its Content-Length
// says it will) or its first bytes are not an accepted type. A fetch that fails leaves
// no file behind.
class MediaFetch : public QObject
{
    Q_OBJECT

public:
    ~MediaFetch() override;

    // The URL asked for, and the one the file came from after redirects.
    QUrl url() const { return m_url; }
    QUrl finalUrl() const { return m_currentUrl; }

    // How much of the body has been stored so far.
    qint64 bytesReceived() const { return m_size; }

    bool isFinished() const { return m_result.has_value() || m_error.has_value(); }
    const std::optional<MediaFetchResult> &result() const { return m_result; }
    const std::optional<MediaFetchError> &error() const { return m_error; }

    // Gives up (fetch_failed) unless already finished; finished() is emitted before this
    // returns.
    void abort();

Q_SIGNALS:
    // Once, when result() or error() is set.
    void finished();

private:
    friend class MediaFetcher;

    MediaFetch(QNetworkAccessManager *manager, const AddressPolicy &policy,
               const MediaFetchLimits &limits, const QString &targetDirectory, const QUrl &url,
               QObject *parent);

    void start();
    void visit(const QUrl &url, bool redirected);
    void onLookedUp(const QHostInfo &info);
    void admit(const QList<QHostAddress> &addresses, bool resolved);
    void request();
    void onMetaDataChanged();
    void onReadyRead();
    void onReplyFinished();
    void onStalled();
    void followRedirect(int status);
    bool tryNextAddress();
    bool consume(const QByteArray &chunk);
    bool sniff();
    void complete();
    // "the redirect to <url>: " before a message about a redirect's URL.
    QString hop() const;
    void dropReply();
    void fail(MediaFetchError::Code code, const QString &message);
    void finish();

    QPointer<QNetworkAccessManager> m_manager;
    AddressPolicy m_policy;
    MediaFetchLimits m_limits;
    QString m_targetDirectory;

    QUrl m_url;
    QUrl m_currentUrl;
    bool m_redirected = false; // the current URL came from a redirect
    int m_redirects = 0;
    int m_lookupId = -1;
    QList<QHostAddress> m_addresses; // the current host's, all checked
    qsizetype m_addressIndex = 0;

    QPointer<QNetworkReply> m_reply;
    bool m_answered = false; // the current reply's status and headers have arrived
    std::unique_ptr<QTemporaryFile> m_file;
    QCryptographicHash m_hash {QCryptographicHash::Sha256};
    qint64 m_size = 0;
    QByteArray m_head; // the first MediaType::bytesNeeded() bytes, until sniffed
    QString m_mimeType;

    QTimer m_deadline;
    QTimer m_stallTimer;

    std::optional<MediaFetchResult> m_result;
    std::optional<MediaFetchError> m_error;
};

} // namespace slotline
