#pragma once

#include "client/mediaupload.h"
#include "client/outbox.h"
#include "client/pendingchange.h"

#include <QString>
#include <QStringList>

#include <optional>

namespace slotline::client {

class DraftTable;

// Files added to drafts, in the outbox like every change: a file added with no server is
// kept by the app and stands in its drafts under a reference (localmedia) until the
// server has it; then its public address takes the reference's place in every draft
// that carries it. LocalStore says what changed; this decides what that means for the
// drafts and the outbox.
class UploadQueue
{
public:
    UploadQueue(Outbox &outbox, DraftTable &drafts);

    // Queues the upload of the app's copy of a file (`reference` is ignored) and answers
    // the reference that stands for it meanwhile.
    QString queue(const MediaUpload &upload);
    std::optional<MediaUpload> find(const QString &reference) const;
    // The server has the file at `publicUrl`: it replaces the reference in the drafts,
    // the entry and the app's copy go. Answers the drafts changed (to be saved).
    QStringList uploaded(const Outbox::Entry &entry, const QString &publicUrl);
    // The server will not take the file: it leaves the drafts, the entry and the copy go.
    // Answers the drafts changed.
    QStringList refused(const Outbox::Entry &entry);
    // Of `references` (taken out of a draft, or with a deleted draft), those no draft
    // carries any more are not uploaded, unless already on their way.
    void dropUnreferenced(const QStringList &references);

    // Removes the files in `folder` that no queued upload names.
    void removeCopiesNotWaiting(const QString &folder) const;
    // The app's copies of the files forgotten above, once what forgot them is committed
    // (a change rolled back still has its file).
    void removeForgottenFiles();

    static std::optional<PendingChange> changeToSend(const Outbox::Entry &entry);

private:
    // The drafts carrying `reference` get `replacement` in its place, or lose it when empty.
    QStringList replaceInDrafts(const QString &reference, const QString &replacement);
    void forget(const Outbox::Entry &entry);

    Outbox &m_outbox;
    DraftTable &m_drafts;
    QStringList m_forgottenFiles;
};

} // namespace slotline::client
