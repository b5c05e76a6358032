#pragma once
// A program of Pillay's heuristic moves, one character per box, wrapped to the width: the best program of the
// run, with the move being replayed on the board highlighted. Each box's tooltip names its move.

#include <QWidget>

namespace pw::ui {

class ProgramView : public QWidget {
    Q_OBJECT
public:
    explicit ProgramView(QWidget* parent = nullptr);

    // The best program so far and its fitness (empty cells left); clears the highlight.
    void setProgram(const QString& program, double fitness);
    // The move at `position` is being replayed (-1: none).
    void setHighlight(int position);
    void clear();
    const QString& program() const { return m_program; }
    int highlight() const { return m_highlight; }

    QSize sizeHint() const override { return {420, 120}; }
    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    bool event(QEvent* event) override;

private:
    int boxesPerLine(int width) const;
    void fitHeight();
    QRect boxRect(int index, int width) const;

    QString m_program;
    double m_fitness = 0;
    int m_highlight = -1;
};

}  // namespace pw::ui
