// Small upright pyramids seen from afar (about a pixel a millimetre, as an Ice Boule table's
// far end): their outline's edges leave the turn 10-40 degrees uncertain, the shading of their
// faces does not (vision/detect/pyramid_appearance.h).
#include "vision/detect/pyramid_appearance.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "tests/vision/detect/detected_scene.h"
#include "vision/detect/piece_detector.h"
#include "vision/pieces/piece_set.h"
#include "vision/sim/detection_scene.h"
#include "vision/sim/piece_body.h"

namespace tabref::vision {
namespace {

constexpr std::uint64_t kSeed = 3;

struct Upright {
  std::string colour;
  std::string size;
  cv::Point2d at;
  double angle_deg = 0;
};

struct UprightRow {
  std::vector<Upright> pyramids;
  sim::DetectionScene scene;
};

// Small and medium uprights of three colours, turned 5-85 degrees, across the far half of a
// large wooden table filmed at 25 degrees from a 1080p webcam.
UprightRow LayUprights(const PieceSet& set, std::uint64_t seed) {
  sim::DetectionSceneOptions options = sim::BareTableOptions(1920, 1080, seed);
  options.material = sim::TableMaterial::kWood;
  options.tilt_deg = 25;
  UprightRow row{{}, testing::BareTable(set, options, 1000, 700)};
  const std::vector<std::string> colours = {"red", "yellow", "green"};
  int k = 0;
  for (double y : {420.0, 560.0}) {
    for (double x = 180; x <= 820; x += 80, ++k) {
      Upright upright{colours[static_cast<size_t>(k % 3)],
                      k % 4 == 3 ? "medium" : "small",
                      {x, y},
                      5 + std::fmod(37.0 * k, 80.0)};
      sim::PieceLook look;
      look.kind = sim::PieceKind::kPyramid;
      look.colour = upright.colour;
      look.size = upright.size;
      row.scene.looks.push_back(look);
      row.scene.bodies.push_back(sim::MakeBody(look, set, {x, y}, upright.angle_deg * CV_PI / 180));
      row.pyramids.push_back(upright);
    }
  }
  return row;
}

double TurnError(double a_deg, double b_deg) {
  const double d = std::fmod(std::abs(a_deg - b_deg), 90.0);
  return std::min(d, 90 - d);
}

const ObservedPiece* Nearest(const Detection& detection, const cv::Point2d& at) {
  const ObservedPiece* nearest = nullptr;
  double best = 6;  // mm
  for (const ObservedPiece& piece : detection.pieces) {
    if (piece.kind != ObservedKind::kPyramid) continue;
    const double d = rules::Distance(piece.position_mm, {at.x, at.y});
    if (d < best) {
      best = d;
      nearest = &piece;
    }
  }
  return nearest;
}

TEST(PyramidAppearanceTest, TheTrueTurnExplainsTheImageBetterThanTurnsOffIt) {
  const PieceSet set = LoadPieceSet(DefaultPieceSetFile());
  UprightRow row = LayUprights(set, kSeed);
  const PieceDetector detector = testing::RenderAndCalibrate(row.scene, set);
  const PyramidAppearanceOptions options;
  for (const Upright& upright : row.pyramids) {
    SCOPED_TRACE(upright.colour + " " + upright.size + " turned " +
                 std::to_string(upright.angle_deg));
    const PyramidSize& size = set.Pyramid(upright.size);
    const PyramidShape shape{size.base_mm, size.height_mm};
    PyramidPlacement truth;
    truth.position_mm = upright.at;
    truth.angle_deg = upright.angle_deg;
    const PyramidAppearance appearance(row.scene.image, detector.Mapping(), shape, truth, options);
    const double at_truth = appearance.Residual(truth);
    for (const double off : {15.0, 30.0, 45.0}) {
      PyramidPlacement turned = truth;
      turned.angle_deg += off;
      EXPECT_LT(at_truth, appearance.Residual(turned)) << "turned " << off << " more";
    }
    // From a start 10 degrees and half a millimetre off, the search comes back.
    PyramidPlacement start = truth;
    start.angle_deg += 10;
    start.position_mm += cv::Point2d(0.35, -0.35);
    const PyramidAppearanceFit fit = FitPyramidAppearance(appearance, start, options);
    EXPECT_LT(TurnError(fit.placement.angle_deg, upright.angle_deg), 5);
    EXPECT_LT(cv::norm(fit.placement.position_mm - upright.at), 0.8);
    EXPECT_LT(fit.residual, appearance.Residual(start));
  }
}

TEST(PyramidAppearanceTest, SmallUprightsFarAwayAreFoundTurnedAsTheyStand) {
  const PieceSet set = LoadPieceSet(DefaultPieceSetFile());
  UprightRow row = LayUprights(set, kSeed);
  const PieceDetector detector = testing::RenderAndCalibrate(row.scene, set);
  DetectionOptions outline_only = detector.Options();
  outline_only.pyramids.appearance_max_base_px = 0;
  PieceDetector by_outline(set, outline_only);
  by_outline.SetCalibration(detector.Mapping().Calibration());
  const Detection detection = detector.Detect(row.scene.image);
  const Detection outlined = by_outline.Detect(row.scene.image);
  double most_px = 0;
  std::vector<double> errors;
  std::vector<double> outline_errors;
  std::vector<double> offsets;
  for (const Upright& upright : row.pyramids) {
    SCOPED_TRACE(upright.colour + " " + upright.size + " turned " +
                 std::to_string(upright.angle_deg));
    const double base_px = set.Pyramid(upright.size).base_mm *
                           detector.Mapping().PixelsPerMm({upright.at.x, upright.at.y, 0});
    most_px = std::max(most_px, base_px);
    const ObservedPiece* seen = Nearest(detection, upright.at);
    const ObservedPiece* by_edges = Nearest(outlined, upright.at);
    // Some of these far ones are not found, or read lying, either way (issue 7's recall).
    if (seen == nullptr || by_edges == nullptr || seen->pose != "upright" ||
        by_edges->pose != "upright")
      continue;
    errors.push_back(TurnError(seen->angle_deg, upright.angle_deg));
    outline_errors.push_back(TurnError(by_edges->angle_deg, upright.angle_deg));
    offsets.push_back(rules::Distance(seen->position_mm, {upright.at.x, upright.at.y}));
    EXPECT_LT(errors.back(), 8);
    EXPECT_LT(offsets.back(), 1.5);
  }
  // The scene is what it is meant to be: the bases 12-20 pixels wide.
  EXPECT_LT(most_px, 21);
  ASSERT_GE(errors.size(), 13u);
  const auto mean = [](const std::vector<double>& values) {
    double sum = 0;
    for (const double value : values) sum += value;
    return sum / static_cast<double>(values.size());
  };
  std::sort(offsets.begin(), offsets.end());
  EXPECT_LT(mean(errors), 2.5);
  EXPECT_LT(mean(errors), 0.6 * mean(outline_errors));
  EXPECT_LT(offsets[offsets.size() / 2], 0.5);
}

// Where the game nests two of one size (Ice Boule's catapults) the detector looks for such
// pairs, and from afar a single pyramid's blurred silhouette reads as one (seed 3: six of these
// eighteen); the referee keeps the lower one, whose place and turn come from the picture of a
// single pyramid (from the pair's silhouette they were up to 23 degrees and 3 mm off).
TEST(PyramidAppearanceTest, ASinglePyramidReadAsANestedPairKeepsItsTurn) {
  const PieceSet set = LoadPieceSet(DefaultPieceSetFile());
  UprightRow row = LayUprights(set, kSeed);
  const PieceDetector detector = testing::RenderAndCalibrate(row.scene, set);
  DetectionOptions for_catapults = detector.Options();
  for_catapults.pyramids.nested_alike_pairs = true;
  PieceDetector with_pairs(set, for_catapults);
  with_pairs.SetCalibration(detector.Mapping().Calibration());
  const Detection detection = with_pairs.Detect(row.scene.image);
  int pairs = 0;
  for (const ObservedPiece& upper : detection.pieces) {
    if (!upper.on_top_of) continue;
    const ObservedPiece& lower = detection.pieces[static_cast<size_t>(*upper.on_top_of)];
    for (const Upright& upright : row.pyramids) {
      const rules::Vec2 at{upright.at.x, upright.at.y};
      if (rules::Distance(lower.position_mm, at) > 6) continue;
      SCOPED_TRACE(upright.colour + " " + upright.size + " turned " +
                   std::to_string(upright.angle_deg));
      ++pairs;
      EXPECT_LT(TurnError(lower.angle_deg, upright.angle_deg), 4);
      EXPECT_LT(rules::Distance(lower.position_mm, at), 1);
      EXPECT_NEAR(upper.angle_deg, lower.angle_deg, 1e-9);
    }
  }
  EXPECT_GE(pairs, 3);
}

TEST(PyramidAppearanceTest, CheckNamesTheField) {
  DetectionOptions options;
  options.pyramids.appearance.blur_px = 0;
  try {
    options.Check();
    FAIL() << "accepted a blur of 0 px";
  } catch (const std::invalid_argument& error) {
    EXPECT_NE(std::string(error.what()).find("appearance.blur_px"), std::string::npos);
  }
}

}  // namespace
}  // namespace tabref::vision
