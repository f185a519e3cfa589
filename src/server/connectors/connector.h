#pragma once

#include "core/account.h"
#include "core/submission.h"

#include <QObject>
#include <QString>

#include <functional>
#include <optional>

namespace slotline {

// What a connector is asked to publish. `token` identifies the publication across
// attempts and restarts: a connector must publish a token at most once, and answer a
// repeated token with the first result.
struct PublishRequest
{
    QString token;
    Submission submission;
    Account account;
    QString pageName; // the subaccount's name when the post targets a page
};

struct PublishResult
{
    bool published = false;
    QString publicUrl;
    qint64 publishedAtMs = 0;
    QString platformPostId; // the post's id on a real platform
    QString error;
    bool retryable = false; // the error may go away if the same request is tried again

    static PublishResult success(const QString &publicUrl, qint64 publishedAtMs);
    static PublishResult failure(const QString &error, bool retryable);
};

// Publishes posts to one platform. Results always arrive later, on the caller's thread,
// never from inside the call that asked.
class Connector : public QObject
{
    Q_OBJECT

public:
    using Done = std::function<void(const PublishResult &)>;
    using Found = std::function<void(const std::optional<PublishResult> &)>;

    explicit Connector(QObject *parent = nullptr);
    ~Connector() override;

    virtual QString name() const = 0;
    virtual void publish(const PublishRequest &request, Done done) = 0;
    // After a restart: has this token been published? Nothing if not (or not known).
    virtual void lookup(const QString &token, Found found) = 0;
};

} // namespace slotline
