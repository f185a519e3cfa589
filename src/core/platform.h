#pragma once

#include <QList>
#include <QString>

#include <optional>

namespace slotline {

enum class Platform { LinkedIn, Facebook, Twitter };

namespace platforms {

// Accepts the API spellings; "x" is the same platform as "twitter".
std::optional<Platform> fromString(QStringView value);

// The canonical API spelling: output always says "twitter", never "x".
QString toString(Platform platform);

// The name shown to people.
QString displayName(Platform platform);

QList<Platform> all();

// Every spelling fromString() accepts, for schemas and error messages.
QStringList acceptedSpellings();

} // namespace platforms
} // namespace slotline
