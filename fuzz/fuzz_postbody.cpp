// POST /posts without HTTP: the body schema as the request pipeline applies it, then the
// operation's handler (PostSubmitter's own rules) over a real database.
//
// Input: one mode byte, then
//   even: the body as JSON text, as a client would send it ($twitter and the like stand
//         for the fixture's ids: ServerFixture::withIds);
//   odd:  a body built along the schema from the input (SchemaGuidedJson), with the
//         fixture's ids, URLs and times among its values.
//
// A body the schema refuses gets field errors that name fields of the body. A body it
// accepts is judged by the contract's rules, written out again here: it must be created
// (201, with the time asked for, or the next free slot) exactly when none of them is
// broken, and otherwise refused with 422 naming exactly the fields that break them. No
// body makes the handler throw (a 500).

#include "core/isotime.h"
#include "core/platformrules.h"
#include "server/api/operationregistry.h"
#include "support/fieldpath.h"
#include "support/fuzzapplication.h"
#include "support/fuzzcheck.h"
#include "support/schemaguidedjson.h"
#include "support/serverfixture.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>
#include <QUrl>

#include <algorithm>
#include <cstdint>
#include <cstdio>

using namespace slotline;
using namespace slotline::fuzz;
using namespace Qt::Literals::StringLiterals;

