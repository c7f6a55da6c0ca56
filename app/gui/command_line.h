#pragma once

#include <QString>
#include <QStringList>
#include <optional>
#include <stdexcept>

namespace tabref::gui {

// Bad usage of tabref-gui's command line; the message is one line.
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct GuiArguments {
  QString database;            // empty: the default database
  std::optional<qint64> open;  // the stored game to open at once
  QString screenshot;          // render the window into this PNG and exit
  bool help = false;
  QString demo;       // referee a simulated game of this game live (`tabref demo`)
  quint64 seed = 1;   // the demo's synthetic table
  QString annotated;  // the demo's annotated video (empty: none)
};

// tabref-gui [--db FILE] [--open GAME_ID] [--screenshot OUT.png]
//            [--demo GAME [--seed N] [--annotated OUT.mp4]]; `arguments` starts with
// the program name. Throws UsageError.
GuiArguments ParseGuiArguments(const QStringList& arguments);

QString GuiUsage();

}  // namespace tabref::gui
