#include "server/api/operationcatalog.h"

#include "server/api/listing.h"

#include <QFile>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>

#include <stdexcept>

using namespace Qt::Literals::StringLiterals;

namespace slotline::operationcatalog {
namespace {

[[noreturn]] void fail(const QString &where, const QString &problem)
{
    throw std::runtime_error(u"operations.json: %1: %2"_s.arg(where, problem).toStdString());
}

// One object of the catalogue, read strictly: every key it has must be one that is read.
class Entry
{
public:
    Entry(const QJsonValue &value, QString where)
        : m_object(value.toObject())
        , m_where(std::move(where))
    {
        if (!value.isObject())
            fail(m_where, u"not an object"_s);
    }

    const QString &where() const { return m_where; }
    QString at(const QString &key) const { return m_where + u'.' + key; }
    bool has(const QString &key) const { return m_object.contains(key); }

    QJsonValue value(const QString &key)
    {
        m_read.insert(key);
        return m_object.value(key);
    }
    QString text(const QString &key, bool required = true)
    {
        const QJsonValue found = value(key);
        if (found.isUndefined() && !required)
            return {};
        if (!found.isString() || found.toString().isEmpty())
            fail(at(key), u"must be a text"_s);
        return found.toString();
    }
    bool flag(const QString &key, bool fallback)
    {
        const QJsonValue found = value(key);
        if (found.isUndefined())
            return fallback;
        if (!found.isBool())
            fail(at(key), u"must be true or false"_s);
        return found.toBool();
    }
    QJsonObject object(const QString &key)
    {
        const QJsonValue found = value(key);
        if (found.isUndefined())
            return {};
        if (!found.isObject() || found.toObject().isEmpty())
            fail(at(key), u"must be an object with something in it"_s);
        return found.toObject();
    }
    QJsonArray array(const QString &key)
    {
        const QJsonValue found = value(key);
        if (found.isUndefined())
            return {};
        if (!found.isArray())
            fail(at(key), u"must be an array"_s);
        return found.toArray();
    }

