#include "support/fuzzinput.h"

#include <cstring>

namespace slotline::fuzz {

QString utf16Units(const uint8_t *data, size_t size)
{
    QString units(qsizetype(size / 2), Qt::Uninitialized);
    std::memcpy(units.data(), data, size_t(units.size()) * sizeof(QChar));
    return units;
}

} // namespace slotline::fuzz
