#include "server/media/mediafetcher.h"

#include "server/media/mediafetch.h"

#include <QMetaObject>
#include <QNetworkAccessManager>
#include <QNetworkProxy>
#include <QPointer>

namespace slotline {

MediaFetcher::MediaFetcher(QNetworkAccessManager *manager, AddressPolicy policy,
                           MediaFetchLimits limits, QString targetDirectory, QObject *parent)
    : QObject(parent)
    , m_manager(manager)
    , m_policy(std::move(policy))
    , m_limits(limits)
    , m_targetDirectory(std::move(targetDirectory))
{
    // Without this the manager follows the environment's http_proxy, and the proxy, not
    // this server, would decide which address the name stands for.
    m_manager->setProxy(QNetworkProxy::NoProxy);
}

MediaFetcher::~MediaFetcher()
{
    // Cancelled while the fetcher is whole, so that their receivers hear of it; a
    // receiver may delete a fetch meanwhile, hence the guarded list.
    QList<QPointer<MediaFetch>> fetches;
    for (MediaFetch *fetch : findChildren<MediaFetch *>(Qt::FindDirectChildrenOnly))
        fetches.append(fetch);
    for (const QPointer<MediaFetch> &fetch : std::as_const(fetches)) {
        if (fetch)
            fetch->abort();
    }
    for (const QPointer<MediaFetch> &fetch : std::as_const(fetches))
        delete fetch.data();
}

MediaFetch *MediaFetcher::fetch(const QUrl &url)
{
    auto *fetch = new MediaFetch(m_manager, m_policy, m_limits, m_targetDirectory, url, this);
    // Started on the next turn of the event loop, so that even a URL refused at once is
    // reported after the caller has connected to finished().
    QMetaObject::invokeMethod(fetch, &MediaFetch::start, Qt::QueuedConnection);
    return fetch;
}

} // namespace slotline
