#include "core/weeklyslot.h"

#include <QTest>

using namespace slotline;

class TestWeeklySlot : public QObject
{
    Q_OBJECT

    static WeeklySlot slotFor(const QList<SlotTarget> &targets)
    {
        WeeklySlot slot;
        slot.id = QStringLiteral("slot_1");
        slot.targets = targets;
        return slot;
    }

private Q_SLOTS:
    void aSlotForAPageCountsForTheAccountThatOwnsIt()
    {
        const WeeklySlot page
            = slotFor({{Platform::Facebook, QStringLiteral("acc_a"), QStringLiteral("sub_p")}});
        QVERIFY(!page.appliesTo(SlotQuery {QStringLiteral("acc_a"), Platform::Facebook, {}}));
        QVERIFY(page.appliesToAccountOrItsPages(QStringLiteral("acc_a"), Platform::Facebook));
        QVERIFY(!page.appliesToAccountOrItsPages(QStringLiteral("acc_b"), Platform::Facebook));
        QVERIFY(!page.appliesToAccountOrItsPages(QStringLiteral("acc_a"), Platform::LinkedIn));

        const WeeklySlot platform = slotFor({{Platform::Twitter, {}, {}}});
        QVERIFY(platform.appliesToAccountOrItsPages(QStringLiteral("acc_x"), Platform::Twitter));
        QVERIFY(!platform.appliesToAccountOrItsPages(QStringLiteral("acc_x"), Platform::Facebook));
        QVERIFY(
            slotFor({}).appliesToAccountOrItsPages(QStringLiteral("acc_x"), Platform::LinkedIn));
    }

    void singlePlatformAndSingleAccountTarget()
    {
        QCOMPARE(slotFor({}).singlePlatform(), std::nullopt);
        QVERIFY(!slotFor({}).singleAccountTarget());

        const WeeklySlot two = slotFor({{Platform::LinkedIn, QStringLiteral("acc_a"), {}},
                                        {Platform::LinkedIn, QStringLiteral("acc_b"), {}}});
        QCOMPARE(two.singlePlatform(), Platform::LinkedIn);
        QVERIFY(!two.singleAccountTarget());

        const WeeklySlot mixed
            = slotFor({{Platform::LinkedIn, {}, {}}, {Platform::Twitter, {}, {}}});
        QCOMPARE(mixed.singlePlatform(), std::nullopt);

        const WeeklySlot everyX = slotFor({{Platform::Twitter, {}, {}}});
        QCOMPARE(everyX.singlePlatform(), Platform::Twitter);
        QVERIFY(!everyX.singleAccountTarget()); // every account of X, not one

        const WeeklySlot page
            = slotFor({{Platform::Facebook, QStringLiteral("acc_a"), QStringLiteral("sub_p")}});
        const auto target = page.singleAccountTarget();
        QVERIFY(target);
        QCOMPARE(target->accountId, QStringLiteral("acc_a"));
        QCOMPARE(target->subaccountId, QStringLiteral("sub_p"));
    }
};

QTEST_GUILESS_MAIN(TestWeeklySlot)
#include "tst_weeklyslot.moc"
