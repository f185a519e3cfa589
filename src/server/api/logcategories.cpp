#include "server/api/logcategories.h"

Q_LOGGING_CATEGORY(lcCallLog, "slotline.server.calllog")
Q_LOGGING_CATEGORY(lcApi, "slotline.server.api")
Q_LOGGING_CATEGORY(lcAuth, "slotline.server.auth")
Q_LOGGING_CATEGORY(lcGuard, "slotline.server.guard")
Q_LOGGING_CATEGORY(lcDispatcher, "slotline.server.dispatcher")
Q_LOGGING_CATEGORY(lcMedia, "slotline.server.media")
Q_LOGGING_CATEGORY(lcConnectors, "slotline.server.connectors")
Q_LOGGING_CATEGORY(lcOAuth, "slotline.server.oauth")
