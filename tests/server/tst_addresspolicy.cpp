#include "server/media/addresspolicy.h"

#include <QTest>

using namespace slotline;

class TestAddressPolicy : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void classifiesEveryKindOfAddress_data()
    {
        QTest::addColumn<QString>("address");
        QTest::addColumn<QString>("purpose"); // a word of the refusal; empty: public

        QTest::newRow("public IPv4") << QStringLiteral("8.8.8.8") << QString();
        QTest::newRow("public IPv4, just past 172.16/12")
            << QStringLiteral("172.32.0.1") << QString();
        QTest::newRow("public IPv4, just before 100.64/10")
            << QStringLiteral("100.63.255.255") << QString();
        QTest::newRow("public IPv6") << QStringLiteral("2606:4700:4700::1111") << QString();
        QTest::newRow("public IPv6 in 2001::/16")
            << QStringLiteral("2001:4860:4860::8888") << QString();
        QTest::newRow("IPv4-mapped public") << QStringLiteral("::ffff:8.8.8.8") << QString();
        QTest::newRow("NAT64 of a public address")
            << QStringLiteral("64:ff9b::808:808") << QString();
        QTest::newRow("6to4 of a public address") << QStringLiteral("2002:808:808::1") << QString();

        QTest::newRow("this network")
            << QStringLiteral("0.0.0.0") << QStringLiteral("this network");
        QTest::newRow("loopback") << QStringLiteral("127.0.0.1") << QStringLiteral("loopback");
        QTest::newRow("loopback, end of 127/8")
            << QStringLiteral("127.255.255.254") << QStringLiteral("loopback");
        QTest::newRow("private 10/8") << QStringLiteral("10.1.2.3") << QStringLiteral("private");
        QTest::newRow("private 172.16/12")
            << QStringLiteral("172.31.255.255") << QStringLiteral("private");
        QTest::newRow("private 192.168/16")
            << QStringLiteral("192.168.1.1") << QStringLiteral("private");
        QTest::newRow("cloud metadata (link-local)")
            << QStringLiteral("169.254.169.254") << QStringLiteral("link-local");
        QTest::newRow("carrier-grade NAT")
            << QStringLiteral("100.64.0.1") << QStringLiteral("carrier-grade NAT");
        QTest::newRow("IETF protocol assignments")
            << QStringLiteral("192.0.0.8") << QStringLiteral("IETF");
        QTest::newRow("documentation")
            << QStringLiteral("203.0.113.7") << QStringLiteral("documentation");
        QTest::newRow("benchmarking")
            << QStringLiteral("198.19.0.1") << QStringLiteral("benchmarking");
        QTest::newRow("multicast IPv4")
            << QStringLiteral("224.0.0.251") << QStringLiteral("multicast");
        QTest::newRow("broadcast")
            << QStringLiteral("255.255.255.255") << QStringLiteral("broadcast");
        QTest::newRow("reserved 240/4")
            << QStringLiteral("240.0.0.1") << QStringLiteral("reserved");

        QTest::newRow("unspecified IPv6") << QStringLiteral("::") << QStringLiteral("unspecified");
        QTest::newRow("loopback IPv6") << QStringLiteral("::1") << QStringLiteral("loopback");
        QTest::newRow("IPv4-mapped loopback")
            << QStringLiteral("::ffff:127.0.0.1") << QStringLiteral("IPv6 form of 127.0.0.1");
        QTest::newRow("IPv4-mapped private, hex form")
            << QStringLiteral("::ffff:a00:1") << QStringLiteral("IPv6 form of 10.0.0.1");
        QTest::newRow("IPv4-mapped metadata")
            << QStringLiteral("::ffff:169.254.169.254") << QStringLiteral("link-local");
        QTest::newRow("IPv4-compatible")
            << QStringLiteral("::127.0.0.1") << QStringLiteral("IPv4-compatible");
        QTest::newRow("NAT64 of loopback")
            << QStringLiteral("64:ff9b::7f00:1") << QStringLiteral("IPv6 form of 127.0.0.1");
        QTest::newRow("local-use NAT64")
            << QStringLiteral("64:ff9b:1::1") << QStringLiteral("NAT64");
        QTest::newRow("6to4 of a private address")
            << QStringLiteral("2002:c0a8:101::1") << QStringLiteral("IPv6 form of 192.168.1.1");
        QTest::newRow("discard-only") << QStringLiteral("100::1") << QStringLiteral("discard");
        QTest::newRow("Teredo") << QStringLiteral("2001:0:4136:e378:8000:63bf:3fff:fdd2")
                                << QStringLiteral("Teredo");
        QTest::newRow("documentation IPv6")
            << QStringLiteral("2001:db8::1") << QStringLiteral("documentation");
        QTest::newRow("unique local fc00::/7")
            << QStringLiteral("fd12:3456::1") << QStringLiteral("unique local");
        QTest::newRow("link-local IPv6")
            << QStringLiteral("fe80::1") << QStringLiteral("link-local");
        QTest::newRow("link-local IPv6 with a scope")
            << QStringLiteral("fe80::1%lo") << QStringLiteral("link-local");
        QTest::newRow("site-local (deprecated)")
            << QStringLiteral("fec0::1") << QStringLiteral("site-local");
        QTest::newRow("multicast IPv6") << QStringLiteral("ff02::1") << QStringLiteral("multicast");
    }

    void classifiesEveryKindOfAddress()
    {
        QFETCH(QString, address);
        QFETCH(QString, purpose);
        const QHostAddress host(address);
        QVERIFY2(!host.isNull(), qPrintable(address));
        const QString refusal = AddressPolicy().refusal(host);
        if (purpose.isEmpty())
            QVERIFY2(refusal.isEmpty(), qPrintable(refusal));
        else
            QVERIFY2(refusal.contains(purpose), qPrintable(refusal));
        QCOMPARE(AddressPolicy::specialPurpose(host), refusal);
    }

    void anEmptyAddressIsRefused()
    {
        QCOMPARE(AddressPolicy().refusal(QHostAddress()), QStringLiteral("not an IP address"));
        // Not even an allow-list of everything lets it through.
        const auto all = AddressPolicy::fromAllowList(QStringLiteral("0.0.0.0/0, ::/0"), nullptr);
        QVERIFY(all);
        QVERIFY(!all->refusal(QHostAddress()).isEmpty());
    }

    void anAllowListLetsChosenNetworksThrough()
    {
        QString error;
        const auto policy = AddressPolicy::fromAllowList(
            QStringLiteral(" 127.0.0.1 ,10.20.0.0/16,, fd00::/8 "), &error);
        QVERIFY2(policy, qPrintable(error));
        QCOMPARE(policy->allowed().size(), 3);
        QCOMPARE(policy->allowed().first().prefixLength, 32);

        QVERIFY(policy->refusal(QHostAddress(QStringLiteral("127.0.0.1"))).isEmpty());
        QVERIFY(policy->refusal(QHostAddress(QStringLiteral("::ffff:127.0.0.1"))).isEmpty());
        QVERIFY(!policy->refusal(QHostAddress(QStringLiteral("127.0.0.2"))).isEmpty());
        QVERIFY(!policy->refusal(QHostAddress(QStringLiteral("::1"))).isEmpty());
        QVERIFY(policy->refusal(QHostAddress(QStringLiteral("10.20.3.4"))).isEmpty());
        QVERIFY(!policy->refusal(QHostAddress(QStringLiteral("10.21.0.1"))).isEmpty());
        QVERIFY(policy->refusal(QHostAddress(QStringLiteral("fd00::5"))).isEmpty());
        QVERIFY(!policy->refusal(QHostAddress(QStringLiteral("fc00::5"))).isEmpty());
        // Public addresses pass with or without a list.
        QVERIFY(policy->refusal(QHostAddress(QStringLiteral("8.8.8.8"))).isEmpty());
    }

    void aNameIsRefusedWhenAnyOfItsAddressesIs()
    {
        // What a name resolving to several addresses gets: one refused address is enough.
        const AddressPolicy policy
            = *AddressPolicy::fromAllowList(QStringLiteral("127.0.0.1"), nullptr);
        const QHostAddress allowed(QStringLiteral("127.0.0.1"));
        const QHostAddress publicAddress(QStringLiteral("93.184.216.34"));
        const QHostAddress internal(QStringLiteral("10.1.2.3"));
        QVERIFY(!policy.firstRefused({allowed, publicAddress}));
        QVERIFY(!policy.firstRefused({}));
        for (const QList<QHostAddress> &addresses :
             {QList<QHostAddress> {allowed, internal}, QList<QHostAddress> {internal, allowed},
              QList<QHostAddress> {publicAddress, allowed, internal}}) {
            const auto refused = policy.firstRefused(addresses);
            QVERIFY(refused);
            QCOMPARE(refused->address, internal);
            QCOMPARE(refused->reason, policy.refusal(internal));
        }
        const auto ipv6 = AddressPolicy().firstRefused(
            {publicAddress, QHostAddress(QStringLiteral("::1")), internal});
        QCOMPARE(ipv6->address, QHostAddress(QStringLiteral("::1")));
    }

    void aBadAllowListSaysWhichEntry_data()
    {
        QTest::addColumn<QString>("list");
        QTest::addColumn<QString>("entry");
        QTest::newRow("a name") << QStringLiteral("127.0.0.1, localhost")
                                << QStringLiteral("localhost");
        QTest::newRow("prefix too long")
            << QStringLiteral("10.0.0.0/33") << QStringLiteral("10.0.0.0/33");
        QTest::newRow("prefix not a number")
            << QStringLiteral("10.0.0.0/x") << QStringLiteral("10.0.0.0/x");
        QTest::newRow("a bad IPv6 address")
            << QStringLiteral("fd00:::1") << QStringLiteral("fd00:::1");
    }

    void aBadAllowListSaysWhichEntry()
    {
        QFETCH(QString, list);
        QFETCH(QString, entry);
        QString error;
        QVERIFY(!AddressPolicy::fromAllowList(list, &error));
        QVERIFY2(error.contains(u'"' + entry + u'"'), qPrintable(error));
    }

    void anEmptyAllowListAllowsNothingSpecial()
    {
        QString error;
        const auto policy = AddressPolicy::fromAllowList(QString(), &error);
        QVERIFY(policy);
        QVERIFY(policy->allowed().isEmpty());
        QVERIFY(!policy->refusal(QHostAddress(QStringLiteral("127.0.0.1"))).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestAddressPolicy)
#include "tst_addresspolicy.moc"
