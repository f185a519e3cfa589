#include "client/uploadqueue.h"

#include "client/drafttable.h"
#include "client/logcategories.h"
#include "core/localmedia.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSet>

#include <utility>

namespace slotline::client {

namespace {

using Kind = Outbox::Entry::Kind;

} // namespace

UploadQueue::UploadQueue(Outbox &outbox, DraftTable &drafts)
    : m_outbox(outbox)
    , m_drafts(drafts)
{ }

QString UploadQueue::queue(const MediaUpload &upload)
{
    Outbox::Entry entry;
    entry.kind = Kind::UploadMedia;
    entry.subject = localmedia::newReference();
    entry.upload = upload;
    entry.upload->reference = entry.subject;
    m_outbox.append(entry);
    return entry.subject;
}

std::optional<MediaUpload> UploadQueue::find(const QString &reference) const
{
    const QList<Outbox::Entry> found = m_outbox.entriesFor(reference, {Kind::UploadMedia});
    return found.isEmpty() ? std::nullopt : found.constFirst().upload;
}

QStringList UploadQueue::uploaded(const Outbox::Entry &entry, const QString &publicUrl)
{
    m_forgottenFiles.clear(); // those of a change that was rolled back stay
    const QStringList changed = replaceInDrafts(entry.subject, publicUrl);
    forget(entry);
    return changed;
}

QStringList UploadQueue::refused(const Outbox::Entry &entry)
{
    m_forgottenFiles.clear();
    const QStringList changed = replaceInDrafts(entry.subject, QString());
    forget(entry);
    return changed;
}

void UploadQueue::dropUnreferenced(const QStringList &references)
{
    m_forgottenFiles.clear();
    for (const QString &reference : references) {
        if (!localmedia::isReference(reference) || !m_drafts.withMedium(reference).isEmpty())
            continue;
        // One on its way goes on: its answer finds no draft to change.
        for (const Outbox::Entry &entry : m_outbox.entriesFor(reference, {Kind::UploadMedia})) {
            if (!entry.sent)
                forget(entry);
        }
    }
}

void UploadQueue::removeCopiesNotWaiting(const QString &folder) const
{
    QSet<QString> waiting;
    for (const Outbox::Entry &entry : m_outbox.entries({Kind::UploadMedia})) {
        if (entry.upload)
            waiting.insert(QFileInfo(entry.upload->filePath).absoluteFilePath());
    }
    const QDir copies(folder);
    for (const QFileInfo &file : copies.entryInfoList(QDir::Files)) {
        if (!waiting.contains(file.absoluteFilePath()) && !QFile::remove(file.absoluteFilePath()))
            qCWarning(lcClient).noquote() << "cannot remove" << file.absoluteFilePath();
    }
}

std::optional<PendingChange> UploadQueue::changeToSend(const Outbox::Entry &entry)
{
    if (!entry.upload)
        return std::nullopt;
    return MediaUploading {*entry.upload};
}

QStringList UploadQueue::replaceInDrafts(const QString &reference, const QString &replacement)
{
    QStringList changed;
    for (const LocalDraft &draft : m_drafts.withMedium(reference)) {
        QStringList media;
        for (const QString &url : draft.mediaUrls) {
            if (url != reference)
                media.append(url);
            else if (!replacement.isEmpty())
                media.append(replacement);
        }
        m_drafts.setMediaUrls(draft.localId, media);
        changed.append(draft.localId);
    }
    return changed;
}

void UploadQueue::forget(const Outbox::Entry &entry)
{
    m_outbox.remove(entry.sequence);
    if (entry.upload && !entry.upload->filePath.isEmpty())
        m_forgottenFiles.append(entry.upload->filePath);
}

void UploadQueue::removeForgottenFiles()
{
    // The copies were the app's own; the server has the files now, or will never take them.
    for (const QString &path : std::exchange(m_forgottenFiles, {})) {
        if (QFile::exists(path) && !QFile::remove(path))
            qCWarning(lcClient).noquote() << "cannot remove" << path;
    }
}

} // namespace slotline::client
