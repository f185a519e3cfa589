#pragma once

#include "client/apiclient.h"

#include <QScopedPointer>
#include <QWidget>

namespace Ui {
class ApiKeysPage;
}

namespace slotline {
class Clock;
}

namespace slotline::gui {

class ApiKeyListModel;
class CallLogModel;

// The "API keys and call log" page of the Settings dialog: the project's keys above, the
// calls made with them below, narrowed by status class, key and time, a page at a time as
// the user scrolls, with the selected call's arguments beside them. Nothing is asked of
// the server before reload() (or a change of filter).
class ApiKeysPage : public QWidget
{
    Q_OBJECT

public:
    explicit ApiKeysPage(client::ApiClient &client, QWidget *parent = nullptr);
    ~ApiKeysPage() override;

    // Asks the server for the keys and the first page of the call log again.
    void reload();

    // The clock the time filter ("Last hour") counts back from; the system's when null.
    // It must outlive the page.
    void setClock(const Clock *clock);

    // What the filters ask for now.
    client::CallFilter callFilter() const;

    ApiKeyListModel &keyModel() { return *m_keys; }
    CallLogModel &callModel() { return *m_calls; }

private:
    void fillFilters();
    void applyFilter();
    void keysLoaded();
    void showArguments();
    void updateStatusLine();

    QScopedPointer<Ui::ApiKeysPage> m_ui;
    ApiKeyListModel *m_keys = nullptr;
    CallLogModel *m_calls = nullptr;
    const Clock *m_clock = nullptr;
    QString m_keysProblem;
    QString m_callsProblem;
    bool m_requested = false; // nothing to report before the first request
};

} // namespace slotline::gui
