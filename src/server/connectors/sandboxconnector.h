#pragma once

#include "server/publishing/connector.h"

#include <QList>
#include <QTimer>

namespace slotline {

class Clock;
class Database;

// The built-in connector: it "publishes" into the server itself, records the post, and
// serves it as a small public page, so the whole product works without a network.
//
// For trying failures out, a post whose text contains [sandbox:fail] is refused for good,
// and one containing [sandbox:flaky] fails with a retryable error on its first two
// attempts. Tests can inject any other failure.
class SandboxConnector : public Connector
{
    Q_OBJECT

public:
    // Decides an attempt's fate before it is published; nothing lets it through.
    using FailureInjection = std::function<std::optional<PublishResult>(const PublishRequest &)>;

    SandboxConnector(Database &database, const Clock &clock, QString publicBaseUrl,
                     QObject *parent = nullptr);

    QString name() const override { return QStringLiteral("sandbox"); }
    void publish(const PublishRequest &request, Done done) override;
    void lookup(const PublishRequest &request, Found found) override;

    void setFailureInjection(FailureInjection injection) { m_injection = std::move(injection); }
    void setPublicBaseUrl(const QString &url) { m_publicBaseUrl = url; }
    QString publicUrlFor(const QString &publicationId) const;

    static QString pagePath() { return QStringLiteral("/sandbox/posts/"); }

private:
    struct Pending
    {
        PublishRequest request;
        Done done;
    };
    void publishPending();

    Database &m_database;
    const Clock &m_clock;
    QString m_publicBaseUrl;
    FailureInjection m_injection;
    // Requests of one event-loop turn are published together, in one transaction, the
    // way a platform would take a burst.
    QList<Pending> m_pending;
    QTimer m_batchTimer;
};

} // namespace slotline
