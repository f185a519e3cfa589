#pragma once

#include "server/platforms/platformconnector.h"

#include <QJsonObject>

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
    // The profile by its @name; by the person's id when the name is not known.
    QString accountUrl(const Account &account, const QString &pageExternalId) const override;
    void create(const Attempt &attempt, CreateDone done) override;
    // GET /2/users/{id}/tweets since the call: X shows each link of the text as a t.co
    // link (expanded in `entities`) and adds one for the media.
    void findPost(const Attempt &attempt, qint64 sentAtMs, SearchDone done) override;

private:
    static QString postUrl(const QString &username, const QString &id);
    // The post's text as it was written: t.co links expanded, the media's link left out.
    static QString shownText(const QJsonObject &post);
    void uploadImages(const Attempt &attempt, QStringList mediaIds, CreateDone done);
    void createPost(const Attempt &attempt, const QStringList &mediaIds, CreateDone done);
};

} // namespace slotline
