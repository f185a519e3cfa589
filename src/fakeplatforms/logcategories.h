#pragma once

#include <QLoggingCategory>

namespace slotline::fake {

Q_DECLARE_LOGGING_CATEGORY(lcFakeHttp)
Q_DECLARE_LOGGING_CATEGORY(lcFakePlatforms)

} // namespace slotline::fake
