#pragma once

#include "support/httptestclient.h"

#include <QJsonObject>

namespace slotline {
struct Operation;
}

namespace slotline::test {

class TestServer;
struct Tenant;

// An operation of the registry called the two ways a client can, with one flat object of
// parameters as the tool form takes them: its REST form (the parameters split into the
// path, the query and the JSON body as the operation defines them) and its tool form
// (POST /tools/<name>).
HttpResult callRest(TestServer &server, const Operation &operation, QJsonObject parameters,
                    const Tenant &tenant);
HttpResult callTool(TestServer &server, const Operation &operation, const QJsonObject &parameters,
                    const Tenant &tenant);

} // namespace slotline::test
