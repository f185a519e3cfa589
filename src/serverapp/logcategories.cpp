#include "serverapp/logcategories.h"

Q_LOGGING_CATEGORY(lcServe, "slotline.serve")
