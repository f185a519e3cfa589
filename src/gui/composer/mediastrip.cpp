#include "gui/composer/mediastrip.h"

#include "client/apiclient.h"
#include "client/mediaintake.h"
#include "client/mediapreviewloader.h"
#include "client/session.h"
#include "core/localmedia.h"
#include "gui/common/logcategories.h"
#include "gui/composer/mediarefusals.h"
#include "gui/composer/mediatile.h"

#include <QAccessible>
#include <QDir>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QInputDialog>
#include <QLabel>
#include <QMimeData>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QStyle>
#include <QToolButton>
#include <QUuid>
#include <QVBoxLayout>

using namespace Qt::Literals::StringLiterals;

namespace slotline::gui {
namespace {

bool isWebAddress(const QUrl &url)
{
    const QString scheme = url.scheme().toLower();
    return url.isValid() && !url.host().isEmpty() && (scheme == "http"_L1 || scheme == "https"_L1);
}

// The last part of the address, or its host when the path says nothing.
QString nameOf(const QUrl &url)
{
    const QString fileName = url.fileName();
    return fileName.isEmpty() ? url.host() : fileName;
}

} // namespace

MediaStrip::MediaStrip(client::Session &session, client::MediaPreviewLoader &previews,
                       QWidget *parent)
    : QWidget(parent)
    , m_client(session.client())
    , m_store(session.store())
    , m_previews(previews)
    , m_intake(new client::MediaIntake(session.store().mediaFolder(), this))
    , m_addUrlButton(new QPushButton(tr("Add image from URL…"), this))
    , m_addFileButton(new QPushButton(tr("Add file…"), this))
    , m_countLabel(new QLabel(this))
    , m_scrollArea(new QScrollArea(this))
    , m_tileRow(new QWidget(m_scrollArea))
    , m_tileLayout(new QHBoxLayout(m_tileRow))
    , m_emptyHint(
          new QLabel(tr("No images or videos yet. Add some, or drop them here."), m_tileRow))
    , m_messageFrame(new QFrame(this))
    , m_messageLabel(new QLabel(m_messageFrame))
{
    setAccessibleName(tr("Attached media"));
    setAcceptDrops(true);

    m_addUrlButton->setObjectName(u"addFromUrl"_s);
    m_addUrlButton->setAccessibleDescription(
        tr("The server downloads an image or video from a web address"));
    connect(m_addUrlButton, &QPushButton::clicked, this, &MediaStrip::chooseUrl);
    m_addFileButton->setObjectName(u"addFile"_s);
    m_addFileButton->setAccessibleDescription(
        tr("Adds images or videos from this computer; they are uploaded when the server can "
           "be reached"));
    connect(m_addFileButton, &QPushButton::clicked, this, &MediaStrip::chooseFiles);
    m_countLabel->setObjectName(u"count"_s);

    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_addUrlButton);
    buttons->addWidget(m_addFileButton);
    buttons->addStretch();
    buttons->addWidget(m_countLabel);

    m_tileLayout->setContentsMargins(0, 0, 0, 0);
    m_emptyHint->setObjectName(u"emptyHint"_s);
    m_emptyHint->setEnabled(false); // drawn greyed: a hint, not content
    m_tileLayout->addWidget(m_emptyHint);
    m_tileLayout->addStretch();
    m_scrollArea->setObjectName(u"tiles"_s);
    m_scrollArea->setWidget(m_tileRow);
    m_scrollArea->setWidgetResizable(true);
    m_scrollArea->setFrameShape(QFrame::NoFrame);
    m_scrollArea->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_scrollArea->setAccessibleName(tr("Attached media"));
    // A tile (picture, caption, margins) and room for the scroll bar below it.
    m_scrollArea->setFixedHeight(ThumbnailSize + fontMetrics().height() + 20
                                 + style()->pixelMetric(QStyle::PM_ScrollBarExtent));

