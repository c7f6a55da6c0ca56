#include "app/gui/gui_app.h"

#include <QApplication>
#include <QStyleFactory>
#include <QTimer>
#include <iostream>
#include <memory>

#include "app/gui/command_line.h"
#include "app/gui/live_demo_window.h"
#include "app/gui/main_window.h"
#include "app/gui/qt_text.h"
#include "app/gui/screenshot.h"
#include "data/store/default_path.h"
#include "data/store/sqlite_game_store.h"

namespace tabref::gui {
namespace {

int Fail(const std::string& message, int status) {
  std::cerr << "tabref-gui: " << message << "\n";
  return status;
}

QStringList Arguments(int argc, char** argv) {
  QStringList arguments;
  for (int i = 0; i < argc; ++i) arguments << QString::fromLocal8Bit(argv[i]);
  return arguments;
}

}  // namespace

int RunTabrefGui(int argc, char** argv) {
  GuiArguments arguments;
  try {
    arguments = ParseGuiArguments(Arguments(argc, argv));
  } catch (const UsageError& error) {
    return Fail(error.what(), 2);
  }
  if (arguments.help) {
    std::cout << ToStdString(GuiUsage());
    return 0;
  }
  const bool screenshot = !arguments.screenshot.isEmpty();
  if (screenshot && !qEnvironmentVariableIsSet("QT_QPA_PLATFORM")) {
    qputenv("QT_QPA_PLATFORM", "offscreen");
  }
  QApplication application(argc, argv);
  QApplication::setApplicationName("tabref-gui");
  QApplication::setStyle(QStyleFactory::create("Fusion"));

  if (!arguments.demo.isEmpty()) {
    LiveDemoWindow demo(arguments.demo, arguments.seed, arguments.annotated);
    demo.show();
    demo.start();
    return QApplication::exec();
  }

  std::unique_ptr<data::SqliteGameStore> store;
  try {
    const std::string path = arguments.database.isEmpty() ? data::DefaultDatabasePath().string()
                                                          : ToStdString(arguments.database);
    // A screenshot only reads: it must not create or migrate a database.
    data::SqliteStoreOptions options;
    options.read_only = screenshot;
    store = std::make_unique<data::SqliteGameStore>(path, options);
  } catch (const std::exception& error) {
    return Fail(error.what(), 1);
  }

  MainWindow window(*store);
  if (arguments.open && !window.startUp(arguments.open)) {
    return Fail(ToStdString(window.lastProblem()), 1);
  }
  if (screenshot) {
    const QString problem = SaveScreenshot(window, arguments.screenshot);
    return problem.isEmpty() ? 0 : Fail(ToStdString(problem), 1);
  }
  window.show();
  // Once the window is up, so that the question about an unfinished game stands on it.
  if (!arguments.open) {
    QTimer::singleShot(0, &window, [&window] { window.startUp(std::nullopt); });
  }
  return QApplication::exec();
}

}  // namespace tabref::gui
