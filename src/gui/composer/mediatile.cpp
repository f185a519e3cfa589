#include "gui/composer/mediatile.h"

#include <QGridLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLocale>
#include <QPainter>
#include <QProgressBar>
#include <QStyle>
#include <QToolButton>

using namespace Qt::Literals::StringLiterals;

namespace slotline::gui {
namespace {

constexpr int ProgressSteps = 1000;
constexpr int RemoveButtonSize = 22;

QColor problemColor()
{
    return QColor(0xc0, 0x1c, 0x28);
}

QColor beyondLimitColor()
{
    return QColor(0xc6, 0x6a, 0x00);
}

} // namespace

MediaTile::MediaTile(const QString &name, int thumbnailSize, QWidget *parent)
    : QFrame(parent)
    , m_name(name)
    , m_thumbnailSize(thumbnailSize)
    , m_picture(new QLabel(this))
    , m_caption(new QLabel(this))
    , m_remove(new QToolButton(this))
    , m_progress(new QProgressBar(this))
{
    setObjectName(u"mediaTile"_s);
    setFrameShape(QFrame::StyledPanel);
    // The tile itself takes the keyboard (Delete removes it, arrows move along the strip),
    // so its button need not be a stop of its own.
    setFocusPolicy(Qt::StrongFocus);

    m_picture->setObjectName(u"picture"_s);
    m_picture->setFixedSize(thumbnailSize, thumbnailSize);
    m_picture->setAlignment(Qt::AlignCenter);

    m_caption->setObjectName(u"caption"_s);
    m_caption->setAlignment(Qt::AlignHCenter);
    m_caption->setFixedWidth(thumbnailSize);

    m_remove->setObjectName(u"remove"_s);
    m_remove->setAutoRaise(true);
    m_remove->setFocusPolicy(Qt::NoFocus);
    m_remove->setFixedSize(RemoveButtonSize, RemoveButtonSize);
    m_remove->setIcon(style()->standardIcon(QStyle::SP_TitleBarCloseButton));
    connect(m_remove, &QToolButton::clicked, this, &MediaTile::removeRequested);

    m_progress->setObjectName(u"progress"_s);
    m_progress->setTextVisible(false);
    m_progress->setFixedHeight(8);
    m_progress->setRange(0, ProgressSteps);
    m_progress->hide();

    auto *layout = new QGridLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->setSpacing(2);
    // Button and bar lie over the picture.
    layout->addWidget(m_picture, 0, 0);
    layout->addWidget(m_remove, 0, 0, Qt::AlignTop | Qt::AlignRight);
    layout->addWidget(m_progress, 0, 0, Qt::AlignBottom);
    layout->addWidget(m_caption, 1, 0);

    showPicture();
    describe();
}

void MediaTile::setFetching(const QString &source)
{
    m_state = State::Fetching;
    m_source = source;
    m_progress->setRange(0, 0); // busy: how long the server takes is not known
    m_progress->show();
    showPicture();
    describe();
}

void MediaTile::setKeeping(const QString &source, qint64 size)
{
    m_state = State::Keeping;
    m_source = source;
    m_size = size;
    m_progress->setRange(0, 0); // busy: a copy on this computer, soon done
    m_progress->show();
    showPicture();
    describe();
}

void MediaTile::setUploading(const QString &reference, const QString &source, qint64 size)
{
    m_state = State::Uploading;
    m_url = reference;
    m_source = source;
    m_size = size;
    m_uploadStarted = false;
    // The bar shows once the file is on its way; until then it waits for the server.
    m_progress->setRange(0, ProgressSteps);
    m_progress->setValue(0);
    m_progress->hide();
    showPicture();
    describe();
}

void MediaTile::setUploadProgress(qint64 sent, qint64 total)
{
    if (total <= 0 || m_state != State::Uploading)
        return;
    m_uploadStarted = true;
    m_progress->setValue(int(std::clamp<qint64>(sent * ProgressSteps / total, 0, ProgressSteps)));
    m_progress->show();
    describe();
}

void MediaTile::setReady(const QString &url, const QString &mimeType, qint64 size)
{
    m_state = State::Ready;
    m_url = url;
    m_progress->hide();
    setDetails(mimeType, size);
    showPicture();
    describe();
}

void MediaTile::setDetails(const QString &mimeType, qint64 size)
{
    if (!mimeType.isEmpty())
        m_mimeType = mimeType;
    if (size >= 0)
        m_size = size;
    describe();
}

void MediaTile::setThumbnail(const QImage &image)
{
    m_thumbnail = image;
    m_placeholder = Placeholder::None;
    showPicture();
    describe();
}

void MediaTile::setPlaceholder(Placeholder placeholder, const QString &why)
{
    m_placeholder = placeholder;
    m_unreadableWhy = why;
    if (placeholder != Placeholder::None)
        m_thumbnail = QImage();
    showPicture();
    describe();
}

void MediaTile::setProblem(const QString &message)
{
    if (m_problem == message)
        return;
    m_problem = message;
    describe();
    update();
}

void MediaTile::setBeyondLimit(bool beyond, const QString &why)
{
    if (m_beyondLimit == beyond && m_beyondLimitWhy == why)
        return;
    m_beyondLimit = beyond;
    m_beyondLimitWhy = why;
    describe();
    update();
}

void MediaTile::showPicture()
{
    if (!m_thumbnail.isNull()) {
        QPixmap pixmap = QPixmap::fromImage(m_thumbnail);
        pixmap.setDevicePixelRatio(devicePixelRatioF());
        m_picture->setPixmap(pixmap);
        return;
    }
    QStyle::StandardPixmap icon = QStyle::SP_FileIcon;
    if (m_placeholder == Placeholder::Video)
        icon = QStyle::SP_MediaPlay;
    else if (m_state == State::Fetching)
        icon = QStyle::SP_ArrowDown;
    else if (m_state == State::Keeping || m_state == State::Uploading)
        icon = QStyle::SP_ArrowUp;
    const int side = m_thumbnailSize / 2;
    m_picture->setPixmap(
        style()->standardIcon(icon).pixmap(QSize(side, side), devicePixelRatioF()));
}

void MediaTile::describe()
{
    const QString title = m_url.isEmpty() || m_state == State::Uploading ? m_source : m_url;
    QStringList lines;
    if (!title.isEmpty())
        lines.append(title);
    if (!m_mimeType.isEmpty())
        lines.append(tr("Type: %1").arg(m_mimeType));
    if (m_size >= 0)
        lines.append(tr("Size: %1").arg(QLocale().formattedDataSize(m_size)));
    if (m_state == State::Fetching)
        lines.append(tr("The server is downloading it…"));
    else if (m_state == State::Keeping)
        lines.append(tr("Keeping a copy for the upload…"));
    else if (m_state == State::Uploading && m_uploadStarted)
        lines.append(tr("Uploading: %1 %").arg(m_progress->value() * 100 / ProgressSteps));
    else if (m_state == State::Uploading)
        lines.append(tr("Not on the server yet: it is uploaded when the server can be reached."));
    if (m_placeholder == Placeholder::Unreadable)
        lines.append(m_unreadableWhy.isEmpty() ? tr("No preview")
                                               : tr("No preview: %1").arg(m_unreadableWhy));
    if (m_beyondLimit && !m_beyondLimitWhy.isEmpty())
        lines.append(m_beyondLimitWhy);
    if (!m_problem.isEmpty())
        lines.append(tr("Problem: %1").arg(m_problem));
    setToolTip(lines.join(u'\n'));
    setAccessibleDescription(lines.join(u"\n"_s));

    const bool video = m_placeholder == Placeholder::Video || m_mimeType.startsWith(u"video/"_s);
    switch (m_state) {
    case State::Fetching: setAccessibleName(tr("Adding %1").arg(m_name)); break;
    case State::Keeping: setAccessibleName(tr("Adding %1").arg(m_name)); break;
    case State::Uploading:
        setAccessibleName(m_uploadStarted ? tr("Uploading %1").arg(m_name)
                                          : tr("%1, waiting to be uploaded").arg(m_name));
        break;
    case State::Ready:
        setAccessibleName(video ? tr("Video %1").arg(m_name) : tr("Image %1").arg(m_name));
        break;
    }
    const QString removeText
        = isPending() ? tr("Cancel adding %1").arg(m_name) : tr("Remove %1").arg(m_name);
    m_remove->setToolTip(removeText);
    m_remove->setAccessibleName(removeText);
    m_progress->setAccessibleName(m_state == State::Fetching ? tr("Downloading %1").arg(m_name)
                                                             : tr("Upload of %1").arg(m_name));

    const QString caption = m_problem.isEmpty() ? m_name : m_problem;
    // In italics while not on the server, as the calendar shows what is not there yet.
    QFont captionFont = font();
    captionFont.setItalic(m_state == State::Uploading && m_problem.isEmpty());
    m_caption->setFont(captionFont);
    m_caption->setText(
        QFontMetrics(captionFont).elidedText(caption, Qt::ElideMiddle, m_thumbnailSize));
    QPalette palette = m_caption->palette();
    palette.setColor(QPalette::WindowText, m_problem.isEmpty()
                                               ? this->palette().color(QPalette::WindowText)
                                               : problemColor());
    m_caption->setPalette(palette);
}

void MediaTile::keyPressEvent(QKeyEvent *event)
{
    switch (event->key()) {
    case Qt::Key_Delete:
    case Qt::Key_Backspace: Q_EMIT removeRequested(); return;
    case Qt::Key_Left: Q_EMIT stepRequested(-1); return;
    case Qt::Key_Right: Q_EMIT stepRequested(1); return;
    default: break;
    }
    QFrame::keyPressEvent(event);
}

void MediaTile::focusInEvent(QFocusEvent *event)
{
    QFrame::focusInEvent(event);
    update();
}

void MediaTile::focusOutEvent(QFocusEvent *event)
{
    QFrame::focusOutEvent(event);
    update();
}

void MediaTile::paintEvent(QPaintEvent *event)
{
    QFrame::paintEvent(event);
    QPainter painter(this);
    const QRect outline = rect().adjusted(1, 1, -2, -2);
    if (!m_problem.isEmpty() || m_beyondLimit) {
        painter.setPen(QPen(m_problem.isEmpty() ? beyondLimitColor() : problemColor(), 2,
                            m_problem.isEmpty() ? Qt::DashLine : Qt::SolidLine));
        painter.drawRect(outline);
    }
    if (hasFocus()) {
        painter.setPen(QPen(palette().color(QPalette::Highlight), 2));
        painter.drawRect(outline.adjusted(3, 3, -3, -3));
    }
}

} // namespace slotline::gui
