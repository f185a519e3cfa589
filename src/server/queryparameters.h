#pragma once

#include "server/apierror.h"
#include "server/operation.h"

#include <QJsonObject>
#include <QUrlQuery>

namespace slotline {

// Turns a query string into typed parameters by the operation's declared schemas:
// "limit=20" becomes the integer 20, a repeated or comma-separated array parameter
// becomes an array. Unknown names and values of the wrong shape are reported per field
// (validation of ranges and enums is the schema validator's job, run on what could be
// read, so one answer names every bad parameter).
class QueryParameters
{
public:
    struct Result
    {
        QJsonObject parameters;
        QList<FieldError> errors;
    };

    static Result read(const Operation &operation, const QUrlQuery &query);
};

} // namespace slotline
