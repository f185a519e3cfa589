#pragma once

#include <QHostAddress>
#include <QList>
#include <QString>

#include <optional>

namespace slotline {

// Which network addresses the server may fetch media from on a user's behalf. A URL
// given to POST /media must not make the server reach into its own machine or network
// (the cloud metadata service at 169.254.169.254, an admin page on 127.0.0.1, a router on
// 192.168.1.1), so only public unicast addresses pass: every special-purpose block of the
// IANA registries is refused, and IPv6 forms that carry an IPv4 address (IPv4-mapped,
// NAT64, 6to4) are judged by the IPv4 address they carry.
//
// An allow-list lets chosen networks through anyway, for a server that is meant to fetch
// from an internal host (and for tests, which fetch from a local server).
class AddressPolicy
{
public:
    struct Network
    {
        QHostAddress address;
        int prefixLength = 0;
    };

    AddressPolicy() = default;
    explicit AddressPolicy(QList<Network> allowed);

    // Parses an allow-list such as "127.0.0.1, 10.0.0.0/8, ::1": addresses (a whole
    // address when the prefix is left out) or networks, separated by commas. Nothing, and
    // `error` says which entry is wrong, when one is not an address or network.
    static std::optional<AddressPolicy> fromAllowList(const QString &text, QString *error);

    // Why the server may not fetch from the address ("a loopback address"), or an empty
    // string when it may.
    QString refusal(const QHostAddress &address) const;

    struct Refused
    {
        QHostAddress address;
        QString reason;
    };
    // The first of a name's addresses the server may not fetch from, and why; nothing
    // when it may fetch from all of them. Every address must pass, not just the one
    // connected to: which one a resolver lists first is the name's owner's choice.
    std::optional<Refused> firstRefused(const QList<QHostAddress> &addresses) const;

    // The special-purpose block the address belongs to, or an empty string for a public
    // unicast address.
    static QString specialPurpose(const QHostAddress &address);

    const QList<Network> &allowed() const { return m_allowed; }

private:
    bool isAllowed(const QHostAddress &address) const;

    QList<Network> m_allowed;
};

} // namespace slotline
