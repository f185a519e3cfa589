// POST /tools/<name> without HTTP: every tool's parameter schema as the request pipeline
// applies it, then the tool's handler over a real database.
//
// Input: one mode byte, then
//   even: "<tool name>\n<parameters as JSON text>", as a client would send them ($twitter
//         and the like stand for the fixture's ids: ServerFixture::withIds);
//   odd:  one byte that picks the tool (in name order), then parameters built along the
//         tool's schema from the input (SchemaGuidedJson), with the fixture's ids (the
//         caller's and a stranger's), URLs and times.
//
// Properties:
// - parameters the schema refuses get field errors, each naming a field of the call;
// - parameters it accepts never make the handler throw (a 500);
// - a refusal has one of the statuses the tool's description in openapi.json lists;
// - a result is JSON that the tool's result schema in openapi.json accepts;
// - no result shows anything of the stranger's project (unless the call itself did).
// upload_media_from_url is validated but not run: it would fetch from the network.

#include "server/api/operationregistry.h"
#include "server/api/schemavalidator.h"
#include "support/fieldpath.h"
#include "support/fuzzapplication.h"
#include "support/fuzzcheck.h"
#include "support/schemaguidedjson.h"
#include "support/serverfixture.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>
#include <cstdint>
#include <cstdio>

using namespace slotline;
using namespace slotline::fuzz;
using namespace Qt::Literals::StringLiterals;

