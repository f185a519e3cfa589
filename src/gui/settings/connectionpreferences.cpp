#include "gui/settings/connectionpreferences.h"

#include "gui/common/logcategories.h"

#include <QPointer>
#include <QSettings>
#include <QTimer>

using namespace Qt::Literals::StringLiterals;

namespace slotline::gui {
namespace {

const QString ModeKey = u"connection/mode"_s;
const QString BundledMode = u"bundled"_s;
const QString RemoteMode = u"remote"_s;

} // namespace

ConnectionPreferences::ConnectionPreferences(QSettings &settings,
                                             client::CredentialStore &credentials, QObject *parent)
    : QObject(parent)
    , m_settings(settings)
    , m_connection(settings, credentials)
{ }

bool ConnectionPreferences::hasChoice() const
{
    const QString mode = m_settings.value(ModeKey).toString();
    return mode == BundledMode || (mode == RemoteMode && !m_connection.baseUrl().isEmpty());
}

void ConnectionPreferences::answerLater(QObject *context, std::function<void()> answer)
{
    QPointer<QObject> guard(context);
    const bool hasContext = context != nullptr;
    QTimer::singleShot(0, this, [guard, hasContext, answer = std::move(answer)] {
        if (!hasContext || guard)
            answer();
    });
}

void ConnectionPreferences::load(QObject *context, LoadCallback done)
{
    const QString mode = m_settings.value(ModeKey).toString();
    if (mode == BundledMode) {
        answerLater(context, [done = std::move(done)] {
            done(ConnectionChoice {ConnectionChoice::Mode::Bundled, {}, {}}, {}, {});
        });
        return;
    }
    if (mode != RemoteMode) {
        if (!mode.isEmpty())
            qCWarning(lcGui) << "unknown connection mode" << mode << "- asking again";
        answerLater(context, [done = std::move(done)] { done(std::nullopt, {}, {}); });
        return;
    }
    m_connection.load(
        context, [done = std::move(done)](const client::ConnectionSettings::Loaded &loaded) {
            if (loaded.baseUrl.isEmpty()) {
                done(std::nullopt, {}, {});
                return;
            }
            done(ConnectionChoice {ConnectionChoice::Mode::Remote, loaded.baseUrl, loaded.apiKey},
                 loaded.warning, loaded.error);
        });
}

void ConnectionPreferences::save(const ConnectionChoice &choice, QObject *context,
                                 SaveCallback done)
{
    const auto writeMode = [this](const QString &mode) {
        m_settings.setValue(ModeKey, mode);
        m_settings.sync();
        return m_settings.status() == QSettings::NoError;
    };
    const QString unwritable
        = tr("The settings could not be written to %1.").arg(m_settings.fileName());

    if (choice.mode == ConnectionChoice::Mode::Bundled) {
        // A remote server's address and key stay, for a later switch back.
        const bool ok = writeMode(BundledMode);
        answerLater(context, [ok, unwritable, done = std::move(done)] {
            done(ok, ok ? QString() : unwritable);
        });
        return;
    }

    QString why;
    const auto baseUrl = choice.baseUrl.isEmpty()
                             ? std::nullopt
                             : client::ConnectionSettings::parseBaseUrl(
                                 choice.baseUrl.toString(QUrl::FullyEncoded), &why);
    if (!baseUrl) {
        const QString message = why.isEmpty() ? tr("Give the server's address.") : why;
        answerLater(context, [message, done = std::move(done)] { done(false, message); });
        return;
    }
    if (choice.apiKey.trimmed().isEmpty()) {
        answerLater(context, [done = std::move(done)] {
            done(false, tr("Give the API key for the server."));
        });
        return;
    }
    QPointer<QObject> guard(context);
    const bool hasContext = context != nullptr;
    // The mode changes only once the key is kept: a failed save leaves the choice as it was.
    m_connection.save(*baseUrl, choice.apiKey.trimmed(), this,
                      [writeMode, unwritable, guard, hasContext,
                       done = std::move(done)](const client::CredentialStore::Result &kept) {
                          bool ok = kept.ok;
                          QString message = kept.ok ? kept.warning : kept.error;
                          if (ok && !writeMode(RemoteMode)) {
                              ok = false;
                              message = unwritable;
                          }
                          if (!ok)
                              qCWarning(lcGui).noquote()
                                  << "the connection was not saved:" << message;
                          if (!hasContext || guard)
                              done(ok, message);
                      });
}

} // namespace slotline::gui
