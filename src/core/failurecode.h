#pragma once

#include <QString>
#include <QStringList>

#include <optional>

namespace slotline {

// Why a post failed, for programs: the API's `errorCode` beside the `errorMessage` written
// for people. A client that meets a code it does not know shows the message.
enum class FailureCode {
    PlatformRefused, // the platform (or the sandbox) said no: the message says why
    Duplicate, // the platform already has this text on the account
    NeedsReconnect, // the account's token was refused: connect the account again
    AccountDisconnected, // the account was disconnected or removed
    PageUnavailable, // the page or organization can no longer be published to
    PlatformNotConfigured, // the server has no app for the platform any more
    MediaRejected, // a media file breaks the platform's rules, or the platform refused it
    MediaUnavailable, // a media file could not be fetched
    PlatformUnavailable, // the platform did not answer usably on any attempt
    MayHavePublished, // the platform may have the post: check the account (checkUrl)
    ConnectorUnavailable, // the server cannot publish to this kind of account
};

namespace failurecodes {

QString toString(FailureCode code);
std::optional<FailureCode> fromString(QStringView value);
// Every code, as the API spells them, for the schema.
QStringList all();

} // namespace failurecodes
} // namespace slotline
