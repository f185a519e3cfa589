#pragma once

#include <QLabel>

namespace slotline::gui {

// A line (or a few) kept for a message, whether there is one or not: a message that comes
// or goes never moves the controls around it, so a click aimed at one does not land on
// another. A message longer than the lines kept ends in "…" and is whole in the tooltip
// and for screen readers.
class MessageLabel : public QLabel
{
    Q_OBJECT

public:
    enum class Tone { Neutral, Problem };

    explicit MessageLabel(QWidget *parent = nullptr);

    // How many lines are kept; 1 by default.
    void setLines(int lines);
    int lines() const { return m_lines; }

    // `detail` (the server's own words, say) is in the tooltip only.
    void setMessage(const QString &message, Tone tone = Tone::Neutral,
                    const QString &detail = QString());
    void clearMessage() { setMessage(QString()); }
    // The whole message, also when it is shown cut short.
    QString message() const { return m_message; }
    Tone tone() const { return m_tone; }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void resizeEvent(QResizeEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void fit();
    int keptHeight() const;

    QString m_message;
    Tone m_tone = Tone::Neutral;
    int m_lines = 1;
};

} // namespace slotline::gui