    void checkAllRead() const
    {
        for (auto it = m_object.begin(); it != m_object.end(); ++it)
            if (!m_read.contains(it.key()))
                fail(at(it.key()), u"unknown key"_s);
    }

private:
    QJsonObject m_object;
    QString m_where;
    QSet<QString> m_read;
};

ParameterSpec readParameter(Entry entry)
{
    ParameterSpec parameter;
    parameter.name = entry.text(u"name"_s);
    parameter.description = entry.text(u"description"_s);
    parameter.schema = entry.object(u"schema"_s);
    if (parameter.schema.isEmpty())
        fail(entry.at(u"schema"_s), u"missing"_s);
    parameter.required = entry.flag(u"required"_s, false);
    entry.checkAllRead();
    return parameter;
}

using SharedParameters = QHash<QString, ParameterSpec>;

SharedParameters readSharedParameters(const QJsonObject &shared)
{
    SharedParameters parameters;
    for (auto it = shared.begin(); it != shared.end(); ++it) {
        QJsonObject named = it.value().toObject();
        if (named.contains(u"name"_s))
            fail(u"sharedParameters."_s + it.key(), u"is named by its key"_s);
        named.insert(u"name"_s, it.key());
        parameters.insert(it.key(), readParameter(Entry(named, u"sharedParameters."_s + it.key())));
    }
    return parameters;
}

QList<ParameterSpec> readParameters(Entry &operation, const QString &key,
                                    const SharedParameters &shared)
{
    QList<ParameterSpec> parameters;
    const QJsonArray list = operation.array(key);
    for (qsizetype i = 0; i < list.size(); ++i) {
        const QString where = operation.at(key) + u'[' + QString::number(i) + u']';
        if (list.at(i).isString()) {
            const auto found = shared.find(list.at(i).toString());
            if (found == shared.end())
                fail(where, u"no shared parameter is called so"_s);
            parameters.append(*found);
        } else {
            parameters.append(readParameter(Entry(list.at(i), where)));
        }
    }
    return parameters;
}

HttpMethod readMethod(Entry &operation)
{
    static const QHash<QString, HttpMethod> methods {
        {u"GET"_s, HttpMethod::Get},       {u"POST"_s, HttpMethod::Post},
        {u"PUT"_s, HttpMethod::Put},       {u"PATCH"_s, HttpMethod::Patch},
        {u"DELETE"_s, HttpMethod::Delete},
    };
    const QString name = operation.text(u"method"_s);
    const auto found = methods.find(name);
    if (found == methods.end())
        fail(operation.at(u"method"_s), u"unknown method \"%1\""_s.arg(name));
    return *found;
}

// "Name" for a component schema, {"pageOf": "Name"} for a page of them, or a schema.
QJsonObject readResult(Entry &operation)
{
    const QJsonValue result = operation.value(u"result"_s);
    if (result.isUndefined())
        return {};
    if (result.isString())
        return listing::schemaRef(result.toString());
    const QJsonObject object = result.toObject();
    if (object.size() == 1 && object.value(u"pageOf"_s).isString())
        return listing::pageSchema(listing::schemaRef(object.value(u"pageOf"_s).toString()));
    if (object.isEmpty())
        fail(operation.at(u"result"_s), u"must be a component's name or a schema"_s);
    return object;
}

QList<ErrorCode> readErrors(Entry &operation)
{
    QList<ErrorCode> codes;
    const QJsonArray names = operation.array(u"errors"_s);
    for (qsizetype i = 0; i < names.size(); ++i) {
        const auto code = errorcodes::fromString(names.at(i).toString());
        if (!code)
            fail(operation.at(u"errors"_s) + u'[' + QString::number(i) + u']',
                 u"unknown error code \"%1\""_s.arg(names.at(i).toString()));
        codes.append(*code);
    }
    return codes;
}

Operation readOperation(Entry entry, const SharedParameters &shared)
{
    Operation operation;
    operation.name = entry.text(u"name"_s);
    operation.tag = entry.text(u"tag"_s);
    operation.summary = entry.text(u"summary"_s);
    operation.description = entry.text(u"description"_s);
    // A tool-only operation has no route; it says which limit its calls count against.
    operation.path = entry.text(u"path"_s, false);
    if (!operation.path.isEmpty())
        operation.method = readMethod(entry);
    else if (entry.has(u"method"_s))
        fail(entry.at(u"method"_s), u"a tool-only operation (no path) has no method"_s);
    const QString rateClass = entry.text(u"rateClass"_s, operation.path.isEmpty());
    if (rateClass == u"read")
        operation.rateClass = RateClass::Read;
    else if (rateClass == u"write")
        operation.rateClass = RateClass::Write;
    else if (rateClass.isEmpty())
        operation.rateClass
            = operation.method == HttpMethod::Get ? RateClass::Read : RateClass::Write;
    else
        fail(entry.at(u"rateClass"_s), u"must be read or write"_s);
    operation.requiresAuth = entry.flag(u"requiresAuth"_s, true);
    operation.exposedAsTool = entry.flag(u"tool"_s, true);
    operation.pathParameters = readParameters(entry, u"pathParameters"_s, shared);
    operation.queryParameters = readParameters(entry, u"queryParameters"_s, shared);
    operation.bodySchema = entry.object(u"body"_s);
    operation.bodyRequired = entry.flag(u"bodyRequired"_s, false);
    const QJsonValue status = entry.value(u"successStatus"_s);
    operation.successStatus = status.isUndefined() ? 200 : status.toInt(-1);
    if (operation.successStatus < 200 || operation.successStatus > 299)
        fail(entry.at(u"successStatus"_s), u"must be a 2xx status"_s);
    operation.resultSchema = readResult(entry);
    operation.errorCodes = readErrors(entry);
    entry.checkAllRead();
    return operation;
}

} // namespace

QList<Operation> parse(const QByteArray &json)
{
    QJsonParseError error {};
    const QJsonDocument document = QJsonDocument::fromJson(json, &error);
    if (error.error != QJsonParseError::NoError)
        fail(u"offset %1"_s.arg(error.offset), error.errorString());
    Entry root(document.isObject() ? QJsonValue(document.object()) : QJsonValue(), u"$"_s);
    const SharedParameters shared = readSharedParameters(root.object(u"sharedParameters"_s));
    const QJsonArray list = root.array(u"operations"_s);
    root.checkAllRead();
    QList<Operation> operations;
    QSet<QString> names;
    for (qsizetype i = 0; i < list.size(); ++i) {
        const QString where = u"operations["_s + QString::number(i) + u']';
        Operation operation = readOperation(Entry(list.at(i), where), shared);
        if (names.contains(operation.name))
            fail(where, u"a second operation called %1"_s.arg(operation.name));
        names.insert(operation.name);
        operations.append(std::move(operation));
    }
    return operations;
}

QList<Operation> builtIn()
{
    QFile file(u":/slotline/openapi/operations.json"_s);
    if (!file.open(QIODevice::ReadOnly))
        throw std::runtime_error("the built-in operations.json is missing");
    return parse(file.readAll());
}

} // namespace slotline::operationcatalog
