#include "server/platforms/platformconnector.h"

#include "core/clock.h"
#include "server/api/logcategories.h"
#include "server/platforms/platformerrorreader.h"
#include "server/platforms/tokenkeeper.h"
#include "server/publishing/mediarules.h"
#include "storage/accountrepository.h"
#include "storage/databaseerror.h"
#include "storage/platformapprepository.h"
#include "storage/publishattemptrepository.h"

#include <QRandomGenerator>
#include <QTimer>

namespace slotline {

PlatformConnector::PlatformConnector(Database &database, const Clock &clock,
                                     const SecretBox &secrets, TokenKeeper &tokens,
                                     PostMedia &media, PlatformHttpClient &http, QObject *parent)
    : Connector(parent)
    , m_database(database)
    , m_clock(clock)
    , m_secrets(secrets)
    , m_tokens(tokens)
    , m_media(media)
    , m_http(http)
{ }

PlatformConnector::~PlatformConnector() = default;

void PlatformConnector::publish(const PublishRequest &request, Done done)
{
    enqueue(Queued {request, std::move(done), {}});
}

void PlatformConnector::lookup(const PublishRequest &request, Found found)
{
    enqueue(Queued {request, {}, std::move(found)});
}

void PlatformConnector::enqueue(Queued queued)
{
    const QString accountId = queued.request.account.id;
    m_queues[accountId].append(std::move(queued));
    if (!m_busyAccounts.contains(accountId)) {
        m_busyAccounts.insert(accountId);
        // Results arrive later, never from inside publish(): the dispatcher relies on it.
        QTimer::singleShot(0, this, [this, accountId] { startNext(accountId); });
    }
}

void PlatformConnector::startNext(const QString &accountId)
{
    auto queue = m_queues.find(accountId);
    if (queue == m_queues.end() || queue->isEmpty()) {
        m_queues.remove(accountId);
        m_busyAccounts.remove(accountId);
        return;
    }
    Queued next = queue->takeFirst();
    if (next.found) {
        settleLeftOver(next.request, [this, accountId, found = std::move(next.found)](
                                         const std::optional<PublishResult> &result) {
            found(result);
            startNext(accountId);
        });
        return;
    }
    run(next.request, [this, accountId, done = std::move(next.done)](const PublishResult &result) {
        done(result);
        startNext(accountId);
    });
}

std::variant<PlatformConnector::Attempt, PublishResult>
PlatformConnector::prepare(const PublishRequest &request)
{
    const Account &account = request.account;
    const auto current = AccountRepository(m_database, m_clock).findAnyProject(account.id);
    if (!current || current->status == AccountStatus::Disconnected)
        return PublishResult::failure(
            FailureCode::AccountDisconnected,
            QStringLiteral("The %1 account was disconnected.").arg(displayName()), false);
    if (current->status == AccountStatus::NeedsReconnect)
        return PublishResult::failure(
            FailureCode::NeedsReconnect,
            QStringLiteral("The %1 account needs to be connected again (%2).")
                .arg(displayName(), current->statusReason),
            false);
    const auto app = PlatformAppRepository(m_database, m_secrets, m_clock).find(name());
    if (!app)
        return PublishResult::failure(
            FailureCode::PlatformNotConfigured,
            QStringLiteral("This server has no %1 app any more; the administrator sets it "
                           "with slotline-server platforms set %2.")
                .arg(displayName(), name()),
            false);
    Attempt attempt;
    attempt.request = request;
    attempt.request.account = *current;
    attempt.app = *app;
    if (request.submission.target && !request.submission.target->pageId.isEmpty()) {
        const auto page = AccountRepository(m_database, m_clock)
                              .findSubaccount(current->projectId, current->id,
                                              request.submission.target->pageId);
        if (!page || page->externalId.isEmpty())
            return PublishResult::failure(
                FailureCode::PageUnavailable,
                QStringLiteral("The page or organization this post was for is no longer "
                               "one the %1 account can publish to.")
                    .arg(displayName()),
                false);
        attempt.pageId = page->id;
        attempt.pageExternalId = page->externalId;
    } else if (needsPage()) {
        return PublishResult::failure(
            FailureCode::PageUnavailable,
            QStringLiteral("%1 publishes to Pages: choose one of the account's Pages.")
                .arg(displayName()),
            false);
    }
    return attempt;
}

void PlatformConnector::run(const PublishRequest &request, Done done)
{
    auto prepared = prepare(request);
    if (const auto *refused = std::get_if<PublishResult>(&prepared)) {
        done(*refused);
        return;
    }
    Attempt attempt = std::get<Attempt>(std::move(prepared));
    const Account &account = attempt.request.account;
    if (account.status == AccountStatus::RateLimited && account.rateLimitedUntilMs) {
        // Not sent: the platform would only refuse it, and the post keeps its attempts.
        done(PublishResult::deferred(
            QStringLiteral("Waiting for the account's rate limit: %1").arg(account.statusReason),
            *account.rateLimitedUntilMs));
        return;
    }
    if (request.submission.mediaUrls.isEmpty()) {
        createWithToken(std::move(attempt), std::move(done));
        return;
    }
    m_media.load(request.submission.mediaUrls,
                 [this, attempt, done = std::move(done)](
                     const std::variant<QList<MediaFile>, QString> &media) mutable {
                     if (const auto *error = std::get_if<QString>(&media)) {
                         done(PublishResult::failure(FailureCode::MediaUnavailable, *error, false));
                         return;
                     }
                     attempt.media = std::get<QList<MediaFile>>(media);
                     // Media from elsewhere are first seen here.
                     QList<MediaFacts> facts;
                     for (const MediaFile &file : std::as_const(attempt.media))
                         facts.append({file.mimeType, file.size, file.durationSeconds});
                     if (const QString broken = MediaRules::firstViolation(name(), facts);
                         !broken.isEmpty()) {
                         done(PublishResult::failure(FailureCode::MediaRejected, broken, false));
                         return;
                     }
                     createWithToken(std::move(attempt), std::move(done));
                 });
}

void PlatformConnector::createWithToken(Attempt attempt, Done done)
{
    withToken(std::move(attempt), [this, done = std::move(done)](
                                      const std::variant<Attempt, PublishResult> &token) mutable {
        if (const auto *failed = std::get_if<PublishResult>(&token)) {
            done(*failed);
            return;
        }
        const Attempt &ready = std::get<Attempt>(token);
        // A page's own token cannot be renewed: a refusal is final.
        const bool renewable = ready.pageId.isEmpty() || !usesPageToken();
        attemptCreate(ready, !renewable, std::move(done));
    });
}

void PlatformConnector::withToken(Attempt attempt, TokenDone done)
{
    if (usesPageToken() && !attempt.pageId.isEmpty()) {
        const auto token = m_tokens.pageToken(attempt.pageId);
        if (!token) {
            done(resultOf(PlatformError {PlatformError::Kind::TokenRejected,
                                         QStringLiteral("The page has no token of its own."),
                                         0,
                                         {},
                                         std::nullopt},
                          attempt));
            return;
        }
        attempt.accessToken = *token;
        if (!needsPersonToken(attempt)) {
            done(attempt);
            return;
        }
        m_tokens.accessToken(
            attempt.request.account,
            [this, attempt, done = std::move(done)](const PlatformResult<QString> &person) mutable {
                if (const auto *error = std::get_if<PlatformError>(&person)) {
                    // Only the posts that need the person's token wait for a reconnect:
                    // the page's own token still publishes the others.
                    done(error->kind == PlatformError::Kind::TokenRejected
                             ? PublishResult::failure(FailureCode::NeedsReconnect,
                                                      personTokenRefused(error->message), false)
                             : resultOf(*error, attempt));
                    return;
                }
                attempt.personAccessToken = std::get<QString>(person);
                done(attempt);
            });
        return;
    }
    const Account account = attempt.request.account;
    m_tokens.accessToken(account, [this, attempt, done = std::move(done)](
                                      const PlatformResult<QString> &token) mutable {
        if (const auto *error = std::get_if<PlatformError>(&token)) {
            done(resultOf(*error, attempt));
            return;
        }
        attempt.accessToken = std::get<QString>(token);
        done(attempt);
    });
}

void PlatformConnector::sendCreate(const Attempt &attempt, const PlatformRequest &request,
                                   PlatformHttpClient::Done done)
{
    const QString &token = attempt.request.token;
    OpenCreate open;
    try {
        open.recordId = PublishAttemptRepository(m_database, m_clock)
                            .begin(token, attempt.request.submission.claimToken);
        open.sentAtMs = m_clock.nowMs();
    } catch (const DatabaseError &error) {
        // Unrecorded, it is not sent: a stop now would leave no trace of it.
        qCWarning(lcDispatcher).noquote()
            << "cannot record the create call of" << token << ':' << error.message();
        PlatformResponse notSent;
        notSent.failure = PlatformResponse::Failure::NotSent;
        notSent.failureText = QStringLiteral("the server could not record the attempt");
        QTimer::singleShot(0, this, [done = std::move(done), notSent] { done(notSent); });
        return;
    }
    m_openCreates.insert(token, open);
    send(request, std::move(done));
}

void PlatformConnector::recordCreated(const Attempt &attempt, const Created &created)
{
    const auto open = m_openCreates.constFind(attempt.request.token);
    if (open == m_openCreates.cend())
        return;
    try {
        PublishAttemptRepository(m_database, m_clock)
            .settle(open->recordId, PublishAttempt::Outcome::Created, created.platformPostId,
                    created.publicUrl);
    } catch (const DatabaseError &error) {
        // Left open, a stop now is settled by looking for the post, as before this call.
        qCWarning(lcDispatcher).noquote()
            << "cannot record the answer for" << attempt.request.token << ':' << error.message();
        return;
    }
    m_openCreates.erase(open);
}

void PlatformConnector::settleRefused(const Attempt &attempt)
{
    const auto open = m_openCreates.constFind(attempt.request.token);
    if (open == m_openCreates.cend())
        return;
    try {
        PublishAttemptRepository(m_database, m_clock)
            .settle(open->recordId, PublishAttempt::Outcome::Refused);
    } catch (const DatabaseError &error) {
        qCWarning(lcDispatcher).noquote()
            << "cannot record the refusal for" << attempt.request.token << ':' << error.message();
    }
    m_openCreates.erase(open);
}

void PlatformConnector::attemptCreate(const Attempt &attempt, bool refreshed, Done done)
{
    create(attempt, [this, attempt, refreshed,
                     done = std::move(done)](const PlatformResult<Created> &result) mutable {
        const std::optional<OpenCreate> open
            = m_openCreates.contains(attempt.request.token)
                  ? std::optional(m_openCreates.take(attempt.request.token))
                  : std::nullopt;
        PublishAttemptRepository attempts(m_database, m_clock);
        if (const auto *created = std::get_if<Created>(&result)) {
            if (open)
                attempts.settle(open->recordId, PublishAttempt::Outcome::Created,
                                created->platformPostId, created->publicUrl);
            done(publishedAs(*created));
            return;
        }
        const PlatformError error = std::get<PlatformError>(result);
        if (open && error.kind == PlatformError::Kind::Unknown) {
            attempts.settle(open->recordId, PublishAttempt::Outcome::Unknown);
            afterUnknown(attempt, *open, error, std::move(done));
            return;
        }
        if (open)
            attempts.settle(open->recordId, PublishAttempt::Outcome::Refused);
        if (open && error.duplicate) {
            // The platform has this very text: when an earlier call's answer was lost,
            // that call most likely made it.
            if (const auto lost = attempts.firstLostAnswer(attempt.request.token, open->recordId)) {
                afterDuplicate(attempt, *lost, std::move(done));
                return;
            }
        }
        if (error.kind == PlatformError::Kind::TokenRejected && refreshed && freshTokenGraceMs() > 0
            && !attempt.waitedForFreshToken && error.code == u"65601") {
            // A token issued a moment ago may be refused until the platform has it
            // everywhere: one more try after a pause.
            Attempt again = attempt;
            again.waitedForFreshToken = true;
            QTimer::singleShot(freshTokenGraceMs(), this,
                               [this, again, done = std::move(done)]() mutable {
                                   attemptCreate(again, true, std::move(done));
                               });
            return;
        }
        // A refused token means nothing was created: one more try with a renewed token.
        if (error.kind == PlatformError::Kind::TokenRejected && !refreshed) {
            m_tokens.replaceRejected(
                attempt.request.account, attempt.accessToken,
                [this, attempt,
                 done = std::move(done)](const PlatformResult<QString> &token) mutable {
                    if (const auto *failure = std::get_if<PlatformError>(&token)) {
                        done(resultOf(*failure, attempt));
                        return;
                    }
                    Attempt renewed = attempt;
                    renewed.accessToken = std::get<QString>(token);
                    attemptCreate(renewed, true, std::move(done));
                });
            return;
        }
        done(resultOf(error, attempt));
    });
}

PublishResult PlatformConnector::publishedAs(const Created &post) const
{
    PublishResult published = PublishResult::success(post.publicUrl, m_clock.nowMs());
    published.platformPostId = post.platformPostId;
    return published;
}

PublishResult PlatformConnector::unknownOutcome(const QString &what, const Account &account,
                                                const QString &pageExternalId) const
{
    PublishResult result = PublishResult::failure(
        FailureCode::MayHavePublished,
        QStringLiteral("%1 Check the account on %2 before publishing it again.")
            .arg(what, displayName()),
        false);
    result.checkUrl = accountUrl(account, pageExternalId);
    return result;
}

PublishResult PlatformConnector::unknownOutcome(const QString &what,
                                                const PublishRequest &request) const
{
    QString pageExternalId;
    if (request.submission.target && !request.submission.target->pageId.isEmpty()) {
        try {
            const auto page = AccountRepository(m_database, m_clock)
                                  .findSubaccount(request.account.projectId, request.account.id,
                                                  request.submission.target->pageId);
            if (page)
                pageExternalId = page->externalId;
        } catch (const DatabaseError &error) {
            qCWarning(lcDispatcher).noquote()
                << "cannot read the page of" << request.token << ':' << error.message();
        }
        // The member's or person's address would point at the wrong account.
        if (pageExternalId.isEmpty()) {
            PublishResult result = unknownOutcome(what, request.account, {});
            result.checkUrl.clear();
            return result;
        }
    }
    return unknownOutcome(what, request.account, pageExternalId);
}

PublishResult PlatformConnector::resultOf(const PlatformError &error, const Attempt &attempt)
{
    const Account &account = attempt.request.account;
    switch (error.kind) {
    case PlatformError::Kind::Refused:
        return PublishResult::failure(error.failure.value_or(error.duplicate
                                                                 ? FailureCode::Duplicate
                                                                 : FailureCode::PlatformRefused),
                                      error.message, false);
    case PlatformError::Kind::TokenRejected:
        // Refused again with a renewed token, or no renewal possible.
        AccountRepository(m_database, m_clock)
            .setStatus(account.id, AccountStatus::NeedsReconnect, error.message);
        return PublishResult::failure(
            FailureCode::NeedsReconnect,
            QStringLiteral("The %1 account needs to be connected again: %2")
                .arg(displayName(), error.message),
            false);
    case PlatformError::Kind::Unavailable:
        return PublishResult::failure(error.failure.value_or(FailureCode::PlatformUnavailable),
                                      error.message, true);
    case PlatformError::Kind::RateLimited: {
        const qint64 until = std::max(error.retryAtMs.value_or(0), m_clock.nowMs() + 1000);
        AccountRepository accounts(m_database, m_clock);
        if (error.wholeApp)
            // The platform refuses the app itself: every account of it would only hit the
            // same refusal.
            accounts.pauseConnector(name(), error.message, until);
        else
            accounts.setStatus(account.id, AccountStatus::RateLimited, error.message, until);
        return PublishResult::deferred(
            QStringLiteral("Waiting for the account's rate limit: %1").arg(error.message), until);
    }
    case PlatformError::Kind::Unknown:
        // Only for calls whose create request never left (no record): nothing to look for.
        return unknownOutcome(QStringLiteral("%1 may have published this post, but its answer "
                                             "was lost: %2")
                                  .arg(displayName(), error.message),
                              account, attempt.pageExternalId);
    }
    return PublishResult::failure(FailureCode::PlatformRefused, error.message, false);
}

QString PlatformConnector::comparable(const QString &text)
{
    QString normalized = text.normalized(QString::NormalizationForm_C);
    normalized.replace(QStringLiteral("\r\n"), QStringLiteral("\n"));
    return normalized.trimmed();
}

void PlatformConnector::send(const PlatformRequest &request, PlatformHttpClient::Done done)
{
    m_http.send(request, this, std::move(done));
}

std::optional<PlatformError> PlatformConnector::failureOf(const PlatformResponse &response,
                                                          const QString &platform) const
{
    return PlatformErrorReader::read(response, platform, m_clock.nowMs());
}

std::optional<PlatformError> PlatformConnector::createFailureOf(const PlatformResponse &response,
                                                                const QString &platform) const
{
    auto error = failureOf(response, platform);
    if (error && response.answered() && response.status >= 500)
        error->kind = PlatformError::Kind::Unknown; // a 5xx may come after the post was made
    return error;
}

std::optional<PlatformError> PlatformConnector::uploadFailureOf(const PlatformResponse &response,
                                                                const QString &platform) const
{
    auto error = failureOf(response, platform);
    if (error && error->kind == PlatformError::Kind::Unknown)
        error->kind = PlatformError::Kind::Unavailable;
    if (error && error->kind == PlatformError::Kind::Refused && !error->failure)
        error->failure = FailureCode::MediaRejected; // the platform refused a media file
    return error;
}

QByteArray PlatformConnector::multipart(const QList<Part> &parts, QByteArray *contentType)
{
    QByteArray boundary = "slotline-";
    boundary += QByteArray::number(QRandomGenerator::system()->generate64(), 16);
    QByteArray body;
    for (const Part &part : parts) {
        body += "--" + boundary + "\r\nContent-Disposition: form-data; name=\"" + part.name + '"';
        if (!part.fileName.isEmpty())
            body += "; filename=\"" + part.fileName + '"';
        body += "\r\n";
        if (!part.contentType.isEmpty())
            body += "Content-Type: " + part.contentType + "\r\n";
        body += "\r\n" + part.value + "\r\n";
    }
    body += "--" + boundary + "--\r\n";
    *contentType = "multipart/form-data; boundary=" + boundary;
    return body;
}

} // namespace slotline
