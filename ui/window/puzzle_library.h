#pragma once
// A browser over puzzle folders (the bundled puzzles/ and any folder the user opens): folders, files, and
// each file's puzzles with their solution-count status, counted in the background when a file is opened.

#include "puzzle/puzzle.h"

#include <QWidget>

#include <map>
#include <memory>
#include <vector>

class QTreeWidget;
class QTreeWidgetItem;

namespace pw::ui {

class PuzzleLibrary : public QWidget {
    Q_OBJECT
public:
    explicit PuzzleLibrary(QWidget* parent = nullptr);
    ~PuzzleLibrary() override;

    void addFolder(const QString& path);
    QStringList folders() const { return m_folders; }
    QTreeWidget* tree() const { return m_tree; }

signals:
    void puzzleChosen(const pw::Puzzle& puzzle, const QString& file);
    void openFolderRequested();

private:
    void loadFile(QTreeWidgetItem* fileItem);
    void countSolutions(QTreeWidgetItem* fileItem);

    QTreeWidget* m_tree;
    QStringList m_folders;
    std::map<QTreeWidgetItem*, std::shared_ptr<std::vector<Puzzle>>> m_filePuzzles;
    std::shared_ptr<bool> m_alive;  // background counts report only while the browser exists
};

}  // namespace pw::ui
