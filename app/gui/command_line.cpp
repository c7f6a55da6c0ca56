#include "app/gui/command_line.h"

namespace tabref::gui {
namespace {

QString ValueOf(const QStringList& arguments, qsizetype& index) {
  const QString& option = arguments[index];
  if (index + 1 >= arguments.size()) throw UsageError(option.toStdString() + " needs a value");
  return arguments[++index];
}

}  // namespace

QString GuiUsage() {
  return "usage: tabref-gui [--db FILE] [--open GAME_ID] [--screenshot OUT.png]\n"
         "  --db FILE             the game store (default: ~/.local/share/tabref/tabref.sqlite)\n"
         "  --open GAME_ID        open this stored game\n"
         "  --screenshot OUT.png  render the window with the game opened by --open into\n"
         "                        OUT.png offscreen, and exit\n"
         "  --demo GAME           referee a simulated game live (bocce, ppolf, iceboule)\n"
         "  --seed N              the demo's synthetic table (default 1)\n"
         "  --annotated OUT.mp4   where the demo's annotated video goes\n";
}

GuiArguments ParseGuiArguments(const QStringList& arguments) {
  GuiArguments parsed;
  for (qsizetype index = 1; index < arguments.size(); ++index) {
    const QString& argument = arguments[index];
    if (argument == "--help" || argument == "-h") {
      parsed.help = true;
    } else if (argument == "--db") {
      parsed.database = ValueOf(arguments, index);
    } else if (argument == "--open") {
      bool is_number = false;
      const QString value = ValueOf(arguments, index);
      const qint64 id = value.toLongLong(&is_number);
      if (!is_number || id < 1) {
        throw UsageError("--open takes a game number, got '" + value.toStdString() + "'");
      }
      parsed.open = id;
    } else if (argument == "--demo") {
      parsed.demo = ValueOf(arguments, index);
      if (parsed.demo != "bocce" && parsed.demo != "ppolf" && parsed.demo != "iceboule")
        throw UsageError("--demo takes bocce, ppolf or iceboule, got '" +
                         parsed.demo.toStdString() + "'");
    } else if (argument == "--seed") {
      bool is_number = false;
      const QString value = ValueOf(arguments, index);
      parsed.seed = value.toULongLong(&is_number);
      if (!is_number)
        throw UsageError("--seed takes a whole number, got '" + value.toStdString() + "'");
    } else if (argument == "--annotated") {
      parsed.annotated = ValueOf(arguments, index);
    } else if (argument == "--screenshot") {
      parsed.screenshot = ValueOf(arguments, index);
    } else {
      throw UsageError("unknown argument '" + argument.toStdString() + "'; see --help");
    }
  }
  if (!parsed.screenshot.isEmpty() && !parsed.open) {
    throw UsageError("--screenshot needs --open GAME_ID");
  }
  return parsed;
}

}  // namespace tabref::gui
