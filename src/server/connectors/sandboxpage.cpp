#include "server/connectors/sandboxpage.h"

#include "core/platformrules.h"
#include "storage/sandboxpublicationrepository.h"

#include <QDateTime>
#include <QUrl>

namespace slotline {
namespace {

QString escaped(const QString &text)
{
    return text.toHtmlEscaped();
}

QByteArray page(const QString &title, const QString &body)
{
    const QString html = QStringLiteral(R"(<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>%1</title>
<style>
body { font-family: system-ui, sans-serif; background: #f3f4f6; margin: 0; padding: 2rem 1rem; color: #111827; }
article { max-width: 36rem; margin: 0 auto; background: white; border-radius: 12px; padding: 1.25rem 1.5rem; box-shadow: 0 1px 3px rgba(0,0,0,.12); }
header { display: flex; gap: .75rem; align-items: baseline; flex-wrap: wrap; }
.name { font-weight: 600; }
.handle, time, .note { color: #6b7280; font-size: .9rem; }
.platform { margin-left: auto; font-size: .8rem; text-transform: uppercase; letter-spacing: .05em; color: #4b5563; }
.text { white-space: pre-wrap; overflow-wrap: anywhere; font-size: 1.05rem; line-height: 1.5; margin: 1rem 0; }
.media img { max-width: 100%; border-radius: 8px; margin-top: .5rem; display: block; }
.media a { overflow-wrap: anywhere; }
</style>
</head>
<body>
%2
</body>
</html>
)");
    return html.arg(escaped(title), body).toUtf8();
}

QString platformName(Platform platform)
{
    return platforms::displayName(platform);
}

// The post's text, escaped, with its links (as X recognises them) made clickable.
QString linkedText(const QString &text)
{
    QString html;
    qsizetype position = 0;
    for (const PlatformRules::Span &url : PlatformRules::findUrls(text)) {
        html += escaped(text.sliced(position, url.start - position));
        const QString link = text.sliced(url.start, url.length);
        const QString target = link.startsWith(u"http://", Qt::CaseInsensitive)
                                       || link.startsWith(u"https://", Qt::CaseInsensitive)
                                   ? link
                                   : QStringLiteral("https://") + link;
        html += QStringLiteral("<a href=\"%1\" rel=\"noopener noreferrer nofollow\">%2</a>")
                    .arg(escaped(target), escaped(link));
        position = url.start + url.length;
    }
    return html + escaped(text.sliced(position));
}

QString readableTime(qint64 ms)
{
    return QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC)
        .toString(QStringLiteral("d MMM yyyy, HH:mm 'UTC'"));
}

} // namespace

QByteArray SandboxPage::render(const SandboxPublication &publication)
{
    QString media;
    for (const QString &url : publication.mediaUrls) {
        const QUrl parsed(url);
        if (parsed.scheme() != u"http" && parsed.scheme() != u"https")
            continue;
        media += QStringLiteral("<a href=\"%1\" rel=\"noopener noreferrer\"><img src=\"%1\" "
                                "alt=\"Attached media\" "
                                "loading=\"lazy\"></a>\n")
                     .arg(escaped(url));
    }
    const QString where = publication.pageName.isEmpty()
                              ? QString()
                              : QStringLiteral(" <span class=\"handle\">on %1</span>")
                                    .arg(escaped(publication.pageName));
    const QString body
        = QStringLiteral("<article>\n<header><span class=\"name\">%1</span> <span "
                         "class=\"handle\">@%2</span>%3"
                         "<span class=\"platform\">%4 sandbox</span></header>\n"
                         "<div class=\"text\">%5</div>\n<div class=\"media\">%6</div>\n"
                         "<time datetime=\"%7\">Published %8</time>\n"
                         "<p class=\"note\">Published by Slotline's sandbox connector: this post "
                         "exists only on this server.</p>\n</article>")
              .arg(escaped(publication.accountName), escaped(publication.username), where,
                   escaped(platformName(publication.platform)), linkedText(publication.text), media,
                   QDateTime::fromMSecsSinceEpoch(publication.publishedAtMs, Qt::UTC)
                       .toString(Qt::ISODateWithMs),
                   readableTime(publication.publishedAtMs));
    return page(publication.accountName + QStringLiteral(" on ")
                    + platformName(publication.platform),
                body);
}

QByteArray SandboxPage::notFound()
{
    return page(QStringLiteral("Not found"),
                QStringLiteral("<article><p>No post is published at this address.</p></article>"));
}

QByteArray SandboxPage::contentSecurityPolicy()
{
    return QByteArrayLiteral("default-src 'none'; img-src http: https:; style-src 'unsafe-inline'; "
                             "base-uri 'none'; form-action 'none'; frame-ancestors 'none'");
}

} // namespace slotline
