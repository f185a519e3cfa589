#pragma once

#include <QString>

#include <cstddef>
#include <cstdint>

namespace slotline::fuzz {

// The bytes as UTF-16 code units (native byte order) taken as they are: unpaired
// surrogates and noncharacters included, which no UTF-8 decoder would produce.
QString utf16Units(const uint8_t *data, size_t size);

} // namespace slotline::fuzz
