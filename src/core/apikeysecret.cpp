#include "core/apikeysecret.h"

#include <QCryptographicHash>
#include <QRandomGenerator>

#include <array>

namespace slotline {
namespace {

constexpr QStringView KeyPrefix = u"slk_";
constexpr int RandomLength = 40;
constexpr int StoredPrefixLength = 12;
constexpr std::string_view Alphabet
    = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

} // namespace

ApiKeySecret ApiKeySecret::generate()
{
    std::array<quint32, RandomLength> random {};
    QRandomGenerator::system()->fillRange(random.data(), random.size());
    QString key = KeyPrefix.toString();
    for (const quint32 value : random)
        key.append(QLatin1Char(Alphabet[value % Alphabet.size()]));
    return ApiKeySecret {key, prefixOf(key), hashOf(key)};
}

QByteArray ApiKeySecret::hashOf(QStringView key)
{
    return QCryptographicHash::hash(key.toUtf8(), QCryptographicHash::Sha256);
}

QString ApiKeySecret::prefixOf(QStringView key)
{
    if (!key.startsWith(KeyPrefix) || key.size() < StoredPrefixLength || key.size() > 200)
        return {};
    return key.first(StoredPrefixLength).toString();
}

bool ApiKeySecret::constantTimeEquals(const QByteArray &a, const QByteArray &b)
{
    if (a.size() != b.size())
        return false;
    unsigned char difference = 0;
    for (qsizetype i = 0; i < a.size(); ++i)
        difference |= static_cast<unsigned char>(a[i] ^ b[i]);
    return difference == 0;
}

} // namespace slotline
