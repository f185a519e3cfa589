#include "server/platforms/platformconnector.h"

#include "core/clock.h"
#include "server/logcategories.h"
#include "server/platforms/tokenkeeper.h"
#include "server/publishing/mediarules.h"
#include "storage/accountrepository.h"
#include "storage/platformapprepository.h"

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

void PlatformConnector::lookup(const QString &, Found found)
{
    QTimer::singleShot(0, this, [this, found = std::move(found)] {
        found(PublishResult::failure(
            QStringLiteral("The server stopped while this post was being sent to %1, so it may "
                           "have been published. Check the account on %1 before publishing it "
                           "again.")
                .arg(displayName()),
            false));
    });
}

void PlatformConnector::publish(const PublishRequest &request, Done done)
{
    // Results arrive later, never from inside publish(): the dispatcher relies on it.
    QTimer::singleShot(0, this, [this, request, done = std::move(done)]() mutable {
        const Account &account = request.account;
        const auto fail = [&done](const QString &why) { done(PublishResult::failure(why, false)); };
        const auto current = AccountRepository(m_database, m_clock).findAnyProject(account.id);
        if (!current || current->status == AccountStatus::Disconnected) {
            fail(QStringLiteral("The %1 account was disconnected.").arg(displayName()));
            return;
        }
        if (current->status == AccountStatus::NeedsReconnect) {
            fail(QStringLiteral("The %1 account needs to be connected again (%2).")
                     .arg(displayName(), current->statusReason));
            return;
        }
        const auto app = PlatformAppRepository(m_database, m_secrets, m_clock).find(name());
        if (!app) {
            fail(QStringLiteral("This server has no %1 app any more; the administrator sets it "
                                "with slotline-server platforms set %2.")
                     .arg(displayName(), name()));
            return;
        }
        Attempt attempt;
        attempt.request = request;
        attempt.request.account = *current;
        attempt.app = *app;
        if (request.submission.target && !request.submission.target->pageId.isEmpty()) {
            const auto page = AccountRepository(m_database, m_clock)
                                  .findSubaccount(current->projectId, current->id,
                                                  request.submission.target->pageId);
            if (!page || page->externalId.isEmpty()) {
                fail(QStringLiteral("The page or organization this post was for is no longer "
                                    "one the %1 account can publish to.")
                         .arg(displayName()));
                return;
            }
            attempt.pageId = page->id;
            attempt.pageExternalId = page->externalId;
        } else if (needsPage()) {
            fail(QStringLiteral("%1 publishes to Pages: choose one of the account's Pages.")
                     .arg(displayName()));
            return;
        }
        if (request.submission.mediaUrls.isEmpty()) {
            withToken(attempt, std::move(done));
            return;
        }
        m_media.load(request.submission.mediaUrls,
                     [this, attempt, done = std::move(done)](
                         const std::variant<QList<MediaFile>, QString> &media) mutable {
                         if (const auto *error = std::get_if<QString>(&media)) {
                             done(PublishResult::failure(*error, false));
                             return;
                         }
                         attempt.media = std::get<QList<MediaFile>>(media);
                         // Media from elsewhere are first seen here.
                         QList<MediaFacts> facts;
                         for (const MediaFile &file : std::as_const(attempt.media))
                             facts.append({file.mimeType, file.size, file.durationSeconds});
                         if (const QString broken = MediaRules::firstViolation(name(), facts);
                             !broken.isEmpty()) {
                             done(PublishResult::failure(broken, false));
                             return;
                         }
                         withToken(attempt, std::move(done));
                     });
    });
}

void PlatformConnector::withToken(Attempt attempt, Done done)
{
    if (usesPageToken() && !attempt.pageId.isEmpty()) {
        const auto token = m_tokens.pageToken(attempt.pageId);
        if (!token) {
            done(resultOf(PlatformError {PlatformError::Kind::TokenRejected,
                                         QStringLiteral("The page has no token of its own."), 0},
                          attempt.request.account));
            return;
        }
        attempt.accessToken = *token;
        attemptCreate(attempt, true, std::move(done));
        return;
    }
    m_tokens.accessToken(
        attempt.request.account,
        [this, attempt, done = std::move(done)](const PlatformResult<QString> &token) mutable {
            if (const auto *error = std::get_if<PlatformError>(&token)) {
                done(resultOf(*error, attempt.request.account));
                return;
            }
            attempt.accessToken = std::get<QString>(token);
            attemptCreate(attempt, false, std::move(done));
        });
}

void PlatformConnector::attemptCreate(const Attempt &attempt, bool refreshed, Done done)
{
    create(attempt, [this, attempt, refreshed,
                     done = std::move(done)](const PlatformResult<Created> &result) mutable {
        if (const auto *created = std::get_if<Created>(&result)) {
            PublishResult published = PublishResult::success(created->publicUrl, m_clock.nowMs());
            published.platformPostId = created->platformPostId;
            done(published);
            return;
        }
        const PlatformError error = std::get<PlatformError>(result);
        // A refused token means nothing was created: one more try with a renewed token.
        if (error.kind == PlatformError::Kind::TokenRejected && !refreshed) {
            m_tokens.replaceRejected(
                attempt.request.account, attempt.accessToken,
                [this, attempt,
                 done = std::move(done)](const PlatformResult<QString> &token) mutable {
                    if (const auto *failure = std::get_if<PlatformError>(&token)) {
                        done(resultOf(*failure, attempt.request.account));
                        return;
                    }
                    Attempt renewed = attempt;
                    renewed.accessToken = std::get<QString>(token);
                    attemptCreate(renewed, true, std::move(done));
                });
            return;
        }
        done(resultOf(error, attempt.request.account));
    });
}

PublishResult PlatformConnector::resultOf(const PlatformError &error, const Account &account)
{
    switch (error.kind) {
    case PlatformError::Kind::Refused: return PublishResult::failure(error.message, false);
    case PlatformError::Kind::TokenRejected:
        // Refused again with a renewed token, or no renewal possible.
        AccountRepository(m_database, m_clock)
            .setStatus(account.id, AccountStatus::NeedsReconnect, error.message);
        return PublishResult::failure(
            QStringLiteral("The %1 account needs to be connected again: %2")
                .arg(displayName(), error.message),
            false);
    case PlatformError::Kind::Unavailable: return PublishResult::failure(error.message, true);
    case PlatformError::Kind::Unknown:
        return PublishResult::failure(
            QStringLiteral("%1 may have published this post, but its answer was lost: %2 Check "
                           "the account on %1 before publishing it again.")
                .arg(displayName(), error.message),
            false);
    }
    return PublishResult::failure(error.message, false);
}

void PlatformConnector::send(const PlatformRequest &request, PlatformHttpClient::Done done)
{
    m_http.send(request, this, std::move(done));
}

std::optional<PlatformError> PlatformConnector::createFailureOf(const PlatformResponse &response,
                                                                const QString &platform)
{
    auto error = PlatformAuthorization::failureOf(response, platform);
    if (error && response.answered() && response.status >= 500)
        error->kind = PlatformError::Kind::Unknown; // a 5xx may come after the post was made
    return error;
}

std::optional<PlatformError> PlatformConnector::uploadFailureOf(const PlatformResponse &response,
                                                                const QString &platform)
{
    auto error = PlatformAuthorization::failureOf(response, platform);
    if (error && error->kind == PlatformError::Kind::Unknown)
        error->kind = PlatformError::Kind::Unavailable;
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
