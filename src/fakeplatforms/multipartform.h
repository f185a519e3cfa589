#pragma once

#include <QByteArray>
#include <QList>
#include <QString>

#include <optional>

namespace slotline::fake {

// The parts of a multipart/form-data body (RFC 7578), as the upload endpoints read them.
class MultipartForm
{
public:
    struct Part
    {
        QString name;
        QString fileName;
        QByteArray contentType;
        QByteArray data;
    };

    static std::optional<MultipartForm> parse(const QByteArray &contentType,
                                              const QByteArray &body);

    bool has(const QString &name) const;
    QByteArray value(const QString &name) const;
    QString text(const QString &name) const { return QString::fromUtf8(value(name)); }
    const QList<Part> &parts() const { return m_parts; }

private:
    QList<Part> m_parts;
};

} // namespace slotline::fake
