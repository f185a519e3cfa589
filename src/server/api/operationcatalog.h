#pragma once

#include "server/api/operation.h"

#include <QByteArray>
#include <QList>

namespace slotline {

// What the API's operations are, as written in openapi/operations.json: names, routes,
// parameters, schemas, documented errors and the words of openapi.json. The text of the
// API lives there, beside the component schemas it refers to; the controllers only bind
// a handler to each name. The descriptions come without handlers.
namespace operationcatalog {

// Throws std::runtime_error naming the place of the first problem (an unknown key, method,
// rate class or error code, a missing field): a broken catalogue fails at start.
QList<Operation> parse(const QByteArray &json);

// The catalogue shipped with the server.
QList<Operation> builtIn();

} // namespace operationcatalog
} // namespace slotline
