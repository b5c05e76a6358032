#pragma once
// File ▸ Export decisions…: the explained steps of the shown run, from one step to another, as a handout for a
// class — Markdown, HTML with the boards as tables, or PDF printed from that HTML (io/decision_handout.h).

#include "io/recording.h"

#include <QDialog>

class QComboBox;
class QTextDocument;
class QLabel;
class QSpinBox;

namespace pw::ui {

// Prints `document` into a PDF (A4) under a temporary name and renames it into place once whole; an error sentence
// naming the path, empty when written.
QString printPdf(QTextDocument& document, const QString& path);

// Writes the handout of steps `from` to `to` of `recording` to `path`, its format from the extension (.md,
// .html or .htm, .pdf), atomically; an error sentence naming the path, empty when written.
QString writeDecisionHandout(const RunRecording& recording, std::uint64_t from, std::uint64_t to, const QString& path);

class DecisionHandoutDialog : public QDialog {
    Q_OBJECT
public:
    // Offers the 20 steps that end at `aroundStep` (the replay's position, or the run's last step).
    DecisionHandoutDialog(RunRecording recording, std::uint64_t aroundStep, QWidget* parent = nullptr);

    // Asks for a file and writes the handout; false when nothing was written (cancelled or refused).
    bool save();
    const QString& savedPath() const { return m_savedPath; }

private:
    RunRecording m_recording;
    QSpinBox* m_from;
    QSpinBox* m_to;
    QComboBox* m_format;
    QLabel* m_note;
    QString m_savedPath;
};

}  // namespace pw::ui
