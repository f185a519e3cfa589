#include "server/platforms/connectionpage.h"

namespace slotline {
namespace {

QByteArray page(const QString &title, const QString &headline, const QString &text, bool ok)
{
    const QString colour = ok ? QStringLiteral("#1a7f37") : QStringLiteral("#b42318");
    return QStringLiteral("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">"
                          "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
                          "<title>%1 — Slotline</title><style>"
                          "body{font-family:system-ui,sans-serif;max-width:34em;margin:4em auto;"
                          "padding:0 1em;color:#1f2328;line-height:1.5}"
                          "h1{font-size:1.4em;color:%4}p{margin:.6em 0}</style></head><body>"
                          "<h1>%2</h1><p>%3</p>"
                          "<p>You can close this window and go back to Slotline.</p></body></html>")
        .arg(title.toHtmlEscaped(), headline.toHtmlEscaped(), text.toHtmlEscaped(), colour)
        .toUtf8();
}

} // namespace

QByteArray ConnectionPage::connected(const QString &platform, const QString &name, int pages)
{
    const QString text
        = pages == 0 ? QStringLiteral("Slotline can now publish as %1 on %2.").arg(name, platform)
          : pages == 1
              ? QStringLiteral("Slotline can now publish as %1 on %2, and as the page or "
                               "organization they manage.")
                    .arg(name, platform)
              : QStringLiteral("Slotline can now publish as %1 on %2, and as the %3 pages or "
                               "organizations they manage.")
                    .arg(name, platform)
                    .arg(pages);
    return page(QStringLiteral("Connected"), QStringLiteral("%1 is connected").arg(platform), text,
                true);
}

QByteArray ConnectionPage::failed(const QString &platform, const QString &why)
{
    return page(QStringLiteral("Not connected"),
                QStringLiteral("%1 was not connected").arg(platform), why, false);
}

QByteArray ConnectionPage::contentSecurityPolicy()
{
    return "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; "
           "frame-ancestors 'none'";
}

} // namespace slotline
