#include "server/media/uploadsigner.h"

#include <QMessageAuthenticationCode>
#include <QRandomGenerator>

namespace slotline {

UploadSigner::UploadSigner(QByteArray key)
    : m_key(std::move(key))
{ }

QByteArray UploadSigner::makeKey()
{
    QByteArray key(32, Qt::Uninitialized);
    QRandomGenerator::system()->fillRange(reinterpret_cast<quint32 *>(key.data()),
                                          key.size() / qsizetype(sizeof(quint32)));
    return key;
}

QString UploadSigner::signature(const QString &mediaId, qint64 expiresAtSeconds) const
{
    const QByteArray message = mediaId.toUtf8() + '\n' + QByteArray::number(expiresAtSeconds);
    return QString::fromLatin1(
        QMessageAuthenticationCode::hash(message, m_key, QCryptographicHash::Sha256)
            .toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals));
}

bool UploadSigner::verify(const QString &mediaId, qint64 expiresAtSeconds,
                          const QString &signature) const
{
    const QByteArray expected = this->signature(mediaId, expiresAtSeconds).toLatin1();
    const QByteArray given = signature.toLatin1();
    if (given.size() != expected.size())
        return false;
    // Every byte is compared whatever the first difference, so the time taken tells
    // nothing about how much of a forged signature was right.
    unsigned char difference = 0;
    for (qsizetype i = 0; i < expected.size(); ++i)
        difference |= static_cast<unsigned char>(expected[i] ^ given[i]);
    return difference == 0;
}

} // namespace slotline
