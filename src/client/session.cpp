#include "client/session.h"

#include <QCryptographicHash>
#include <QDir>

using namespace Qt::Literals::StringLiterals;

namespace slotline::client {

Session::Session(const QUrl &baseUrl, const QString &apiKey, const QString &storeFile,
                 QObject *parent)
    : QObject(parent)
    , m_client(this)
    , m_store(this)
    , m_connectivity(m_client, this)
    , m_sync(m_client, m_store, m_connectivity, this)
{
    m_client.setBaseUrl(baseUrl);
    m_client.setApiKey(apiKey);
    m_store.open(storeFile);
}

Session::~Session()
{
    // Calls still out must not answer into the parts being destroyed.
    m_client.cancelAll();
}

QString Session::storeFileFor(const QString &directory, const QUrl &baseUrl)
{
    const QByteArray address = baseUrl.adjusted(QUrl::StripTrailingSlash).toEncoded();
    const QByteArray digest = QCryptographicHash::hash(address, QCryptographicHash::Sha256).toHex();
    return QDir(directory).filePath(u"store-"_s + QString::fromLatin1(digest.left(16))
                                    + u".sqlite"_s);
}

void Session::start()
{
    m_connectivity.checkNow();
    m_sync.syncNow();
    m_sync.refreshReference();
}

} // namespace slotline::client
