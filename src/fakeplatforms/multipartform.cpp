#include "fakeplatforms/multipartform.h"

using namespace Qt::StringLiterals;

namespace slotline::fake {

namespace {

QByteArray parameter(const QByteArray &field, const QByteArray &name)
{
    for (const QByteArray &piece : field.split(';')) {
        const QByteArray trimmed = piece.trimmed();
        const qsizetype equals = trimmed.indexOf('=');
        if (equals < 0 || trimmed.left(equals).trimmed().toLower() != name)
            continue;
        QByteArray value = trimmed.mid(equals + 1).trimmed();
        if (value.size() >= 2 && value.startsWith('"') && value.endsWith('"'))
            value = value.mid(1, value.size() - 2);
        return value;
    }
    return {};
}

} // namespace

std::optional<MultipartForm> MultipartForm::parse(const QByteArray &contentType,
                                                  const QByteArray &body)
{
    const QByteArray boundary = parameter(contentType, "boundary");
    if (boundary.isEmpty())
        return std::nullopt;
    const QByteArray delimiter = "--" + boundary;
    MultipartForm form;
    qsizetype at = body.indexOf(delimiter);
    if (at < 0)
        return std::nullopt;
    for (;;) {
        at += delimiter.size();
        if (body.mid(at, 2) == "--")
            return form;
        if (body.mid(at, 2) != "\r\n")
            return std::nullopt;
        at += 2;
        const qsizetype headEnd = body.indexOf("\r\n\r\n", at);
        if (headEnd < 0)
            return std::nullopt;
        Part part;
        for (const QByteArray &line : body.mid(at, headEnd - at).split('\n')) {
            const qsizetype colon = line.indexOf(':');
            if (colon < 0)
                continue;
            const QByteArray name = line.left(colon).trimmed().toLower();
            const QByteArray value = line.mid(colon + 1).trimmed();
            if (name == "content-disposition") {
                part.name = QString::fromUtf8(parameter(value, "name"));
                part.fileName = QString::fromUtf8(parameter(value, "filename"));
            } else if (name == "content-type") {
                part.contentType = value;
            }
        }
        const qsizetype dataStart = headEnd + 4;
        const QByteArray separator = "\r\n" + delimiter;
        const qsizetype next = body.indexOf(separator, dataStart);
        if (next < 0)
            return std::nullopt;
        part.data = body.mid(dataStart, next - dataStart);
        form.m_parts.append(std::move(part));
        at = next + 2;
    }
}

bool MultipartForm::has(const QString &name) const
{
    for (const Part &part : m_parts) {
        if (part.name == name)
            return true;
    }
    return false;
}

QByteArray MultipartForm::value(const QString &name) const
{
    for (const Part &part : m_parts) {
        if (part.name == name)
            return part.data;
    }
    return {};
}

} // namespace slotline::fake
