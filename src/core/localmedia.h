#pragma once

#include <QString>
#include <QStringList>

// A medium the app holds while it waits to be uploaded stands in a draft's mediaUrls as
// "slotline-media:<id>" until the server has it; then its public address takes its place.
// Such a reference never leaves the app: the server accepts only http(s) addresses.
namespace slotline::localmedia {

// A new reference, unique to this medium.
QString newReference();
bool isReference(const QString &url);
// `urls` without the references.
QStringList withoutReferences(const QStringList &urls);

} // namespace slotline::localmedia