namespace {

ServerFixture &fixture()
{
    static ServerFixture instance;
    return instance;
}

struct Tool
{
    const Operation *operation;
    QJsonObject schema; // self-contained, as GET /tools shows it
    std::optional<SchemaValidator> result;
};

const std::vector<Tool> &tools()
{
    static const std::vector<Tool> all = [] {
        OperationRegistry &registry = fixture().registry();
        QList<const Operation *> operations = registry.operations();
        std::sort(operations.begin(), operations.end(),
                  [](const Operation *a, const Operation *b) { return a->name < b->name; });
        const QJsonObject root {{u"components"_s, registry.components()}};
        std::vector<Tool> list;
        for (const Operation *operation : std::as_const(operations)) {
            if (!operation->exposedAsTool)
                continue;
            Tool tool {operation, registry.selfContainedToolSchema(*operation), std::nullopt};
            if (!operation->resultSchema.isEmpty())
                tool.result.emplace(operation->resultSchema, root);
            list.push_back(std::move(tool));
        }
        return list;
    }();
    return all;
}

QString show(const QJsonValue &value)
{
    const QByteArray json
        = value.isObject()  ? QJsonDocument(value.toObject()).toJson(QJsonDocument::Compact)
          : value.isArray() ? QJsonDocument(value.toArray()).toJson(QJsonDocument::Compact)
                            : QByteArray("(a scalar)");
    return QString::fromLatin1(json.left(2000).toPercentEncoding("{}[]\":,_ "));
}

void checkCall(const Tool &tool, const QJsonValue &parameters)
{
    const QString where = tool.operation->name + u" with "_s + show(parameters);
    OperationRegistry &registry = fixture().registry();
    const QList<FieldError> errors = registry.toolValidator(tool.operation).validate(parameters);
    if (!parameters.isObject()) {
        FUZZ_CHECK(!errors.isEmpty(), u"the schema accepts a non-object: "_s + where);
        return;
    }
    if (!errors.isEmpty()) {
        const QStringList names
            = tool.schema.value(u"properties"_s).toObject().keys() + parameters.toObject().keys();
        for (const FieldError &error : errors) {
            FUZZ_CHECK(!error.field.isEmpty() && !error.message.isEmpty(),
                       u"a field error without a field or a message: "_s + where);
            const bool named = startsAtOneOf(error.field, names);
            FUZZ_CHECK(error.field == u"(body)" || named,
                       u"the error names %1: "_s.arg(
                           QString::fromLatin1(error.field.toUtf8().toPercentEncoding()))
                           + where);
        }
        return;
    }
    if (tool.operation->asyncHandler || !tool.operation->handler)
        return;

    std::optional<Outcome> outcome;
    try {
        outcome = fixture().run(*tool.operation, parameters.toObject());
    } catch (const std::exception &error) {
        FUZZ_CHECK(false,
                   u"the handler threw (a 500): %1 for "_s.arg(QString::fromLocal8Bit(error.what()))
                       + where);
    }
    // SLOTLINE_FUZZ_SHOW=1 says what each input did (fuzz_toolparameters FILE...).
    if (qEnvironmentVariableIntValue("SLOTLINE_FUZZ_SHOW") != 0)
        std::fprintf(stderr, "%s -> %d %s\n", qUtf8Printable(tool.operation->name),
                     outcome->status(),
                     outcome->isError() ? qUtf8Printable(outcome->error().code()) : "");
    if (outcome->isError()) {
        const ApiError &error = outcome->error();
        QList<int> allowed;
        for (const ErrorCode code : tool.operation->errorCodes)
            allowed << errorcodes::httpStatus(code);
        allowed << 400 << 422;
        FUZZ_CHECK(allowed.contains(error.status()),
                   u"refused with %1 %2, which openapi.json does not list: "_s.arg(error.status())
                           .arg(error.code())
                       + where);
        FUZZ_CHECK(!error.code().isEmpty() && !error.message().isEmpty(),
                   u"a refusal without a code or a message: "_s + where);
        for (const FieldError &detail : error.details())
            FUZZ_CHECK(!detail.field.isEmpty() && !detail.message.isEmpty(),
                       u"a detail without a field or a message: "_s + where);
        return;
    }

    // A tool answers 200 whatever the status; the REST form of an operation answers the
    // status its description in openapi.json gives.
    FUZZ_CHECK(
        tool.operation->isToolOnly() ? outcome->status() / 100 == 2
                                     : outcome->status() == tool.operation->successStatus,
        u"answered %1 instead of %2: "_s.arg(outcome->status()).arg(tool.operation->successStatus)
            + where);
    if (outcome->status() == 204) {
        FUZZ_CHECK(outcome->body().isEmpty(), u"a 204 with a body: "_s + where);
        return;
    }
    QJsonParseError parseError {};
    const QJsonDocument document = QJsonDocument::fromJson(outcome->body(), &parseError);
    FUZZ_CHECK(parseError.error == QJsonParseError::NoError && document.isObject(),
               u"a result that is not a JSON object: %1 for "_s.arg(
                   QString::fromUtf8(outcome->body().left(500)))
                   + where);
    if (tool.result) {
        const QList<FieldError> resultErrors = tool.result->validate(document.object());
        QStringList described;
        for (const FieldError &error : resultErrors)
            described.append(error.field + u": "_s + error.message);
        FUZZ_CHECK(resultErrors.isEmpty(),
                   u"the result does not match its schema (%1): %2 for "_s.arg(
                       described.join(u"; "_s), QString::fromUtf8(outcome->body().left(1500)))
                       + where);
    }
    // Unless the caller put it there (a draft's text may be anything).
    const QByteArray sent = QJsonDocument(parameters.toObject()).toJson(QJsonDocument::Compact);
    for (const QString &id : fixture().stranger().ids()) {
        FUZZ_CHECK(!outcome->body().contains(id.toUtf8()) || sent.contains(id.toUtf8()),
                   u"the result shows the stranger's %1: "_s.arg(id) + where);
    }
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    startApplication(argc, argv);
    tools();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2 || size > 16 * 1024)
        return -1;
    if (data[0] % 2 == 0) {
        // "<tool name>\n<parameters as JSON>"
        const QByteArray text(reinterpret_cast<const char *>(data + 1), qsizetype(size - 1));
        const qsizetype newline = text.indexOf('\n');
        if (newline < 0)
            return 0;
        const QString name = QString::fromUtf8(text.first(newline));
        const auto tool = std::find_if(tools().begin(), tools().end(), [&](const Tool &candidate) {
            return candidate.operation->name == name;
        });
        if (tool == tools().end())
            return 0;
        // The pipeline answers 400 to a body that is not JSON.
        QJsonParseError error {};
        const QJsonDocument document
            = QJsonDocument::fromJson(fixture().withIds(text.sliced(newline + 1)), &error);
        if (error.error != QJsonParseError::NoError)
            return 0;
        checkCall(*tool, document.isObject() ? QJsonValue(document.object())
                                             : QJsonValue(document.array()));
    } else {
        const Tool &tool = tools()[data[1] % tools().size()];
        FuzzedDataProvider input(data + 2, size - 2);
        SchemaGuidedJson maker(input, fixture().vocabulary());
        checkCall(tool, maker.valueFor(tool.schema));
    }
    return 0;
}