    m_messageFrame->setObjectName(u"message"_s);
    m_messageFrame->setFrameShape(QFrame::StyledPanel);
    auto *warning = new QLabel(m_messageFrame);
    const int iconSide = style()->pixelMetric(QStyle::PM_SmallIconSize);
    warning->setPixmap(style()
                           ->standardIcon(QStyle::SP_MessageBoxWarning)
                           .pixmap(QSize(iconSide, iconSide), devicePixelRatioF()));
    m_messageLabel->setWordWrap(true);
    m_messageLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_messageLabel->setAccessibleName(tr("Media problem"));
    auto *dismiss = new QToolButton(m_messageFrame);
    dismiss->setAutoRaise(true);
    dismiss->setIcon(style()->standardIcon(QStyle::SP_TitleBarCloseButton));
    dismiss->setToolTip(tr("Dismiss"));
    dismiss->setAccessibleName(tr("Dismiss the media problem"));
    connect(dismiss, &QToolButton::clicked, this, &MediaStrip::clearMessage);
    auto *messageLayout = new QHBoxLayout(m_messageFrame);
    messageLayout->setContentsMargins(6, 4, 4, 4);
    messageLayout->addWidget(warning, 0, Qt::AlignTop);
    messageLayout->addWidget(m_messageLabel, 1);
    messageLayout->addWidget(dismiss, 0, Qt::AlignTop);
    m_messageFrame->hide();

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(buttons);
    layout->addWidget(m_scrollArea);
    layout->addWidget(m_messageFrame);

    refreshCount();

    client::SyncEngine &sync = session.sync();
    connect(&sync, &client::SyncEngine::uploadProgress, this, &MediaStrip::uploadProgressed);
    connect(&sync, &client::SyncEngine::mediaUploaded, this, &MediaStrip::uploaded);
    connect(&sync, &client::SyncEngine::uploadRefused, this, &MediaStrip::uploadRefused);
}

MediaStrip::~MediaStrip() = default;

void MediaStrip::setMediaUrls(const QStringList &urls)
{
    clearTiles();
    clearMessage();
    for (const QString &address : urls) {
        if (localmedia::isReference(address)) {
            const auto upload = m_store.upload(address);
            if (!upload) {
                // Nothing will give it an address: said, so that it is not taken for there.
                MediaTile *lost = appendTile(tr("Missing file"));
                lost->setUploading(address, QString(), -1);
                lost->setProblem(tr("No longer kept for the upload: remove it, then add the "
                                    "file again."));
                continue;
            }
            MediaTile *tile = appendTile(upload->name);
            tile->setUploading(address, QDir::toNativeSeparators(upload->filePath), upload->size);
            loadPreview(tile, QUrl::fromLocalFile(upload->filePath));
            continue;
        }
        const QUrl url(address);
        MediaTile *tile = appendTile(nameOf(url));
        tile->setReady(address, QString(), -1);
        loadPreview(tile, url);
    }
    refreshBusy();
}

QStringList MediaStrip::mediaUrls() const
{
    QStringList urls;
    for (const MediaTile *tile : m_tiles) {
        if (!tile->isPending())
            urls.append(tile->url());
    }
    return urls;
}

bool MediaStrip::isBusy() const
{
    return std::any_of(m_tiles.cbegin(), m_tiles.cend(),
                       [](const MediaTile *tile) { return tile->isPending(); });
}

void MediaStrip::setMaximumCount(int count)
{
    m_maximumCount = std::max(0, count);
    refreshCount();
}

void MediaStrip::setFieldError(int index, const QString &message)
{
    int finished = 0;
    for (MediaTile *tile : std::as_const(m_tiles)) {
        if (tile->isPending())
            continue;
        if (finished++ == index) {
            tile->setProblem(message);
            return;
        }
    }
}

void MediaStrip::clearFieldErrors()
{
    for (MediaTile *tile : std::as_const(m_tiles))
        tile->setProblem(QString());
}

QString MediaStrip::message() const
{
    return m_messageFrame->isHidden() ? QString() : m_messageLabel->text();
}

