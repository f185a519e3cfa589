#pragma once

#include "storage/migrations.h"

#include <QList>

namespace slotline::client {

// The app's own database, step by step: drafts, the outbox, the snapshots of the server's
// lists and the posts of the ranges viewed.
const QList<Migration> &localStoreMigrations();

} // namespace slotline::client
