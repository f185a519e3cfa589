#include "storage/logcategories.h"

Q_LOGGING_CATEGORY(lcDatabase, "slotline.storage.database")
