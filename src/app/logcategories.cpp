#include "app/logcategories.h"

Q_LOGGING_CATEGORY(lcApp, "slotline.app")
