#pragma once

#include <QFrame>
#include <QImage>

QT_BEGIN_NAMESPACE
class QLabel;
class QProgressBar;
class QToolButton;
QT_END_NAMESPACE

namespace slotline::gui {

// One attachment of a MediaStrip: its thumbnail (or a placeholder naming the file), a
// button that removes it or, while it is still on its way, cancels it, a progress bar
// for an upload and a busy bar for a fetch, and what the server said about it. The tile
// only shows; the strip decides what a removal means.
class MediaTile : public QFrame
{
    Q_OBJECT

public:
    enum class State {
        Fetching, // the server is downloading it from an address
        Keeping, // the app is taking a copy of the file for the upload
        Uploading, // part of the post, the file waits in the outbox or is on its way
        Ready, // it has its public address
    };
    enum class Placeholder { None, Video, Unreadable };

    // `name`: what the tile is called until there is more to say (a file name).
    MediaTile(const QString &name, int thumbnailSize, QWidget *parent = nullptr);

    State state() const { return m_state; }
    // Not part of the post yet (fetching, or being copied).
    bool isPending() const { return m_state == State::Fetching || m_state == State::Keeping; }
    QString name() const { return m_name; }
    // Where it comes from: the address or the local path, as shown.
    QString source() const { return m_source; }
    // The public address, or while uploading the reference that stands for it; empty
    // while pending.
    QString url() const { return m_url; }
    QString mimeType() const { return m_mimeType; }
    qint64 size() const { return m_size; }
    QImage thumbnail() const { return m_thumbnail; }
    Placeholder placeholder() const { return m_placeholder; }
    QString problem() const { return m_problem; }
    bool isBeyondLimit() const { return m_beyondLimit; }

    // `source`: where it comes from (the address or the local path), for the tooltip.
    void setFetching(const QString &source);
    void setKeeping(const QString &source, qint64 size);
    // `reference` stands for the file in the post until the server has it.
    void setUploading(const QString &reference, const QString &source, qint64 size);
    void setUploadProgress(qint64 sent, qint64 total);
    void setReady(const QString &url, const QString &mimeType, qint64 size);
    // What a preview found out, where the tile does not know it yet.
    void setDetails(const QString &mimeType, qint64 size);
    void setThumbnail(const QImage &image);
    // `why`: for an unreadable file, what went wrong (in the tooltip).
    void setPlaceholder(Placeholder placeholder, const QString &why = QString());
    // What the server said is wrong with it; empty: nothing.
    void setProblem(const QString &message);
    // Past the most the chosen platforms allow; `why` says so in the tooltip.
    void setBeyondLimit(bool beyond, const QString &why = QString());

Q_SIGNALS:
    void removeRequested();
    // Left or right arrow: the tile before (-1) or after (+1) wants the focus.
    void stepRequested(int step);

protected:
    void keyPressEvent(QKeyEvent *event) override;
    void focusInEvent(QFocusEvent *event) override;
    void focusOutEvent(QFocusEvent *event) override;
    void paintEvent(QPaintEvent *event) override;

private:
    void showPicture();
    void describe();

    QString m_name;
    QString m_source;
    QString m_url;
    QString m_mimeType;
    qint64 m_size = -1;
    State m_state = State::Ready;
    bool m_uploadStarted = false; // progress has come for the upload
    QImage m_thumbnail;
    Placeholder m_placeholder = Placeholder::None;
    QString m_unreadableWhy;
    QString m_problem;
    bool m_beyondLimit = false;
    QString m_beyondLimitWhy;
    int m_thumbnailSize;

    QLabel *m_picture;
    QLabel *m_caption;
    QToolButton *m_remove;
    QProgressBar *m_progress;
};

} // namespace slotline::gui
