#pragma once

#include "fakeplatforms/fakerequest.h"
#include "fakeplatforms/fakeresponse.h"
#include "fakeplatforms/oauthapp.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QString>

namespace slotline::fake {

// One platform behind its path prefix: its OAuth endpoints and its API, its state and
// what the admin API may change about it.
class FakePlatform
{
public:
    virtual ~FakePlatform() = default;

    virtual QString name() const = 0;
    virtual FakeResponse handle(const FakeRequest &request) = 0;
    // What the server calls: `handle` wrapped in what every call of the platform shares
    // (rate-limit counters and headers, account-wide blocks).
    virtual FakeResponse serve(const FakeRequest &request) { return handle(request); }
    // Whether this call reads a body kept in a file (FakeRequest::bodyFile) in pieces; the
    // server loads the body into memory for every other call.
    virtual bool readsBodyInPieces(const FakeRequest &) const { return false; }
    // Forgets posts, media, codes and tokens, and the switches; keeps `registeredApp`.
    virtual void reset() = 0;
    virtual QJsonArray posts() const = 0;
    // Applies an admin switch object; returns an error message, empty on success.
    virtual QString applySwitches(const QJsonObject &switches) = 0;
    // Makes the tokens of one user (all users when `userId` is empty) invalid.
    virtual int revokeTokens(const QString &userId) = 0;
    // The admin revoke call's body ({userId?} and what a platform adds); an error message in
    // `error` when it names something the platform cannot do.
    virtual int revokeTokensFor(const QJsonObject &options, QString *error)
    {
        for (auto it = options.begin(); it != options.end(); ++it) {
            if (it.key() != u"platform" && it.key() != u"userId") {
                *error = it.key() + QStringLiteral(" is not served for ") + name();
                return 0;
            }
        }
        return revokeTokens(options.value(QStringLiteral("userId")).toString());
    }
    virtual QJsonObject describe() const = 0;
    // Rate limits and the other failure switches, shown beside `describe()`.
    virtual QJsonObject describeFailureModes() const { return {}; }
    QJsonObject state() const
    {
        QJsonObject state = describe();
        const QJsonObject failures = describeFailureModes();
        for (auto it = failures.begin(); it != failures.end(); ++it)
            state.insert(it.key(), it.value());
        return state;
    }

    OAuthApp app() const { return m_app; }
    void setApp(const OAuthApp &app) { m_app = app; }

protected:
    // The "consent" switch every platform takes: approve or deny. An error message, empty
    // when it was absent or valid.
    static QString applyConsent(const QJsonObject &switches, bool *denyConsent)
    {
        if (!switches.contains(QStringLiteral("consent")))
            return {};
        const QString consent = switches[QStringLiteral("consent")].toString();
        if (consent != u"approve" && consent != u"deny")
            return QStringLiteral("consent must be approve or deny");
        *denyConsent = consent == u"deny";
        return {};
    }

    // The "videoProcessing" switch: succeed (the default) or fail, for the videos whose
    // processing ends after it is set.
    static QString applyVideoProcessing(const QJsonObject &switches, bool *failProcessing)
    {
        if (!switches.contains(QStringLiteral("videoProcessing")))
            return {};
        const QString processing = switches[QStringLiteral("videoProcessing")].toString();
        if (processing != u"succeed" && processing != u"fail")
            return QStringLiteral("videoProcessing must be succeed or fail");
        *failProcessing = processing == u"fail";
        return {};
    }

    OAuthApp m_app;
};

} // namespace slotline::fake
