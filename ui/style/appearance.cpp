#include "style/appearance.h"

#include <QApplication>
#include <QPalette>
#include <QStyle>
#include <QStyleFactory>

// The icons are compiled into the static pw_ui library, whose resource initialiser no executable references:
// register them explicitly (this must stand outside any namespace).
static void registerWorkbenchResources() { Q_INIT_RESOURCE(workbench); }

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
    case IconKind::Hint: return ":/icons/hint.svg";
    case IconKind::Logic: return ":/icons/logic.svg";
    case IconKind::Application: return ":/icons/puzzle-workbench.svg";
    }
    return "";
}

}  // namespace

// The SVG files need Qt's SVG plugins (Debian's libqt6svg6, installed with the rest).
QIcon workbenchIcon(IconKind kind) {
    [[maybe_unused]] static const bool registered = (registerWorkbenchResources(), true);
    return QIcon(QString::fromLatin1(iconFile(kind)));
}

}  // namespace pw::ui
