#pragma once

#include "server/api/callcontext.h"
#include "server/api/operation.h"
#include "server/api/outcome.h"

#include <QJsonObject>

#include <memory>

QT_BEGIN_NAMESPACE
class QNetworkAccessManager;
QT_END_NAMESPACE

namespace slotline {

class AddressPolicy;
class MediaFetcher;
class MediaLibrary;
class OperationRegistry;
struct MediaFetchLimits;

// POST /media (the server fetches a URL) and POST /media/uploads (an address to upload
// to). The fetch answers late, when the file is in; the upload itself is MediaLibrary's.
class MediaController
{
public:
    MediaController(MediaLibrary &library, const AddressPolicy &policy,
                    const MediaFetchLimits &limits);
    ~MediaController();
    Q_DISABLE_COPY_MOVE(MediaController)

    void registerOperations(OperationRegistry &registry);

private:
    void fetch(const CallContext &context, const QJsonObject &parameters,
               const Operation::Reply &reply);
    Outcome createUpload(const CallContext &context, const QJsonObject &parameters);

    MediaLibrary &m_library;
    // Set while the fetcher is destroyed: fetches it cancels then answer nobody.
    bool m_closing = false;
    std::unique_ptr<QNetworkAccessManager> m_network;
    std::unique_ptr<MediaFetcher> m_fetcher;
};

} // namespace slotline
