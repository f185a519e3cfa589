#pragma once

#include "core/platform.h"
#include "core/submissionstatus.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace slotline {

struct Submission;

class JsonWriter;

// A post being written: not yet bound to an account or a time, and free to break the
// platforms' limits while it is worked on. `revision` grows by one with every save, so
// an editor that started from an older revision can tell that someone else saved since.
//
// `clientId` is the id its writer chose before the server had seen it: a create sent
// again, however late, finds the draft it made instead of making another.
struct Draft
{
    // A post made from the draft, as the draft shows it.
    struct Publication
    {
        QString postSubmissionId; // ps_...
        QString accountId;
        Platform platform = Platform::LinkedIn;
        QString pageId; // empty: the account itself
        SubmissionStatus status = SubmissionStatus::Scheduled;
        std::optional<qint64> scheduledAtMs; // none when published now
        std::optional<qint64> publishedAtMs;
        QString publicUrl;
        qint64 createdAtMs = 0;
        QString errorMessage;

        // {postSubmissionId, accountId, platform, pageId, status, scheduledTime,
        //  publishedAt, publicUrl, createdAt, errorMessage}
        void writeJson(JsonWriter &json) const;
        static std::optional<Publication> fromJson(const QJsonObject &object,
                                                   QString *error = nullptr);
    };

    QString id; // drf_...
    QString clientId; // empty: none was given
    QString text;
    QList<Platform> platforms;
    QStringList mediaUrls;
    qint64 revision = 1;
    qint64 createdAtMs = 0;
    qint64 updatedAtMs = 0;
    // The posts made from it, oldest first: the most recent MaxPublications only, so that
    // a draft posted again and again does not make every answer about it grow.
    QList<Publication> publications;

    static constexpr int MaxPublications = 50;

    // The post a publication names, as far as the draft tells it: its text is the
    // draft's, which may have changed since; the post itself says more when read.
    Submission postOf(const Publication &publication) const;

    // {id, clientId, text, platforms, mediaUrls, revision, createdAt, updatedAt,
    //  publications}
    void writeJson(JsonWriter &json) const;
    // The API shape back into the value; nothing (and `error` says why) when the object
    // is not one.
    static std::optional<Draft> fromJson(const QJsonObject &object, QString *error = nullptr);
};

} // namespace slotline
