#pragma once

#include <QImage>
#include <QObject>
#include <QString>
#include <atomic>
#include <memory>

#include "app/gui/shared_state.h"

namespace tabref::gui {

// Referees a simulated game live (the synthetic table through the camera pipeline) on the
// thread it is moved to; every frame goes to the GUI as a copied, annotated QImage, every
// event as a line and the state as a copy when an action changed it. The GUI keeps only the
// newest frame it gets.
class LiveDemoWorker : public QObject {
  Q_OBJECT

 public:
  LiveDemoWorker(QString game, quint64 seed, QString annotated_path);

  // Asks a running game to stop after the current frame (any thread).
  void stop() { stop_ = true; }

 public slots:
  void run();

 signals:
  void frameReady(const QImage& frame);
  void eventText(const QString& line);
  void stateChanged(tabref::gui::SharedState state);
  // The game ended (or failed: `problem` non-empty); `summary` is the terminal's last lines.
  void finished(const QString& summary, const QString& problem);

 private:
  QString game_;
  quint64 seed_;
  QString annotated_path_;
  std::atomic<bool> stop_ = false;
};

}  // namespace tabref::gui
