#include "gui/common/logcategories.h"

Q_LOGGING_CATEGORY(lcGui, "slotline.gui")
