#include "support/fieldpath.h"

#include <algorithm>

namespace slotline::fuzz {

bool startsAtOneOf(const QString &field, const QStringList &names)
{
    return std::any_of(names.begin(), names.end(), [&](const QString &original) {
        // Names reach the validator as UTF-8: an unpaired surrogate in one becomes '?'.
        const QString name = QString::fromUtf8(original.toUtf8());
        for (const QString &form : {name, QString(QLatin1Char('[') + name + QLatin1Char(']'))}) {
            if (field == form || field.startsWith(form + QLatin1Char('.'))
                || field.startsWith(form + QLatin1Char('[')))
                return true;
        }
        return false;
    });
}

} // namespace slotline::fuzz
