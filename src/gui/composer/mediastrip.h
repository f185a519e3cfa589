#pragma once

#include "client/mediaupload.h"

#include <QList>
#include <QStringList>
#include <QUrl>
#include <QWidget>

#include <variant>

QT_BEGIN_NAMESPACE
class QFrame;
class QHBoxLayout;
class QLabel;
class QMimeData;
class QPushButton;
class QScrollArea;
QT_END_NAMESPACE

namespace slotline::client {
class ApiClient;
class ApiError;
class LocalStore;
class MediaIntake;
class MediaPreviewLoader;
class Session;
struct MediaItem;
template<typename T>
class ApiResult;
} // namespace slotline::client

namespace slotline::gui {

class MediaTile;

// The images and videos attached to a post being written, as a row of thumbnails.
//
// Media are added from a web address (the server downloads it: POST /media, so only
// while the server is there) or from a file, through the strip's buttons, by dropping
// files or addresses on it, or from code. A file is part of the post as soon as the app
// has a copy of it: it goes to the server through the outbox, with or without a server
// now, and the post carries a reference to it until then (localmedia). Each addition
// shows at once as a tile, busy while pending, and can be cancelled; a refusal is said
// in the strip's message line and the tile goes. The post gets the addresses of the
// finished ones, in order (mediaUrls()).
class MediaStrip : public QWidget
{
    Q_OBJECT

public:
    static constexpr int ThumbnailSize = 96;

    MediaStrip(client::Session &session, client::MediaPreviewLoader &previews,
               QWidget *parent = nullptr);
    ~MediaStrip() override;

    // Shows these media (of a draft being opened), dropping whatever was there or on its
    // way. mediaChanged() is not emitted: nothing changed that needs saving.
    void setMediaUrls(const QStringList &urls);
    // The addresses of the finished media, in order: public ones, and the references of
    // files waiting for their upload.
    QStringList mediaUrls() const;
    // Whether a fetch or a copy is still under way (an upload waits in the outbox).
    bool isBusy() const;
    // Every tile, finished or pending, in order.
    const QList<MediaTile *> &tiles() const { return m_tiles; }

    // The most media the post may have (the smallest of its platforms' limits); 0: any.
    // Adding past it is refused; tiles already past it are marked.
    void setMaximumCount(int count);
    int maximumCount() const { return m_maximumCount; }

    // What the server said about mediaUrls[index] (a field of a refused post or draft).
    void setFieldError(int index, const QString &message);
    void clearFieldErrors();

    // What the strip is telling the user now (why something was not added); empty when
    // nothing.
    QString message() const;

public Q_SLOTS:
    void addFromUrl(const QUrl &url);
    void addFile(const QString &path);
    // Ask for an address or files, without blocking (the dialogs are window-modal).
    void chooseUrl();
    void chooseFiles();

Q_SIGNALS:
    // A medium was added (finished) or removed: the post's media changed.
    void mediaChanged();
    void busyChanged(bool busy);

protected:
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dragMoveEvent(QDragMoveEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    MediaTile *appendTile(const QString &name);
    // `postChanges`: false when the store changed the draft itself.
    void removeTile(MediaTile *tile, bool postChanges = true);
    void clearTiles();
    void loadPreview(MediaTile *tile, const QUrl &url);
    void fetched(MediaTile *tile, const client::ApiResult<client::MediaItem> &result);
    void kept(MediaTile *tile, const std::variant<client::MediaUpload, QString> &result);
    // The outbox's news of a file waiting in a tile.
    MediaTile *tileFor(const QString &reference) const;
    void uploadProgressed(const QString &reference, qint64 sent, qint64 total);
    void uploaded(const QString &reference, const QString &publicUrl);
    void uploadRefused(const QString &reference, const QString &name,
                       const client::ApiError &error);
    void refuse(MediaTile *tile, const QString &message);
    bool admitsOneMore();
    void step(MediaTile *from, int step);
    void showMessage(const QString &message);
    void clearMessage();
    void refreshCount();
    void refreshBusy();
    bool isLive(MediaTile *tile) const { return m_tiles.contains(tile); }
    int thumbnailPixels() const;
    // The addresses and files a drag carries that the strip can take.
    static QList<QUrl> acceptableUrls(const QMimeData *data);

    client::ApiClient &m_client;
    client::LocalStore &m_store;
    client::MediaPreviewLoader &m_previews;
    client::MediaIntake *m_intake;
    QList<MediaTile *> m_tiles;
    int m_maximumCount = 0;
    bool m_busy = false;

    QPushButton *m_addUrlButton;
    QPushButton *m_addFileButton;
    QLabel *m_countLabel;
    QScrollArea *m_scrollArea;
    QWidget *m_tileRow;
    QHBoxLayout *m_tileLayout;
    QLabel *m_emptyHint;
    QFrame *m_messageFrame;
    QLabel *m_messageLabel;
};

} // namespace slotline::gui
