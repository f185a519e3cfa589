#pragma once

#include "serverapp/command.h"

#include <QHostAddress>

#include <optional>
#include <utility>

namespace slotline {

// serve: runs the REST API until SIGINT or SIGTERM, then shuts down cleanly (the call
// log is flushed, the database closed).
Command serveCommand();

// --listen: "127.0.0.1:8787", "[::1]:0", "localhost:8080"
std::optional<std::pair<QHostAddress, quint16>> parseListenAddress(const QString &text);
// --public-url: "https://slotline.example.com/" → "https://slotline.example.com"; a path
// prefix is kept for servers behind a proxy.
std::optional<QString> parsePublicUrl(const QString &text);

} // namespace slotline
