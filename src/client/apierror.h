#pragma once

#include "core/draft.h"
#include "core/errorcode.h"

#include <QByteArray>
#include <QList>
#include <QString>

#include <optional>

namespace slotline::client {

// Why a call did not succeed, in one type the app can show: the network, a timeout, or
// the server's answer with its code, message and the fields it named.
class ApiError
{
public:
    enum class Kind {
        Network, // the server could not be reached
        Timeout, // it did not answer in time
        BadRequest, // 400, 405, 413, 415: a request the client should not have sent
        Unauthorized, // 401
        PaymentRequired, // 402: not enough credits
        NotFound, // 404 (also another project's ids)
        Conflict, // 409; draft_conflict carries the current draft
        Gone, // 410: an expired upload address
        Validation, // 422, with a detail per field
        RateLimited, // 429, with the wait
        Server, // 5xx
        MalformedAnswer, // a 2xx whose body is not what the API promises
        Cancelled, // the call was dropped (its receiver went away, or the client was reset)
    };

    struct FieldIssue
    {
        QString field;
        QString message;
    };

    ApiError(Kind kind, QString message);

    // From an HTTP answer that is not a success (`body` is its JSON error, if any).
    static ApiError fromResponse(int status, const QByteArray &body, int retryAfterSeconds);

    Kind kind() const { return m_kind; }
    int status() const { return m_status; } // 0 when there was no answer
    const QString &code() const { return m_code; } // the server's snake_case code
    // The code, when this build knows it (a newer server may answer others).
    std::optional<ErrorCode> errorCode() const { return errorcodes::fromString(m_code); }
    const QString &message() const { return m_message; }
    const QList<FieldIssue> &details() const { return m_details; }
    int retryAfterSeconds() const { return m_retryAfterSeconds; }
    // The draft as the server has it, for a draft_conflict.
    const std::optional<Draft> &currentDraft() const { return m_currentDraft; }
    // account_has_scheduled_posts: how many stand in the way (not said while some are
    // being published).
    std::optional<int> scheduledPosts() const { return m_scheduledPosts; }

    // What the server said about one field ("text", "post.content.text"), or nothing.
    QString messageFor(const QString &field) const;
    // Worth trying again later as it is (network, timeout, 429, 5xx)?
    bool isTransient() const;
    // One sentence for people: the message, and the fields it named.
    QString toDisplayString() const;

private:
    Kind m_kind;
    int m_status = 0;
    QString m_code;
    QString m_message;
    QList<FieldIssue> m_details;
    int m_retryAfterSeconds = 0;
    std::optional<Draft> m_currentDraft;
    std::optional<int> m_scheduledPosts;
};

} // namespace slotline::client