void MediaStrip::addFromUrl(const QUrl &url)
{
    if (!isWebAddress(url)) {
        showMessage(tr("“%1” is not a web address starting with http:// or https://.")
                        .arg(url.toDisplayString()));
        return;
    }
    if (!admitsOneMore())
        return;
    clearMessage();
    MediaTile *tile = appendTile(nameOf(url));
    tile->setFetching(url.toDisplayString());
    refreshBusy();
    m_client.fetchMedia(url, QUuid::createUuid().toString(QUuid::WithoutBraces), tile,
                        [this, tile](const client::ApiResult<client::MediaItem> &result) {
                            fetched(tile, result);
                        });
}

void MediaStrip::addFile(const QString &path)
{
    const QFileInfo info(path);
    if (!info.isFile() || !info.isReadable()) {
        showMessage(tr("“%1” cannot be read.").arg(QDir::toNativeSeparators(path)));
        return;
    }
    if (info.size() == 0) {
        showMessage(tr("“%1” is empty.").arg(info.fileName()));
        return;
    }
    if (!admitsOneMore())
        return;
    clearMessage();
    const QString filePath = info.absoluteFilePath();
    MediaTile *tile = appendTile(info.fileName());
    tile->setKeeping(QDir::toNativeSeparators(filePath), info.size());
    refreshBusy();
    // The picture comes from the file itself.
    loadPreview(tile, QUrl::fromLocalFile(filePath));
    m_intake->take(filePath, tile,
                   [this, tile](const client::MediaIntake::Result &result) { kept(tile, result); });
}

