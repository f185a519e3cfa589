#include "server/connectors/sandboxconnector.h"

#include "core/clock.h"
#include "core/ids.h"
#include "server/api/logcategories.h"
#include "storage/databaseerror.h"
#include "storage/sandboxpublicationrepository.h"
#include "storage/transaction.h"

namespace slotline {
namespace {

std::optional<PublishResult> markerFailure(const PublishRequest &request)
{
    const QString &text = request.submission.text;
    if (text.contains(u"[sandbox:fail]"))
        return PublishResult::failure(
            FailureCode::PlatformRefused,
            QStringLiteral(
                "The sandbox refused this post: its text asks to fail ([sandbox:fail])."),
            false);
    if (text.contains(u"[sandbox:flaky]") && request.submission.attempts <= 2)
        return PublishResult::failure(
            FailureCode::PlatformUnavailable,
            QStringLiteral("The sandbox is briefly unavailable ([sandbox:flaky], attempt %1).")
                .arg(request.submission.attempts),
            true);
    return std::nullopt;
}

} // namespace

SandboxConnector::SandboxConnector(Database &database, const Clock &clock, QString publicBaseUrl,
                                   QObject *parent)
    : Connector(parent)
    , m_database(database)
    , m_clock(clock)
    , m_publicBaseUrl(std::move(publicBaseUrl))
{
    m_batchTimer.setSingleShot(true);
    m_batchTimer.setInterval(0);
    connect(&m_batchTimer, &QTimer::timeout, this, &SandboxConnector::publishPending);
}

QString SandboxConnector::publicUrlFor(const QString &publicationId) const
{
    return m_publicBaseUrl + pagePath() + publicationId;
}

void SandboxConnector::publish(const PublishRequest &request, Done done)
{
    m_pending.append(Pending {request, std::move(done)});
    if (!m_batchTimer.isActive())
        m_batchTimer.start();
}

void SandboxConnector::publishPending()
{
    QList<Pending> batch;
    batch.swap(m_pending);
    QList<std::pair<Done, PublishResult>> results;
    try {
        SandboxPublicationRepository publications(m_database);
        Transaction transaction(m_database);
        for (Pending &pending : batch) {
            const PublishRequest &request = pending.request;
            std::optional<PublishResult> failure
                = m_injection ? m_injection(request) : std::nullopt;
            if (!failure)
                failure = markerFailure(request);
            if (failure) {
                results.append({std::move(pending.done), *failure});
                continue;
            }
            SandboxPublication publication;
            publication.id = ids::unguessableToken();
            publication.token = request.token;
            publication.accountId = request.account.id;
            publication.accountName = request.account.name;
            publication.username = request.account.username;
            publication.platform = request.account.platform;
            publication.pageName = request.pageName;
            publication.text = request.submission.text;
            publication.mediaUrls = request.submission.mediaUrls;
            publication.publishedAtMs = m_clock.nowMs();
            const SandboxPublication stored = publications.publish(publication);
            results.append({std::move(pending.done),
                            PublishResult::success(publicUrlFor(stored.id), stored.publishedAtMs)});
        }
        transaction.commit();
    } catch (const DatabaseError &error) {
        qCWarning(lcDispatcher).noquote() << "the sandbox could not publish:" << error.message();
        results.clear();
        for (Pending &pending : batch)
            results.append({std::move(pending.done),
                            PublishResult::failure(
                                FailureCode::PlatformUnavailable,
                                QStringLiteral("The sandbox could not store the post."), true)});
    }
    for (auto &[done, result] : results)
        done(result);
}

void SandboxConnector::lookup(const PublishRequest &request, Found found)
{
    std::optional<PublishResult> result;
    try {
        if (const auto publication
            = SandboxPublicationRepository(m_database).findByToken(request.token))
            result
                = PublishResult::success(publicUrlFor(publication->id), publication->publishedAtMs);
    } catch (const DatabaseError &error) {
        qCWarning(lcDispatcher).noquote()
            << "the sandbox could not look up" << request.token << ':' << error.message();
    }
    QMetaObject::invokeMethod(
        this, [found = std::move(found), result] { found(result); }, Qt::QueuedConnection);
}

} // namespace slotline
