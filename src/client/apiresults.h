#pragma once

#include "core/platform.h"
#include "core/weeklyslot.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QUrl>

#include <optional>

namespace slotline::client {

// The small answers of the API that are no domain value of their own. Each reads itself
// from the answer's JSON; nothing, with `error` set, when the answer is not that shape.

// POST /posts, publish_draft: {postSubmissionId, status, scheduledTime, scheduleId}
struct PostCreated
{
    QString postSubmissionId;
    QString status;
    std::optional<qint64> scheduledAtMs;
    QString scheduleId;

    static std::optional<PostCreated> fromJson(const QJsonObject &object, QString *error);
};

// POST /schedule/slots/next-available: {slot: {slotId, slotTime}}
struct NextSlot
{
    QString slotId;
    qint64 atMs = 0;

    static std::optional<NextSlot> fromJson(const QJsonObject &object, QString *error);
};

// GET /schedule/slots: {timezone, items}
struct SlotList
{
    QString timezone;
    QList<WeeklySlot> slots;

    static std::optional<SlotList> fromJson(const QJsonObject &object, QString *error);
};

// POST /media and the upload's PUT: {id, url, mimeType, size, sha256}
struct MediaItem
{
    QString id;
    QString url;
    QString mimeType;
    qint64 size = 0;
    QString sha256;

    static std::optional<MediaItem> fromJson(const QJsonObject &object, QString *error);
};

// POST /media/uploads: {mediaId, uploadUrl, publicUrl, expiresAt}
struct UploadTicket
{
    QString mediaId;
    QString uploadUrl;
    QString publicUrl;
    qint64 expiresAtMs = 0;

    static std::optional<UploadTicket> fromJson(const QJsonObject &object, QString *error);
};

// GET /tools items: {name, description, readOnly, parameters}
struct ToolInfo
{
    QString name;
    QString description;
    bool readOnly = false;
    QJsonObject parameters;

    static std::optional<ToolInfo> fromJson(const QJsonObject &object, QString *error);
};

// POST /users/me/accounts/connect: {authorizationUrl, state, expiresAt}. The browser goes
// to the address; `state` names the attempt for asking how it went.
struct ConnectStart
{
    QUrl authorizationUrl;
    QString state;
    qint64 expiresAtMs = 0;

    static std::optional<ConnectStart> fromJson(const QJsonObject &object, QString *error);
};

// GET /users/me/accounts/connect/{state}: {state, platform, status, accountId?, error?,
// expiresAt}
struct ConnectAttempt
{
    enum class Status { Pending, Connected, Failed, Expired };

    QString state;
    Platform platform = Platform::LinkedIn;
    Status status = Status::Pending;
    QString accountId; // once connected
    QString error; // once failed: the words of the server or the platform
    qint64 expiresAtMs = 0;

    static std::optional<ConnectAttempt> fromJson(const QJsonObject &object, QString *error);
};

} // namespace slotline::client