void MediaStrip::chooseUrl()
{
    if (!admitsOneMore())
        return;
    auto *dialog = new QInputDialog(this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowTitle(tr("Add image from URL"));
    dialog->setLabelText(tr("Web address of the image or video (the server downloads it):"));
    dialog->setInputMode(QInputDialog::TextInput);
    dialog->setOkButtonText(tr("Add"));
    connect(dialog, &QInputDialog::textValueSelected, this, [this](const QString &text) {
        if (!text.trimmed().isEmpty())
            addFromUrl(QUrl::fromUserInput(text.trimmed()));
    });
    dialog->open();
}

void MediaStrip::chooseFiles()
{
    if (!admitsOneMore())
        return;
    auto *dialog = new QFileDialog(this, tr("Add images or videos"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setFileMode(QFileDialog::ExistingFiles);
    dialog->setNameFilters(
        {tr("Images and videos (*.png *.jpg *.jpeg *.gif *.webp *.mp4)"), tr("All files (*)")});
    connect(dialog, &QFileDialog::filesSelected, this, [this](const QStringList &paths) {
        for (const QString &path : paths)
            addFile(path);
    });
    dialog->open();
}

QList<QUrl> MediaStrip::acceptableUrls(const QMimeData *data)
{
    QList<QUrl> urls;
    if (!data)
        return urls;
    for (const QUrl &url : data->urls()) {
        if ((url.isLocalFile() && QFileInfo(url.toLocalFile()).isFile()) || isWebAddress(url))
            urls.append(url);
    }
    // A browser's address bar drags plain text.
    if (urls.isEmpty() && data->hasText()) {
        const QUrl url(data->text().trimmed(), QUrl::StrictMode);
        if (isWebAddress(url))
            urls.append(url);
    }
    return urls;
}

void MediaStrip::dragEnterEvent(QDragEnterEvent *event)
{
    if (!acceptableUrls(event->mimeData()).isEmpty())
        event->acceptProposedAction();
}

void MediaStrip::dragMoveEvent(QDragMoveEvent *event)
{
    if (!acceptableUrls(event->mimeData()).isEmpty())
        event->acceptProposedAction();
}

void MediaStrip::dropEvent(QDropEvent *event)
{
    const QList<QUrl> urls = acceptableUrls(event->mimeData());
    if (urls.isEmpty())
        return;
    event->acceptProposedAction();
    for (const QUrl &url : urls) {
        if (url.isLocalFile())
            addFile(url.toLocalFile());
        else
            addFromUrl(url);
    }
}

MediaTile *MediaStrip::appendTile(const QString &name)
{
    auto *tile = new MediaTile(name, ThumbnailSize, m_tileRow);
    connect(tile, &MediaTile::removeRequested, this, [this, tile] { removeTile(tile); });
    connect(tile, &MediaTile::stepRequested, this, [this, tile](int by) { step(tile, by); });
    m_tileLayout->insertWidget(int(m_tiles.size()), tile);
    m_tiles.append(tile);
    tile->show();
    refreshCount();
    // Once the layout has placed it.
    QMetaObject::invokeMethod(
        this,
        [this, tile] {
            if (isLive(tile))
                m_scrollArea->ensureWidgetVisible(tile);
        },
        Qt::QueuedConnection);
    return tile;
}

void MediaStrip::removeTile(MediaTile *tile, bool postChanges)
{
    const qsizetype index = m_tiles.indexOf(tile);
    if (index < 0)
        return;
    const bool wasFinished = !tile->isPending();
    if (tile->hasFocus()) {
        if (index + 1 < m_tiles.size())
            m_tiles.at(index + 1)->setFocus(Qt::OtherFocusReason);
        else if (index > 0)
            m_tiles.at(index - 1)->setFocus(Qt::OtherFocusReason);
        else
            m_addFileButton->setFocus(Qt::OtherFocusReason);
    }
    if (!wasFinished)
        qCInfo(lcGui).noquote() << "adding" << tile->name() << "cancelled";
    m_tiles.removeAt(index);
    m_tileLayout->removeWidget(tile);
    tile->hide();
    // Later: this may run in a slot of the tile's own button. Whatever answers for it
    // until then finds it gone from m_tiles.
    tile->deleteLater();
    refreshCount();
    refreshBusy();
    if (wasFinished && postChanges)
        Q_EMIT mediaChanged();
}

void MediaStrip::clearTiles()
{
    const QList<MediaTile *> tiles = std::exchange(m_tiles, {});
    for (MediaTile *tile : tiles) {
        m_tileLayout->removeWidget(tile);
        tile->hide();
        tile->deleteLater();
    }
    refreshCount();
}

void MediaStrip::loadPreview(MediaTile *tile, const QUrl &url)
{
    m_previews.load(url, QSize(thumbnailPixels(), thumbnailPixels()), tile,
                    [this, tile](const client::ApiResult<client::MediaPreview> &result) {
                        if (!isLive(tile))
                            return;
                        if (!result.ok()) {
                            tile->setPlaceholder(MediaTile::Placeholder::Unreadable,
                                                 result.error().message());
                            return;
                        }
                        const client::MediaPreview &preview = result.value();
                        if (tile->mimeType().isEmpty())
                            tile->setDetails(preview.mimeType, preview.size);
                        if (preview.kind == client::MediaPreview::Kind::Video)
                            tile->setPlaceholder(MediaTile::Placeholder::Video);
                        else
                            tile->setThumbnail(preview.thumbnail);
                    });
}

void MediaStrip::fetched(MediaTile *tile, const client::ApiResult<client::MediaItem> &result)
{
    if (!isLive(tile))
        return;
    if (!result.ok()) {
        refuse(tile, MediaRefusals::ofFetch(tile->name(), result.error()));
        return;
    }
    const client::MediaItem &item = result.value();
    tile->setReady(item.url, item.mimeType, item.size);
    loadPreview(tile, QUrl(item.url));
    refreshBusy();
    Q_EMIT mediaChanged();
}

void MediaStrip::kept(MediaTile *tile, const client::MediaIntake::Result &result)
{
    if (const auto *why = std::get_if<QString>(&result)) {
        refuse(tile, tr("“%1” was not added. %2").arg(tile->name(), *why));
        return;
    }
    const client::MediaUpload &upload = std::get<client::MediaUpload>(result);
    if (!isLive(tile)) {
        client::MediaIntake::discard(upload);
        return;
    }
    const QString reference = m_store.queueUpload(upload);
    tile->setUploading(reference, tile->source(), upload.size);
    tile->setDetails(upload.contentType, upload.size);
    refreshBusy();
    Q_EMIT mediaChanged();
}

MediaTile *MediaStrip::tileFor(const QString &reference) const
{
    for (MediaTile *tile : m_tiles) {
        if (tile->state() == MediaTile::State::Uploading && tile->url() == reference)
            return tile;
    }
    return nullptr;
}

void MediaStrip::uploadProgressed(const QString &reference, qint64 sent, qint64 total)
{
    if (MediaTile *tile = tileFor(reference))
        tile->setUploadProgress(sent, total);
}

void MediaStrip::uploaded(const QString &reference, const QString &publicUrl)
{
    // The store puts the address in the draft itself: nothing to save.
    if (MediaTile *tile = tileFor(reference))
        tile->setReady(publicUrl, tile->mimeType(), tile->size());
}

void MediaStrip::uploadRefused(const QString &reference, const QString &name,
                               const client::ApiError &error)
{
    MediaTile *tile = tileFor(reference);
    if (!tile)
        return;
    // The store takes it out of the draft itself: nothing to save.
    const QString message = MediaRefusals::ofUpload(name, error);
    qCInfo(lcGui).noquote() << "media not added:" << message;
    showMessage(message);
    removeTile(tile, false);
}

void MediaStrip::refuse(MediaTile *tile, const QString &message)
{
    qCInfo(lcGui).noquote() << "media not added:" << message;
    showMessage(message);
    removeTile(tile);
}

bool MediaStrip::admitsOneMore()
{
    if (m_maximumCount <= 0 || m_tiles.size() < m_maximumCount)
        return true;
    showMessage(tr("The chosen platforms take at most %Ln image(s) or video(s) per post.", "",
                   m_maximumCount));
    return false;
}

void MediaStrip::step(MediaTile *from, int by)
{
    const qsizetype index = m_tiles.indexOf(from) + by;
    if (index < 0 || index >= m_tiles.size())
        return;
    MediaTile *tile = m_tiles.at(index);
    tile->setFocus(Qt::OtherFocusReason);
    m_scrollArea->ensureWidgetVisible(tile);
}

void MediaStrip::showMessage(const QString &message)
{
    m_messageLabel->setText(message);
    m_messageFrame->show();
    QAccessibleEvent alert(m_messageLabel, QAccessible::Alert);
    QAccessible::updateAccessibility(&alert);
}

void MediaStrip::clearMessage()
{
    m_messageFrame->hide();
    m_messageLabel->clear();
}

void MediaStrip::refreshCount()
{
    const int count = int(m_tiles.size());
    m_emptyHint->setVisible(count == 0);
    if (m_maximumCount > 0) {
        m_countLabel->setText(tr("%1 of %2").arg(count).arg(m_maximumCount));
        m_countLabel->setAccessibleName(
            tr("%1 of at most %Ln media", "", m_maximumCount).arg(count));
    } else {
        m_countLabel->clear();
    }
    const QString beyond = tr("The chosen platforms take at most %Ln image(s) or video(s): this "
                              "one would not be posted.",
                              "", m_maximumCount);
    for (int index = 0; index < count; ++index) {
        const bool past = m_maximumCount > 0 && index >= m_maximumCount;
        m_tiles.at(index)->setBeyondLimit(past, past ? beyond : QString());
    }
}

void MediaStrip::refreshBusy()
{
    const bool busy = isBusy();
    if (busy == m_busy)
        return;
    m_busy = busy;
    Q_EMIT busyChanged(busy);
}

int MediaStrip::thumbnailPixels() const
{
    return int(std::ceil(ThumbnailSize * devicePixelRatioF()));
}

} // namespace slotline::gui
