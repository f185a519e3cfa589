#include "core/ids.h"

#include <QSet>
#include <QTest>

using namespace slotline;

class TestIds : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void generatedIdsHaveTheirKindsPrefix()
    {
        for (const IdKind kind :
             {IdKind::User, IdKind::Project, IdKind::ApiKey, IdKind::Account, IdKind::Subaccount,
              IdKind::PostSubmission, IdKind::Schedule, IdKind::Slot, IdKind::Media, IdKind::Draft,
              IdKind::PublishedPost, IdKind::Call, IdKind::Request}) {
            const QString id = ids::generate(kind);
            QVERIFY(id.startsWith(ids::prefix(kind)));
            QCOMPARE(id.size(), ids::prefix(kind).size() + 20);
            QVERIFY(ids::looksLike(id, kind));
        }
    }

    void idsDoNotRepeat()
    {
        QSet<QString> seen;
        for (int i = 0; i < 10'000; ++i)
            seen.insert(ids::generate(IdKind::Call));
        QCOMPARE(seen.size(), 10'000);
    }

    void looksLike_data()
    {
        QTest::addColumn<QString>("value");
        QTest::addColumn<bool>("isAccountId");
        QTest::newRow("generated shape") << "acc_AbC123" << true;
        QTest::newRow("other kind") << "sub_AbC123" << false;
        QTest::newRow("prefix only") << "acc_" << false;
        QTest::newRow("SQL") << "acc_1' OR '1'='1" << false;
        QTest::newRow("path traversal") << "acc_../../etc" << false;
        QTest::newRow("too long") << QString(QStringLiteral("acc_") + QString(65, u'a')) << false;
        QTest::newRow("non-ASCII letter") << "acc_é" << false;
    }
    void looksLike()
    {
        QFETCH(QString, value);
        QFETCH(bool, isAccountId);
        QCOMPARE(ids::looksLike(value, IdKind::Account), isAccountId);
    }
};

QTEST_GUILESS_MAIN(TestIds)
#include "tst_ids.moc"
