#include "support/operationcalls.h"

#include "server/api/operation.h"
#include "support/testserver.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QUrl>

namespace slotline::test {
namespace {

QByteArray queryText(const QJsonValue &value)
{
    if (value.isString())
        return QUrl::toPercentEncoding(value.toString());
    if (value.isBool())
        return value.toBool() ? "true" : "false";
    if (value.isDouble())
        return QByteArray::number(value.toInteger());
    return QJsonDocument(QJsonArray {value}).toJson(QJsonDocument::Compact).mid(1).chopped(1);
}

} // namespace

HttpResult callRest(TestServer &server, const Operation &operation, QJsonObject parameters,
                    const Tenant &tenant)
{
    QString path = QStringLiteral("/api/v2") + operation.path;
    for (const ParameterSpec &parameter : operation.pathParameters)
        path.replace(u'{' + parameter.name + u'}',
                     QString::fromLatin1(
                         QUrl::toPercentEncoding(parameters.take(parameter.name).toString())));
    QByteArrayList query;
    for (const ParameterSpec &parameter : operation.queryParameters) {
        if (!parameters.contains(parameter.name))
            continue;
        const QJsonValue value = parameters.take(parameter.name);
        const QByteArray name = QUrl::toPercentEncoding(parameter.name);
        if (value.isArray()) {
            for (const QJsonValue &item : value.toArray())
                query.append(name + '=' + queryText(item));
        } else {
            query.append(name + '=' + queryText(value));
        }
    }
    if (!query.isEmpty())
        path += u'?' + QString::fromLatin1(query.join('&'));
    Headers headers = withKey(tenant.apiKey);
    QByteArray body;
    if (!operation.bodySchema.isEmpty()) {
        headers.append({QByteArrayLiteral("Content-Type"), QByteArrayLiteral("application/json")});
        body = QJsonDocument(parameters).toJson(QJsonDocument::Compact);
    }
    return server.http().send(methodName(operation.method), path, headers, body);
}

HttpResult callTool(TestServer &server, const Operation &operation, const QJsonObject &parameters,
                    const Tenant &tenant)
{
    return server.post(QStringLiteral("/tools/") + operation.name, tenant, parameters);
}

} // namespace slotline::test
