#include "client/accountconnector.h"

#include "client/apiclient.h"
#include "client/logcategories.h"
#include "client/syncengine.h"

#include <QDateTime>
#include <QUuid>

using namespace Qt::Literals::StringLiterals;

namespace slotline::client {
namespace {

// Past its expiry the server says "expired" itself; this much later, with no such answer
// (a server that cannot be reached, or still says "pending"), the app stops asking.
constexpr qint64 ExpiryGraceMs = 60'000;

} // namespace

AccountConnector::AccountConnector(ApiClient &client, SyncEngine &sync, QObject *parent)
    : QObject(parent)
    , m_client(client)
    , m_sync(sync)
{
    m_pollTimer.setSingleShot(true);
    connect(&m_pollTimer, &QTimer::timeout, this, &AccountConnector::poll);
}

AccountConnector::~AccountConnector() = default;

void AccountConnector::start(Platform platform, const QString &accountId)
{
    cancel();
    m_platform = platform;
    m_reconnectAccountId = accountId;
    m_attempt = new QObject(this);
    setStage(Stage::Starting);
    // A new key for each attempt: "Try again" is a new attempt, an answer lost on the
    // way is the same one.
    const QString key = u"connect-"_s + QUuid::createUuid().toString(QUuid::WithoutBraces);
    m_client.connectAccount(
        platform, accountId, key, m_attempt, [this](const ApiResult<ConnectStart> &result) {
            if (!result.ok()) {
                qCInfo(lcClient).noquote()
                    << "connecting an account was refused:" << result.error().toDisplayString();
                m_error = result.error();
                setStage(Stage::Error);
                return;
            }
            m_authorizationUrl = result.value().authorizationUrl;
            m_state = result.value().state;
            m_expiresAtMs = result.value().expiresAtMs;
            setStage(Stage::Waiting);
            Q_EMIT authorizationReady(m_authorizationUrl);
            m_pollTimer.start(m_pollIntervalMs);
        });
}

void AccountConnector::cancel()
{
    m_pollTimer.stop();
    delete std::exchange(m_attempt, nullptr); // its answers go nowhere now
    m_authorizationUrl.clear();
    m_state.clear();
    m_expiresAtMs = 0;
    m_accountId.clear();
    m_failureReason.clear();
    m_error.reset();
    m_pollTrouble.reset();
    setStage(Stage::Idle);
}

void AccountConnector::setStage(Stage stage)
{
    if (stage == m_stage)
        return;
    m_stage = stage;
    Q_EMIT stageChanged(stage);
}

void AccountConnector::poll()
{
    if (m_stage != Stage::Waiting || !m_attempt)
        return;
    m_client.getConnectAttempt(m_state, m_attempt, [this](const ApiResult<ConnectAttempt> &result) {
        if (m_stage != Stage::Waiting)
            return;
        if (!result.ok()) {
            if (result.error().kind() == ApiError::Kind::NotFound) {
                // The server no longer knows the attempt (restarted, or long gone).
                m_error = result.error();
                setStage(Stage::Error);
                return;
            }
            m_pollTrouble = result.error();
            Q_EMIT pollTroubleChanged();
            if (QDateTime::currentMSecsSinceEpoch() > m_expiresAtMs + ExpiryGraceMs) {
                setStage(Stage::Expired);
                return;
            }
            m_pollTimer.start(m_pollIntervalMs);
            return;
        }
        if (std::exchange(m_pollTrouble, std::nullopt))
            Q_EMIT pollTroubleChanged();
        const ConnectAttempt &attempt = result.value();
        switch (attempt.status) {
        case ConnectAttempt::Status::Pending:
            // A server that never says "expired" is not asked forever.
            if (QDateTime::currentMSecsSinceEpoch() > m_expiresAtMs + ExpiryGraceMs) {
                setStage(Stage::Expired);
                return;
            }
            m_pollTimer.start(m_pollIntervalMs);
            return;
        case ConnectAttempt::Status::Connected: finishConnected(attempt.accountId); return;
        case ConnectAttempt::Status::Failed:
            m_failureReason = attempt.error;
            setStage(Stage::Failed);
            return;
        case ConnectAttempt::Status::Expired: setStage(Stage::Expired); return;
        }
    });
}

void AccountConnector::finishConnected(const QString &accountId)
{
    m_accountId = accountId;
    setStage(Stage::Finishing);
    // The account and its pages are in the store before anyone is told.
    const auto done = [this] {
        if (m_stage == Stage::Finishing && !m_sync.isRefreshing())
            setStage(Stage::Connected);
    };
    connect(&m_sync, &SyncEngine::referenceRefreshed, m_attempt, done);
    // The server has the account even when it cannot be read now; the lists follow later.
    connect(&m_sync, &SyncEngine::refreshFailed, m_attempt, [this] {
        if (m_stage == Stage::Finishing)
            setStage(Stage::Connected);
    });
    m_sync.refreshReference();
}

} // namespace slotline::client
