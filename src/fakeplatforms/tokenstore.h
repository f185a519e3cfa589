#pragma once

#include "fakeplatforms/issuedtoken.h"

#include <QHash>
#include <QString>
#include <QStringList>

#include <functional>

namespace slotline::fake {

// Codes and tokens of one platform. Values come from a counter so tests can predict them;
// real platforms hand out opaque strings of their own shape.
class TokenStore
{
public:
    explicit TokenStore(QString prefix);

    // Stores `token` under a fresh value made from `kindName`, and returns that value.
    QString issue(const QString &kindName, IssuedToken token);
    IssuedToken *find(const QString &value);
    // Marks every token of `userId` (all users when empty) as revoked; returns how many.
    int revokeUser(const QString &userId);
    // Marks every unrevoked token (codes aside) that `match` accepts as revoked; returns their
    // values.
    QStringList revokeWhere(const std::function<bool(const IssuedToken &)> &match);
    int issuedCount(IssuedToken::Kind kind) const;
    void clear();

private:
    QString m_prefix;
    QHash<QString, IssuedToken> m_tokens;
    int m_counter = 0;
};

} // namespace slotline::fake
