#pragma once

#include <QDateTime>
#include <QString>

#include <optional>
#include <variant>

namespace slotline::isotime {

enum class ParseError {
    Malformed, // not an ISO 8601 date-time at all
    MissingOffset, // a wall-clock time with no Z or offset: ambiguous, refused
    OutOfRange, // well-formed but not a real instant (month 13, 25:00, Feb 30...)
};

// Parses "YYYY-MM-DDTHH:MM[:SS[.fraction]](Z|+HH:MM|-HH:MM|+HHMM)"; returns
// milliseconds since the epoch (UTC) or why it was refused.
std::variant<qint64, ParseError> parse(QStringView text);

std::optional<qint64> parseOptional(QStringView text);

// The one output form: YYYY-MM-DDTHH:MM:SS.sssZ.
QString format(qint64 msSinceEpoch);
// The same as ASCII into `out`, which has room for MaxFormattedLength bytes; returns the
// length written.
constexpr int MaxFormattedLength = 40;
int formatTo(qint64 msSinceEpoch, char *out);

QString describe(ParseError error);

} // namespace slotline::isotime
