#include "gui/common/messagelabel.h"

#include "gui/common/itemcolors.h"

#include <QEvent>
#include <QTextLayout>

namespace slotline::gui {

MessageLabel::MessageLabel(QWidget *parent)
    : QLabel(parent)
{
    setTextFormat(Qt::PlainText);
    setWordWrap(true);
    setAlignment(Qt::AlignLeft | Qt::AlignTop);
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
    setFixedHeight(keptHeight());
}

void MessageLabel::setLines(int lines)
{
    m_lines = std::max(1, lines);
    setFixedHeight(keptHeight());
    fit();
}

void MessageLabel::setMessage(const QString &message, Tone tone, const QString &detail)
{
    m_message = message;
    m_tone = tone;
    if (tone == Tone::Problem) {
        QPalette colors = palette();
        colors.setColor(QPalette::WindowText, ItemColors::error());
        setPalette(colors);
    } else {
        setPalette(QPalette()); // the parent's again
    }
    const QString whole = detail.isEmpty() ? message : message + u"\n\n" + detail;
    setToolTip(whole);
    setAccessibleDescription(whole);
    fit();
}

int MessageLabel::keptHeight() const
{
    const QMargins margins = contentsMargins();
    return m_lines * fontMetrics().lineSpacing() + margins.top() + margins.bottom() + 2 * margin();
}

QSize MessageLabel::sizeHint() const
{
    // As wide as the layout gives; never taller or shorter than the lines kept.
    return {QLabel::sizeHint().width(), keptHeight()};
}

QSize MessageLabel::minimumSizeHint() const
{
    return {fontMetrics().averageCharWidth() * 10, keptHeight()};
}

void MessageLabel::resizeEvent(QResizeEvent *event)
{
    QLabel::resizeEvent(event);
    fit();
}

void MessageLabel::changeEvent(QEvent *event)
{
    QLabel::changeEvent(event);
    if (event->type() == QEvent::FontChange || event->type() == QEvent::StyleChange) {
        setFixedHeight(keptHeight());
        fit();
    }
}

void MessageLabel::fit()
{
    const int width = contentsRect().width() - 2 * margin();
    if (m_message.isEmpty() || width <= 0) {
        QLabel::setText(m_message);
        return;
    }
    // Laid out as the label would wrap it; what does not fit in the kept lines is cut.
    QTextLayout layout(m_message, font());
    QTextOption option;
    option.setWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
    layout.setTextOption(option);
    layout.beginLayout();
    QList<std::pair<int, int>> lines; // start, length
    for (QTextLine line = layout.createLine(); line.isValid(); line = layout.createLine()) {
        line.setLineWidth(width);
        lines.append({line.textStart(), line.textLength()});
    }
    layout.endLayout();
    if (lines.size() <= m_lines) {
        QLabel::setText(m_message);
        return;
    }
    QString shown;
    for (int index = 0; index < m_lines - 1; ++index)
        shown += m_message.mid(lines[index].first, lines[index].second);
    const QString rest = m_message.mid(lines[m_lines - 1].first).simplified();
    shown += fontMetrics().elidedText(rest, Qt::ElideRight, width);
    QLabel::setText(shown);
}

} // namespace slotline::gui
