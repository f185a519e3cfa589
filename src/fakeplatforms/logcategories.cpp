#include "fakeplatforms/logcategories.h"

namespace slotline::fake {

Q_LOGGING_CATEGORY(lcFakeHttp, "slotline.fake.http", QtInfoMsg)
Q_LOGGING_CATEGORY(lcFakePlatforms, "slotline.fake.platforms", QtInfoMsg)

} // namespace slotline::fake
