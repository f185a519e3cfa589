#include "server/media/uploadsigner.h"

#include <QTest>

using namespace slotline;

class TestUploadSigner : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void aSignatureVerifiesOnlyWhatWasSigned()
    {
        const UploadSigner signer(UploadSigner::makeKey());
        const QString signature = signer.signature(QStringLiteral("med_a"), 1'800'000'000);
        QVERIFY(signer.verify(QStringLiteral("med_a"), 1'800'000'000, signature));
        QVERIFY(!signer.verify(QStringLiteral("med_b"), 1'800'000'000, signature));
        QVERIFY(!signer.verify(QStringLiteral("med_a"), 1'800'000'001, signature));
        QVERIFY(!signer.verify(QStringLiteral("med_a"), 1'800'000'000, signature.chopped(1)));
        QVERIFY(!signer.verify(QStringLiteral("med_a"), 1'800'000'000, QString()));
        QString altered = signature;
        altered[0] = altered[0] == u'A' ? u'B' : u'A';
        QVERIFY(!signer.verify(QStringLiteral("med_a"), 1'800'000'000, altered));
    }

    void signaturesAreUrlSafeAndDependOnTheKey()
    {
        const UploadSigner one(UploadSigner::makeKey());
        const UploadSigner other(UploadSigner::makeKey());
        const QString signature = one.signature(QStringLiteral("med_a"), 1);
        QCOMPARE(signature.size(), 43); // 32 bytes, base64url without padding
        QVERIFY(!signature.contains(u'+') && !signature.contains(u'/')
                && !signature.contains(u'='));
        QVERIFY(!other.verify(QStringLiteral("med_a"), 1, signature));
        QVERIFY(UploadSigner::makeKey() != UploadSigner::makeKey());
    }
};

QTEST_GUILESS_MAIN(TestUploadSigner)
#include "tst_uploadsigner.moc"
