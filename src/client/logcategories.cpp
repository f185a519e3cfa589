#include "client/logcategories.h"

Q_LOGGING_CATEGORY(lcClient, "slotline.client")
