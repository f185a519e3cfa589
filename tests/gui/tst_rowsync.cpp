#include "gui/common/rowsync.h"

#include <QAbstractItemModelTester>
#include <QAbstractListModel>
#include <QRandomGenerator>
#include <QSignalSpy>
#include <QTest>

using namespace slotline::gui;
using namespace Qt::Literals::StringLiterals;

namespace {

struct Item
{
    QString key;
    int version = 0;
};

// The smallest model over syncRows(): keys, and a version that changes as data.
class KeyListModel : public QAbstractListModel
{
public:
    int rowCount(const QModelIndex &parent = {}) const override
    {
        return parent.isValid() ? 0 : int(m_items.size());
    }

    QVariant data(const QModelIndex &index, int role) const override
    {
        if (!index.isValid() || role != Qt::DisplayRole)
            return {};
        const Item &item = m_items[size_t(index.row())];
        return u"%1 v%2"_s.arg(item.key).arg(item.version);
    }

    void sync(std::vector<Item> fresh)
    {
        RowNotifier notify {
            [this](int first, int last) { beginRemoveRows({}, first, last); },
            [this] { endRemoveRows(); },
            [this](int first, int last) { beginInsertRows({}, first, last); },
            [this] { endInsertRows(); },
            [this](int from, int to) { beginMoveRows({}, from, from, {}, to); },
            [this] { endMoveRows(); },
        };
        syncRows(
            m_items, std::move(fresh), [](const Item &item) { return item.key; },
            [this](int row, Item &current, Item &&next) {
                if (current.version == next.version)
                    return;
                current = next;
                Q_EMIT dataChanged(index(row), index(row));
            },
            notify);
    }

    QStringList keys() const
    {
        QStringList list;
        for (const Item &item : m_items)
            list.append(item.key);
        return list;
    }

private:
    std::vector<Item> m_items;
};

std::vector<Item> items(const QStringList &keys, int version = 0)
{
    std::vector<Item> list;
    for (const QString &key : keys)
        list.push_back(Item {key, version});
    return list;
}

} // namespace

class TestRowSync : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void stepsOfOneChange_data()
    {
        QTest::addColumn<QStringList>("before");
        QTest::addColumn<QStringList>("after");
        QTest::addColumn<int>("removals");
        QTest::addColumn<int>("insertions");
        QTest::addColumn<int>("moves");
        QTest::newRow("same") << QStringList {u"a"_s, u"b"_s} << QStringList {u"a"_s, u"b"_s} << 0
                              << 0 << 0;
        QTest::newRow("from nothing")
            << QStringList {} << QStringList {u"a"_s, u"b"_s, u"c"_s} << 0 << 1 << 0;
        QTest::newRow("to nothing")
            << QStringList {u"a"_s, u"b"_s} << QStringList {} << 1 << 0 << 0;
        QTest::newRow("last to first") << QStringList {u"a"_s, u"b"_s, u"c"_s}
                                       << QStringList {u"c"_s, u"a"_s, u"b"_s} << 0 << 0 << 1;
        QTest::newRow("runs removed and inserted")
            << QStringList {u"a"_s, u"b"_s, u"c"_s, u"d"_s, u"e"_s}
            << QStringList {u"x"_s, u"y"_s, u"a"_s, u"e"_s, u"z"_s} << 1 << 2 << 0;
        QTest::newRow("a key twice counts once")
            << QStringList {u"a"_s} << QStringList {u"b"_s, u"a"_s, u"b"_s} << 0 << 1 << 0;
    }

    void stepsOfOneChange()
    {
        QFETCH(QStringList, before);
        QFETCH(QStringList, after);
        QFETCH(int, removals);
        QFETCH(int, insertions);
        QFETCH(int, moves);

        KeyListModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::Fatal);
        model.sync(items(before));
        QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
        QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
        QSignalSpy moved(&model, &QAbstractItemModel::rowsMoved);
        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);

        model.sync(items(after));
        after.removeDuplicates();
        QCOMPARE(model.keys(), after);
        QCOMPARE(removed.size(), removals);
        QCOMPARE(inserted.size(), insertions);
        QCOMPARE(moved.size(), moves);
        QCOMPARE(reset.size(), 0);
    }

    // Many random changes: the rows end as asked, each row that stays keeps its
    // persistent index, and only rows whose data changed say so.
    void randomChanges()
    {
        QRandomGenerator random(20260302);
        KeyListModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::Fatal);
        QStringList pool;
        for (int i = 0; i < 30; ++i)
            pool.append(u"k%1"_s.arg(i));
        QHash<QString, int> versions;

        for (int round = 0; round < 300; ++round) {
            QStringList keys = pool;
            std::shuffle(keys.begin(), keys.end(), random);
            keys = keys.first(random.bounded(int(pool.size()) + 1));
            std::vector<Item> fresh;
            QSet<QString> changedKeys;
            for (const QString &key : keys) {
                const int version = versions.value(key) + (random.bounded(4) == 0 ? 1 : 0);
                if (model.keys().contains(key) && version != versions.value(key))
                    changedKeys.insert(key);
                fresh.push_back(Item {key, version});
            }

            QList<QPersistentModelIndex> persistent;
            for (int row = 0; row < model.rowCount(); ++row)
                persistent.append(model.index(row));
            const QStringList keysBefore = model.keys();
            QSet<QString> reported;
            const auto connection = connect(
                &model, &QAbstractItemModel::dataChanged, this,
                [&](const QModelIndex &first) { reported.insert(model.keys().at(first.row())); });

            model.sync(fresh);
            disconnect(connection);
            for (const Item &item : fresh)
                versions.insert(item.key, item.version);

            QCOMPARE(model.keys(), keys);
            QCOMPARE(reported, changedKeys);
            for (int i = 0; i < persistent.size(); ++i) {
                const QString key = keysBefore.at(i);
                QCOMPARE(persistent.at(i).isValid(), keys.contains(key));
                if (persistent.at(i).isValid())
                    QCOMPARE(model.keys().at(persistent.at(i).row()), key);
            }
        }
    }
};

QTEST_MAIN(TestRowSync)
#include "tst_rowsync.moc"
