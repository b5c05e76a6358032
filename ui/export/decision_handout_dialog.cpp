#include "export/decision_handout_dialog.h"

#include "io/decision_handout.h"
#include "io/output.h"

#include <QApplication>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QLabel>
#include <QMessageBox>
#include <QPrinter>
#include <QPushButton>
#include <QSpinBox>
#include <QTextDocument>

#include <algorithm>
#include <climits>

namespace pw::ui {

QString printPdf(QTextDocument& document, const QString& path) {
    const QString partial = path + QStringLiteral(".partial");
    {
        QPrinter printer(QPrinter::HighResolution);
        printer.setOutputFormat(QPrinter::PdfFormat);
        printer.setOutputFileName(partial);
        printer.setPageSize(QPageSize(QPageSize::A4));
        document.print(&printer);
    }
    if (QFileInfo(partial).size() == 0) {
        QFile::remove(partial);
        return QObject::tr("cannot write '%1': the PDF could not be printed there").arg(path);
    }
    QFile::remove(path);
    if (!QFile::rename(partial, path)) {
        QFile::remove(partial);
        return QObject::tr("cannot write '%1': the finished PDF could not be moved into place").arg(path);
    }
    return {};
}

QString writeDecisionHandout(const RunRecording& recording, std::uint64_t from, std::uint64_t to, const QString& path) {
    const QString suffix = QFileInfo(path).suffix().toLower();
    const bool pdf = suffix == QLatin1String("pdf");
    const bool html = suffix == QLatin1String("html") || suffix == QLatin1String("htm");
    if (!pdf && !html && suffix != QLatin1String("md") && suffix != QLatin1String("markdown"))
        return QObject::tr("'%1': a handout is written as .md, .html or .pdf").arg(path);
    const Handout handout = collectHandout(recording, from, to);
    if (!handout.error.empty()) return QString::fromStdString(handout.error);
    if (pdf) {
        QTextDocument document;
        document.setHtml(QString::fromStdString(handoutHtml(handout)));
        return printPdf(document, path);
    }
    std::string error;
    if (!writeFileAtomically(path.toStdString(), html ? handoutHtml(handout) : handoutMarkdown(handout), error))
        return QString::fromStdString(error);
    return {};
}

DecisionHandoutDialog::DecisionHandoutDialog(RunRecording recording, std::uint64_t aroundStep, QWidget* parent)
    : QDialog(parent), m_recording(std::move(recording)), m_from(new QSpinBox(this)), m_to(new QSpinBox(this)),
      m_format(new QComboBox(this)), m_note(new QLabel(this)) {
    setWindowTitle(tr("Export decisions"));
    setMinimumWidth(fontMetrics().averageCharWidth() * 64);  // the title bar names the dialog whole
    const int runSteps = static_cast<int>(std::min<std::uint64_t>(m_recording.result.counters.steps, INT_MAX));
    const int last = std::clamp(static_cast<int>(std::min<std::uint64_t>(aroundStep, INT_MAX)), 1, std::max(runSteps, 1));
    for (QSpinBox* box : {m_from, m_to}) {
        box->setRange(1, std::max(runSteps, 1));
        box->setGroupSeparatorShown(true);
    }
    m_from->setValue(std::max(1, last - 19));
    m_to->setValue(last);
    m_format->addItem(tr("Markdown (.md)"), QStringLiteral("md"));
    m_format->addItem(tr("HTML with the boards (.html)"), QStringLiteral("html"));
    m_format->addItem(tr("PDF (.pdf)"), QStringLiteral("pdf"));
    m_format->setCurrentIndex(1);
    m_note->setWordWrap(true);
    m_note->setText(tr("Each explained step with its sentence, its numbers and the board after it. The run is re-run "
                       "to the last step, so a late range of a long run takes a moment. At most %L1 steps.")
                        .arg(kMaxHandoutSteps));

    auto* form = new QFormLayout(this);
    form->addRow(tr("From step"), m_from);
    form->addRow(tr("To step"), m_to);
    form->addRow(tr("Format"), m_format);
    form->addRow(m_note);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, this);
    form->addRow(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, [this] {
        if (save()) accept();
    });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
}

bool DecisionHandoutDialog::save() {
    const QString extension = m_format->currentData().toString();
    const QString suggested = QDir::home().filePath(QStringLiteral("decisions-%1-%2.%3")
                                                        .arg(QString::fromStdString(m_recording.algorithmId))
                                                        .arg(m_from->value())
                                                        .arg(extension));
    const QString path = QFileDialog::getSaveFileName(this, tr("Export decisions"), suggested,
                                                      m_format->currentText());
    if (path.isEmpty()) return false;
    QApplication::setOverrideCursor(Qt::WaitCursor);
    const QString error = writeDecisionHandout(m_recording, static_cast<std::uint64_t>(m_from->value()),
                                               static_cast<std::uint64_t>(m_to->value()), path);
    QApplication::restoreOverrideCursor();
    if (!error.isEmpty()) {
        QMessageBox::warning(this, tr("Cannot export decisions"), error);
        return false;
    }
    m_savedPath = path;
    return true;
}

}  // namespace pw::ui
