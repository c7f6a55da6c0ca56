#pragma once

#include <QImage>
#include <QObject>
#include <QString>
#include <QStringList>
#include <atomic>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include "app/gui/mirror_scorekeeper.h"
#include "app/gui/shared_state.h"
#include "app/referee/live/source_spec.h"

namespace tabref::gui {

// The live referee of the main window, on the thread it is moved to: reads the source frame
// by frame, runs the LiveReferee on a mirror of the GUI's game (MirrorScorekeeper) and sends
// the GUI what it needs: the annotated frame (only when the GUI has shown the previous one,
// so a busy GUI skips frames instead of queueing them), every action to record, the
// referee's status and its questions. Between two frames it handles what the GUI sends
// (followGui), so a GUI change reaches the referee before the next frame.
class LiveCameraWorker : public QObject {
  Q_OBJECT

 public:
  // `opened`: the source, already open; `lens`: the camera's stored intrinsics, if any. `state`:
  // the GUI's game at `epoch` (which game opening the GUI is at). `ready_for_frame`: true while the
  // GUI waits for a frame (it sets it again once it showed one).
  LiveCameraWorker(referee::OpenedSource opened, std::optional<calibration::Intrinsics> lens,
                   const SharedState& state, qint64 epoch,
                   std::shared_ptr<std::atomic<bool>> ready_for_frame);
  ~LiveCameraWorker() override;

  // Any thread: stops after the current frame.
  void stop() { stop_ = true; }
  // Any thread: the players chose `choice` (an index into its choices) for `question`.
  void answer(const QString& question, int choice);

 public slots:
  // Reads and referees frames until the source ends, stop() or a failure.
  void start();
  // The GUI's game: a fresh copy after any change the worker did not propose (`state`), or
  // null when the GUI recorded the proposals up to `seen`. Another `epoch`: another game
  // was opened, and the referee starts again on it.
  void followGui(const tabref::gui::SharedState& state, qint64 seen, qint64 epoch);

 signals:
  void frameReady(const QImage& frame);
  void actionProposed(qint64 epoch, const tabref::gui::ProposedAction& proposal);
  // One line: the source and what the referee does (looking for the table, table found,
  // table lost, waiting for the camera).
  void statusChanged(const QString& status);
  void questionAsked(const QString& question, const QStringList& choices);
  void questionWithdrawn();
  // The source ended (`problem` empty) or failed; the worker does nothing more.
  void finished(const QString& why, const QString& problem);

 private slots:
  void step();

 private:
  void startReferee(const SharedState& state);
  std::optional<rules::Json> ask(const rules::State& state,
                                 const referee::ManualDecision& decision);
  // The question is no longer asked: the GUI hides it.
  void withdrawQuestion();
  void handle(const std::vector<referee::LiveEvent>& events);
  void showFrame(const cv::Mat& image);
  void setStatus(const std::string& status);
  void finish(const std::string& why, const std::string& problem);

  referee::OpenedSource opened_;
  std::optional<calibration::Intrinsics> lens_;
  std::string source_name_;
  qint64 epoch_;
  std::shared_ptr<std::atomic<bool>> ready_for_frame_;
  std::unique_ptr<MirrorScorekeeper> mirror_;
  std::unique_ptr<referee::LiveReferee> referee_;
  std::atomic<bool> stop_ = false;
  bool finished_ = false;
  double time_s_ = 0;
  std::string status_;
  std::string last_event_;
  bool table_lost_ = false;

  // The question shown in the window, and whether the referee asked it again this frame
  // (a question it no longer asks is withdrawn).
  std::string posted_question_;
  bool asked_this_frame_ = false;
  // The players' answer, written by the GUI thread.
  std::mutex answer_mutex_;
  std::optional<std::pair<std::string, int>> answer_;
};

}  // namespace tabref::gui

Q_DECLARE_METATYPE(tabref::gui::ProposedAction)
