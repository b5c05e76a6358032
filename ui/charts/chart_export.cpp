#include "charts/chart_export.h"

#include "io/output.h"

#include <QBuffer>
#include <QCoreApplication>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QGraphicsLayout>
#include <QGraphicsScene>
#include <QImage>
#include <QPainter>
#include <QRegularExpression>
#include <QSpinBox>
#include <QStandardPaths>
#include <QSvgGenerator>
#include <QtCharts/QChart>
#include <QtCharts/QChartView>

#include <cmath>

namespace pw::ui {

namespace {

QString tr(const char* text) { return QCoreApplication::translate("pw::ui::Chart", text); }

// The chart drawn anew at `logical` points into `image` (whose device pixel ratio maps points to pixels), then
// put back to the size the view shows.
void renderChartAt(QChartView* view, QImage& image, QSizeF logical) {
    QChart* chart = view->chart();
    const QRectF shown = chart->geometry();
    chart->setGeometry(QRectF(QPointF(0, 0), logical));
    if (chart->layout()) chart->layout()->activate();
    {
        QPainter painter(&image);
        painter.setRenderHint(QPainter::Antialiasing);
        painter.setRenderHint(QPainter::TextAntialiasing);
        view->scene()->render(&painter, QRectF(QPointF(0, 0), logical), QRectF(QPointF(0, 0), logical));
    }
    chart->setGeometry(shown);
    if (chart->layout()) chart->layout()->activate();
}

}  // namespace

bool exportChartView(QChartView* view, const QString& title, const QString& path, QString& error,
                     const ChartExportOptions& options) {
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    if (path.endsWith(QStringLiteral(".svg"), Qt::CaseInsensitive)) {
        QSvgGenerator generator;
        generator.setOutputDevice(&buffer);
        generator.setSize(view->size());
        generator.setViewBox(QRect(QPoint(0, 0), view->size()));
        generator.setTitle(title);
        QPainter painter(&generator);
        view->render(&painter);
    } else if (path.endsWith(QStringLiteral(".png"), Qt::CaseInsensitive)) {
        QImage image;
        if (options.pixels.isValid() && !options.pixels.isEmpty()) {
            const int dpi = std::clamp(options.dpi, 48, 1200);
            const double ratio = dpi / 96.0;
            image = QImage(options.pixels, QImage::Format_ARGB32_Premultiplied);
            image.setDevicePixelRatio(ratio);
            const int dotsPerMeter = static_cast<int>(std::lround(dpi / 0.0254));
            image.setDotsPerMeterX(dotsPerMeter);
            image.setDotsPerMeterY(dotsPerMeter);
            image.fill(view->palette().color(QPalette::Window));  // the corners around the rounded chart
            renderChartAt(view, image, QSizeF(options.pixels.width() / ratio, options.pixels.height() / ratio));
        } else {
            image = view->grab().toImage();
        }
        if (image.isNull() || !image.save(&buffer, "PNG")) {
            error = tr("%1: the image could not be encoded").arg(path);
            return false;
        }
    } else {
        error = tr("%1: choose a .png or .svg file name").arg(path);
        return false;
    }
    std::string message;
    if (!writeFileAtomically(path.toStdString(), std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())), message)) {
        error = QStringLiteral("%1: %2").arg(path, QString::fromStdString(message));
        return false;
    }
    return true;
}

QString suggestedChartFileName(const QString& title, const QString& extension) {
    QString name = title.toLower();
    name.replace(QRegularExpression(QStringLiteral("[^\\w]+"), QRegularExpression::UseUnicodePropertiesOption),
                 QStringLiteral("-"));
    name.replace(QRegularExpression(QStringLiteral("^-+|-+$")), QString());
    if (name.size() > 60) name = name.left(60);
    if (name.isEmpty()) name = QStringLiteral("chart");
    return name + QLatin1Char('.') + extension;
}

bool askChartExport(QWidget* parent, const QString& title, QSize shown, QString& path, ChartExportOptions& options) {
    QString folder = QStandardPaths::writableLocation(QStandardPaths::PicturesLocation);
    if (folder.isEmpty()) folder = QStandardPaths::writableLocation(QStandardPaths::HomeLocation);
    QString selectedFilter;
    path = QFileDialog::getSaveFileName(parent, tr("Export chart"),
                                        folder + QLatin1Char('/') + suggestedChartFileName(title, QStringLiteral("png")),
                                        tr("PNG image (*.png);;SVG drawing (*.svg)"), &selectedFilter);
    if (path.isEmpty()) return false;
    if (!path.endsWith(QStringLiteral(".png"), Qt::CaseInsensitive) && !path.endsWith(QStringLiteral(".svg"), Qt::CaseInsensitive))
        path += selectedFilter.contains(QStringLiteral("svg")) ? QStringLiteral(".svg") : QStringLiteral(".png");
    if (!path.endsWith(QStringLiteral(".png"), Qt::CaseInsensitive)) return true;

    QDialog dialog(parent);
    dialog.setWindowTitle(tr("PNG size"));
    auto* form = new QFormLayout(&dialog);
    auto* width = new QSpinBox(&dialog);
    auto* height = new QSpinBox(&dialog);
    auto* dpi = new QSpinBox(&dialog);
    width->setObjectName(QStringLiteral("exportWidth"));
    height->setObjectName(QStringLiteral("exportHeight"));
    dpi->setObjectName(QStringLiteral("exportDpi"));
    for (QSpinBox* box : {width, height}) {
        box->setRange(200, 10000);
        box->setSuffix(tr(" px"));
    }
    dpi->setRange(48, 1200);
    dpi->setSuffix(tr(" dpi"));
    width->setValue(std::max(200, shown.width() * 2));
    height->setValue(std::max(200, shown.height() * 2));
    dpi->setValue(192);
    dpi->setToolTip(tr("Text keeps its point size at this resolution: 96 dpi draws it as on screen, 192 dpi twice as "
                       "many pixels per point"));
    form->addRow(tr("Width"), width);
    form->addRow(tr("Height"), height);
    form->addRow(tr("Resolution"), dpi);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dialog);
    QObject::connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    QObject::connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    form->addRow(buttons);
    if (dialog.exec() != QDialog::Accepted) return false;
    options.pixels = QSize(width->value(), height->value());
    options.dpi = dpi->value();
    return true;
}

}  // namespace pw::ui
