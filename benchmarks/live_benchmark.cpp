// The live referee on the synthetic table against the simulator's truth: for each seed a game
// is played and refereed through the whole camera pipeline (markers, analyzer, tracker,
// referee glue); prints per seed and in total the shots judged correctly, asked, wrong,
// missed and false, pieces off the table the tracker missed, the time from the pieces coming
// to rest to the scorecard update, frames per second and the time per stage. The baseline in
// the same run is the simulator's own referee on the exact truth (a perfect camera), whose
// scorecard the live one is compared with.
//   live_benchmark [--game bocce] [--seeds 1-10] [--width 1280 --height 720] [--max-shots N]
//                  [--truth-pieces] [--no-tidying-hand] [--verbose] [--all-shots] [--events]
// --verbose: the shots judged otherwise than the truth; --all-shots: every shot the live
// referee judged, with its verdict and action; --events: every event as `tabref referee`
// prints it (tracking too), as it happens.
// --truth-pieces feeds the tracker the synthetic table's exact pieces instead of the camera's:
// the tracker and referee glue alone (the games whose pieces no detector finds yet).
// --no-tidying-hand: between shots the pieces taken up vanish and the next appear, rather than
// the simulated hand taking them up and setting the next down as a player does
// (vision::sim::SimulationOptions::tidying_hand; the default since stop 54, the recordings of
// the figures up to stop 53 without it).
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <map>
#include <string>

#include "app/referee/live/live_evaluation.h"

namespace {

using tabref::referee::LiveEvaluation;

double Percentile(std::vector<double> values, double share) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  const size_t index = std::min(values.size() - 1, static_cast<size_t>(share * values.size()));
  return values[index];
}

