#pragma once

#include <QJsonObject>

namespace slotline {

// Parses JSON written in the source (schemas, mostly), so they read as JSON rather
// than as nested QJsonObject constructors. Invalid text is a programming error and
// throws at start-up.
QJsonObject jsonObject(const char *json);

} // namespace slotline
