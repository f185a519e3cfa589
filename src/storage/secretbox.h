#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QString>

#include <optional>

namespace slotline {

// Seals the secrets the server keeps for others (platform app secrets, account tokens)
// with a key that lives outside the database: a copy of the database alone, or a backup
// of it, gives none of them away.
//
// XChaCha20-Poly1305 (libsodium) with a random nonce per seal. Each sealed value is bound
// to what it is for (`purpose`, e.g. "access_token:acc_…"): a value copied into another
// row does not open there.
class SecretBox
{
public:
    static constexpr int KeyBytes = 32;

    // Nothing when `key` is not KeyBytes long.
    static std::optional<SecretBox> fromKey(QByteArrayView key);

    // The key kept in `path`: read if the file exists, else made and written there,
    // readable by its owner only. A file that others may read is refused, as is one of
    // the wrong size. `error` says why in words for an administrator.
    static std::optional<SecretBox> fromKeyFile(const QString &path, QString *error);

    // Where the server's key is kept: the systemd credential "slotline-secret-key" when
    // the service has one, else secret.key in the data directory.
    static QString keyFilePath(const QString &dataDirectory);

    QByteArray seal(QByteArrayView plain, QByteArrayView purpose) const;
    // Nothing when `sealed` was not sealed with this key for this purpose, or was altered.
    std::optional<QByteArray> open(QByteArrayView sealed, QByteArrayView purpose) const;

private:
    explicit SecretBox(QByteArray key);

    QByteArray m_key;
};

} // namespace slotline
