#pragma once

#include "server/media/addresspolicy.h"

#include <QObject>
#include <QString>
#include <QUrl>

class QNetworkAccessManager;

namespace slotline {

class MediaFetch;

struct MediaFetchLimits
{
    qint64 maxBytes = qint64(100) * 1024 * 1024; // the contract's default limit
    int maxRedirects = 5; // the contract: at most 5
    int totalTimeoutMs = 60'000; // the whole fetch, name lookups and redirects included
    // How long a name lookup, a connection or an answer may take, and the longest silence
    // while the body streams in.
    int stallTimeoutMs = 15'000;
};

// Fetches media from a URL a user gave (POST /media {url}) into a directory, safely:
// only http and https, only from addresses the AddressPolicy allows, also after each
// redirect, at most limits().maxBytes, and only content that MediaType accepts.
//
// Each fetch looks the host up itself, checks every address it resolves to, and then
// connects to a checked address, not to the name: a name that resolves to a public
// address for the check and to 127.0.0.1 for the connection (DNS rebinding) gains
// nothing. See MediaFetch for one fetch's steps.
//
// The network access manager is shared and owned elsewhere; the fetcher switches it to
// QNetworkProxy::NoProxy (and back again, should someone change it), because a proxy
// would connect to the name on the server's behalf, where no address check reaches.
// Give it a manager of its own when other users of one need a proxy.
class MediaFetcher : public QObject
{
    Q_OBJECT

public:
    MediaFetcher(QNetworkAccessManager *manager, AddressPolicy policy, MediaFetchLimits limits,
                 QString targetDirectory, QObject *parent = nullptr);
    // Cancels the fetches still under way: each emits finished() with fetch_failed, then
    // is deleted with the fetcher.
    ~MediaFetcher() override;

    // Starts fetching `url` into targetDirectory(). The fetch is a child of the fetcher
    // and emits finished() once, always after this returns; delete it (deleteLater())
    // once its outcome has been read.
    MediaFetch *fetch(const QUrl &url);

    const AddressPolicy &policy() const { return m_policy; }
    const MediaFetchLimits &limits() const { return m_limits; }
    QString targetDirectory() const { return m_targetDirectory; }

private:
    QNetworkAccessManager *m_manager;
    AddressPolicy m_policy;
    MediaFetchLimits m_limits;
    QString m_targetDirectory;
};

} // namespace slotline
