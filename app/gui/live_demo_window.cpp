#include "app/gui/live_demo_window.h"

#include <QLabel>
#include <QPlainTextEdit>
#include <QSplitter>
#include <QVBoxLayout>
#include <iostream>

#include "app/gui/camera_view.h"
#include "app/gui/scorecard_view.h"

namespace tabref::gui {

LiveDemoWindow::LiveDemoWindow(const QString& game, quint64 seed, const QString& annotated_path,
                               QWidget* parent)
    : QMainWindow(parent) {
  setWindowTitle("tabref demo: " + game + " refereed live");
  camera_ = new CameraView;
  scorecard_ = new ScorecardView;
  events_ = new QPlainTextEdit;
  events_->setReadOnly(true);
  events_->setMaximumBlockCount(500);
  status_ = new QLabel;
  status_->setWordWrap(true);
  auto* side = new QWidget;
  auto* side_layout = new QVBoxLayout(side);
  side_layout->addWidget(status_);
  side_layout->addWidget(scorecard_, 2);
  side_layout->addWidget(events_, 1);
  auto* splitter = new QSplitter;
  splitter->addWidget(camera_);
  splitter->addWidget(side);
  splitter->setStretchFactor(0, 3);
  splitter->setStretchFactor(1, 2);
  setCentralWidget(splitter);
  resize(1500, 700);

  worker_ = new LiveDemoWorker(game, seed, annotated_path);
  worker_->moveToThread(&thread_);
  connect(&thread_, &QThread::finished, worker_, &QObject::deleteLater);
  connect(worker_, &LiveDemoWorker::frameReady, camera_, &CameraView::setFrame,
          Qt::QueuedConnection);
  connect(worker_, &LiveDemoWorker::eventText, events_, &QPlainTextEdit::appendPlainText,
          Qt::QueuedConnection);
  connect(
      worker_, &LiveDemoWorker::stateChanged, this,
      [this](const SharedState& state) {
        scorecard_->showState(*state);
        status_->setText(QString::fromStdString(state->StatusLine()));
      },
      Qt::QueuedConnection);
  connect(worker_, &LiveDemoWorker::finished, this, &LiveDemoWindow::showFinished,
          Qt::QueuedConnection);
}

LiveDemoWindow::~LiveDemoWindow() {
  worker_->stop();
  thread_.quit();
  thread_.wait();
}

void LiveDemoWindow::start() {
  thread_.start();
  QMetaObject::invokeMethod(worker_, &LiveDemoWorker::run, Qt::QueuedConnection);
}

void LiveDemoWindow::showFinished(const QString& summary, const QString& problem) {
  const QString text = problem.isEmpty() ? summary : "the demo failed: " + problem;
  status_->setText(text);
  events_->appendPlainText(text);
  std::cout << text.toStdString() << std::endl;
}

}  // namespace tabref::gui
