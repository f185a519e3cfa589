#pragma once

#include "core/account.h"
#include "core/subaccount.h"

#include <QHttpServer>
#include <QJsonObject>
#include <QList>
#include <QObject>
#include <QSet>
#include <QStringList>
#include <QUrl>

namespace slotline::test {

// A stand-in for the accounts side of a Slotline server, for the desktop app's tests
// (and screenshots) of connecting accounts: the project's user, accounts with their
// pages, empty slots and some credits, and the connect calls. Every attempt at
// connecting answers the statuses of script() in turn (the last one again once they run
// out); on "connected" the account of the attempt appears in the list.
class FakeAccountServer : public QObject
{
    Q_OBJECT

public:
    struct Request
    {
        QByteArray method;
        QString path;
        QJsonObject body;
        QByteArray idempotencyKey;
    };

    explicit FakeAccountServer(QObject *parent = nullptr);
    ~FakeAccountServer() override;

    QUrl baseUrl() const;
    static QString apiKey();

    void addAccount(const Account &account, const QList<Subaccount> &pages = {});
    QList<Account> accounts() const;
    // The account a new connection makes (with its pages); by default one named after
    // the platform.
    void setNewAccount(const Account &account, const QList<Subaccount> &pages = {});
    // Platforms the server has no app for (422 platform_not_configured).
    void setUnconfigured(const QSet<Platform> &platforms) { m_unconfigured = platforms; }
    // What the polls of an attempt answer, in turn: pending, connected, failed, expired.
    void setScript(const QStringList &statuses) { m_script = statuses; }
    void setFailureReason(const QString &reason) { m_failureReason = reason; }
    // How long an attempt lasts from its start (its expiresAt); 10 minutes by default.
    void setAttemptLifetimeMs(qint64 ms) { m_lifetimeMs = ms; }

    const QList<Request> &requests() const { return m_requests; }
    QList<Request> requestsTo(const QByteArray &method, const QString &pathPrefix) const;
    int polls() const { return m_polls; }

private:
    struct Attempt
    {
        QString state;
        Platform platform = Platform::LinkedIn;
        QString accountId; // reconnecting this one
        int polls = 0;
        bool finished = false;
        qint64 expiresAtMs = 0;
    };
    struct Stored
    {
        Account account;
        QList<Subaccount> pages;
    };

    void answer(const QHttpServerRequest &request, QHttpServerResponder &&responder);
    QJsonObject connectAnswer(const QJsonObject &body, int *status);
    QJsonObject pollAnswer(const QString &state, int *status);
    void finish(Attempt &attempt);

    QHttpServer m_server;
    quint16 m_port = 0;
    QList<Stored> m_accounts;
    std::optional<Stored> m_newAccount;
    QSet<Platform> m_unconfigured;
    QStringList m_script {QStringLiteral("pending"), QStringLiteral("connected")};
    QString m_failureReason;
    QList<Attempt> m_attempts;
    QList<Request> m_requests;
    int m_polls = 0;
    qint64 m_lifetimeMs = 10 * 60'000;
};

} // namespace slotline::test
