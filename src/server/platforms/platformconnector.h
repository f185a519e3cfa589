#pragma once

#include "server/connectors/connector.h"
#include "server/platforms/platformauthorization.h"
#include "server/platforms/postmedia.h"

namespace slotline {

class Clock;
class Database;
class SecretBox;
class TokenKeeper;

// What the three real platforms' connectors share: the app and the account's state, the
// page, the media, the token (refreshed once when the platform refuses it), and turning
// what happened into a result that never invites a second post.
//
// A create call whose outcome is not known (no answer, a dropped connection, a 5xx) is
// never sent again: the post fails with words that say it may be on the platform.
class PlatformConnector : public Connector
{
    Q_OBJECT

public:
    PlatformConnector(Database &database, const Clock &clock, const SecretBox &secrets,
                      TokenKeeper &tokens, PostMedia &media, PlatformHttpClient &http,
                      QObject *parent = nullptr);
    ~PlatformConnector() override;

    void publish(const PublishRequest &request, Done done) override;
    // A claim left by a server that stopped: whether the platform got the post cannot be
    // told from here, so it is not sent again.
    void lookup(const QString &token, Found found) override;

protected:
    struct Attempt
    {
        PublishRequest request;
        PlatformApp app;
        QString accessToken;
        QString pageId; // the subaccount's id, when the post targets one
        QString pageExternalId; // the platform's id of that page or organization
        QList<MediaFile> media;
    };
    struct Created
    {
        QString platformPostId;
        QString publicUrl;
    };
    using CreateDone = std::function<void(const PlatformResult<Created> &)>;

    virtual QString displayName() const = 0;
    // Posts of this platform go out with the page's own token (Facebook).
    virtual bool usesPageToken() const { return false; }
    virtual bool needsPage() const { return false; }
    virtual void create(const Attempt &attempt, CreateDone done) = 0;

    void send(const PlatformRequest &request, PlatformHttpClient::Done done);
    // The error of a create call: a 5xx or a missing answer may mean it was created.
    static std::optional<PlatformError> createFailureOf(const PlatformResponse &response,
                                                        const QString &platform);
    // The error of a media upload: whatever became of it, it made no post, so a lost
    // answer is an ordinary failure to try again.
    static std::optional<PlatformError> uploadFailureOf(const PlatformResponse &response,
                                                        const QString &platform);

    struct Part
    {
        QByteArray name;
        QByteArray value;
        QByteArray fileName; // empty: a plain field
        QByteArray contentType;
    };
    // multipart/form-data; `contentType` gets the header value with its boundary.
    static QByteArray multipart(const QList<Part> &parts, QByteArray *contentType);

private:
    void withToken(Attempt attempt, Done done);
    void attemptCreate(const Attempt &attempt, bool refreshed, Done done);
    PublishResult resultOf(const PlatformError &error, const Account &account);

    Database &m_database;
    const Clock &m_clock;
    const SecretBox &m_secrets;
    TokenKeeper &m_tokens;
    PostMedia &m_media;
    PlatformHttpClient &m_http;
};

} // namespace slotline
