#include "fakeplatforms/tokenstore.h"

using namespace Qt::StringLiterals;

namespace slotline::fake {

TokenStore::TokenStore(QString prefix)
    : m_prefix(std::move(prefix))
{ }

QString TokenStore::issue(const QString &kindName, IssuedToken token)
{
    token.value = m_prefix + u'-' + kindName + u'-' + QString::number(++m_counter);
    const QString value = token.value;
    m_tokens.insert(value, std::move(token));
    return value;
}

IssuedToken *TokenStore::find(const QString &value)
{
    auto it = m_tokens.find(value);
    return it == m_tokens.end() ? nullptr : &it.value();
}

int TokenStore::revokeUser(const QString &userId)
{
    int count = 0;
    for (IssuedToken &token : m_tokens) {
        if (token.kind == IssuedToken::Kind::Code || token.revoked)
            continue;
        if (userId.isEmpty() || token.userId == userId) {
            token.revoked = true;
            ++count;
        }
    }
    return count;
}

QStringList TokenStore::revokeWhere(const std::function<bool(const IssuedToken &)> &match)
{
    QStringList values;
    for (IssuedToken &token : m_tokens) {
        if (token.kind == IssuedToken::Kind::Code || token.revoked || !match(token))
            continue;
        token.revoked = true;
        values.append(token.value);
    }
    return values;
}

int TokenStore::issuedCount(IssuedToken::Kind kind) const
{
    int count = 0;
    for (const IssuedToken &token : m_tokens) {
        if (token.kind == kind)
            ++count;
    }
    return count;
}

void TokenStore::clear()
{
    m_tokens.clear();
    m_counter = 0;
}

} // namespace slotline::fake