int Usage(const char* error) {
  std::fprintf(stderr,
               "live_benchmark: %s\nusage: live_benchmark [--game bocce|ppolf|iceboule] "
               "[--seeds A-B] [--width W --height H] [--max-shots N] [--truth-pieces] "
               "[--no-tidying-hand] [--verbose] [--all-shots] [--events]\n",
               error);
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  std::string game = "bocce";
  int first = 1, last = 10;
  bool verbose = false;
  bool all_shots = false;
  bool events = false;
  tabref::referee::SimulatedTableSettings table;
  tabref::referee::LiveRefereeOptions options;
  table.max_shots = 20;
  try {
    for (int i = 1; i < argc; ++i) {
      const std::string arg = argv[i];
      const auto value = [&]() -> std::string {
        if (i + 1 >= argc) throw std::invalid_argument(arg + " needs a value");
        return argv[++i];
      };
      if (arg == "--game") {
        game = value();
      } else if (arg == "--seeds") {
        const std::string range = value();
        const size_t dash = range.find('-');
        first = std::stoi(range.substr(0, dash));
        last = dash == std::string::npos ? first : std::stoi(range.substr(dash + 1));
      } else if (arg == "--width") {
        table.width = std::stoi(value());
      } else if (arg == "--height") {
        table.height = std::stoi(value());
      } else if (arg == "--max-shots") {
        table.max_shots = std::stoi(value());
      } else if (arg == "--truth-pieces") {
        options.evidence = tabref::referee::LiveRefereeOptions::Evidence::kTruth;
      } else if (arg == "--no-tidying-hand") {
        table.tidying_hand = false;
      } else if (arg == "--verbose") {
        verbose = true;
      } else if (arg == "--all-shots") {
        all_shots = true;
      } else if (arg == "--events") {
        events = true;
      } else {
        return Usage(("unknown argument " + arg).c_str());
      }
    }
  } catch (const std::exception& error) {
    return Usage(error.what());
  }
  if (game == "bocce") table.game_options["target"] = 7;

  std::printf(
      "live referee, %s on the synthetic table at %dx%d, %d shots at most per game, "
      "pieces from %s\n",
      game.c_str(), table.width, table.height, table.max_shots,
      options.evidence == tabref::referee::LiveRefereeOptions::Evidence::kTruth
          ? "the exact truth (tracker and glue only)"
          : "the camera (detector and analyzer)");
  std::printf(table.tidying_hand
                  ? "the hand takes pieces up and sets them down between shots\n"
                  : "pieces taken up between shots vanish, the next appear (no tidying hand)\n");
  std::printf("%5s %6s %7s %5s %5s %6s %5s %8s %10s %6s %9s\n", "seed", "shots", "correct", "asked",
              "wrong", "missed", "false", "off/miss", "scorecard", "fps", "latency s");
  LiveEvaluation total;
  std::vector<double> latencies, compute;
  tabref::referee::PlaceErrors places;
  std::map<std::string, double> stages;
  std::vector<std::string> order;
  int matches = 0, games = 0;
  double frames = 0, compute_ms = 0, wall_s = 0, full = 0;
  for (int seed = first; seed <= last; ++seed) {
    LiveEvaluation e;
    try {
      e = tabref::referee::EvaluateLiveGame(game, static_cast<std::uint64_t>(seed), table, options,
                                            2.0, events ? &std::cout : nullptr);
    } catch (const std::exception& error) {
      std::fprintf(stderr, "seed %d: %s\n", seed, error.what());
      return 1;
    }
    ++games;
    matches += e.scorecard_matches ? 1 : 0;
    total.truth_shots += e.truth_shots;
    total.judged_correctly += e.judged_correctly;
    total.asked += e.asked;
    total.wrong += e.wrong;
    total.missed += e.missed;
    total.false_shots += e.false_shots;
    total.unjudged_moves += e.unjudged_moves;
    total.off_table += e.off_table;
    total.off_table_missed += e.off_table_missed;
    places.Add(e.places);
    latencies.insert(latencies.end(), e.rest_to_update_s.begin(), e.rest_to_update_s.end());
    compute.insert(compute.end(), e.update_compute_ms.begin(), e.update_compute_ms.end());
    frames += e.run.frames;
    compute_ms += e.run.compute_ms;
    wall_s += e.run.wall_s;
    full += e.run.full_detections;
    for (const auto& stage : e.run.stages) {
      if (!stages.count(stage.stage)) order.push_back(stage.stage);
      stages[stage.stage] += stage.ms;
    }
    std::printf("%5d %6d %7d %5d %5d %6d %5d %4d/%-3d %10s %6.1f %9.2f\n", seed, e.truth_shots,
                e.judged_correctly, e.asked, e.wrong, e.missed, e.false_shots, e.off_table,
                e.off_table_missed, e.scorecard_matches ? "same" : "DIFFERS",
                e.run.compute_ms > 0 ? 1000.0 * e.run.frames / e.run.compute_ms : 0,
                Percentile(e.rest_to_update_s, 0.5));
    if (verbose) {
      for (const std::string& note : e.notes) std::printf("        %s\n", note.c_str());
    }
    if (all_shots) {
      for (const tabref::referee::JudgedShot& shot : e.run.shots)
        std::printf("        live shot at rest %.2f s: '%s' %s\n", shot.rest_s,
                    shot.verdict.c_str(), shot.action.dump().c_str());
    }
    std::fflush(stdout);
  }
  std::printf(
      "\ntotal: %d truth shots: %d judged correctly (%.1f%%), %d asked the players, %d "
      "wrong, %d missed, %d false shots (acted on; %d more seen and left unjudged)\n",
      total.truth_shots, total.judged_correctly,
      total.truth_shots ? 100.0 * total.judged_correctly / total.truth_shots : 0, total.asked,
      total.wrong, total.missed, total.false_shots, total.unjudged_moves);
  std::printf("off the table: %d shots, %d not seen by the tracker\n", total.off_table,
              total.off_table_missed);
  std::printf(
      "final scorecard equal to the simulator's truth (perfect-camera baseline): %d of "
      "%d games\n",
      matches, games);
  std::printf(
      "places recorded (shots both acted on): position error p50 %.2f mm, p95 %.2f mm (n=%zu, "
      "%d unpaired)",
      Percentile(places.position_mm, 0.5), Percentile(places.position_mm, 0.95),
      places.position_mm.size(), places.unpaired);
  if (!places.upright_turn_deg.empty())
    std::printf("; upright pyramid turn p50 %.1f deg, p95 %.1f deg (n=%zu)",
                Percentile(places.upright_turn_deg, 0.5), Percentile(places.upright_turn_deg, 0.95),
                places.upright_turn_deg.size());
  if (!places.lying_turn_deg.empty())
    std::printf("; lying apex p50 %.1f deg, p95 %.1f deg (n=%zu)",
                Percentile(places.lying_turn_deg, 0.5), Percentile(places.lying_turn_deg, 0.95),
                places.lying_turn_deg.size());
  std::printf("\n");
  std::printf(
      "rest -> scorecard update (table time): median %.2f s, 90%% %.2f s, max %.2f s; "
      "compute of that frame median %.1f ms\n",
      Percentile(latencies, 0.5), Percentile(latencies, 0.9), Percentile(latencies, 1.0),
      Percentile(compute, 0.5));
  std::printf(
      "processing: %.0f frames, %.1f fps on one core (compute only; %.1f fps with "
      "rendering the synthetic table), %.0f full detections\n",
      frames, compute_ms > 0 ? 1000.0 * frames / compute_ms : 0, wall_s > 0 ? frames / wall_s : 0,
      full);
  std::printf("per stage, ms per frame:");
  for (const std::string& stage : order)
    std::printf(" %s %.2f", stage.c_str(), frames > 0 ? stages[stage] / frames : 0);
  std::printf("\n");
  return 0;
}
