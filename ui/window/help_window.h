#pragma once
// Help ▸ …: one window of short pages inside the app — getting started, a page per registered algorithm built
// from its AlgorithmInfo (idea and representation, what one step is, the parameters with their ranges, the
// cost parts and what the charts show, the paper), the keyboard shortcuts read from the window's actions, a
// glossary of the words the window uses, and About. Nothing is written twice: a new algorithm in the registry
// has its page without a change here.

#include "engine/algorithm.h"

#include <QDialog>
#include <QString>
#include <QStringList>

class QListWidget;
class QTextBrowser;

namespace pw::ui {

// The pages, each as HTML (tested on their own).
QString gettingStartedHtml();
QString algorithmHelpHtml(const AlgorithmInfo& info);
// Every action of `window` that has a shortcut, with its menu wording, and the board's own keys.
QString shortcutsHtml(const QWidget* window);
QString glossaryHtml();
QString aboutHtml();

class HelpWindow : public QDialog {
    Q_OBJECT
public:
    // `shortcutsOf` is the window whose actions the shortcuts page lists.
    explicit HelpWindow(const QWidget* shortcutsOf, QWidget* parent = nullptr);

    // "getting-started", "algorithm:<id>", "shortcuts", "glossary", "about"; false for an unknown key.
    bool showTopic(const QString& key);
    QString currentTopic() const;
    QString pageHtml() const;  // the page shown, as set
    static QStringList topicKeys();  // every key, algorithms in registry order

private:
    const QWidget* m_shortcutsOf;
    QListWidget* m_topics;
    QTextBrowser* m_page;
    QString m_html;
};

}  // namespace pw::ui
