#include "server/media/addresspolicy.h"

#include <QStringList>

#include <array>

namespace slotline {
namespace {

struct Block
{
    const char *network;
    int prefixLength;
    const char *purpose;
};

// The IANA IPv4 Special-Purpose Address Registry, and multicast and the reserved range.
constexpr std::array Ipv4Blocks {
    Block {"0.0.0.0", 8, "an address of \"this network\""},
    Block {"10.0.0.0", 8, "a private network address"},
    Block {"100.64.0.0", 10, "a shared (carrier-grade NAT) address"},
    Block {"127.0.0.0", 8, "a loopback address"},
    Block {"169.254.0.0", 16, "a link-local address"},
    Block {"172.16.0.0", 12, "a private network address"},
    Block {"192.0.0.0", 24, "an IETF protocol assignment"},
    Block {"192.0.2.0", 24, "a documentation address"},
    Block {"192.88.99.0", 24, "a 6to4 relay address"},
    Block {"192.168.0.0", 16, "a private network address"},
    Block {"198.18.0.0", 15, "a benchmarking address"},
    Block {"198.51.100.0", 24, "a documentation address"},
    Block {"203.0.113.0", 24, "a documentation address"},
    Block {"224.0.0.0", 4, "a multicast address"},
    Block {"240.0.0.0", 4, "a reserved or broadcast address"},
};

// The IANA IPv6 Special-Purpose Address Registry, and the blocks outside global unicast.
// IPv4-mapped, NAT64 and 6to4 addresses are judged by their IPv4 address before these.
constexpr std::array Ipv6Blocks {
    Block {"::", 128, "the unspecified address"},
    Block {"::1", 128, "a loopback address"},
    Block {"::", 96, "an IPv4-compatible address (deprecated)"},
    Block {"64:ff9b:1::", 48, "a local-use NAT64 address"},
    Block {"100::", 64, "a discard-only address"},
    Block {"2001:db8::", 32, "a documentation address"},
    Block {"2001::", 23, "an IETF protocol assignment (such as Teredo)"},
    Block {"fc00::", 7, "a unique local address"},
    Block {"fe80::", 10, "a link-local address"},
    Block {"fec0::", 10, "a site-local address"},
    Block {"ff00::", 8, "a multicast address"},
};

QString purposeIn(const QHostAddress &address, const auto &blocks)
{
    for (const Block &block : blocks) {
        if (address.isInSubnet(QHostAddress(QString::fromLatin1(block.network)),
                               block.prefixLength))
            return QString::fromLatin1(block.purpose);
    }
    return {};
}

// The IPv4 address an IPv6 address stands for: IPv4-mapped (::ffff:a.b.c.d), the NAT64
// well-known prefix (64:ff9b::a.b.c.d) and 6to4 (2002:aabb:ccdd::/48).
std::optional<QHostAddress> embeddedIpv4(const QHostAddress &address)
{
    if (address.protocol() != QAbstractSocket::IPv6Protocol)
        return std::nullopt;
    const Q_IPV6ADDR bytes = address.toIPv6Address();
    const auto ipv4At = [&](int offset) {
        return QHostAddress((quint32(bytes[offset]) << 24) | (quint32(bytes[offset + 1]) << 16)
                            | (quint32(bytes[offset + 2]) << 8) | quint32(bytes[offset + 3]));
    };
    if (address.isInSubnet(QHostAddress(QStringLiteral("::ffff:0:0")), 96)
        || address.isInSubnet(QHostAddress(QStringLiteral("64:ff9b::")), 96))
        return ipv4At(12);
    if (address.isInSubnet(QHostAddress(QStringLiteral("2002::")), 16))
        return ipv4At(2);
    return std::nullopt;
}

} // namespace

AddressPolicy::AddressPolicy(QList<Network> allowed)
    : m_allowed(std::move(allowed))
{ }

std::optional<AddressPolicy> AddressPolicy::fromAllowList(const QString &text, QString *error)
{
    QList<Network> allowed;
    for (const QString &entry : text.split(u',', Qt::SkipEmptyParts)) {
        const QString trimmed = entry.trimmed();
        if (trimmed.isEmpty())
            continue;
        Network network;
        if (trimmed.contains(u'/')) {
            const auto [address, prefixLength] = QHostAddress::parseSubnet(trimmed);
            network = Network {address, prefixLength};
        } else {
            network.address = QHostAddress(trimmed);
            network.prefixLength
                = network.address.protocol() == QAbstractSocket::IPv4Protocol ? 32 : 128;
        }
        if (network.address.isNull() || network.prefixLength < 0) {
            if (error)
                *error = QStringLiteral("\"%1\" is not an IP address or network (such as "
                                        "127.0.0.1, ::1 or 10.0.0.0/8)")
                             .arg(trimmed);
            return std::nullopt;
        }
        allowed.append(network);
    }
    return AddressPolicy(std::move(allowed));
}

QString AddressPolicy::specialPurpose(const QHostAddress &address)
{
    if (address.isNull())
        return QStringLiteral("not an IP address");
    if (address.protocol() == QAbstractSocket::IPv4Protocol)
        return purposeIn(address, Ipv4Blocks);
    if (const auto ipv4 = embeddedIpv4(address)) {
        const QString purpose = purposeIn(*ipv4, Ipv4Blocks);
        if (purpose.isEmpty())
            return {};
        return QStringLiteral("an IPv6 form of %1 (%2)").arg(ipv4->toString(), purpose);
    }
    return purposeIn(address, Ipv6Blocks);
}

bool AddressPolicy::isAllowed(const QHostAddress &address) const
{
    const auto ipv4 = embeddedIpv4(address);
    for (const Network &network : m_allowed) {
        if (address.isInSubnet(network.address, network.prefixLength)
            || (ipv4 && ipv4->isInSubnet(network.address, network.prefixLength)))
            return true;
    }
    return false;
}

QString AddressPolicy::refusal(const QHostAddress &address) const
{
    const QString purpose = specialPurpose(address);
    if (purpose.isEmpty() || (!address.isNull() && isAllowed(address)))
        return {};
    return purpose;
}

std::optional<AddressPolicy::Refused>
AddressPolicy::firstRefused(const QList<QHostAddress> &addresses) const
{
    for (const QHostAddress &address : addresses) {
        if (QString reason = refusal(address); !reason.isEmpty())
            return Refused {address, reason};
    }
    return std::nullopt;
}

} // namespace slotline
