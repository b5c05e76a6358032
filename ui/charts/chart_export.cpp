#include "chart_export.h"

#include "io/formats.h"

#include <QBuffer>
#include <QCoreApplication>
#include <QPainter>
#include <QSvgGenerator>
#include <QtCharts/QChartView>

namespace pw::ui {

bool exportChartView(QChartView* view, const QString& title, const QString& path, QString& error) {
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
        if (!view->grab().save(&buffer, "PNG")) {
            error = QCoreApplication::translate("pw::ui::Chart", "%1: the image could not be encoded").arg(path);
            return false;
        }
    } else {
        error = QCoreApplication::translate("pw::ui::Chart", "%1: choose a .png or .svg file name").arg(path);
        return false;
    }
    std::string message;
    if (!writeFileAtomically(path.toStdString(), std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())), message)) {
        error = QStringLiteral("%1: %2").arg(path, QString::fromStdString(message));
        return false;
    }
    return true;
}

}  // namespace pw::ui
