#include "gui/common/projecttimezone.h"

#include "client/localstore.h"

namespace slotline::gui {

QTimeZone ProjectTimeZone::of(const client::LocalStore &store)
{
    for (const QString &name :
         {store.reference().timezone(),
          store.reference().user() ? store.reference().user()->timezone : QString()}) {
        const QTimeZone zone(name.toUtf8());
        if (!name.isEmpty() && zone.isValid())
            return zone;
    }
    return QTimeZone::systemTimeZone();
}

QString ProjectTimeZone::nameOf(const client::LocalStore &store)
{
    return QString::fromUtf8(of(store).id());
}

} // namespace slotline::gui
