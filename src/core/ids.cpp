#include "core/ids.h"

#include <QRandomGenerator>

#include <array>

namespace slotline::ids {
namespace {

constexpr int RandomLength = 20;
constexpr std::string_view Alphabet
    = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

bool isBase62(QChar c)
{
    return (c >= u'0' && c <= u'9') || (c >= u'A' && c <= u'Z') || (c >= u'a' && c <= u'z');
}

} // namespace

QString prefix(IdKind kind)
{
    switch (kind) {
    case IdKind::User: return QStringLiteral("usr_");
    case IdKind::Project: return QStringLiteral("prj_");
    case IdKind::ApiKey: return QStringLiteral("key_");
    case IdKind::Account: return QStringLiteral("acc_");
    case IdKind::Subaccount: return QStringLiteral("sub_");
    case IdKind::PostSubmission: return QStringLiteral("ps_");
    case IdKind::Schedule: return QStringLiteral("sch_");
    case IdKind::Slot: return QStringLiteral("slot_");
    case IdKind::Media: return QStringLiteral("med_");
    case IdKind::Draft: return QStringLiteral("drf_");
    case IdKind::PublishedPost: return QStringLiteral("pub_");
    case IdKind::Call: return QStringLiteral("call_");
    case IdKind::Request: return QStringLiteral("req_");
    }
    Q_UNREACHABLE();
    return QString();
}

QString generate(IdKind kind)
{
    // Ten base62 digits come out of each 64-bit draw (62^10 < 2^64); the bias of the
    // last digit is far below anything guessable.
    std::array<quint64, RandomLength / 10> random {};
    QRandomGenerator::global()->fillRange(random.data(), random.size());
    QString id = prefix(kind);
    id.reserve(id.size() + RandomLength);
    for (quint64 value : random) {
        for (int digit = 0; digit < 10; ++digit) {
            id.append(QLatin1Char(Alphabet[value % Alphabet.size()]));
            value /= Alphabet.size();
        }
    }
    return id;
}

QString unguessableToken()
{
    std::array<quint64, 4> random {};
    QRandomGenerator::system()->fillRange(random.data(), random.size());
    QString token;
    token.reserve(32);
    for (quint64 value : random) {
        for (int digit = 0; digit < 8; ++digit) {
            token.append(QLatin1Char(Alphabet[value % Alphabet.size()]));
            value /= Alphabet.size();
        }
    }
    return token;
}

bool looksLike(QStringView value, IdKind kind)
{
    const QString expectedPrefix = prefix(kind);
    if (!value.startsWith(expectedPrefix))
        return false;
    const QStringView body = value.sliced(expectedPrefix.size());
    if (body.isEmpty() || body.size() > 64)
        return false;
    return std::all_of(body.begin(), body.end(), isBase62);
}

} // namespace slotline::ids
