#pragma once

#include "server/platforms/platformconnector.h"

namespace slotline {

// Posts to X: images through POST /2/media/upload, the post through POST /2/tweets
// (docs.x.com, x-api/posts/creation-of-a-post), with the person's OAuth 2.0 token.
class XConnector : public PlatformConnector
{
    Q_OBJECT

public:
    using PlatformConnector::PlatformConnector;

    QString name() const override { return QStringLiteral("x"); }

protected:
    QString displayName() const override { return QStringLiteral("X"); }
    void create(const Attempt &attempt, CreateDone done) override;

private:
    void uploadImages(const Attempt &attempt, QStringList mediaIds, CreateDone done);
    void createPost(const Attempt &attempt, const QStringList &mediaIds, CreateDone done);
};

} // namespace slotline
