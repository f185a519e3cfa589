#include "client/localstore.h"
#include "client/writerequests.h"
#include "gui/common/itemcolors.h"
#include "gui/drafts/deletedraftcommand.h"
#include "gui/drafts/draftfiltermodel.h"
#include "gui/drafts/draftlistmodel.h"
#include "support/manualclock.h"

#include <QAbstractItemModelTester>
#include <QIcon>
#include <QPixmap>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace slotline;
using namespace slotline::gui;
using namespace Qt::Literals::StringLiterals;
using slotline::client::LocalStore;
using slotline::test::ManualClock;

namespace {

constexpr qint64 MinuteMs = 60'000;

QStringList column(const QAbstractItemModel &model, int column, int role = Qt::DisplayRole)
{
    QStringList values;
    for (int row = 0; row < model.rowCount(); ++row)
        values.append(model.index(row, column).data(role).toString());
    return values;
}

QStringList texts(const QAbstractItemModel &model)
{
    return column(model, DraftListModel::DraftColumn, DraftListModel::TextRole);
}

} // namespace

class TestDraftListModel : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<QTemporaryDir> m_directory;
    std::unique_ptr<LocalStore> m_store;
    ManualClock m_clock;

    qint64 now() const { return m_clock.nowMs(); }

    // Sends the next outbox entry as the sync engine would; the server accepts it.
    void serverSaves(const QString &serverId, qint64 revision)
    {
        const auto entry = m_store->nextEntry();
        QVERIFY(entry);
        const auto change = m_store->changeToSend(entry->sequence);
        QVERIFY(change && std::holds_alternative<client::DraftSaving>(*change));
        m_store->recordAttempt(entry->sequence, client::writerequests::of(*change));
        Draft saved;
        saved.id = serverId;
        saved.text = std::get<client::DraftSaving>(*change).draft.text;
        saved.revision = revision;
        saved.updatedAtMs = now();
        m_store->draftSaved(entry->sequence, saved);
    }

