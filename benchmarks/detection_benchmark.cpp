// Accuracy and speed of the piece detector on synthetic scenes with exact ground truth,
// against a baseline (OpenCV HoughCircles for coins) in the same run. Prints the figures of
// docs/benchmarks.md. Usage:
//   detection_benchmark [--scenes N] [--width W --height H] [--first-seed S] [--tilt DEG]
//                       [--verbose]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <map>
#include <opencv2/core/utility.hpp>
#include <opencv2/imgproc.hpp>
#include <optional>
#include <string>
#include <vector>

#include "calibration/table_calibration.h"
#include "vision/detect/piece_detector.h"
#include "vision/eval/detection_score.h"
#include "vision/eval/truth_pieces.h"
#include "vision/sim/detection_scene.h"

namespace {

using namespace tabref::vision;

struct Arguments {
  int scenes = 200;
  int width = 1920;
  int height = 1080;
  int first_seed = 1;
  std::optional<double> tilt;
  bool verbose = false;
  bool truth_pose = false;  // use the simulator's camera pose instead of the markers
};

Arguments Parse(int argc, char** argv) {
  Arguments args;
  for (int i = 1; i < argc; ++i) {
    const std::string flag = argv[i];
    const auto next = [&]() -> double {
      if (i + 1 >= argc) {
        std::cerr << "detection_benchmark: " << flag << " needs a value\n";
        std::exit(2);
      }
      return std::atof(argv[++i]);
    };
    if (flag == "--scenes")
      args.scenes = static_cast<int>(next());
    else if (flag == "--width")
      args.width = static_cast<int>(next());
    else if (flag == "--height")
      args.height = static_cast<int>(next());
    else if (flag == "--first-seed")
      args.first_seed = static_cast<int>(next());
    else if (flag == "--tilt")
      args.tilt = next();
    else if (flag == "--verbose")
      args.verbose = true;
    else {
      std::cerr << "detection_benchmark: unknown flag " << flag << "\n";
      std::exit(2);
    }
  }
  return args;
}

// The baseline: OpenCV's HoughCircles on the same top view, radius known to +-15 %.
Detection HoughCoins(const cv::Mat& frame, const PieceDetector& detector, const TopView& view,
                     double* ms) {
  const auto start = std::chrono::steady_clock::now();
  const double radius_mm = 0.5 * detector.Set().coin_diameter_mm;
  const double top = detector.Set().coin_thickness_mm;
  const cv::Mat resampled = view.Resample(frame);
  cv::Mat grey;
  cv::cvtColor(resampled, grey, cv::COLOR_BGR2GRAY);
  cv::GaussianBlur(grey, grey, cv::Size(0, 0), 1.0);
  const double radius_px = radius_mm * view.Magnification(top) * view.Scale();
  std::vector<cv::Vec3f> circles;
  cv::HoughCircles(grey, circles, cv::HOUGH_GRADIENT, 1, 1.6 * radius_px, 80, 16,
                   static_cast<int>(0.85 * radius_px), static_cast<int>(1.15 * radius_px + 1));
  Detection detection;
  for (const cv::Vec3f& circle : circles) {
    ObservedPiece piece;
    piece.kind = ObservedKind::kCoin;
    const cv::Point2d at = view.LiftTo(view.ToTable({circle[0], circle[1]}), top);
    piece.position_mm = {at.x, at.y};
    piece.footprint = tabref::rules::Circle{piece.position_mm, radius_mm};
    detection.pieces.push_back(piece);
  }
  *ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  return detection;
}

void PrintKind(const char* name, const KindScore& score) {
  const auto field = [&](const char* key) {
    const auto it = score.field_correct.find(key);
    if (it == score.field_correct.end() || it->second.second == 0) return std::string("   -  ");
    char text[16];
    std::snprintf(text, sizeof text, "%5.1f%%", 100.0 * it->second.first / it->second.second);
    return std::string(text);
  };
  int within_two_sigma = 0;
  for (double n : score.normalised_errors) within_two_sigma += n <= 2;
  std::printf("%-8s %6d %6d %5d %8.2f%% %7.2f%% %8.2f%%  %s %s %s %s %s  %6.3f %6.3f   %5.1f%%\n",
              name, score.truths, score.found, score.false_positives, 100 * score.Precision(),
              100 * score.Recall(),
              score.classified ? 100.0 * score.identity_correct / score.classified : 0.0,
              field("side").c_str(), field("suit").c_str(), field("rank").c_str(),
              field("colour").c_str(), field("size").c_str(),
              Percentile(score.position_errors_mm, 0.5), Percentile(score.position_errors_mm, 0.95),
              score.normalised_errors.empty()
                  ? 0.0
                  : 100.0 * within_two_sigma / static_cast<double>(score.normalised_errors.size()));
}

}  // namespace

