#pragma once

#include <QMainWindow>
#include <QThread>

#include "app/gui/live_demo_worker.h"

class QLabel;
class QPlainTextEdit;

namespace tabref::gui {

class CameraView;
class ScorecardView;

// `tabref demo` with a display: the annotated camera view, the live scorecard and the
// referee's events of a simulated game refereed live. The referee runs on its own thread.
class LiveDemoWindow : public QMainWindow {
  Q_OBJECT

 public:
  LiveDemoWindow(const QString& game, quint64 seed, const QString& annotated_path,
                 QWidget* parent = nullptr);
  ~LiveDemoWindow() override;

  // Starts refereeing (once shown).
  void start();

 private slots:
  void showFinished(const QString& summary, const QString& problem);

 private:
  CameraView* camera_ = nullptr;
  ScorecardView* scorecard_ = nullptr;
  QPlainTextEdit* events_ = nullptr;
  QLabel* status_ = nullptr;
  QThread thread_;
  LiveDemoWorker* worker_ = nullptr;
};

}  // namespace tabref::gui
