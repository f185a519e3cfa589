#include "gui/calendar/weekcardpainter.h"

#include "core/platform.h"
#include "core/submissionstatus.h"
#include "gui/calendar/weekgeometry.h"
#include "gui/common/itemcolors.h"
#include "gui/common/platformstyle.h"

#include <QCoreApplication>
#include <QPainter>
#include <QTextLayout>
#include <QWidget>

#include <cmath>

using namespace Qt::Literals::StringLiterals;

namespace slotline::gui {

namespace {

constexpr int SlotBand = WeekGeometry::SlotBand;

enum ElidedKind { SlotLabel, OneLine, Detail };

// The card's text elided to `width`, laid out once and kept with the card.
template<typename Source>
const QStaticText &elided(const QWidget &widget, const WeekCard &card, ElidedKind kind, int width,
                          Source &&source)
{
    if (card.elidedKind != kind || card.elidedWidth != width || card.elidedFont != widget.font()) {
        QString line = widget.fontMetrics().elidedText(source(), Qt::ElideRight, width);
        // Laid out as drawText lays out a line in a left-to-right layout: tabs and carriage
        // returns as spaces, the line left to right whatever the text's own direction.
        line.replace(u'\t', u' ').replace(u'\r', u' ');
        QTextOption option;
        option.setTextDirection(Qt::LeftToRight);
        card.elided = QStaticText(line);
        card.elided.setTextFormat(Qt::PlainText);
        card.elided.setTextOption(option);
        QTextLayout layout(line, widget.font());
        layout.setTextOption(option);
        layout.beginLayout();
        const QTextLine textLine = layout.createLine();
        layout.endLayout();
        // Several lines (drawText would break them): drawn by drawText.
        card.elidedHeight = textLine.isValid() && !line.contains(u'\n') ? textLine.height() : -1;
        card.elidedKind = kind;
        card.elidedWidth = width;
        card.elidedFont = widget.font();
    }
    return card.elided;
}

// As drawText(box, Qt::AlignLeft | Qt::AlignVCenter, text) draws it, without shaping the
// text again.
template<typename Source>
void drawElided(QPainter &painter, const QWidget &widget, const WeekCard &card, const QRect &box,
                ElidedKind kind, int width, Source &&source)
{
    const QStaticText &line = elided(widget, card, kind, width, source);
    // In a right-to-left layout drawText aligns to the right.
    if (painter.layoutDirection() != Qt::LeftToRight || card.elidedHeight < 0) {
        painter.drawText(box, Qt::AlignLeft | Qt::AlignVCenter, line.text());
        return;
    }
    painter.drawStaticText(QPointF(box.left(), box.top() + (box.height() - card.elidedHeight) / 2),
                           line);
}

} // namespace

WeekCardPainter::WeekCardPainter(const QWidget &widget)
    : m_widget(widget)
{ }

void WeekCardPainter::paint(QPainter &painter, const WeekCard &card, const QRect &rect,
                            bool selected) const
{
    if (card.slot) {
        paintSlot(painter, card, rect);
        return;
    }
    const QPalette &colors = m_widget.palette();
    const QColor base = colors.color(QPalette::Base);
    const QColor text = colors.color(QPalette::Text);

    QColor platform = card.platform >= 0 ? PlatformStyle::color(Platform(card.platform))
                                         : colors.color(QPalette::Highlight);
    // X's near-black vanishes on a dark palette's base: the text colour stands in for it.
    if (std::abs(platform.lightnessF() - base.lightnessF()) < 0.25)
        platform = text;
    const auto status = SubmissionStatus(card.status);
    const bool done = status == SubmissionStatus::Published;
    const bool failed = status == SubmissionStatus::Failed;
    QColor fill = ItemColors::mixed(base, platform, done ? 0.10 : 0.22);
    paintFill(painter, rect, fill, platform);
    if (failed || card.pending || selected) {
        QPen pen(selected ? colors.color(QPalette::Highlight)
                          : (failed ? ItemColors::error() : ItemColors::mixed(base, text, 0.5)));
        pen.setWidth(selected ? 2 : 1);
        pen.setStyle(card.pending && !selected ? Qt::DashLine : Qt::SolidLine);
        painter.setPen(pen);
        painter.setBrush(Qt::NoBrush);
        painter.drawRoundedRect(QRectF(rect).adjusted(0.5, 0.5, -0.5, -0.5), 3, 3);
    }

    QRect inner = rect.adjusted(5, 0, -3, 0);
    if (inner.width() < 8)
        return;
    const QPixmap icon = card.platform >= 0 ? platformPixmap(card.platform) : QPixmap();
    const int iconSize = int(icon.height() / icon.devicePixelRatio());
    if (!icon.isNull() && inner.width() > iconSize + 4) {
        painter.drawPixmap(
            inner.left(),
            inner.top()
                + (std::min(inner.height(), m_widget.fontMetrics().height()) - iconSize) / 2,
            icon);
        inner.setLeft(inner.left() + iconSize + 3);
    }
    QString mark;
    if (failed)
        mark = u"!"_s;
    else if (done)
        mark = u"✓"_s;
    else if (card.pending || status == SubmissionStatus::InProgress)
        mark = u"…"_s;
    painter.setPen(failed ? ItemColors::error()
                          : (done ? colors.color(QPalette::PlaceholderText) : text));
    if (!mark.isEmpty() && inner.width() > 30) {
        const int markWidth = m_widget.fontMetrics().horizontalAdvance(mark) + 2;
        painter.drawText(QRect(inner.right() - markWidth, inner.top(), markWidth,
                               m_widget.fontMetrics().height()),
                         Qt::AlignRight | Qt::AlignVCenter, mark);
        inner.setRight(inner.right() - markWidth);
    }
    const int lineHeight = m_widget.fontMetrics().height();
    QRect lineRect(inner.left(), inner.top(), inner.width(), lineHeight);
    if (inner.height() < 2 * lineHeight) {
        lineRect.moveTop(inner.top() + (inner.height() - lineHeight) / 2);
        drawElided(painter, m_widget, card, lineRect, OneLine, inner.width(), [&] {
            //: A one-line card in the week calendar: the post's first line, then its account.
            return QCoreApplication::translate("WeekView", "%1 · %2").arg(card.label, card.detail);
        });
        return;
    }
    // Zoomed in: the account on the first line, the text wrapped below it.
    drawElided(painter, m_widget, card, lineRect, Detail, inner.width(),
               [&] { return card.detail; });
    painter.drawText(inner.adjusted(0, lineHeight, 0, 0),
                     Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, card.label);
}

void WeekCardPainter::paintSlot(QPainter &painter, const WeekCard &card, const QRect &rect) const
{
    const QPalette &colors = m_widget.palette();
    const QColor base = colors.color(QPalette::Base);
    const QColor text = colors.color(QPalette::Text);
    const QColor highlight = colors.color(QPalette::Highlight);
    QPen pen(card.taken ? ItemColors::mixed(base, text, 0.35) : highlight);
    // Dotted while it is only planned here, as a post waiting for the server is dashed.
    pen.setStyle(card.pending ? Qt::DotLine : card.taken ? Qt::SolidLine : Qt::DashLine);
    painter.setPen(pen);
    painter.setBrush(card.taken ? ItemColors::mixed(base, text, 0.07)
                                : ItemColors::mixed(base, highlight, 0.06));
    painter.drawRoundedRect(QRectF(rect).adjusted(0.5, 0.5, -0.5, -0.5), 3, 3);
    painter.fillRect(QRect(rect.left(), rect.top(), SlotBand - 1, rect.height()),
                     card.taken ? ItemColors::mixed(base, text, 0.35) : highlight);
    if (rect.width() > 60 && rect.height() >= m_widget.fontMetrics().height()) {
        painter.setPen(card.taken ? colors.color(QPalette::PlaceholderText) : highlight);
        // In italics too while only planned here: a dotted outline alone is easy to miss.
        const QFont font = painter.font();
        if (card.pending) {
            QFont italic = font;
            italic.setItalic(true);
            painter.setFont(italic);
        }
        painter.drawText(rect.adjusted(SlotBand + 4, 0, -4, 0), Qt::AlignRight | Qt::AlignVCenter,
                         elided(m_widget, card, SlotLabel, rect.width() - SlotBand - 8, [&] {
                             return card.label;
                         }).text());
        painter.setFont(font);
    }
}

// Antialiased corners cost more than the rest of a card: the fill with the platform's strip
// is drawn once for each size and colours into a pixmap and copied from there, at whole
// device pixels, which gives the same pixels as drawing it here.
void WeekCardPainter::paintFill(QPainter &painter, const QRect &rect, const QColor &fill,
                                const QColor &platform) const
{
    const qreal ratio = painter.device()->devicePixelRatio();
    if (painter.testRenderHint(QPainter::Antialiasing) && ratio == std::floor(ratio)
        && painter.transform().type() == QTransform::TxNone && painter.opacity() == 1.0
        && painter.compositionMode() == QPainter::CompositionMode_SourceOver) {
        const std::pair key((quint64(fill.rgba()) << 32) | platform.rgba(),
                            (quint64(rect.width()) << 32) | (quint64(rect.height()) << 16)
                                | quint64(ratio));
        auto found = m_cardFills.constFind(key);
        if (found == m_cardFills.cend()) {
            if (m_cardFills.size() > 512) // zooming and resizing leave old sizes behind
                m_cardFills.clear();
            QPixmap pixmap(rect.size() * int(ratio));
            pixmap.setDevicePixelRatio(ratio);
            pixmap.fill(Qt::transparent);
            QPainter pixmapPainter(&pixmap);
            pixmapPainter.setRenderHint(QPainter::Antialiasing, true);
            pixmapPainter.setPen(Qt::NoPen);
            pixmapPainter.setBrush(fill);
            pixmapPainter.drawRoundedRect(QRect(QPoint(0, 0), rect.size()), 3, 3);
            pixmapPainter.fillRect(QRect(0, 0, 3, rect.height()), platform);
            pixmapPainter.end();
            found = m_cardFills.insert(key, pixmap);
        }
        painter.drawPixmap(rect.topLeft(), *found);
    } else {
        painter.setPen(Qt::NoPen);
        painter.setBrush(fill);
        painter.drawRoundedRect(rect, 3, 3);
        painter.fillRect(QRect(rect.left(), rect.top(), 3, rect.height()), platform);
    }
}

QPixmap WeekCardPainter::platformPixmap(int platform) const
{
    auto found = m_pixmaps.constFind(platform);
    if (found != m_pixmaps.cend())
        return *found;
    const int size = m_widget.fontMetrics().height() - 2;
    const QPixmap pixmap = PlatformStyle::icon(Platform(platform))
                               .pixmap(QSize(size, size), m_widget.devicePixelRatioF());
    m_pixmaps.insert(platform, pixmap);
    return pixmap;
}

QPixmap WeekCardPainter::dragPicture(const WeekCard &card, const QSize &size) const
{
    const qreal ratio = m_widget.devicePixelRatioF();
    QPixmap picture(size * ratio);
    picture.setDevicePixelRatio(ratio);
    picture.fill(Qt::transparent);
    QPainter painter(&picture);
    painter.setRenderHint(QPainter::Antialiasing, true);
    painter.setOpacity(0.85);
    paint(painter, card, QRect(QPoint(0, 0), size), false);
    return picture;
}

void WeekCardPainter::paintFocus(QPainter &painter, const QRect &rect) const
{
    painter.setPen(QPen(m_widget.palette().color(QPalette::Highlight), 1, Qt::DotLine));
    painter.setBrush(Qt::NoBrush);
    painter.drawRect(rect.adjusted(0, 0, -1, -1));
}

void WeekCardPainter::paintCellCursor(QPainter &painter, const QRect &rect) const
{
    painter.setPen(QPen(m_widget.palette().color(QPalette::Highlight), 2));
    painter.setBrush(Qt::NoBrush);
    painter.drawRect(rect);
}

} // namespace slotline::gui