private Q_SLOTS:
    void init()
    {
        QLocale::setDefault(QLocale::c());
        m_clock.setNowMs(ManualClock::DefaultStartMs);
        m_directory = std::make_unique<QTemporaryDir>();
        QVERIFY(m_directory->isValid());
        m_store = std::make_unique<LocalStore>();
        m_store->open(m_directory->filePath(u"cache.sqlite"_s));
    }

    void cleanup()
    {
        m_store.reset();
        m_directory.reset();
    }

    void columnsOfADraft()
    {
        DraftListModel model(*m_store);
        model.setTimeText(TimeText(&m_clock, QTimeZone::utc()));
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::Fatal);

        const qint64 twoHoursAgo = now() - 120 * MinuteMs;
        const QString old
            = m_store->createDraft(u"\n   \n  Launch day  \nMore to say"_s,
                                   {Platform::LinkedIn, Platform::Twitter}, {}, twoHoursAgo);
        const QString recent = m_store->createDraft(u"Five minutes"_s, {Platform::Facebook}, {},
                                                    now() - 5 * MinuteMs - 10'000);
        const QString empty = m_store->createDraft(u"  \n "_s, {}, {}, now() - 20'000);

        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(model.columnCount(), int(DraftListModel::ColumnCount));
        QCOMPARE(column(model, 0, DraftListModel::LocalIdRole), (QStringList {empty, recent, old}));
        QCOMPARE(column(model, DraftListModel::DraftColumn),
                 (QStringList {u"(empty)"_s, u"Five minutes"_s, u"Launch day"_s}));
        QCOMPARE(column(model, DraftListModel::EditedColumn),
                 (QStringList {u"just now"_s, u"5 min ago"_s,
                               TimeText(&m_clock, QTimeZone::utc()).dateTime(twoHoursAgo)}));
        QCOMPARE(model.headerData(DraftListModel::DraftColumn, Qt::Horizontal).toString(),
                 u"Draft"_s);
        QCOMPARE(model.headerData(DraftListModel::SyncColumn, Qt::Horizontal).toString(),
                 u"Sync"_s);

        const QModelIndex emptyRow = model.index(0, DraftListModel::DraftColumn);
        QCOMPARE(emptyRow.data(Qt::ForegroundRole).value<QColor>(), ItemColors::muted());
        const QModelIndex launch = model.indexOfDraft(old);
        QCOMPARE(launch.row(), 2);
        QCOMPARE(launch.data(Qt::ToolTipRole).toString(), u"\n   \n  Launch day  \nMore to say"_s);
        QVERIFY(!launch.data(Qt::ForegroundRole).isValid());
        QCOMPARE(launch.data(DraftListModel::UpdatedAtRole).toLongLong(), twoHoursAgo);

        // Platforms: the list, and one pixmap with the icons side by side.
        const QModelIndex platforms = launch.siblingAtColumn(DraftListModel::PlatformsColumn);
        QCOMPARE(platforms.data(DraftListModel::PlatformsRole).toList(),
                 (QVariantList {int(Platform::LinkedIn), int(Platform::Twitter)}));
        const QPixmap two = platforms.data(Qt::DecorationRole).value<QPixmap>();
        const QPixmap one = model.index(1, DraftListModel::PlatformsColumn)
                                .data(Qt::DecorationRole)
                                .value<QPixmap>();
        QVERIFY(!one.isNull());
        QCOMPARE(one.deviceIndependentSize().toSize(), QSize(16, 16));
        QCOMPARE(two.deviceIndependentSize().toSize(), QSize(16 + 4 + 16, 16));
        QVERIFY(
            !model.index(0, DraftListModel::PlatformsColumn).data(Qt::DecorationRole).isValid());
        QCOMPARE(platforms.data(Qt::ToolTipRole).toString(), u"LinkedIn, X (Twitter)"_s);

        // Never sent: only here.
        const QModelIndex sync = launch.siblingAtColumn(DraftListModel::SyncColumn);
        QCOMPARE(sync.data().toString(), u"Only here"_s);
        QVERIFY(!sync.data(Qt::DecorationRole).value<QIcon>().isNull());
        QCOMPARE(sync.data(DraftListModel::SyncStateRole).toInt(),
                 int(LocalStore::SyncState::Pending));

        QVERIFY(model.flags(launch).testFlag(Qt::ItemIsSelectable));
        QVERIFY(!model.flags(launch).testFlag(Qt::ItemIsEditable));

        // Undo names a draft as the list does, past its blank first lines.
        QCOMPARE(DeleteDraftCommand(*m_store, m_clock, old).text(), u"Delete draft “Launch day”"_s);
        QCOMPARE(DeleteDraftCommand(*m_store, m_clock, empty).text(), u"Delete draft"_s);
    }

    void relativeTimesFollowTheClock()
    {
        DraftListModel model(*m_store);
        model.setTimeText(TimeText(&m_clock, QTimeZone::utc()));
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::Fatal);
        const qint64 written = now();
        m_store->createDraft(u"Hello"_s, {}, {}, written);
        const QModelIndex edited = model.index(0, DraftListModel::EditedColumn);

        QCOMPARE(edited.data().toString(), u"just now"_s);
        m_clock.advanceMs(MinuteMs);
        QCOMPARE(edited.data().toString(), u"1 min ago"_s);
        m_clock.advanceMs(58 * MinuteMs);
        QCOMPARE(edited.data().toString(), u"59 min ago"_s);
        m_clock.advanceMs(MinuteMs);
        QCOMPARE(edited.data().toString(), TimeText(&m_clock, QTimeZone::utc()).dateTime(written));
        QCOMPARE(edited.data(Qt::ToolTipRole).toString(),
                 TimeText(&m_clock, QTimeZone::utc()).dateTime(written));
    }

    void syncStates()
    {
        DraftListModel model(*m_store);
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::Fatal);
        const QString id = m_store->createDraft(u"Synced soon"_s, {Platform::Twitter}, {}, now());
        const auto syncText
            = [&] { return model.indexOfDraft(id, DraftListModel::SyncColumn).data().toString(); };
        const auto syncTip = [&] {
            return model.indexOfDraft(id, DraftListModel::SyncColumn)
                .data(Qt::ToolTipRole)
                .toString();
        };
        QCOMPARE(syncText(), u"Only here"_s);

        serverSaves(u"drf_1"_s, 1);
        QCOMPARE(syncText(), u"Synced"_s);
        QCOMPARE(model.indexOfDraft(id).data(DraftListModel::ServerIdRole).toString(), u"drf_1"_s);

        QVERIFY(m_store->editDraft(id, u"Synced soon, edited"_s, {Platform::Twitter}, {}, now()));
        QCOMPARE(syncText(), u"Waiting to sync"_s);
        QCOMPARE(model.indexOfDraft(id).data().toString(), u"Synced soon, edited"_s);

        // The server refuses the change: the draft says why.
        auto entry = m_store->nextEntry();
        QVERIFY(entry);
        m_store->recordAttempt(entry->sequence,
                               client::writerequests::of(*m_store->changeToSend(entry->sequence)));
        m_store->entryRefused(entry->sequence, u"The text is too long for X."_s);
        QCOMPARE(syncText(), u"Refused"_s);
        QCOMPARE(syncTip(), u"The text is too long for X."_s);
        QCOMPARE(model.indexOfDraft(id).data(DraftListModel::SyncStateRole).toInt(),
                 int(LocalStore::SyncState::Refused));

        // Edited again, then saved elsewhere meanwhile: a conflict.
        QVERIFY(m_store->editDraft(id, u"Shorter"_s, {Platform::Twitter}, {}, now()));
        entry = m_store->nextEntry();
        QVERIFY(entry);
        m_store->recordAttempt(entry->sequence,
                               client::writerequests::of(*m_store->changeToSend(entry->sequence)));
        Draft theirs;
        theirs.id = u"drf_1"_s;
        theirs.text = u"Their words"_s;
        theirs.revision = 3;
        m_store->draftConflict(entry->sequence, theirs);
        QCOMPARE(syncText(), u"Conflict"_s);
        QVERIFY(!syncTip().isEmpty());
    }

    void anEditMovesItsRowWithoutAReset()
    {
        DraftListModel model(*m_store);
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::Fatal);
        const QString first = m_store->createDraft(u"First"_s, {}, {}, now() - 3'000);
        const QString second = m_store->createDraft(u"Second"_s, {}, {}, now() - 2'000);
        const QString third = m_store->createDraft(u"Third"_s, {}, {}, now() - 1'000);
        QCOMPARE(texts(model), (QStringList {u"Third"_s, u"Second"_s, u"First"_s}));

        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
        QSignalSpy layout(&model, &QAbstractItemModel::layoutChanged);
        QSignalSpy moved(&model, &QAbstractItemModel::rowsMoved);
        QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
        QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        const QPersistentModelIndex selected = model.indexOfDraft(second);
        const QPersistentModelIndex edited = model.indexOfDraft(first);

        // The composer's autosave: the oldest draft becomes the newest.
        QVERIFY(m_store->editDraft(first, u"First, edited"_s, {}, {}, now()));
        QCOMPARE(texts(model), (QStringList {u"First, edited"_s, u"Third"_s, u"Second"_s}));
        QCOMPARE(reset.size(), 0);
        QCOMPARE(layout.size(), 0);
        QCOMPARE(moved.size(), 1);
        QCOMPARE(inserted.size(), 0);
        QCOMPARE(removed.size(), 0);
        QVERIFY(changed.size() >= 1);
        QVERIFY(selected.isValid());
        QCOMPARE(selected.data(DraftListModel::LocalIdRole).toString(), second);
        QCOMPARE(selected.row(), 2);
        QCOMPARE(edited.row(), 0);
        QCOMPARE(edited.data().toString(), u"First, edited"_s);

        // Saved again while it is the newest: only its data changes.
        moved.clear();
        changed.clear();
        QVERIFY(m_store->editDraft(first, u"First, edited twice"_s, {}, {}, now() + 1));
        QCOMPARE(moved.size(), 0);
        QCOMPARE(changed.size(), 1);
        QCOMPARE(changed.first().at(0).toModelIndex().row(), 0);

        // Saved with nothing new: nothing to tell.
        changed.clear();
        m_store->editDraft(first, u"First, edited twice"_s, {}, {}, now() + 1);
        QCOMPARE(changed.size(), 0);

        m_store->deleteDraft(third);
        QCOMPARE(removed.size(), 1);
        QCOMPARE(texts(model), (QStringList {u"First, edited twice"_s, u"Second"_s}));
        QVERIFY(selected.isValid());

        m_store->createDraft(u"Fourth"_s, {}, {}, now() + 2);
        QCOMPARE(inserted.size(), 1);
        QCOMPARE(inserted.first().at(1).toInt(), 0);
        QCOMPARE(texts(model), (QStringList {u"Fourth"_s, u"First, edited twice"_s, u"Second"_s}));
        QCOMPARE(selected.data(DraftListModel::LocalIdRole).toString(), second);
        QCOMPARE(reset.size(), 0);
    }

    void draftAtGivesTheWholeDraft()
    {
        DraftListModel model(*m_store);
        const QString id = m_store->createDraft(u"With media"_s, {Platform::LinkedIn},
                                                {u"https://example.com/a.png"_s}, now());
        const auto draft = model.draftAt(model.indexOfDraft(id));
        QVERIFY(draft);
        QCOMPARE(draft->mediaUrls, QStringList {u"https://example.com/a.png"_s});
        QVERIFY(!model.draftAt({}));
    }

    // --- DraftFilterModel ---------------------------------------------------------------

    void searchIgnoresCaseAndAccents_data()
    {
        QTest::addColumn<QString>("search");
        QTest::addColumn<QStringList>("shown");
        const QString cafe = u"Café au lait launch"_s;
        const QString product = u"Product LAUNCH tomorrow"_s;
        const QString nothing = u"Nothing here"_s;
        QTest::newRow("no search") << QString() << QStringList {nothing, product, cafe};
        QTest::newRow("blank") << u" \t "_s << QStringList {nothing, product, cafe};
        QTest::newRow("one word") << u"launch"_s << QStringList {product, cafe};
        QTest::newRow("without the accent") << u"cafe"_s << QStringList {cafe};
        QTest::newRow("with another case") << u"CAFÉ"_s << QStringList {cafe};
        QTest::newRow("every word must appear") << u"LAUNCH  café"_s << QStringList {cafe};
        QTest::newRow("in any order") << u"tomorrow product"_s << QStringList {product};
        QTest::newRow("part of a word") << u"morr"_s << QStringList {product};
        QTest::newRow("not there") << u"launch xyz"_s << QStringList {};
    }

    void searchIgnoresCaseAndAccents()
    {
        QFETCH(QString, search);
        QFETCH(QStringList, shown);
        DraftListModel model(*m_store);
        DraftFilterModel filter;
        filter.setSourceModel(&model);
        QAbstractItemModelTester tester(&filter,
                                        QAbstractItemModelTester::FailureReportingMode::Fatal);
        m_store->createDraft(u"Café au lait launch"_s, {}, {}, now() - 2'000);
        m_store->createDraft(u"Product LAUNCH tomorrow"_s, {}, {}, now() - 1'000);
        m_store->createDraft(u"Nothing here"_s, {}, {}, now());

        filter.setSearchText(search);
        QCOMPARE(texts(filter), shown);
        filter.setSearchText(QString());
        QCOMPARE(filter.rowCount(), 3);
    }

    void platformFilterKeepsDraftsWithNoPlatform_data()
    {
        QTest::addColumn<std::optional<QList<int>>>("platformNumbers");
        QTest::addColumn<QStringList>("shown");
        QTest::newRow("all") << std::optional<QList<int>> {}
                             << QStringList {u"none"_s, u"x and facebook"_s, u"linkedin"_s};
        QTest::newRow("no platform")
            << std::optional<QList<int>> {QList<int> {}} << QStringList {u"none"_s};
        QTest::newRow("x") << std::optional<QList<int>> {{int(Platform::Twitter)}}
                           << QStringList {u"none"_s, u"x and facebook"_s};
        QTest::newRow("linkedin") << std::optional<QList<int>> {{int(Platform::LinkedIn)}}
                                  << QStringList {u"none"_s, u"linkedin"_s};
        QTest::newRow("linkedin or facebook")
            << std::optional<QList<int>> {{int(Platform::LinkedIn), int(Platform::Facebook)}}
            << QStringList {u"none"_s, u"x and facebook"_s, u"linkedin"_s};
    }

    void platformFilterKeepsDraftsWithNoPlatform()
    {
        using PlatformNumbers = std::optional<QList<int>>;
        QFETCH(PlatformNumbers, platformNumbers);
        QFETCH(QStringList, shown);
        std::optional<QList<Platform>> platforms;
        if (platformNumbers) {
            platforms.emplace();
            for (const int number : *platformNumbers)
                platforms->append(Platform(number));
        }
        DraftListModel model(*m_store);
        DraftFilterModel filter;
        filter.setSourceModel(&model);
        QAbstractItemModelTester tester(&filter,
                                        QAbstractItemModelTester::FailureReportingMode::Fatal);
        m_store->createDraft(u"linkedin"_s, {Platform::LinkedIn}, {}, now() - 2'000);
        m_store->createDraft(u"x and facebook"_s, {Platform::Twitter, Platform::Facebook}, {},
                             now() - 1'000);
        m_store->createDraft(u"none"_s, {}, {}, now());

        filter.setPlatforms(platforms);
        QVERIFY(filter.platforms() == platforms);
        QCOMPARE(texts(filter), shown);
    }

    void filtersFollowEditsAndCombine()
    {
        DraftListModel model(*m_store);
        DraftFilterModel filter;
        filter.setSourceModel(&model);
        QAbstractItemModelTester sourceTester(
            &model, QAbstractItemModelTester::FailureReportingMode::Fatal);
        QAbstractItemModelTester tester(&filter,
                                        QAbstractItemModelTester::FailureReportingMode::Fatal);
        const QString id = m_store->createDraft(u"Spring sale"_s, {Platform::LinkedIn}, {}, now());
        m_store->createDraft(u"Spring on X"_s, {Platform::Twitter}, {}, now() + 1);

        filter.setSearchText(u"spring"_s);
        filter.setPlatforms(QList<Platform> {Platform::LinkedIn});
        QCOMPARE(texts(filter), QStringList {u"Spring sale"_s});

        // The edit no longer matches: the row leaves; it matches again: it comes back.
        QVERIFY(m_store->editDraft(id, u"Autumn sale"_s, {Platform::LinkedIn}, {}, now() + 2));
        QCOMPARE(filter.rowCount(), 0);
        QVERIFY(
            m_store->editDraft(id, u"Spring sale again"_s, {Platform::LinkedIn}, {}, now() + 3));
        QCOMPARE(texts(filter), QStringList {u"Spring sale again"_s});
    }

    void sortsTheEditedColumnByTime()
    {
        DraftListModel model(*m_store);
        model.setTimeText(TimeText(&m_clock, QTimeZone::utc()));
        DraftFilterModel filter;
        filter.setSourceModel(&model);
        QAbstractItemModelTester tester(&filter,
                                        QAbstractItemModelTester::FailureReportingMode::Fatal);
        // "just now" < "2 min ago" < a date as text; by time it is the other way round.
        m_store->createDraft(u"b"_s, {}, {}, now() - 2 * MinuteMs);
        m_store->createDraft(u"a"_s, {}, {}, now());
        m_store->createDraft(u"c"_s, {}, {}, now() - 300 * MinuteMs);

        filter.sort(DraftListModel::EditedColumn, Qt::AscendingOrder);
        QCOMPARE(texts(filter), (QStringList {u"c"_s, u"b"_s, u"a"_s}));
        filter.sort(DraftListModel::DraftColumn, Qt::AscendingOrder);
        QCOMPARE(texts(filter), (QStringList {u"a"_s, u"b"_s, u"c"_s}));
    }
};

QTEST_MAIN(TestDraftListModel)
#include "tst_draftlistmodel.moc"
