#pragma once

#include "core/account.h"
#include "core/platform.h"

#include <QList>
#include <QObject>
#include <QString>

#include <optional>

class QComboBox;

namespace slotline::client {
class ReferenceCache;
}

namespace slotline::gui {

// Where a post goes: the composer's account list and its "As:" list of the account's
// pages, filled from the cached accounts. The person's choice stays while the lists are
// refilled under it (an account that came to need reconnecting stays with its state; one
// no longer there leaves nothing chosen), and is never replaced by another account, which
// would publish to an audience nobody chose.
class AccountChoice : public QObject
{
    Q_OBJECT

public:
    AccountChoice(QComboBox *accounts, QComboBox *pages, const client::ReferenceCache &reference,
                  QObject *parent);

    // Lists the accounts of these platforms (all when empty), then the chosen one's pages.
    void refill(const QList<Platform> &platforms);

    QString accountId() const;
    QString pageId() const; // empty: the account itself
    // Of the chosen account; nothing while none is chosen.
    std::optional<Platform> platform() const;
    AccountStatus status() const;
    // Its name and @handle, without its state.
    QString accountName() const;
    bool listsNoAccount() const;

    // The account to choose when it is listed (the last one used, or the draft's).
    QString preferredAccountId() const { return m_preferredAccountId; }
    void prefer(const QString &accountId) { m_preferredAccountId = accountId; }

Q_SIGNALS:
    // The person chose another account (its pages are listed already) or page.
    void accountChosen();
    void pageChosen();

private:
    void refillPages();

    QComboBox *m_accounts;
    QComboBox *m_pages;
    const client::ReferenceCache &m_reference;
    bool m_filling = false;
    QString m_preferredAccountId;
    QString m_preferredPageId; // the page "As:" names, kept while the lists are refilled
};

} // namespace slotline::gui
