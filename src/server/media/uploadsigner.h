#pragma once

#include <QByteArray>
#include <QString>

namespace slotline {

// Signs upload addresses: /uploads/<mediaId>?expires=<unix seconds>&signature=<HMAC>. The
// signature binds the media id to its deadline with a key only the server knows, so an
// address can be neither guessed nor stretched past its 15 minutes; that it is used once
// is the media record's business.
class UploadSigner
{
public:
    explicit UploadSigner(QByteArray key);

    // A fresh random key, for a server that has none yet.
    static QByteArray makeKey();

    QString signature(const QString &mediaId, qint64 expiresAtSeconds) const;
    // Compared in constant time.
    bool verify(const QString &mediaId, qint64 expiresAtSeconds, const QString &signature) const;

private:
    QByteArray m_key;
};

} // namespace slotline
