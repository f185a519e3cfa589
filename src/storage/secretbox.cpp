#include "storage/secretbox.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <sodium.h>

namespace slotline {
namespace {

// The first byte of every sealed value: the format, so that another can follow.
constexpr char FormatVersion = 1;

bool sodiumReady()
{
    static const bool ready = sodium_init() >= 0;
    return ready;
}

} // namespace

SecretBox::SecretBox(QByteArray key)
    : m_key(std::move(key))
{ }

std::optional<SecretBox> SecretBox::fromKey(QByteArrayView key)
{
    if (key.size() != KeyBytes || !sodiumReady())
        return std::nullopt;
    return SecretBox(key.toByteArray());
}

QString SecretBox::keyFilePath(const QString &dataDirectory)
{
    const QString credentials = qEnvironmentVariable("CREDENTIALS_DIRECTORY");
    if (!credentials.isEmpty()) {
        const QString path = QDir(credentials).filePath(QStringLiteral("slotline-secret-key"));
        if (QFileInfo::exists(path))
            return path;
    }
    return QDir(dataDirectory).filePath(QStringLiteral("secret.key"));
}

std::optional<SecretBox> SecretBox::fromKeyFile(const QString &path, QString *error)
{
    const auto fail = [error](const QString &why) -> std::optional<SecretBox> {
        if (error)
            *error = why;
        return std::nullopt;
    };
    if (!sodiumReady())
        return fail(QStringLiteral("the cryptography library could not start"));
    QFile file(path);
    if (file.exists()) {
        const QFileDevice::Permissions others = QFileDevice::ReadGroup | QFileDevice::WriteGroup
                                                | QFileDevice::ReadOther | QFileDevice::WriteOther;
        if (file.permissions() & others)
            return fail(QStringLiteral("%1 may be read by others than its owner; make it "
                                       "private (chmod 600 %1)")
                            .arg(path));
        if (!file.open(QIODevice::ReadOnly))
            return fail(QStringLiteral("cannot read %1: %2").arg(path, file.errorString()));
        const QByteArray key = file.read(KeyBytes + 1);
        if (key.size() != KeyBytes)
            return fail(QStringLiteral("%1 is not a Slotline secret key (%2 bytes, not %3)")
                            .arg(path)
                            .arg(key.size())
                            .arg(KeyBytes));
        return SecretBox(key);
    }
    QByteArray key(KeyBytes, Qt::Uninitialized);
    randombytes_buf(key.data(), size_t(key.size()));
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile out(path);
    // Made private, never readable by others for a moment; NewOnly, so that two servers
    // starting at once cannot each write a key of their own.
    if (!out.open(QIODevice::WriteOnly | QIODevice::NewOnly,
                  QFileDevice::ReadOwner | QFileDevice::WriteOwner)
        || out.write(key) != key.size() || !out.flush()) {
        const QString why = out.errorString();
        if (out.isOpen()) {
            out.close();
            out.remove();
        }
        return fail(QStringLiteral("cannot write the secret key %1: %2").arg(path, why));
    }
    out.close();
    return SecretBox(key);
}

QByteArray SecretBox::seal(QByteArrayView plain, QByteArrayView purpose) const
{
    constexpr qsizetype nonceBytes = crypto_aead_xchacha20poly1305_ietf_NPUBBYTES;
    QByteArray sealed(1 + nonceBytes + plain.size() + crypto_aead_xchacha20poly1305_ietf_ABYTES,
                      Qt::Uninitialized);
    auto *out = reinterpret_cast<unsigned char *>(sealed.data());
    out[0] = FormatVersion;
    randombytes_buf(out + 1, nonceBytes);
    unsigned long long written = 0;
    crypto_aead_xchacha20poly1305_ietf_encrypt(
        out + 1 + nonceBytes, &written, reinterpret_cast<const unsigned char *>(plain.data()),
        size_t(plain.size()), reinterpret_cast<const unsigned char *>(purpose.data()),
        size_t(purpose.size()), nullptr, out + 1,
        reinterpret_cast<const unsigned char *>(m_key.constData()));
    sealed.truncate(1 + nonceBytes + qsizetype(written));
    return sealed;
}

std::optional<QByteArray> SecretBox::open(QByteArrayView sealed, QByteArrayView purpose) const
{
    constexpr qsizetype nonceBytes = crypto_aead_xchacha20poly1305_ietf_NPUBBYTES;
    constexpr qsizetype tagBytes = crypto_aead_xchacha20poly1305_ietf_ABYTES;
    if (sealed.size() < 1 + nonceBytes + tagBytes || sealed.at(0) != FormatVersion)
        return std::nullopt;
    const auto *in = reinterpret_cast<const unsigned char *>(sealed.data());
    QByteArray plain(sealed.size() - 1 - nonceBytes - tagBytes, Qt::Uninitialized);
    unsigned long long written = 0;
    if (crypto_aead_xchacha20poly1305_ietf_decrypt(
            reinterpret_cast<unsigned char *>(plain.data()), &written, nullptr, in + 1 + nonceBytes,
            size_t(sealed.size() - 1 - nonceBytes),
            reinterpret_cast<const unsigned char *>(purpose.data()), size_t(purpose.size()), in + 1,
            reinterpret_cast<const unsigned char *>(m_key.constData()))
        != 0)
        return std::nullopt;
    plain.truncate(qsizetype(written));
    return plain;
}

} // namespace slotline
