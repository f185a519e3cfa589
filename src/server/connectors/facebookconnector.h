#pragma once

#include "server/platforms/platformconnector.h"

namespace slotline {

// Posts to Facebook Pages with the Page's own token: POST /{page-id}/feed, images staged
// unpublished through /{page-id}/photos and attached (developers.facebook.com,
// docs/pages-api/posts). Facebook gives no way to post to a person's own timeline.
class FacebookConnector : public PlatformConnector
{
    Q_OBJECT

public:
    using PlatformConnector::PlatformConnector;

    QString name() const override { return QStringLiteral("facebook"); }

protected:
    QString displayName() const override { return QStringLiteral("Facebook"); }
    // The Page by its id; Facebook posts only to Pages, so without one there is none.
    QString accountUrl(const Account &account, const QString &pageExternalId) const override;
    bool usesPageToken() const override { return true; }
    bool needsPage() const override { return true; }
    void create(const Attempt &attempt, CreateDone done) override;
    // GET /{page-id}/published_posts since the call, with the Page's token.
    void findPost(const Attempt &attempt, qint64 sentAtMs, SearchDone done) override;

private:
    std::optional<PlatformError> graphFailureOf(const PlatformResponse &response,
                                                bool creates) const;
    void uploadPhotos(const Attempt &attempt, QStringList photos, CreateDone done);
    void createPost(const Attempt &attempt, const QStringList &photos, CreateDone done);
};

} // namespace slotline
