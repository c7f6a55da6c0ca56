#include "app/gui/live_demo_worker.h"

#include <sstream>

#include "app/gui/frame_image.h"
#include "app/gui/live_referee_setup.h"
#include "app/referee/live/annotated_video.h"
#include "app/referee/live/live_evaluation.h"
#include "app/referee/live/live_run.h"
#include "rules/registry.h"

namespace tabref::gui {
namespace {

// Hands every stopped-early request to RunLive as the end of the source.
class StoppableSource : public vision::FrameSource {
 public:
  StoppableSource(vision::FrameSource& inner, const std::atomic<bool>& stop)
      : inner_(inner), stop_(stop) {}
  vision::FrameRead Read() override {
    if (stop_) return {vision::ReadStatus::kEnded, {}, "stopped"};
    return inner_.Read();
  }
  std::string Describe() const override { return inner_.Describe(); }
  double Fps() const override { return inner_.Fps(); }

 private:
  vision::FrameSource& inner_;
  const std::atomic<bool>& stop_;
};

}  // namespace

LiveDemoWorker::LiveDemoWorker(QString game, quint64 seed, QString annotated_path)
    : game_(std::move(game)), seed_(seed), annotated_path_(std::move(annotated_path)) {
  qRegisterMetaType<SharedState>("tabref::gui::SharedState");
}

void LiveDemoWorker::run() {
  try {
    const std::string game = game_.toStdString();
    referee::OpenedSource opened =
        referee::OpenSource("sim:" + std::to_string(seed_), game, GuiSimulatedTable(game));
    referee::SimulatedGameSource* sim = opened.simulated;
    referee::MemoryScorekeeper keeper(rules::MakeGame(sim->Setup())->NewInitialState());
    const std::unique_ptr<referee::LiveReferee> live_referee = MakeGuiLiveReferee(
        opened, keeper, [sim](const rules::State& state, const referee::ManualDecision& decision) {
          return sim->AnswerAsTruth(state, decision);
        });
    referee::LiveReferee& live = *live_referee;
    emit stateChanged(SharedState(keeper.State().Clone()));

    std::string last_line;
    referee::LiveRunOptions run;
    run.print_tracking = false;
    run.annotated_path = annotated_path_.toStdString();
    run.on_frame = [&](const vision::Frame& frame, const std::vector<referee::LiveEvent>& events) {
      bool changed = false;
      for (const referee::LiveEvent& event : events) {
        if (event.kind == referee::LiveEvent::Kind::kTracking) continue;
        last_line = event.text;
        emit eventText(QString::fromStdString(event.text));
        changed = changed || event.kind == referee::LiveEvent::Kind::kAction;
      }
      if (changed) emit stateChanged(SharedState(keeper.State().Clone()));
      emit frameReady(ToQImage(referee::Annotate(frame.image, live, last_line)));
    };
    StoppableSource source(*opened.source, stop_);
    std::ostringstream terminal;
    const referee::LiveRunResult result = referee::RunLive(source, live, terminal, run);
    std::ostringstream summary;
    summary << result.ended << "\n" << keeper.State().StatusLine();
    if (!result.annotated_path.empty()) summary << "\nannotated video: " << result.annotated_path;
    const bool same =
        referee::SameScorecard(sim->Game().State().Summary(), keeper.State().Summary());
    summary << "\nthe simulator's truth: " << (same ? "the same score" : "a different score");
    emit finished(QString::fromStdString(summary.str()), {});
  } catch (const std::exception& error) {
    emit finished({}, QString::fromStdString(error.what()));
  }
}

}  // namespace tabref::gui
