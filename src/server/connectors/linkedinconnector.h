#pragma once

#include "server/platforms/platformconnector.h"

namespace slotline {

// Posts to LinkedIn through the versioned Posts API (POST /rest/posts with
// LinkedIn-Version), as the member or as an organization they may post for. The text is
// "little text": every reserved character is escaped, because LinkedIn silently cuts a
// post at the first unescaped one. Images go through /rest/images?action=initializeUpload
// and one PUT each.
class LinkedInConnector : public PlatformConnector
{
    Q_OBJECT

public:
    using PlatformConnector::PlatformConnector;

    QString name() const override { return QStringLiteral("linkedin"); }

protected:
    QString displayName() const override { return QStringLiteral("LinkedIn"); }
    void create(const Attempt &attempt, CreateDone done) override;

private:
    static QString author(const Attempt &attempt);
    void uploadImages(const Attempt &attempt, QStringList images, CreateDone done);
    void createPost(const Attempt &attempt, const QStringList &images, CreateDone done);
};

} // namespace slotline