namespace {

constexpr qint64 MinuteMs = 60'000;
constexpr qint64 DayMs = 24 * 60 * MinuteMs;

ServerFixture &fixture()
{
    static ServerFixture instance;
    return instance;
}

QString show(const QJsonValue &value)
{
    const QByteArray json
        = value.isObject()  ? QJsonDocument(value.toObject()).toJson(QJsonDocument::Compact)
          : value.isArray() ? QJsonDocument(value.toArray()).toJson(QJsonDocument::Compact)
                            : QByteArray("(not an object)");
    return QString::fromLatin1(json.left(2000).toPercentEncoding("{}[]\":,_ "));
}

std::optional<Platform> platformNamed(const QString &name)
{
    if (name == u"twitter" || name == u"x")
        return Platform::Twitter;
    if (name == u"linkedin")
        return Platform::LinkedIn;
    if (name == u"facebook")
        return Platform::Facebook;
    return std::nullopt;
}

bool isHttpUrl(const QString &text)
{
    const QUrl url(text, QUrl::StrictMode);
    return url.isValid() && (url.scheme() == u"http" || url.scheme() == u"https")
           && !url.host().isEmpty();
}

// The fields a schema-valid body breaks the contract's rules in.
QSet<QString> brokenRules(const QJsonObject &body)
{
    QSet<QString> broken;
    const ServerFixture &server = fixture();
    // A draftId must name one of the project's drafts (the fuzzer may find a real one).
    if (body.contains(u"draftId"_s)) {
        ServerFixture &drafts = fixture();
        const Operation *getDraft = drafts.registry().find(u"get_draft"_s);
        const Outcome found
            = drafts.run(*getDraft, QJsonObject {{u"draftId"_s, body.value(u"draftId"_s)}});
        if (found.isError())
            broken.insert(u"draftId"_s);
    }
    const QJsonObject post = body.value(u"post"_s).toObject();
    const QJsonObject content = post.value(u"content"_s).toObject();
    const QString accountId = post.value(u"accountId"_s).toString();
    // The schema admits only the four spellings.
    const Platform platform = *platformNamed(content.value(u"platform"_s).toString());
    const QString text = content.value(u"text"_s).toString();
    QStringList mediaUrls;
    for (const QJsonValue &url : content.value(u"mediaUrls"_s).toArray())
        mediaUrls.append(url.toString());

    const auto accountPlatform = server.platformOf(accountId);
    if (!accountPlatform)
        broken.insert(u"post.accountId"_s); // unknown, or another project's
    else if (*accountPlatform != platform)
        broken.insert(u"post.content.platform"_s);
    if (post.contains(u"target"_s)) {
        const QJsonObject target = post.value(u"target"_s).toObject();
        if (platformNamed(target.value(u"targetType"_s).toString()) != platform)
            broken.insert(u"post.target.targetType"_s);
        const QString pageId = target.value(u"pageId"_s).toString();
        if (!pageId.isEmpty() && accountPlatform && !server.isPageOf(accountId, pageId))
            broken.insert(u"post.target.pageId"_s);
    }
    // Text is required unless there is media; whitespace alone is no text.
    if (text.trimmed().isEmpty() && mediaUrls.isEmpty())
        broken.insert(u"post.content.text"_s);
    if (PlatformRules::textLength(platform, text) > PlatformRules::maxTextLength(platform))
        broken.insert(u"post.content.text"_s);
    if (mediaUrls.size() > PlatformRules::maxMediaCount(platform))
        broken.insert(u"post.content.mediaUrls"_s);
    for (qsizetype i = 0; i < mediaUrls.size(); ++i) {
        if (!isHttpUrl(mediaUrls[i]))
            broken.insert(u"post.content.mediaUrls[%1]"_s.arg(i));
    }

    const bool nextSlot = body.value(u"useNextFreeSlot"_s).toBool();
    if (body.contains(u"scheduledTime"_s)) {
        if (nextSlot) {
            broken.insert(u"useNextFreeSlot"_s);
        } else {
            const auto at = isotime::parseOptional(body.value(u"scheduledTime"_s).toString());
            // At most 60 s late; at most two years (of 366 days) ahead.
            if (!at || *at < ServerFixture::NowMs - MinuteMs
                || *at > ServerFixture::NowMs + 2 * 366 * DayMs)
                broken.insert(u"scheduledTime"_s);
        }
    }
    return broken;
}

void checkSchemaRefusal(const QJsonValue &body, const QList<FieldError> &errors)
{
    const QStringList known = QStringList {u"post"_s, u"scheduledTime"_s, u"useNextFreeSlot"_s}
                              + body.toObject().keys();
    for (const FieldError &error : errors) {
        FUZZ_CHECK(!error.field.isEmpty() && !error.message.isEmpty(),
                   u"a field error without a field or a message for "_s + show(body));
        FUZZ_CHECK(error.field == u"(body)" || startsAtOneOf(error.field, known),
                   u"the error names %1, which is not in %2"_s.arg(
                       QString::fromLatin1(error.field.toUtf8().toPercentEncoding()), show(body)));
    }
}

void checkCreated(const QJsonObject &body, const Outcome &outcome)
{
    const QString where = u" for "_s + show(body);
    FUZZ_CHECK(outcome.status() == 201, u"status %1"_s.arg(outcome.status()) + where);
    const QJsonObject created = QJsonDocument::fromJson(outcome.body()).object();
    FUZZ_CHECK(created.value(u"postSubmissionId"_s).toString().startsWith(u"ps_"),
               u"no submission id"_s + where);
    const QJsonValue scheduledTime = created.value(u"scheduledTime"_s);
    const QJsonValue scheduleId = created.value(u"scheduleId"_s);
    const QString status = created.value(u"status"_s).toString();
    if (body.contains(u"scheduledTime"_s)) {
        const qint64 asked = *isotime::parseOptional(body.value(u"scheduledTime"_s).toString());
        FUZZ_CHECK(status == u"scheduled" && scheduledTime.toString() == isotime::format(asked)
                       && scheduleId.toString().startsWith(u"sch_"),
                   u"not scheduled at %1: %2"_s.arg(isotime::format(asked),
                                                    QString::fromUtf8(outcome.body()))
                       + where);
    } else if (body.value(u"useNextFreeSlot"_s).toBool()) {
        // Every account has weekday slots at 09:00 Berlin time; the next is at most a
        // weekend away.
        const auto at = isotime::parseOptional(scheduledTime.toString());
        FUZZ_CHECK(status == u"scheduled" && at && *at > ServerFixture::NowMs
                       && *at <= ServerFixture::NowMs + 4 * DayMs
                       && scheduleId.toString().startsWith(u"sch_"),
                   u"not scheduled at the next slot: "_s + QString::fromUtf8(outcome.body())
                       + where);
    } else {
        FUZZ_CHECK(status == u"in-progress" && scheduledTime.isNull() && scheduleId.isNull(),
                   u"not published now: "_s + QString::fromUtf8(outcome.body()) + where);
    }
}

void checkBody(const QJsonValue &body)
{
    ServerFixture &server = fixture();
    const Operation *operation = server.registry().find(u"create_post"_s);
    const SchemaValidator *validator = server.registry().bodyValidator(operation);
    FUZZ_CHECK(validator, u"create_post has no body schema"_s);
    const QList<FieldError> errors = validator->validate(body);
    FUZZ_CHECK(validator->validate(body).size() == errors.size(),
               u"validation is not repeatable for "_s + show(body));
    if (!errors.isEmpty()) {
        checkSchemaRefusal(body, errors);
        return;
    }
    FUZZ_CHECK(body.isObject(), u"the schema accepts "_s + show(body));

    const QJsonObject parameters = body.toObject();
    const QSet<QString> broken = brokenRules(parameters);
    std::optional<Outcome> outcome;
    try {
        outcome = server.run(*operation, parameters);
    } catch (const std::exception &error) {
        FUZZ_CHECK(false, u"the handler threw (a 500): %1 for %2"_s.arg(
                              QString::fromLocal8Bit(error.what()), show(body)));
    }
    // SLOTLINE_FUZZ_SHOW=1 says what each input did (fuzz_postbody FILE...).
    if (qEnvironmentVariableIntValue("SLOTLINE_FUZZ_SHOW") != 0)
        std::fprintf(stderr, "-> %d %s\n", outcome->status(),
                     outcome->isError() ? qUtf8Printable(outcome->error().code()) : "");
    if (broken.isEmpty()) {
        checkCreated(parameters, *outcome);
        return;
    }
    FUZZ_CHECK(outcome->isError() && outcome->status() == 422,
               u"created although %1 break the rules: %2"_s.arg(
                   QStringList(broken.begin(), broken.end()).join(u", "_s), show(body)));
    QSet<QString> named;
    for (const FieldError &detail : outcome->error().details())
        named.insert(detail.field);
    FUZZ_CHECK(named == broken,
               u"refused naming %1; the rules are broken in %2, for %3"_s.arg(
                   QStringList(named.begin(), named.end()).join(u", "_s),
                   QStringList(broken.begin(), broken.end()).join(u", "_s), show(body)));
    static const QStringList codes {u"validation_failed"_s, u"text_too_long"_s,
                                    u"scheduled_time_in_past"_s, u"too_many_media"_s};
    FUZZ_CHECK(codes.contains(outcome->error().code()),
               u"refused with the code "_s + outcome->error().code());
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    startApplication(argc, argv);
    fixture();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || size > 16 * 1024)
        return -1;
    if (data[0] % 2 == 0) {
        // The pipeline answers 400 before validation to anything but a JSON object.
        QJsonParseError error {};
        const QJsonDocument document = QJsonDocument::fromJson(
            fixture().withIds(
                QByteArray(reinterpret_cast<const char *>(data + 1), qsizetype(size - 1))),
            &error);
        if (error.error != QJsonParseError::NoError || !document.isObject())
            return 0;
        checkBody(document.object());
    } else {
        FuzzedDataProvider input(data + 1, size - 1);
        SchemaGuidedJson maker(input, fixture().vocabulary());
        const Operation *operation = fixture().registry().find(u"create_post"_s);
        checkBody(maker.valueFor(operation->bodySchema));
    }
    return 0;
}
