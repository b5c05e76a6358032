#include "window/puzzle_library.h"

#include "puzzle/puzzle_kind.h"
#include "board/puzzle_io.h"

#include <QDir>
#include <QDirIterator>
#include <QFileInfo>
#include <QHeaderView>
#include <QPointer>
#include <QPushButton>
#include <QThreadPool>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace pw::ui {

namespace {
constexpr int kPathRole = Qt::UserRole + 1;
constexpr int kIndexRole = Qt::UserRole + 2;
QString solutionStatus(const Puzzle& puzzle) {
    const SolutionCount count = countSolutions(puzzle);
    if (!count.decided && count.found < 2)
        return count.found ? QObject::tr("≥ 1 (search cut short)") : QObject::tr("undecided");
    return count.found == 0 ? QObject::tr("no solution") : count.found == 1 ? QObject::tr("unique") : QObject::tr("several");
}
}  // namespace

PuzzleLibrary::PuzzleLibrary(QWidget* parent)
    : QWidget(parent), m_tree(new QTreeWidget(this)), m_alive(std::make_shared<bool>(true)) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    m_tree->setObjectName(QStringLiteral("libraryTree"));
    m_tree->setHeaderLabels({tr("Puzzle"), tr("Solutions")});
    m_tree->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_tree->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    m_tree->header()->setStretchLastSection(false);
    m_tree->setToolTip(tr("Double-click a puzzle to open it"));
    layout->addWidget(m_tree);
    auto* openFolder = new QPushButton(tr("Add folder…"), this);
    layout->addWidget(openFolder);
    connect(openFolder, &QPushButton::clicked, this, &PuzzleLibrary::openFolderRequested);
    connect(m_tree, &QTreeWidget::itemExpanded, this, [this](QTreeWidgetItem* item) {
        if (!item->data(0, kPathRole).toString().isEmpty() && item->childCount() == 1 &&
            item->child(0)->data(0, kIndexRole).isNull())
            loadFile(item);
    });
    connect(m_tree, &QTreeWidget::itemActivated, this, [this](QTreeWidgetItem* item) {
        QTreeWidgetItem* fileItem = item->parent();
        if (!fileItem || item->data(0, kIndexRole).isNull()) return;
        auto found = m_filePuzzles.find(fileItem);
        const int index = item->data(0, kIndexRole).toInt();
        if (found == m_filePuzzles.end() || index < 0 || index >= static_cast<int>(found->second->size())) return;
        emit puzzleChosen((*found->second)[index], fileItem->data(0, kPathRole).toString());
    });
}

PuzzleLibrary::~PuzzleLibrary() { *m_alive = false; }

void PuzzleLibrary::addFolder(const QString& path) {
    const QString absolute = QFileInfo(path).absoluteFilePath();
    if (m_folders.contains(absolute) || !QFileInfo(absolute).isDir()) return;
    m_folders.append(absolute);
    auto* folderItem = new QTreeWidgetItem(m_tree, {QDir(absolute).dirName()});
    folderItem->setToolTip(0, absolute);
    QStringList files;
    QDirIterator it(absolute, {QStringLiteral("*.txt"), QStringLiteral("*.csv"), QStringLiteral("*.sdk"),
                               QStringLiteral("*.ss"), QStringLiteral("*.sdm")},
                    QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) files.append(it.next());
    files.sort();
    const QDir root(absolute);
    for (const QString& file : files) {
        if (QFileInfo(file).fileName() == QLatin1String("README.md")) continue;
        auto* fileItem = new QTreeWidgetItem(folderItem, {root.relativeFilePath(file)});
        fileItem->setData(0, kPathRole, file);
        fileItem->setToolTip(0, file);
        new QTreeWidgetItem(fileItem, {tr("loading…")});  // placeholder: the file is read when opened
    }
    folderItem->setExpanded(m_folders.size() == 1);
}

void PuzzleLibrary::loadFile(QTreeWidgetItem* fileItem) {
    delete fileItem->takeChild(0);
    const QString path = fileItem->data(0, kPathRole).toString();
    PuzzleLoad load = loadPuzzlesFromFile(path);
    auto puzzles = std::make_shared<std::vector<Puzzle>>(std::move(load.puzzles));
    m_filePuzzles[fileItem] = puzzles;
    for (int i = 0; i < static_cast<int>(puzzles->size()); ++i) {
        const Puzzle& puzzle = (*puzzles)[i];
        auto* item = new QTreeWidgetItem(fileItem, {QString::fromStdString(puzzle.id), tr("counting…")});
        item->setData(0, kIndexRole, i);
        item->setToolTip(0, QString::fromStdString(puzzle.origin));
    }
    // The first errors, each on one readable line, and how many more: a binary or foreign file stays one short
    // list instead of thousands of rows.
    QStringList shown = errorLogLines(load.errors.mid(0, kErrorsShown));
    if (load.errors.size() > kErrorsShown)
        shown.append(tr("and %1 more (File > Open shows them all)").arg(load.errors.size() - kErrorsShown));
    for (const QString& error : shown) {
        auto* item = new QTreeWidgetItem(fileItem, {error});
        item->setForeground(0, QColor(200, 60, 60));
        item->setToolTip(0, error);
    }
    fileItem->setText(1, tr("%n puzzle(s)", nullptr, static_cast<int>(puzzles->size())));
    countSolutions(fileItem);
}

void PuzzleLibrary::countSolutions(QTreeWidgetItem* fileItem) {
    auto puzzles = m_filePuzzles[fileItem];
    QPointer<PuzzleLibrary> self(this);
    std::weak_ptr<bool> alive = m_alive;
    QThreadPool::globalInstance()->start([puzzles, fileItem, self, alive] {
        for (int i = 0; i < static_cast<int>(puzzles->size()); ++i) {
            if (alive.expired() || !*alive.lock()) return;
            const QString status = solutionStatus((*puzzles)[i]);
            QMetaObject::invokeMethod(
                self.data(),
                [self, fileItem, i, status, puzzles] {
                    if (!self) return;
                    auto found = self->m_filePuzzles.find(fileItem);
                    if (found == self->m_filePuzzles.end() || found->second != puzzles) return;
                    if (i < fileItem->childCount()) fileItem->child(i)->setText(1, status);
                },
                Qt::QueuedConnection);
        }
    });
}

}  // namespace pw::ui
