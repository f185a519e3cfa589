#pragma once

#include "server/api/apierror.h"
#include "server/api/operation.h"

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
        QStringList sentWithPlus; // names of parameters whose value had a "+" (a space)
    };

    static Result read(const Operation &operation, const QUrlQuery &query);
    // Adds to the errors about parameters sent with a "+" that it meant a space: a time's
    // offset typed into a URL ("+01:00") is the usual surprise.
    static void explainPlusSigns(QList<FieldError> &errors, const QStringList &sentWithPlus);
    // The query's names and values decoded as a query string is: "+" is a space
    // (application/x-www-form-urlencoded) and "%2B" a plus sign.
    static QList<std::pair<QString, QString>> decodedItems(const QUrlQuery &query);
};

} // namespace slotline
