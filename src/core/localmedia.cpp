#include "core/localmedia.h"

#include <QUuid>

using namespace Qt::Literals::StringLiterals;

namespace slotline::localmedia {
namespace {

constexpr QLatin1StringView Prefix = "slotline-media:"_L1;

} // namespace

QString newReference()
{
    return Prefix + QUuid::createUuid().toString(QUuid::Id128);
}

bool isReference(const QString &url)
{
    return url.startsWith(Prefix) && url.size() > Prefix.size();
}

QStringList withoutReferences(const QStringList &urls)
{
    QStringList published;
    for (const QString &url : urls) {
        if (!isReference(url))
            published.append(url);
    }
    return published;
}

} // namespace slotline::localmedia
