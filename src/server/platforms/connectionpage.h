#pragma once

#include <QByteArray>
#include <QString>

namespace slotline {

// The small page a person sees in their browser when the platform sends them back: what
// happened, in words, and that they can go back to Slotline.
class ConnectionPage
{
public:
    static QByteArray connected(const QString &platform, const QString &name, int pages);
    static QByteArray failed(const QString &platform, const QString &why);
    static QByteArray contentSecurityPolicy();
};

} // namespace slotline
