#include "app/referee/sim/simulated_game_source.h"

#include <algorithm>
#include <opencv2/calib3d.hpp>
#include <opencv2/imgproc.hpp>
#include <sstream>

#include "rules/core/geometry.h"
#include "rules/core/rule_error.h"

namespace tabref::referee {
namespace {

calibration::Intrinsics IntrinsicsOf(const vision::sim::Camera& camera) {
  calibration::Intrinsics intrinsics;
  intrinsics.image_size = camera.image_size;
  intrinsics.camera_matrix = camera.camera_matrix;
  intrinsics.distortion = cv::Mat(1, 5, CV_64F);
  for (int i = 0; i < 5; ++i) intrinsics.distortion.at<double>(i) = camera.distortion[i];
  return intrinsics;
}

vision::sim::Camera Bumped(vision::sim::Camera camera, const cv::Vec3d& turn_deg,
                           const cv::Vec3d& shift_mm) {
  const cv::Vec3d centre = camera.Centre();
  cv::Matx33d turn;
  cv::Rodrigues(turn_deg * (CV_PI / 180), turn);
  camera.rotation = turn * camera.rotation;
  camera.translation = -(camera.rotation * (centre + shift_mm));
  return camera;
}

// Covers marker `id` (with its paper) by a patch of the table's colour nearby.
void CoverMarker(cv::Mat& image, const vision::sim::Camera& camera,
                 const vision::sim::TableLayout& layout, int id) {
  const auto corners = layout.MarkerCorners(id);
  cv::Vec3d centre(0, 0, 0);
  for (const cv::Vec3d& c : corners) centre += c * 0.25;
  const double grow =
      (layout.marker_side_mm + 2 * layout.paper_margin_mm) / layout.marker_side_mm * 1.15;
  std::vector<cv::Point> polygon;
  for (const cv::Vec3d& c : corners) {
    const cv::Point2d p = camera.Project(centre + (c - centre) * grow);
    polygon.emplace_back(static_cast<int>(std::lround(p.x)), static_cast<int>(std::lround(p.y)));
  }
  const cv::Point2d beside = camera.Project(centre + (corners[0] - centre) * (grow * 1.4));
  const cv::Point at(std::clamp(static_cast<int>(beside.x), 0, image.cols - 1),
                     std::clamp(static_cast<int>(beside.y), 0, image.rows - 1));
  const cv::Vec3b colour = image.at<cv::Vec3b>(at);
  cv::fillConvexPoly(image, polygon, cv::Scalar(colour[0], colour[1], colour[2]), cv::LINE_AA);
}

bool SameScore(const rules::State& a, const rules::State& b) {
  return a.StatusLine() == b.StatusLine() &&
         a.Scorecard().ToJson().value("rows", rules::Json()) ==
             b.Scorecard().ToJson().value("rows", rules::Json());
}

// Whether every field of `choice` holds the value `truth` gives it.
bool SaysWhatTruthSays(const rules::Json& choice, const rules::Json& truth) {
  if (!choice.is_object() || !truth.is_object()) return false;
  for (const auto& [key, value] : choice.items()) {
    if (!truth.contains(key) || truth[key] != value) return false;
  }
  return true;
}

// Whether `choice` is of the type, by the player and with the flags (its true-or-false fields:
// hit, off the table) of `truth`: what players asked what a piece did say, whatever places
// the camera measured.
bool FlagsSayWhatTruthSays(const rules::Json& choice, const rules::Json& truth) {
  if (!choice.is_object() || !truth.is_object() ||
      choice.value("type", "") != truth.value("type", "") ||
      choice.value("player", "") != truth.value("player", ""))
    return false;
  const auto flag = [](const rules::Json& action, const std::string& key) {
    return action.contains(key) && action[key].is_boolean() && action[key].get<bool>();
  };
  for (const rules::Json* side : {&choice, &truth}) {
    for (const auto& [key, value] : side->items()) {
      if (value.is_boolean() && flag(choice, key) != flag(truth, key)) return false;
    }
  }
  return true;
}

// Whether the placed pieces of `choice` (a list under "pieces" with positions) are flagged as
// the truth's are, each paired with the truth's nearest piece of its player: what players
// asked which pieces touch the target say, looking at the table.
bool PiecesSayWhatTruthSays(const rules::Json& choice, const rules::Json& truth) {
  if (!choice.is_object() || !truth.is_object() ||
      choice.value("type", "") != truth.value("type", "") || !choice.contains("pieces") ||
      !truth.contains("pieces"))
    return false;
  for (const rules::Json& piece : choice["pieces"]) {
    if (!piece.contains("position")) continue;
    const rules::Vec2 at = rules::PointFromJson(piece["position"]);
    const rules::Json* nearest = nullptr;
    for (const rules::Json& other : truth["pieces"]) {
      if (other.value("player", "") != piece.value("player", "") || !other.contains("position"))
        continue;
      if (nearest == nullptr ||
          rules::Distance(rules::PointFromJson(other["position"]), at) <
              rules::Distance(rules::PointFromJson((*nearest)["position"]), at))
        nearest = &other;
    }
    if (nearest == nullptr) return false;
    for (const char* flag : {"touching_target", "stacked_on_target"}) {
      if (piece.value(flag, false) != nearest->value(flag, false)) return false;
    }
  }
  return true;
}

}  // namespace

SimulatedGameSource::SimulatedGameSource(const GameSimulationOptions& options,
                                         SimulatedFaults faults)
    : options_(options), faults_(std::move(faults)) {
  game_ = std::make_unique<SimulatedGame>(options_, false);
  setup_ = game_->Setup();
  rules_game_ = game_->State().game_ptr();
  intrinsics_ = IntrinsicsOf(game_->Camera());
  unplugged_done_.assign(faults_.unplugged.size(), false);
}

std::string SimulatedGameSource::Describe() const {
  std::ostringstream text;
  const auto& recording = options_.recording;
  text << "synthetic table: " << recording.game << " seed " << recording.seed << ", ";
  if (recording.render_frames) {
    text << recording.width << "x" << recording.height;
  } else {
    text << "ground truth only";
  }
  text << " at " << recording.fps << " fps";
  return text.str();
}

vision::FrameRead SimulatedGameSource::Read() {
  vision::FrameRead read;
  if (waiting_reads_ > 0) {
    --waiting_reads_;
    read.status = vision::ReadStatus::kWaiting;
    read.message = "camera unplugged (simulated); the game waits";
    return read;
  }
  const double next_s = delivered_ / options_.recording.fps;
  for (size_t i = 0; i < faults_.unplugged.size(); ++i) {
    if (unplugged_done_[i] || next_s < faults_.unplugged[i].first) continue;
    unplugged_done_[i] = true;
    waiting_reads_ = std::max(0, static_cast<int>(faults_.unplugged[i].second * 4) - 1);
    read.status = vision::ReadStatus::kWaiting;
    read.message = "camera unplugged (simulated); the game waits";
    return read;
  }
  if (faults_.bump_at_s && !bumped_ && next_s >= *faults_.bump_at_s) {
    bumped_ = true;
    game_->MoveCamera(Bumped(game_->Camera(), faults_.bump_deg, faults_.bump_mm));
  }
  if (!game_->NextFrame()) {
    ended_ = true;
    read.status = vision::ReadStatus::kEnded;
    read.message = "the simulated game is over: " + game_->Finish().stopped;
    return read;
  }
  read.status = vision::ReadStatus::kFrame;
  read.frame.index = delivered_++;
  read.frame.time_s = game_->Time();
  time_s_ = read.frame.time_s;
  read.frame.image = game_->Image();
  for (const SimulatedFaults::Covered& covered : faults_.covered_markers) {
    if (read.frame.image.empty() || read.frame.time_s < covered.from_s ||
        read.frame.time_s >= covered.to_s)
      continue;
    read.frame.image = read.frame.image.clone();
    CoverMarker(read.frame.image, game_->Camera(), game_->Table().layout, covered.marker);
  }
  auto truth = std::make_shared<vision::FrameTruth>();
  truth->table = game_->TruthTable();
  truth->hand = game_->HandShadow();
  read.frame.truth = std::move(truth);
  return read;
}

std::optional<rules::Json> AnswerCountedByKind(const std::vector<rules::Action>& truth,
                                               const rules::State& live,
                                               const ManualDecision& decision) {
  if (decision.kind != "choose_size" || decision.choices.empty()) return std::nullopt;
  const std::string type = decision.choices.front().action.value("type", "");
  const auto asked_before = std::count_if(
      live.History().begin(), live.History().end(),
      [&](const rules::Action& action) { return action.body.value("type", "") == type; });
  std::ptrdiff_t seen = 0;
  for (const rules::Action& action : truth) {
    if (action.body.value("type", "") != type || seen++ < asked_before) continue;
    for (const rules::LegalAction& choice : decision.choices) {
      if (choice.action == action.body) return choice.action;
    }
    break;
  }
  return std::nullopt;
}

std::optional<rules::Json> SimulatedGameSource::AnswerAsTruth(
    const rules::State& live, const ManualDecision& decision) const {
  if (decision.choices.empty()) return std::nullopt;
  if (faults_.answer_after_s > 0 && !ended_) {
    const std::lock_guard lock(asked_mutex_);
    const double now_s = time_s_;
    const std::string key = std::to_string(live.History().size()) + " " + decision.question;
    if (now_s - first_asked_s_.try_emplace(key, now_s).first->second < faults_.answer_after_s)
      return std::nullopt;
  }
  const std::vector<rules::Action> truth = game_->TruthActions();
  if (std::optional<rules::Json> answer = AnswerCountedByKind(truth, live, decision)) return answer;
  // Pieces put back by hand are recorded whenever a look finds one moved, and the players are
  // asked to rule whenever a measurement is too close to call (the live camera's sigma is not
  // the truth's): the live game and the truth may hold different numbers of either. The
  // other actions line up.
  const auto by_hand = [](const rules::Action& action) {
    return action.body.value("type", "") == "layout";
  };
  const auto lines_up = [&](const rules::Action& action) {
    return !by_hand(action) && action.body.value("type", "") != "ruling";
  };
  const auto judged =
      static_cast<size_t>(std::count_if(live.History().begin(), live.History().end(), lines_up));
  size_t done = 0;
  for (size_t seen = 0; done < truth.size() && seen < judged; ++done) {
    if (lines_up(truth[done])) ++seen;
  }
  while (done < truth.size() && by_hand(truth[done])) ++done;
  // The choices that leave the live game's scorecard where the truth's is after its first
  // `upto` actions.
  const auto matching = [&](size_t upto) {
    std::vector<rules::Json> matches;
    if (upto > truth.size()) return matches;
    const std::vector<rules::Action> prefix(truth.begin(),
                                            truth.begin() + static_cast<std::ptrdiff_t>(upto));
    std::unique_ptr<rules::State> expected;
    try {
      expected = rules::Replay(rules_game_, prefix);
    } catch (const rules::RuleError&) {
      return matches;
    }
    for (const rules::LegalAction& choice : decision.choices) {
      // "Moved by hand, not flicked" leaves the scorecard as it was, like the truth's before a
      // shot: the players say it only of pieces the truth moved by hand.
      if (choice.action.value("type", "") == "layout" &&
          (done >= truth.size() || !by_hand(truth[done])))
        continue;
      std::unique_ptr<rules::State> answered = live.Clone();
      try {
        answered->Apply(choice.action, rules::ActionSource::kManual);
      } catch (const rules::RuleError&) {
        continue;
      }
      if (SameScore(*answered, *expected)) matches.push_back(choice.action);
    }
    return matches;
  };
  if (truth.size() <= done) {
    // The simulated referee has not got this far (yet, or ever). Its own measurement may
    // have settled the question already, within the shot the live game asks about: the
    // answer that agrees with its game as it stands.
    const std::vector<rules::Json> agreeing = matching(truth.size());
    if (agreeing.size() == 1) return agreeing.front();
    if (ended_) return decision.choices.front().action;
    return std::nullopt;
  }
  for (const rules::LegalAction& choice : decision.choices) {
    if (choice.action == truth[done].body) return choice.action;
  }
  // A question about the pieces (which touch the target): the one choice that says of them
  // what the truth's action says.
  const auto said = std::count_if(decision.choices.begin(), decision.choices.end(),
                                  [&](const rules::LegalAction& choice) {
                                    return PiecesSayWhatTruthSays(choice.action, truth[done].body);
                                  });
  for (const rules::LegalAction& choice : decision.choices) {
    if (said == 1 && PiecesSayWhatTruthSays(choice.action, truth[done].body)) return choice.action;
  }
  // A choice that names less than the truth measured (who placed the target and its size,
  // not where): the one that says what the truth's action says.
  for (const rules::LegalAction& choice : decision.choices) {
    if (SaysWhatTruthSays(choice.action, truth[done].body)) return choice.action;
  }
  // A question of what a piece did: the one choice whose flags say what the truth's say, when
  // the live game stands where the truth's did before that action (else the truth's action at
  // that point may be another shot's: a shot the live game did not judge).
  const auto flagged = std::count_if(
      decision.choices.begin(), decision.choices.end(), [&](const rules::LegalAction& choice) {
        return FlagsSayWhatTruthSays(choice.action, truth[done].body);
      });
  const auto in_step = [&] {
    try {
      const std::vector<rules::Action> before(truth.begin(),
                                              truth.begin() + static_cast<std::ptrdiff_t>(done));
      return SameScore(live, *rules::Replay(rules_game_, before));
    } catch (const rules::RuleError&) {
      return false;
    }
  };
  if (flagged == 1 && in_step()) {
    for (const rules::LegalAction& choice : decision.choices) {
      if (FlagsSayWhatTruthSays(choice.action, truth[done].body)) return choice.action;
    }
  }
  // The truth measured what the camera could not settle: the answer that keeps the
  // scorecard where the truth's is, after the same shots (or one more decision).
  for (const size_t upto : {done, done + 1}) {
    const std::vector<rules::Json> agreeing = matching(upto);
    if (!agreeing.empty()) return agreeing.front();
  }
  return decision.choices.front().action;
}

GameSimulationReport SimulatedGameSource::Finish() { return game_->Finish(); }

}  // namespace tabref::referee
