#include "app/referee/live/live_run.h"

#include <algorithm>
#include <chrono>
#include <iomanip>
#include <memory>

#include "app/referee/live/annotated_video.h"

namespace tabref::referee {
namespace {

using Clock = std::chrono::steady_clock;

double MsSince(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

void AddStages(std::vector<vision::StageTiming>& totals,
               const std::vector<vision::StageTiming>& frame) {
  for (const vision::StageTiming& stage : frame) {
    auto it = std::find_if(totals.begin(), totals.end(),
                           [&](const vision::StageTiming& t) { return t.stage == stage.stage; });
    if (it == totals.end()) {
      totals.push_back(stage);
    } else {
      it->ms += stage.ms;
    }
  }
}

// The scorecard rows (what `tabref replay --json` would show) without the status.
rules::Json Rows(const rules::State& state) {
  return state.Scorecard().ToJson().value("rows", rules::Json());
}

}  // namespace

LiveRunResult RunLive(vision::FrameSource& source, LiveReferee& referee, std::ostream& out,
                      const LiveRunOptions& options) {
  LiveRunResult result;
  const Clock::time_point started = Clock::now();
  std::unique_ptr<AnnotatedVideo> video;
  std::string last_line;
  rules::Json rows = Rows(referee.Keeper().State());
  int waiting = 0;
  std::string waiting_message;

  const auto print = [&](const std::vector<LiveEvent>& events) {
    for (const LiveEvent& event : events) {
      if (event.kind == LiveEvent::Kind::kTracking && !options.print_tracking) continue;
      out << std::fixed << std::setprecision(2) << "[" << std::setw(7) << event.time_s << " s] "
          << ToString(event.kind) << ": " << event.text << "\n";
      if (event.kind != LiveEvent::Kind::kTracking) last_line = event.text;
      if (event.kind == LiveEvent::Kind::kAction) {
        const rules::State& state = referee.Keeper().State();
        out << "            -> " << state.StatusLine() << "\n";
        rules::Json now = Rows(state);
        if (now != rows) {
          out << state.ToText() << "\n";
          rows = std::move(now);
        }
      }
    }
    out.flush();
  };
  print(referee.AskPending(0));

  for (;;) {
    vision::FrameRead read = source.Read();
    if (read.status == vision::ReadStatus::kEnded) {
      result.source_ended = true;
      result.ended = read.message.empty() ? "the source has no more frames" : read.message;
      break;
    }
    if (read.status == vision::ReadStatus::kWaiting) {
      if (read.message != waiting_message) {
        out << "waiting: " << read.message << "\n";
        waiting_message = read.message;
      }
      ++waiting;
      if (options.max_waiting_reads > 0 && waiting >= options.max_waiting_reads) {
        result.ended = "gave up waiting for frames: " + read.message;
        break;
      }
      continue;
    }
    waiting = 0;
    waiting_message.clear();
    const vision::Frame& frame = read.frame;
    const Clock::time_point frame_start = Clock::now();
    const std::vector<LiveEvent> events = referee.Process(frame);
    const double compute_ms = MsSince(frame_start);
    ++result.frames;
    result.compute_ms += compute_ms;
    if (referee.LastCosts().full_detection) ++result.full_detections;
    AddStages(result.stages, referee.LastCosts().stages);
    for (size_t i = 0; i < events.size(); ++i) {
      if (events[i].kind == LiveEvent::Kind::kCalibrated) ++result.calibrations;
      if (events[i].kind != LiveEvent::Kind::kShotJudged) continue;
      JudgedShot shot;
      shot.judged_s = events[i].time_s;
      shot.rest_s = events[i].shot_rest_s;
      shot.compute_ms = compute_ms;
      shot.verdict = events[i].text;
      if (i + 1 < events.size() && events[i + 1].kind == LiveEvent::Kind::kAction)
        shot.action = events[i + 1].action;
      // A shot judged again (once the players set the table right, or answered what held it)
      // replaces its first verdict.
      const auto earlier =
          std::find_if(result.shots.rbegin(), result.shots.rend(),
                       [&](const JudgedShot& judged) { return judged.rest_s == shot.rest_s; });
      if (earlier != result.shots.rend()) {
        *earlier = std::move(shot);
      } else {
        result.shots.push_back(std::move(shot));
      }
    }
    print(events);
    if (!options.annotated_path.empty()) {
      if (!video) {
        video = std::make_unique<AnnotatedVideo>(options.annotated_path, frame.image.size(),
                                                 source.Fps());
      }
      video->Write(Annotate(frame.image, referee, last_line));
    }
    if (options.on_frame) options.on_frame(frame, events);
  }
  if (video) {
    video->Finish();
    result.annotated_path = options.annotated_path;
  }
  result.wall_s = std::chrono::duration<double>(Clock::now() - started).count();
  return result;
}

}  // namespace tabref::referee
