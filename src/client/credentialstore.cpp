#include "client/credentialstore.h"

#include "client/logcategories.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPointer>
#include <QSaveFile>
#include <QStandardPaths>
#include <QTimer>
#include <qt6keychain/keychain.h>

namespace slotline::client {
namespace {

// Errors that mean "there is no keychain to use here", as opposed to a refusal.
bool keychainMissing(QKeychain::Error error)
{
    return error == QKeychain::NoBackendAvailable || error == QKeychain::NotImplemented
           || error == QKeychain::OtherError;
}

// Answers on the next turn of the event loop, as the keychain jobs do, so callers see
// one behaviour whichever way the secret went.
void answerLater(QObject *context, CredentialStore::Callback done, CredentialStore::Result result)
{
    QPointer<QObject> guard(context);
    const bool hasContext = context != nullptr;
    QTimer::singleShot(0, context ? context : QCoreApplication::instance(),
                       [guard, hasContext, done = std::move(done), result = std::move(result)] {
                           if (!hasContext || guard)
                               done(result);
                       });
}

// Starts the job and answers with what `interpret` makes of it once it is done, unless
// the caller's context is gone by then.
void runJob(QKeychain::Job *job, QObject *receiver, QObject *context,
            CredentialStore::Callback done,
            std::function<CredentialStore::Result(const QKeychain::Job &)> interpret)
{
    QPointer<QObject> guard(context);
    const bool hasContext = context != nullptr;
    QObject::connect(
        job, &QKeychain::Job::finished, receiver,
        [job, guard, hasContext, done = std::move(done), interpret = std::move(interpret)] {
            const CredentialStore::Result result = interpret(*job);
            if (!hasContext || guard)
                done(result);
        });
    job->start();
}

} // namespace

CredentialStore::CredentialStore(QString service, QObject *parent)
    : QObject(parent)
    , m_service(std::move(service))
    , m_fallbackFile(QDir(QStandardPaths::writableLocation(QStandardPaths::AppConfigLocation))
                         .filePath(QStringLiteral("credentials.json")))
{ }

QString CredentialStore::fallbackWarning() const
{
    return tr("No keychain service is running, so the API key is kept in %1, which only you "
              "can read.")
        .arg(QDir::toNativeSeparators(m_fallbackFile));
}

void CredentialStore::read(const QString &name, QObject *context, Callback done)
{
    if (!m_keychainEnabled) {
        answerLater(context, std::move(done), readFile(name));
        return;
    }
    auto *job = new QKeychain::ReadPasswordJob(m_service, this); // deletes itself when done
    job->setKey(name);
    runJob(job, this, context, std::move(done), [this, job, name](const QKeychain::Job &) {
        Result result;
        if (job->error() == QKeychain::NoError) {
            result.ok = true;
            result.secret = job->textData();
        } else if (job->error() == QKeychain::EntryNotFound) {
            // Perhaps saved while no keychain ran.
            result = readFile(name);
        } else if (keychainMissing(job->error())) {
            qCInfo(lcClient).noquote() << "keychain unavailable:" << job->errorString();
            result = readFile(name);
            if (!result.secret.isEmpty())
                result.warning = fallbackWarning();
        } else {
            result.error = job->errorString();
        }
        return result;
    });
}

void CredentialStore::write(const QString &name, const QString &secret, QObject *context,
                            Callback done)
{
    if (!m_keychainEnabled) {
        answerLater(context, std::move(done), writeFile(name, secret));
        return;
    }
    auto *job = new QKeychain::WritePasswordJob(m_service, this);
    job->setKey(name);
    job->setTextData(secret);
    runJob(job, this, context, std::move(done),
           [this, name, secret](const QKeychain::Job &finished) {
               Result result;
               if (finished.error() == QKeychain::NoError) {
                   // A copy left in the file from a time without keychain goes.
                   removeFromFile(name);
                   result.ok = true;
               } else if (keychainMissing(finished.error())) {
                   qCInfo(lcClient).noquote() << "keychain unavailable:" << finished.errorString();
                   result = writeFile(name, secret);
                   if (result.ok)
                       result.warning = fallbackWarning();
               } else {
                   result.error = finished.errorString();
               }
               return result;
           });
}

void CredentialStore::remove(const QString &name, QObject *context, Callback done)
{
    Result fromFile = removeFromFile(name);
    if (!m_keychainEnabled) {
        answerLater(context, std::move(done), fromFile);
        return;
    }
    auto *job = new QKeychain::DeletePasswordJob(m_service, this);
    job->setKey(name);
    runJob(job, this, context, std::move(done), [fromFile](const QKeychain::Job &finished) {
        Result result = fromFile;
        if (finished.error() != QKeychain::NoError && finished.error() != QKeychain::EntryNotFound
            && !keychainMissing(finished.error())) {
            result.ok = false;
            result.error = finished.errorString();
        }
        return result;
    });
}

CredentialStore::Result CredentialStore::readFile(const QString &name) const
{
    Result result;
    QFile file(m_fallbackFile);
    if (!file.exists()) {
        result.ok = true;
        return result;
    }
    if (!file.open(QIODevice::ReadOnly)) {
        result.error = file.errorString();
        return result;
    }
    result.ok = true;
    result.secret = QJsonDocument::fromJson(file.readAll()).object().value(name).toString();
    return result;
}

CredentialStore::Result CredentialStore::writeFile(const QString &name, const QString &secret) const
{
    Result result;
    QJsonObject secrets;
    if (QFile existing(m_fallbackFile); existing.open(QIODevice::ReadOnly))
        secrets = QJsonDocument::fromJson(existing.readAll()).object();
    if (secret.isEmpty())
        secrets.remove(name);
    else
        secrets.insert(name, secret);
    if (!QDir().mkpath(QFileInfo(m_fallbackFile).absolutePath())) {
        result.error = tr("Cannot create %1.").arg(QFileInfo(m_fallbackFile).absolutePath());
        return result;
    }
    // Written whole to a new file that only the user may read, then put in place.
    QSaveFile file(m_fallbackFile);
    if (!file.open(QIODevice::WriteOnly)
        || !file.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner)
        || file.write(QJsonDocument(secrets).toJson()) < 0 || !file.commit()) {
        result.error = file.errorString();
        return result;
    }
    result.ok = true;
    return result;
}

CredentialStore::Result CredentialStore::removeFromFile(const QString &name) const
{
    if (!QFile::exists(m_fallbackFile) || readFile(name).secret.isEmpty())
        return Result {true, {}, {}, {}};
    return writeFile(name, QString());
}

} // namespace slotline::client
