#include "fakeplatforms/requestjournal.h"

#include <QJsonObject>
#include <QStringDecoder>
#include <QUrl>

using namespace Qt::StringLiterals;

namespace slotline::fake {

namespace {

constexpr qsizetype MaxBodyText = 64 * 1024;

QJsonValue bodyText(const QByteArray &body)
{
    if (body.size() > MaxBodyText)
        return QString(u"size:"_s + QString::number(body.size()));
    QStringDecoder decoder(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
    const QString text = decoder(body);
    if (decoder.hasError() || body.contains(char(0)))
        return QString(u"base64:"_s + QString::fromLatin1(body.toBase64()));
    return text;
}

} // namespace

void RequestJournal::record(const QString &platform, const FakeRequest &request,
                            const FakeResponse &response, int faultId, bool applied)
{
    QJsonObject query;
    for (const auto &[name, value] : request.query.queryItems(QUrl::FullyDecoded))
        query.insert(name, value);
    QJsonObject headers;
    for (const auto &[name, value] : request.headers)
        headers.insert(QString::fromLatin1(name), QString::fromUtf8(value));
    QJsonObject item {
        {u"seq"_s, ++m_sequence},
        {u"platform"_s, platform},
        {u"method"_s, QString::fromLatin1(request.method)},
        {u"path"_s, request.path},
        {u"query"_s, query},
        {u"headers"_s, headers},
        // A body kept in a file is too large to show anyway.
        {u"body"_s, request.bodyFile ? QString(u"size:"_s + QString::number(request.bodySize()))
                                     : bodyText(request.body)},
        {u"bodySize"_s, request.bodySize()},
        {u"status"_s, response.drop ? 0 : response.status},
        {u"dropped"_s, response.drop},
    };
    if (faultId != 0)
        item.insert(u"fault"_s, QJsonObject {{u"id"_s, faultId}, {u"applied"_s, applied}});
    m_items.append(item);
}

QJsonArray RequestJournal::items(const QString &platform) const
{
    if (platform.isEmpty())
        return m_items;
    QJsonArray selected;
    for (const QJsonValue &item : m_items) {
        if (item[u"platform"_s].toString() == platform)
            selected.append(item);
    }
    return selected;
}

void RequestJournal::clear()
{
    m_items = QJsonArray();
    m_sequence = 0;
}

} // namespace slotline::fake