int main(int argc, char** argv) {
  const Arguments args = Parse(argc, argv);
  cv::setNumThreads(1);
  const PieceSet set = LoadPieceSet(DefaultPieceSetFile());
  PieceDetector detector(set);
  DetectionScore total;
  DetectionScore baseline;
  std::map<std::string, std::vector<double>> stage_ms;
  std::vector<double> total_ms;
  std::vector<double> baseline_ms;
  int calibration_failures = 0;
  for (int i = 0; i < args.scenes; ++i) {
    sim::DetectionSceneOptions options;
    options.seed = static_cast<std::uint64_t>(args.first_seed + i);
    options.width = args.width;
    options.height = args.height;
    options.tilt_deg = args.tilt;
    const sim::DetectionScene scene = MakeDetectionScene(set, options);
    // As `tabref detect --intrinsics` does: the table frame from the image's own markers,
    // with the lens known (or, with --truth-pose, the simulator's exact camera pose).
    const tabref::calibration::TableCalibration exact = TruthCalibration(scene.camera, scene.layout);
    tabref::calibration::TableCalibration calibration = exact;
    if (!args.truth_pose) {
      try {
        calibration = tabref::calibration::CalibrateTable(scene.image, exact.intrinsics);
      } catch (const std::exception& error) {
        std::printf("seed %d: no table calibration (%s)\n", args.first_seed + i, error.what());
        ++calibration_failures;
        continue;
      }
    }
    detector.SetCalibration(calibration);
    const Detection detection = detector.Detect(scene.image);
    const std::vector<TruthPiece> truth = TruthPieces(scene, set);
    DetectionScore score = ScoreDetection(truth, detection);
    total.Add(score);
    for (const StageTiming& timing : detection.timings) stage_ms[timing.stage].push_back(timing.ms);
    total_ms.push_back(detection.TotalMs());

    const cv::Rect2d area(-70, -70, scene.layout.play_width_mm + 140,
                          scene.layout.play_depth_mm + 140);
    const TopView view(detector.Mapping(), area, 1.6);
    double hough_ms = 0;
    const Detection hough = HoughCoins(scene.image, detector, view, &hough_ms);
    baseline.Add(ScoreDetection(truth, hough));
    baseline_ms.push_back(hough_ms);
    if (args.verbose) {
      const KindScore& coins = score.kinds[ObservedKind::kCoin];
      std::printf("seed %d: %s, %.1f ms, coins %d/%d found, %d false\n", args.first_seed + i,
                  ToString(scene.layout.material).data(), detection.TotalMs(), coins.found,
                  coins.truths, coins.false_positives);
      for (const std::string& miss : coins.misses) std::printf("   missed %s\n", miss.c_str());
      for (const ObservedPiece& piece : detection.pieces) {
        std::string near = "nothing";
        double nearest = 1e9;
        for (const TruthPiece& t : truth) {
          const double d = tabref::rules::Distance(t.piece.position_mm, piece.position_mm);
          if (d < nearest) {
            nearest = d;
            near = t.description;
          }
        }
        if (nearest <= 6 && std::getenv("TABREF_DEBUG_SIGMA") != nullptr)
          std::printf("   matched %s at (%.1f, %.1f) error %.3f sigma %.3f\n", near.c_str(),
                      piece.position_mm.x, piece.position_mm.y, nearest, piece.sigma_mm);
        if (nearest > 6)
          std::printf("   false %s at (%.0f, %.0f), %.0f mm from %s, confidence %.2f\n",
                      ToString(piece.kind), piece.position_mm.x, piece.position_mm.y, nearest,
                      near.c_str(), piece.confidence);
      }
      for (const auto& rejected : detection.rejected) {
        if (rejected.stage != "fit") continue;
        for (const TruthPiece& piece : truth) {
          if (tabref::rules::Distance(piece.piece.position_mm, rejected.table_mm) < 4)
            std::printf("   rejected near %s (start %.2f mm off): %s\n", piece.description.c_str(),
                        tabref::rules::Distance(piece.piece.position_mm, rejected.table_mm),
                        rejected.reason.c_str());
        }
      }
    }
  }
  std::printf("Detection on %d synthetic scenes, %dx%d, seeds %d..%d%s, %s\n", args.scenes,
              args.width, args.height, args.first_seed, args.first_seed + args.scenes - 1,
              args.tilt ? (" tilt " + std::to_string(*args.tilt)).c_str() : ", tilt 0..40 deg",
              args.truth_pose ? "exact camera pose"
                              : "table calibrated from the image's markers (lens known)");
  if (calibration_failures > 0)
    std::printf("%d scenes without a table calibration were skipped\n", calibration_failures);
  std::printf(
      "kind      truth  found    FP precision  recall identity    side   suit   rank  colour "
      "size  pos p50  p95 mm  <=2 sigma\n");
  for (const auto& [kind, score] : total.kinds) PrintKind(ToString(kind), score);
  std::printf(
      "gap error (pairs closer than 60 mm): median |e| %.3f mm, p95 |e| %.3f mm, n=%zu\n",
      [&] {
        std::vector<double> a;
        for (double e : total.gap_errors_mm) a.push_back(std::abs(e));
        return Percentile(a, 0.5);
      }(),
      [&] {
        std::vector<double> a;
        for (double e : total.gap_errors_mm) a.push_back(std::abs(e));
        return Percentile(a, 0.95);
      }(),
      total.gap_errors_mm.size());
  std::printf("baseline HoughCircles coins:\n");
  PrintKind("coin", baseline.kinds[ObservedKind::kCoin]);
  std::printf("time per frame, one thread (median / p95 ms):");
  for (const auto& [stage, values] : stage_ms)
    std::printf(" %s %.2f/%.2f,", stage.c_str(), Percentile(values, 0.5), Percentile(values, 0.95));
  std::printf(" total %.2f/%.2f; baseline HoughCircles %.2f/%.2f\n", Percentile(total_ms, 0.5),
              Percentile(total_ms, 0.95), Percentile(baseline_ms, 0.5),
              Percentile(baseline_ms, 0.95));
  if (args.verbose) {
    for (const auto& [kind, score] : total.kinds) {
      for (const std::string& confusion : score.confusions)
        std::printf("confused: %s\n", confusion.c_str());
    }
  }
  return 0;
}
