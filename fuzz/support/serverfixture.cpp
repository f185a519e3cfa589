#include "support/serverfixture.h"

#include "core/ids.h"
#include "server/api/operationregistry.h"
#include "server/apiserver.h"
#include "storage/accountrepository.h"
#include "storage/apikeyrepository.h"
#include "storage/creditrepository.h"
#include "storage/projectrepository.h"
#include "storage/slotrepository.h"
#include "storage/transaction.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>

#include <stdexcept>

using namespace Qt::Literals::StringLiterals;

namespace slotline::fuzz {

QStringList FixtureProject::ids() const
{
    return {projectId,      apiKeyId,     linkedinAccountId, twitterAccountId, facebookAccountId,
            facebookPageId, submissionId, scheduleId,        draftId,          slotId};
}

ServerFixture::ServerFixture()
{
    if (!m_directory.isValid())
        throw std::runtime_error("no temporary directory for the fuzz fixture");
    m_database.open(QDir(m_directory.path()).filePath(u"slotline.db"_s));
    ServerConfig config;
    config.publicBaseUrl = u"http://127.0.0.1:8787"_s;
    m_server = std::make_unique<ApiServer>(m_database, m_clock, config);

    m_caller = addProject(u"Caller"_s, u"Europe/Berlin"_s);
    m_stranger = addProject(u"Stranger"_s, u"UTC"_s);

    m_vocabulary = m_caller.ids() + m_stranger.ids();
    m_vocabulary += {u"linkedin"_s,
                     u"facebook"_s,
                     u"twitter"_s,
                     u"x"_s,
                     u"X"_s,
                     u""_s,
                     u" "_s,
                     u"acc_"_s,
                     u"ps_00000000000000000000"_s,
                     u"drf_unknown"_s,
                     u"https://img.example/a.png"_s,
                     u"http://example.com/b.jpg"_s,
                     u"https://"_s,
                     u"ftp://example.com/c.png"_s,
                     u"javascript:alert(1)"_s,
                     u"//example.com/d.png"_s,
                     u"2026-03-02T10:00:00Z"_s,
                     u"2026-03-02T09:59:00Z"_s,
                     u"2026-03-02T09:58:59.999Z"_s,
                     u"2026-03-03T09:00:00+01:00"_s,
                     u"2028-03-02T10:00:00Z"_s,
                     u"2026-03-02T10:00:00"_s,
                     u"9999-12-31T23:59:59.999-23:59"_s,
                     u"0001-01-01T00:00:00+23:59"_s,
                     u"monday"_s,
                     u"sunday"_s,
                     u"image.png"_s,
                     u"video/mp4"_s,
                     u"image/png"_s,
                     u"text/html"_s,
                     u"scheduled"_s,
                     u"published"_s,
                     u"cancelled"_s,
                     u"2xx"_s,
                     u"4xx"_s,
                     u"404"_s,
                     u"\u00e9\u0301"_s,
                     u"\U0001F468\u200D\U0001F469\u200D\U0001F467"_s,
                     u"see example.com/x and https://t.co/abc"_s};
}

ServerFixture::~ServerFixture() = default;

OperationRegistry &ServerFixture::registry()
{
    return m_server->registry();
}

CallContext ServerFixture::context() const
{
    CallContext context;
    context.projectId = m_caller.projectId;
    context.apiKeyId = m_caller.apiKeyId;
    context.requestId = u"req_fuzz"_s;
    context.nowMs = NowMs;
    return context;
}

Outcome ServerFixture::run(const Operation &operation, const QJsonObject &parameters)
{
    Transaction scratch(m_database); // never committed
    return operation.handler(context(), parameters);
}

QByteArray ServerFixture::withIds(QByteArray text) const
{
    if (!text.contains('$'))
        return text;
    for (const auto &[prefix, project] : {std::pair {QByteArray("$stranger."), &m_stranger},
                                          std::pair {QByteArray("$"), &m_caller}}) {
        const std::pair<const char *, const QString *> names[]
            = {{"linkedin", &project->linkedinAccountId},
               {"twitter", &project->twitterAccountId},
               {"facebook", &project->facebookAccountId},
               {"page", &project->facebookPageId},
               {"submission", &project->submissionId},
               {"schedule", &project->scheduleId},
               {"draft", &project->draftId},
               {"slot", &project->slotId}};
        for (const auto &[name, id] : names)
            text.replace(QByteArray(prefix + name), id->toUtf8());
    }
    return text;
}

std::optional<Platform> ServerFixture::platformOf(const QString &accountId) const
{
    if (accountId == m_caller.linkedinAccountId)
        return Platform::LinkedIn;
    if (accountId == m_caller.twitterAccountId)
        return Platform::Twitter;
    if (accountId == m_caller.facebookAccountId)
        return Platform::Facebook;
    return std::nullopt;
}

bool ServerFixture::isPageOf(const QString &accountId, const QString &pageId) const
{
    return accountId == m_caller.facebookAccountId && pageId == m_caller.facebookPageId;
}

FixtureProject ServerFixture::addProject(const QString &name, const QString &timezone)
{
    ProjectRepository projects(m_database, m_clock);
    AccountRepository accounts(m_database, m_clock);
    const ProjectRecord record = projects.create(
        NewProject {name, timezone, name.toLower() + u"@example.test"_s, name + u" Owner"_s});
    CreditRepository(m_database, m_clock).grant(record.id, 100, u"fuzz"_s);

    FixtureProject project;
    project.projectId = record.id;
    project.timezone = timezone;
    project.apiKeyId = ApiKeyRepository(m_database, m_clock).create(record.id, u"fuzz"_s).info.id;
    project.linkedinAccountId
        = accounts
              .add(NewAccount {record.id, Platform::LinkedIn, name + u" LinkedIn"_s, u"li"_s, {}})
              .id;
    project.twitterAccountId
        = accounts.add(NewAccount {record.id, Platform::Twitter, name + u" X"_s, u"x_user"_s, {}})
              .id;
    project.facebookAccountId
        = accounts
              .add(NewAccount {record.id, Platform::Facebook, name + u" Facebook"_s, u"fb"_s, {}})
              .id;
    project.facebookPageId
        = accounts.addSubaccount(project.facebookAccountId, name + u" Page"_s, u"page"_s).id;

    // Weekday mornings for everyone, X on Tuesday afternoons, the page at a time Berlin's
    // clocks skip once a year.
    QList<WeeklySlot> slots;
    for (int day = Qt::Monday; day <= Qt::Friday; ++day)
        slots.append(WeeklySlot {ids::generate(IdKind::Slot), Qt::DayOfWeek(day), 9, 0, {}});
    slots.append(WeeklySlot {ids::generate(IdKind::Slot),
                             Qt::Tuesday,
                             14,
                             30,
                             {SlotTarget {Platform::Twitter, {}, {}}}});
    slots.append(WeeklySlot {
        ids::generate(IdKind::Slot),
        Qt::Sunday,
        2,
        30,
        {SlotTarget {Platform::Facebook, project.facebookAccountId, project.facebookPageId}}});
    SlotRepository(m_database, m_clock).add(record.id, slots);
    project.slotId = slots.constFirst().id;

    const QJsonObject post = runCommitted(
        u"create_post"_s, project,
        QJsonObject {{u"post"_s, QJsonObject {{u"accountId"_s, project.linkedinAccountId},
                                              {u"content"_s,
                                               QJsonObject {{u"text"_s, QString(name + u" post"_s)},
                                                            {u"platform"_s, u"linkedin"_s}}}}},
                     {u"scheduledTime"_s, u"2026-03-03T09:00:00Z"_s}});
    project.submissionId = post.value(u"postSubmissionId"_s).toString();
    project.scheduleId = post.value(u"scheduleId"_s).toString();
    const QJsonObject draft
        = runCommitted(u"save_draft"_s, project,
                       QJsonObject {{u"text"_s, QString(name + u" draft"_s)},
                                    {u"platforms"_s, QJsonArray {u"twitter"_s, u"linkedin"_s}}});
    project.draftId = draft.value(u"draft"_s).toObject().value(u"id"_s).toString();
    if (project.submissionId.isEmpty() || project.scheduleId.isEmpty() || project.draftId.isEmpty())
        throw std::runtime_error("the fuzz fixture's post or draft was not created");
    return project;
}

QJsonObject ServerFixture::runCommitted(const QString &operationName, const FixtureProject &project,
                                        const QJsonObject &parameters)
{
    const Operation *operation = registry().find(operationName);
    CallContext context;
    context.projectId = project.projectId;
    context.apiKeyId = project.apiKeyId;
    context.nowMs = NowMs;
    const Outcome outcome = operation->handler(context, parameters);
    if (outcome.isError())
        throw std::runtime_error("fuzz fixture: " + operationName.toStdString()
                                 + " failed: " + outcome.error().message().toStdString());
    return QJsonDocument::fromJson(outcome.body()).object();
}

} // namespace slotline::fuzz
