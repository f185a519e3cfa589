#pragma once

#include <QObject>
#include <QString>

#include <functional>

namespace slotline::client {

// Keeps secrets (API keys) in the system keychain through QtKeychain. Where no keychain
// service runs (a headless machine, a minimal desktop), it keeps them in a file only the
// user may read instead, and says so with a warning the app can show; a user who refused
// the keychain access is told, not silently moved to the file.
class CredentialStore : public QObject
{
    Q_OBJECT

public:
    struct Result
    {
        bool ok = false;
        QString secret; // what was read; empty when there is none
        QString warning; // set when the file stood in for the keychain
        QString error; // why it failed, when !ok
    };
    using Callback = std::function<void(const Result &)>;

    explicit CredentialStore(QString service = QStringLiteral("Slotline"),
                             QObject *parent = nullptr);

    // The stand-in file; by default credentials.json in the app's config directory.
    void setFallbackFile(const QString &path) { m_fallbackFile = path; }
    QString fallbackFile() const { return m_fallbackFile; }
    // Off: the file only (tests, and users who prefer it).
    void setKeychainEnabled(bool enabled) { m_keychainEnabled = enabled; }

    // Each answers once, later, unless `context` is gone by then.
    void read(const QString &name, QObject *context, Callback done);
    void write(const QString &name, const QString &secret, QObject *context, Callback done);
    void remove(const QString &name, QObject *context, Callback done);

private:
    Result readFile(const QString &name) const;
    Result writeFile(const QString &name, const QString &secret) const;
    Result removeFromFile(const QString &name) const;
    QString fallbackWarning() const;

    QString m_service;
    QString m_fallbackFile;
    bool m_keychainEnabled = true;
};

} // namespace slotline::client
