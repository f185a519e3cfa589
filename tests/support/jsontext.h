#pragma once

#include <QByteArray>
#include <QJsonObject>

namespace slotline::test {

// JSON written with single quotes in test sources: {'a': 'b'} reads as {"a": "b"}. moc
// does not understand raw string literals (R"(...)"), so files it reads use this instead.
QByteArray jsonText(const char *singleQuoted);
QJsonObject json(const char *singleQuoted);

} // namespace slotline::test
