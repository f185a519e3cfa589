#pragma once

#include "client/mediaupload.h"

#include <QMutex>
#include <QObject>
#include <QPointer>
#include <QSet>
#include <QThreadPool>

#include <functional>
#include <variant>

namespace slotline::client {

// Takes a file the user adds to a draft into the app's keeping: a copy in the store's
// media folder, made off the GUI thread (a video may be large), so that what is
// uploaded later, with or without a server now, is the file as it was when added,
// whatever becomes of the original.
class MediaIntake : public QObject
{
    Q_OBJECT

public:
    // The copy, ready to queue (LocalStore::queueUpload), or why there is none.
    using Result = std::variant<MediaUpload, QString>;
    using Done = std::function<void(const Result &)>;

    explicit MediaIntake(QString folder, QObject *parent = nullptr);
    ~MediaIntake() override;

    // `done` runs on this thread, unless `context` is gone by then (the copy is then
    // removed: nothing would ever upload it).
    void take(const QString &path, QObject *context, Done done);
    // A copy taken but not queued after all.
    static void discard(const MediaUpload &upload);

private:
    static Result copy(const QString &path, const QString &folder);

    QString m_folder;
    QThreadPool m_copiers;
    // Copies made whose answer has not run yet: removed if the intake goes first.
    QMutex m_undeliveredLock;
    QSet<QString> m_undelivered;
};

} // namespace slotline::client
