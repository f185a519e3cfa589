#pragma once

#include "core/platform.h"
#include "core/submissionstatus.h"

#include <QByteArrayView>
#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <optional>

namespace slotline {

class JsonWriter;

// The target descriptor of a post as submitted: the platform's type name and, for a
// page or organization, its subaccount id.
struct PostTarget
{
    QString targetType;
    QString pageId;
};

// A post submission: what was asked for, and what became of it.
struct Submission
{
    QString id; // ps_...
    QString projectId;
    QString accountId;
    Platform platform = Platform::LinkedIn;
    QString text;
    QStringList mediaUrls;
    std::optional<PostTarget> target;
    SubmissionStatus status = SubmissionStatus::Scheduled;
    std::optional<qint64> scheduledAtMs; // none when published now
    QString scheduleId; // empty when published now
    qint64 createdAtMs = 0;
    qint64 updatedAtMs = 0;
    std::optional<qint64> publishedAtMs;
    QString publicUrl;
    QString platformPostId; // the post's id on a real platform; empty: none (yet)
    QString errorMessage;
    // Failed, but the platform may have published it: where a person checks the account.
    // Empty otherwise.
    QString checkUrl;
    // Failed: why, for programs (failurecodes::toString()); empty otherwise, and for a
    // failure recorded before codes existed.
    QString errorCode;
    QString draftId; // the draft it was made from (which may since be deleted); empty: none
    int attempts = 0;
    QString claimToken; // the dispatcher's claim while an attempt is out; never shown

    // The API shape (GET /posts/{id}).
    void writeJson(JsonWriter &json) const;
    // The post as submitted: {accountId, content: {text, platform, mediaUrls}, target}.
    void writePostJson(JsonWriter &json) const;
    // The API shape back into the value; nothing (and `error` says why) when the object
    // is not one.
    static std::optional<Submission> fromJson(const QJsonObject &object, QString *error = nullptr);
    // The post as submitted (writePostJson's shape): account, content and target only.
    static std::optional<Submission> fromPostJson(const QJsonObject &object,
                                                  QString *error = nullptr);
};

// A submission as storage holds it, its text the stored UTF-8: its listing (the JSON a
// page of posts shows) is written from it without a QString for every column. The views
// are valid only as long as the bytes they see (a row being read, or those an insert
// binds).
struct SubmissionView
{
    struct Target
    {
        QByteArrayView targetType;
        QByteArrayView pageId;
    };

    QByteArrayView id;
    QByteArrayView accountId;
    Platform platform = Platform::LinkedIn;
    QByteArrayView text;
    QStringList mediaUrls;
    std::optional<Target> target;
    SubmissionStatus status = SubmissionStatus::Scheduled;
    std::optional<qint64> scheduledAtMs;
    QByteArrayView scheduleId;
    qint64 createdAtMs = 0;
    qint64 updatedAtMs = 0;
    std::optional<qint64> publishedAtMs;
    QByteArrayView publicUrl;
    QByteArrayView platformPostId;
    QByteArrayView errorMessage;
    QByteArrayView checkUrl;
    QByteArrayView errorCode;
    QByteArrayView draftId;

    // Exactly what Submission::writeJson() writes for the same submission.
    void writeJson(JsonWriter &json) const;
};

// A published post as GET /published-posts lists it.
struct PublishedPost
{
    QString id; // pub_...
    QString submissionId;
    QString accountId;
    Platform platform = Platform::LinkedIn;
    QString text;
    QStringList mediaUrls;
    QString publicUrl;
    qint64 publishedAtMs = 0;

    void writeJson(JsonWriter &json) const;
    // The API shape back into the value; nothing (and `error` says why) when the object
    // is not one.
    static std::optional<PublishedPost> fromJson(const QJsonObject &object,
                                                 QString *error = nullptr);
};

} // namespace slotline
