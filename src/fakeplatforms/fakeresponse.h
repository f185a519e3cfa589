#pragma once

#include <QByteArray>
#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QPair>
#include <QString>

namespace slotline::fake {

// What the fake does with a request: answer it (status, headers, body), or read it and
// close the connection without a single byte of answer.
class FakeResponse
{
public:
    int status = 200;
    QList<QPair<QByteArray, QByteArray>> headers;
    QByteArray body;
    bool drop = false;
    int delayMs = 0;
    // Answered (or dropped) only when the listener is told to release it, or after delayMs
    // (HeldAtMostMs when 0) at the latest: a test says when, instead of guessing a delay.
    bool held = false;
    static constexpr int HeldAtMostMs = 120'000;

    static FakeResponse json(int status, const QJsonObject &object);
    static FakeResponse json(int status, const QJsonArray &array);
    static FakeResponse empty(int status);
    static FakeResponse text(int status, const QString &text);
    static FakeResponse redirect(const QString &location);
    // To `uri` with these query items added (percent-encoded), as an OAuth authorization
    // endpoint sends the browser back with a code or an error.
    static FakeResponse redirect(const QString &uri,
                                 const QList<QPair<QString, QString>> &queryItems);
    // An authorization endpoint's refusal, sent back to the client (RFC 6749, 4.1.2.1).
    static FakeResponse redirectWithError(const QString &redirectUri, const QString &error,
                                          const QString &description, const QString &state);
    // An OAuth 2.0 error body (RFC 6749, 5.2): {"error", "error_description"}.
    static FakeResponse oauthError(int status, const QString &error, const QString &description);

    FakeResponse &withHeader(const QByteArray &name, const QByteArray &value);
    QByteArray header(const QByteArray &name) const;
    // The bytes of the head and body as sent on the wire.
    QByteArray serialize(bool closeConnection) const;
};

} // namespace slotline::fake
