#include "appearance.h"

#include <QApplication>
#include <QImageReader>
#include <QPainter>
#include <QPainterPath>
#include <QPalette>
#include <QStyle>
#include <QStyleFactory>

namespace pw::ui {

void applyPalette(bool dark) {
    QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
    if (!dark) {
        QPalette light = QApplication::style()->standardPalette();
        light.setColor(QPalette::Highlight, QColor(48, 110, 200));
        QApplication::setPalette(light);
        return;
    }
    QPalette p;
    const QColor window(43, 45, 49), base(30, 31, 34), text(222, 224, 228), disabled(120, 122, 128);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, QColor(38, 40, 44));
    p.setColor(QPalette::ToolTipBase, QColor(55, 57, 62));
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, disabled);
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, QColor(52, 54, 59));
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, QColor(255, 90, 90));
    p.setColor(QPalette::Light, QColor(70, 72, 78));
    p.setColor(QPalette::Midlight, QColor(60, 62, 68));
    p.setColor(QPalette::Mid, QColor(48, 50, 55));
    p.setColor(QPalette::Dark, QColor(25, 26, 28));
    p.setColor(QPalette::Shadow, QColor(10, 10, 10));
    p.setColor(QPalette::Highlight, QColor(70, 130, 220));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Link, QColor(110, 170, 255));
    for (auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, disabled);
    QApplication::setPalette(p);
}

namespace {

const char* iconFile(IconKind kind) {
    switch (kind) {
    case IconKind::Run: return ":/icons/run.svg";
    case IconKind::Pause: return ":/icons/pause.svg";
    case IconKind::Step: return ":/icons/step.svg";
    case IconKind::Stop: return ":/icons/stop.svg";
    case IconKind::Reset: return ":/icons/reset.svg";
    case IconKind::Open: return ":/icons/open.svg";
    case IconKind::Save: return ":/icons/save.svg";
    case IconKind::Paste: return ":/icons/paste.svg";
    case IconKind::Library: return ":/icons/library.svg";
    case IconKind::HeatMap: return ":/icons/heatmap.svg";
    case IconKind::Pencil: return ":/icons/pencil.svg";
    case IconKind::Application: return ":/icons/puzzle-workbench.svg";
    }
    return "";
}

// The same shapes as the SVG files, on a 24x24 design grid.
void paintIcon(QPainter& p, IconKind kind) {
    const QColor ink(70, 78, 92);
    p.setRenderHint(QPainter::Antialiasing);
    p.setPen(Qt::NoPen);
    switch (kind) {
    case IconKind::Run: {
        QPainterPath path;
        path.moveTo(7, 4.5);
        path.lineTo(19.5, 12);
        path.lineTo(7, 19.5);
        path.closeSubpath();
        p.setBrush(QColor(46, 160, 80));
        p.drawPath(path);
        break;
    }
    case IconKind::Pause:
        p.setBrush(QColor(220, 150, 20));
        p.drawRoundedRect(QRectF(6, 5, 4.5, 14), 1, 1);
        p.drawRoundedRect(QRectF(13.5, 5, 4.5, 14), 1, 1);
        break;
    case IconKind::Step: {
        QPainterPath path;
        path.moveTo(5, 5);
        path.lineTo(15, 12);
        path.lineTo(5, 19);
        path.closeSubpath();
        p.setBrush(QColor(48, 110, 200));
        p.drawPath(path);
        p.drawRoundedRect(QRectF(16, 5, 3.5, 14), 1, 1);
        break;
    }
    case IconKind::Stop:
        p.setBrush(QColor(210, 60, 60));
        p.drawRoundedRect(QRectF(5.5, 5.5, 13, 13), 2, 2);
        break;
    case IconKind::Reset: {
        p.setPen(QPen(ink, 2.4, Qt::SolidLine, Qt::RoundCap));
        p.setBrush(Qt::NoBrush);
        p.drawArc(QRectF(5, 5, 14, 14), 100 * 16, 290 * 16);
        p.setPen(Qt::NoPen);
        p.setBrush(ink);
        QPainterPath head;
        head.moveTo(9.5, 2.5);
        head.lineTo(14, 5.6);
        head.lineTo(9.2, 8.6);
        head.closeSubpath();
        p.drawPath(head);
        break;
    }
    case IconKind::Open:
        p.setBrush(QColor(230, 180, 60));
        p.drawRoundedRect(QRectF(3, 6, 18, 13), 1.5, 1.5);
        p.setBrush(QColor(200, 150, 40));
        p.drawRoundedRect(QRectF(3, 4.5, 8, 4), 1, 1);
        break;
    case IconKind::Save:
        p.setBrush(QColor(48, 110, 200));
        p.drawRoundedRect(QRectF(4, 4, 16, 16), 2, 2);
        p.setBrush(Qt::white);
        p.drawRect(QRectF(7, 4, 10, 6));
        p.drawRect(QRectF(7, 13, 10, 7));
        break;
    case IconKind::Paste:
        p.setBrush(QColor(150, 110, 70));
        p.drawRoundedRect(QRectF(5, 4, 14, 17), 2, 2);
        p.setBrush(Qt::white);
        p.drawRect(QRectF(7.5, 7, 9, 12));
        p.setBrush(ink);
        p.drawRoundedRect(QRectF(9, 2.5, 6, 3), 1, 1);
        break;
    case IconKind::Library:
        for (int i = 0; i < 3; ++i) {
            p.setBrush(QColor::fromHsv(210 + i * 40, 140, 190));
            p.drawRoundedRect(QRectF(4 + i * 5.5, 4, 4.5, 16), 1, 1);
        }
        break;
    case IconKind::HeatMap:
        for (int r = 0; r < 3; ++r)
            for (int c = 0; c < 3; ++c) {
                p.setBrush(QColor::fromHsv(240 - (r + c) * 50, 180, 230));
                p.drawRect(QRectF(4 + c * 5.5, 4 + r * 5.5, 5, 5));
            }
        break;
    case IconKind::Pencil: {
        p.setBrush(QColor(240, 180, 60));
        QPainterPath body;
        body.moveTo(5, 19);
        body.lineTo(6, 15);
        body.lineTo(16, 5);
        body.lineTo(19, 8);
        body.lineTo(9, 18);
        body.closeSubpath();
        p.drawPath(body);
        break;
    }
    case IconKind::Application: {
        p.setBrush(QColor(48, 110, 200));
        p.drawRoundedRect(QRectF(1.5, 1.5, 21, 21), 4, 4);
        p.setBrush(Qt::white);
        for (int r = 0; r < 3; ++r)
            for (int c = 0; c < 3; ++c) p.drawRect(QRectF(4 + c * 5.6, 4 + r * 5.6, 4.6, 4.6));
        p.setBrush(QColor(250, 176, 0));
        p.drawRect(QRectF(4 + 5.6, 4 + 5.6, 4.6, 4.6));
        break;
    }
    }
}

}  // namespace

QIcon workbenchIcon(IconKind kind) {
    if (QImageReader::supportedImageFormats().contains("svg")) return QIcon(QString::fromLatin1(iconFile(kind)));
    QIcon icon;
    for (int size : {16, 22, 24, 32, 48, 64, 128}) {
        QPixmap pixmap(size, size);
        pixmap.fill(Qt::transparent);
        QPainter painter(&pixmap);
        painter.scale(size / 24.0, size / 24.0);
        paintIcon(painter, kind);
        painter.end();
        icon.addPixmap(pixmap);
    }
    return icon;
}

}  // namespace pw::ui
