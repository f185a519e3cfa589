#pragma once

#include <QByteArray>
#include <QString>

namespace slotline {

// An API key as shown once to its owner. Only the prefix and the hash are ever stored.
struct ApiKeySecret
{
    QString plaintext;
    QString prefix;
    QByteArray hash;

    // "slk_" and 40 random base62 characters from the system's secure generator.
    static ApiKeySecret generate();

    // SHA-256 of the key. Keys carry ~238 random bits, so a fast hash is enough:
    // there is nothing to guess by brute force.
    static QByteArray hashOf(QStringView key);

    // The stored, displayable start of a key, used to find its row; empty when the
    // value cannot be a key at all.
    static QString prefixOf(QStringView key);

    // Compares two hashes in time that depends only on their length.
    static bool constantTimeEquals(const QByteArray &a, const QByteArray &b);
};

} // namespace slotline
