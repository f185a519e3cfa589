#pragma once

#include "core/account.h"
#include "core/failurecode.h"
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
    // Not tried at all: the account may not publish before then (a platform's rate limit).
    // The post waits without spending one of its attempts.
    std::optional<qint64> deferUntilMs;
    // Failed, but the platform may have the post: the address where whoever sees the
    // failure checks the account before publishing it again. Empty otherwise.
    QString checkUrl;
    // Not published: why, for programs (a retryable one once the attempts run out).
    FailureCode code = FailureCode::PlatformRefused;

    static PublishResult success(const QString &publicUrl, qint64 publishedAtMs);
    static PublishResult failure(FailureCode code, const QString &error, bool retryable);
    static PublishResult deferred(const QString &why, qint64 untilMs);
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
    // After a restart, for a publication a stopped server had started: has its token been
    // published? Nothing if it was not, and may be sent again; a failure if that cannot be
    // told.
    virtual void lookup(const PublishRequest &request, Found found) = 0;
    // Publishes an account's posts one after the other: more of them handed over at once
    // only wait in its queue, while they hold claims other accounts' posts could use.
    virtual bool oneAtATimePerAccount() const { return false; }
};

} // namespace slotline
