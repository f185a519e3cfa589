#include "core/submissionstatus.h"

#include <QTest>

using namespace slotline;

Q_DECLARE_METATYPE(SubmissionStatus)

class TestSubmissionStatus : public QObject
{
    Q_OBJECT

private:
    static QList<SubmissionStatus> all()
    {
        return {SubmissionStatus::Scheduled, SubmissionStatus::InProgress,
                SubmissionStatus::Published, SubmissionStatus::Failed, SubmissionStatus::Cancelled};
    }

private Q_SLOTS:
    void onlyTheContractsTransitionsExist()
    {
        using Step = std::optional<SubmissionStatus> (*)(SubmissionStatus);
        const QList<std::tuple<const char *, Step, SubmissionStatus, SubmissionStatus>> allowed {
            {"start", SubmissionLifecycle::startPublishing, SubmissionStatus::Scheduled,
             SubmissionStatus::InProgress},
            {"publish", SubmissionLifecycle::publish, SubmissionStatus::InProgress,
             SubmissionStatus::Published},
            {"fail", SubmissionLifecycle::fail, SubmissionStatus::InProgress,
             SubmissionStatus::Failed},
            {"cancel", SubmissionLifecycle::cancel, SubmissionStatus::Scheduled,
             SubmissionStatus::Cancelled},
        };
        for (const auto &[name, step, from, to] : allowed) {
            for (const SubmissionStatus status : all()) {
                const auto result = step(status);
                if (status == from) {
                    QVERIFY2(result && *result == to, name);
                } else {
                    QVERIFY2(!result, qPrintable(QString::fromLatin1(name)
                                                 + QStringLiteral(" from ") + toString(status)));
                }
            }
        }
    }

    void finalStatuses()
    {
        QVERIFY(SubmissionLifecycle::isFinal(SubmissionStatus::Published));
        QVERIFY(SubmissionLifecycle::isFinal(SubmissionStatus::Failed));
        QVERIFY(SubmissionLifecycle::isFinal(SubmissionStatus::Cancelled));
        QVERIFY(!SubmissionLifecycle::isFinal(SubmissionStatus::Scheduled));
        QVERIFY(!SubmissionLifecycle::isFinal(SubmissionStatus::InProgress));
    }

    void spellings()
    {
        for (const SubmissionStatus status : all())
            QVERIFY(submissionStatusFromString(toString(status)) == status);
        QCOMPARE(toString(SubmissionStatus::InProgress), QStringLiteral("in-progress"));
        QVERIFY(!submissionStatusFromString(u"in_progress"));
        QVERIFY(!submissionStatusFromString(u"Published"));
    }
};

QTEST_GUILESS_MAIN(TestSubmissionStatus)
#include "tst_submissionstatus.moc"
