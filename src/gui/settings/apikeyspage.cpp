#include "gui/settings/apikeyspage.h"

#include "core/clock.h"
#include "gui/settings/apikeylistmodel.h"
#include "gui/settings/calllogmodel.h"
#include "ui_apikeyspage.h"

#include <QFontDatabase>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QSignalBlocker>

using namespace Qt::Literals::StringLiterals;

namespace slotline::gui {
namespace {

constexpr qint64 HourMs = 3'600'000;

const Clock &systemClock()
{
    static const SystemClock clock;
    return clock;
}

} // namespace

ApiKeysPage::ApiKeysPage(client::ApiClient &client, QWidget *parent)
    : QWidget(parent)
    , m_ui(new Ui::ApiKeysPage)
    , m_keys(new ApiKeyListModel(client, this))
    , m_calls(new CallLogModel(client, this))
    , m_clock(&systemClock())
{
    m_ui->setupUi(this);
    m_ui->splitter->setStretchFactor(0, 1);
    m_ui->splitter->setStretchFactor(1, 3);
    m_ui->callsSplitter->setStretchFactor(0, 3);
    m_ui->callsSplitter->setStretchFactor(1, 2);
    m_ui->argumentsView->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));

    m_ui->keysView->setModel(m_keys);
    m_ui->keysView->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_ui->keysView->header()->setStretchLastSection(true);

    // The view asks the model for the next page when the user scrolls to the end.
    m_ui->callsView->setModel(m_calls);
    QHeaderView *callsHeader = m_ui->callsView->header();
    callsHeader->setSectionResizeMode(QHeaderView::ResizeToContents);
    callsHeader->setSectionResizeMode(CallLogModel::TargetColumn, QHeaderView::Stretch);
    callsHeader->setStretchLastSection(false);

    fillFilters();

    connect(m_ui->statusFilter, &QComboBox::currentIndexChanged, this, &ApiKeysPage::applyFilter);
    connect(m_ui->keyFilter, &QComboBox::currentIndexChanged, this, &ApiKeysPage::applyFilter);
    connect(m_ui->timeFilter, &QComboBox::currentIndexChanged, this, &ApiKeysPage::applyFilter);
    connect(m_ui->refreshButton, &QPushButton::clicked, this, &ApiKeysPage::reload);

    connect(m_keys, &ApiKeyListModel::loading, this, [this](bool busy) {
        if (busy)
            m_keysProblem.clear();
        else
            keysLoaded();
        updateStatusLine();
    });
    connect(m_keys, &ApiKeyListModel::failed, this, [this](const QString &message) {
        m_keysProblem = tr("Could not load the API keys: %1").arg(message);
        updateStatusLine();
    });
    connect(m_calls, &CallLogModel::loading, this, [this](bool busy) {
        if (busy)
            m_callsProblem.clear();
        updateStatusLine();
    });
    connect(m_calls, &CallLogModel::failed, this, [this](const QString &message) {
        m_callsProblem = tr("Could not load the call log: %1").arg(message);
        updateStatusLine();
    });
    connect(m_calls, &QAbstractItemModel::rowsInserted, this, &ApiKeysPage::updateStatusLine);
    connect(m_calls, &QAbstractItemModel::rowsRemoved, this, &ApiKeysPage::updateStatusLine);

    connect(m_ui->callsView->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &ApiKeysPage::showArguments);
    updateStatusLine();
}

ApiKeysPage::~ApiKeysPage() = default;

void ApiKeysPage::fillFilters()
{
    const QSignalBlocker blockStatus(m_ui->statusFilter);
    const QSignalBlocker blockKey(m_ui->keyFilter);
    const QSignalBlocker blockTime(m_ui->timeFilter);

    // The server filters by exact status or by class. It never logs a 401 for a project
    // (an unknown key has none), so there is no such choice.
    QComboBox *status = m_ui->statusFilter;
    status->addItem(tr("All"), QStringList());
    status->addItem(tr("Successful (2xx)"), QStringList {u"2xx"_s});
    status->addItem(tr("Client errors (4xx)"), QStringList {u"4xx"_s});
    status->addItem(tr("Server errors (5xx)"), QStringList {u"5xx"_s});
    status->addItem(tr("Rate limited (429)"), QStringList {u"429"_s});
    status->addItem(tr("Not found (404)"), QStringList {u"404"_s});

    m_ui->keyFilter->addItem(tr("All keys"), QString());

    QComboBox *time = m_ui->timeFilter;
    time->addItem(tr("Last hour"), HourMs);
    time->addItem(tr("Last 24 hours"), 24 * HourMs);
    time->addItem(tr("Last 7 days"), 7 * 24 * HourMs);
    time->addItem(tr("All"), qint64(0));
    time->setCurrentIndex(1);
}

void ApiKeysPage::setClock(const Clock *clock)
{
    m_clock = clock ? clock : &systemClock();
}

client::CallFilter ApiKeysPage::callFilter() const
{
    client::CallFilter filter;
    filter.statuses = m_ui->statusFilter->currentData().toStringList();
    filter.apiKeyId = m_ui->keyFilter->currentData().toString();
    if (const qint64 window = m_ui->timeFilter->currentData().toLongLong(); window > 0)
        filter.sinceMs = m_clock->nowMs() - window;
    return filter;
}

void ApiKeysPage::reload()
{
    m_requested = true;
    m_keys->reload();
    // The time window counts back from now again.
    m_calls->setFilter(callFilter());
}

void ApiKeysPage::applyFilter()
{
    m_requested = true;
    m_calls->setFilter(callFilter());
}

void ApiKeysPage::keysLoaded()
{
    m_calls->setKeyNames(m_keys->keyNames());

    QComboBox *combo = m_ui->keyFilter;
    const QString chosen = combo->currentData().toString();
    {
        const QSignalBlocker block(combo);
        while (combo->count() > 1)
            combo->removeItem(combo->count() - 1);
        for (const ApiKeyInfo &key : m_keys->keys()) {
            const QString label = key.isRevoked() ? tr("%1 (revoked)").arg(key.name) : key.name;
            combo->addItem(label, key.id);
        }
        const int index = combo->findData(chosen);
        combo->setCurrentIndex(qMax(0, index));
    }
    if (combo->currentData().toString() != chosen)
        applyFilter(); // the chosen key is gone
}

void ApiKeysPage::showArguments()
{
    const QModelIndexList rows = m_ui->callsView->selectionModel()->selectedRows();
    if (rows.isEmpty()) {
        m_ui->argumentsView->clear();
        return;
    }
    m_ui->argumentsView->setPlainText(rows.first().data(CallLogModel::ArgumentsRole).toString());
}

void ApiKeysPage::updateStatusLine()
{
    QStringList lines;
    if (!m_requested) {
        m_ui->statusLine->clear();
        return;
    }
    if (!m_keysProblem.isEmpty())
        lines.append(m_keysProblem);
    if (!m_callsProblem.isEmpty())
        lines.append(m_callsProblem);
    if (lines.isEmpty()) {
        if (m_keys->isLoading() || m_calls->isLoading())
            lines.append(tr("Loading…"));
        else if (m_calls->canFetchMore({}))
            lines.append(
                tr("%Ln call(s) shown; scroll down for more.", nullptr, m_calls->rowCount()));
        else
            lines.append(tr("%Ln call(s).", nullptr, m_calls->rowCount()));
    }
    m_ui->statusLine->setText(lines.join(u'\n'));
}

} // namespace slotline::gui
