#include "storage/platformapprepository.h"

#include "core/clock.h"
#include "storage/secretbox.h"
#include "storage/statement.h"

#include <QJsonDocument>
#include <QJsonObject>

namespace slotline {
namespace {

QByteArray purpose(const QString &platform)
{
    return "platform_app_secret:" + platform.toUtf8();
}

QString urlsToText(const QMap<QString, QString> &urls)
{
    QJsonObject object;
    for (auto it = urls.cbegin(); it != urls.cend(); ++it)
        object.insert(it.key(), it.value());
    return QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Compact));
}

QMap<QString, QString> urlsFromText(const QString &text)
{
    QMap<QString, QString> urls;
    const QJsonObject object = QJsonDocument::fromJson(text.toUtf8()).object();
    for (auto it = object.constBegin(); it != object.constEnd(); ++it)
        urls.insert(it.key(), it.value().toString());
    return urls;
}

} // namespace

PlatformAppRepository::PlatformAppRepository(Database &database, const SecretBox &secrets,
                                             const Clock &clock)
    : m_database(database)
    , m_secrets(secrets)
    , m_clock(clock)
{ }

void PlatformAppRepository::put(const PlatformApp &app)
{
    Statement(m_database,
              QStringLiteral("INSERT INTO platform_apps (platform, client_id, client_secret, urls, "
                             "scopes, updated_at) VALUES (?, ?, ?, ?, ?, ?) "
                             "ON CONFLICT (platform) DO UPDATE SET client_id = excluded.client_id, "
                             "client_secret = excluded.client_secret, urls = excluded.urls, "
                             "scopes = excluded.scopes, updated_at = excluded.updated_at"))
        .bind(app.platform)
        .bind(app.clientId)
        .bind(m_secrets.seal(app.clientSecret.toUtf8(), purpose(app.platform)))
        .bind(urlsToText(app.urls))
        .bindNullableText(app.scopes)
        .bind(m_clock.nowMs())
        .exec();
}

std::optional<PlatformApp> PlatformAppRepository::find(const QString &platform, bool *unreadable)
{
    if (unreadable)
        *unreadable = false;
    Statement query(m_database,
                    QStringLiteral("SELECT client_id, client_secret, urls, scopes, updated_at FROM "
                                   "platform_apps WHERE platform = ?"));
    query.bind(platform).exec();
    if (!query.next())
        return std::nullopt;
    const auto secret = m_secrets.open(query.value(1).toByteArray(), purpose(platform));
    if (!secret) {
        if (unreadable)
            *unreadable = true;
        return std::nullopt;
    }
    return PlatformApp {
        platform,      query.text(0),   QString::fromUtf8(*secret), urlsFromText(query.text(2)),
        query.text(3), query.integer(4)};
}

QList<PlatformApp> PlatformAppRepository::list()
{
    Statement query(m_database,
                    QStringLiteral("SELECT platform, client_id, urls, scopes, updated_at FROM "
                                   "platform_apps ORDER BY platform"));
    query.exec();
    QList<PlatformApp> apps;
    while (query.next())
        apps.append(PlatformApp {query.text(0),
                                 query.text(1),
                                 {},
                                 urlsFromText(query.text(2)),
                                 query.text(3),
                                 query.integer(4)});
    return apps;
}

bool PlatformAppRepository::remove(const QString &platform)
{
    Statement statement(m_database, QStringLiteral("DELETE FROM platform_apps WHERE platform = ?"));
    statement.bind(platform).exec();
    return statement.rowsAffected() > 0;
}

} // namespace slotline
