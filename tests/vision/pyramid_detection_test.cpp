// Accuracy of the pyramid finder on synthetic 1080p tables with exact ground truth
// (vision/sim): colour, size, pose, apex direction, stacks and position; no pyramid reported
// on a die, card or pen, none on a coin, no coin on a pyramid.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <tuple>

#include "vision/detect/piece_detector.h"
#include "vision/detect/pyramid_model.h"
#include "vision/eval/detection_score.h"
#include "vision/eval/truth_pieces.h"
#include "vision/sim/detection_scene.h"
#include "vision/sim/piece_body.h"
#include "vision/sim/renderer.h"

namespace tabref::vision {
namespace {

struct SeenScene {
  std::vector<TruthPiece> truth;
  Detection detection;
  DetectionScore score;
};

SeenScene DetectScene(std::uint64_t seed, bool distractors = true) {
  static const PieceSet set = LoadPieceSet(DefaultPieceSetFile());
  sim::DetectionSceneOptions options;
  options.seed = seed;
  options.hand_chance = 0;
  options.distractors = distractors;
  const sim::DetectionScene scene = sim::MakeDetectionScene(set, options);
  PieceDetector detector(set);
  detector.SetCalibration(TruthCalibration(scene.camera, scene.layout));
  SeenScene seen;
  seen.truth = TruthPieces(scene, set);
  seen.detection = detector.Detect(scene.image);
  seen.score = ScoreDetection(seen.truth, seen.detection);
  return seen;
}

double Share(const KindScore& score, const char* field) {
  const auto it = score.field_correct.find(field);
  if (it == score.field_correct.end() || it->second.second == 0) return 1;
  return static_cast<double>(it->second.first) / it->second.second;
}

// Scenes with a stacked pair each, lying pyramids (seeds 1, 4) and all distractors.
class PyramidDetection : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    for (const std::uint64_t seed : {1, 3, 4}) scenes_->push_back(DetectScene(seed));
  }
  static void TearDownTestSuite() { scenes_->clear(); }
  static KindScore Pyramids() {
    KindScore pyramids;
    for (const SeenScene& scene : *scenes_) {
      const auto it = scene.score.kinds.find(ObservedKind::kPyramid);
      if (it != scene.score.kinds.end()) pyramids.Add(it->second);
    }
    return pyramids;
  }
  static std::vector<SeenScene>* scenes_;
};
std::vector<SeenScene>* PyramidDetection::scenes_ = new std::vector<SeenScene>();

TEST_F(PyramidDetection, FindsPyramidsWithTheirIdentity) {
  KindScore pyramids = Pyramids();
  ASSERT_GE(pyramids.truths, 12);
  EXPECT_GE(pyramids.Recall(), 0.85);
  EXPECT_EQ(pyramids.false_positives, 0);
  EXPECT_EQ(Share(pyramids, "colour"), 1.0);
  EXPECT_GE(Share(pyramids, "size"), 0.9);
  EXPECT_EQ(Share(pyramids, "pose"), 1.0);
  EXPECT_EQ(Share(pyramids, "apex"), 1.0);
  EXPECT_EQ(Share(pyramids, "stacked"), 1.0);
  EXPECT_GT(pyramids.field_correct["apex"].second, 0) << "no lying pyramid was compared";
  EXPECT_LT(Percentile(pyramids.position_errors_mm, 0.5), 0.6);
  int far = 0;
  for (const double error : pyramids.position_errors_mm) far += error > 2;
  EXPECT_LE(far, 1);
  EXPECT_LT(Percentile(pyramids.position_errors_mm, 1.0), 4.0);
  // An upright one's turn (modulo 90 degrees): a stacked pair's may be off together.
  ASSERT_GE(pyramids.angle_errors_deg.size(), 6u);
  EXPECT_LT(Percentile(pyramids.angle_errors_deg, 0.5), 2.0);
}

TEST_F(PyramidDetection, ReportsStackedPairs) {
  int stacks = 0;
  for (const SeenScene& scene : *scenes_) {
    const std::vector<ObservedPiece>& pieces = scene.detection.pieces;
    for (const ObservedPiece& piece : pieces) {
      if (piece.kind != ObservedKind::kPyramid || !piece.on_top_of) continue;  // not coins on tiles
      ++stacks;
      ASSERT_GE(*piece.on_top_of, 0);
      ASSERT_LT(*piece.on_top_of, static_cast<int>(pieces.size()));
      const ObservedPiece& lower = pieces[static_cast<size_t>(*piece.on_top_of)];
      EXPECT_EQ(lower.kind, ObservedKind::kPyramid);
      EXPECT_EQ(piece.pose, "upright");
      EXPECT_EQ(lower.pose, "upright");
      EXPECT_LT(rules::Distance(piece.position_mm, lower.position_mm), 0.5);
    }
  }
  EXPECT_EQ(stacks, 3);
}

TEST_F(PyramidDetection, SigmaCoversTheError) {
  KindScore pyramids = Pyramids();
  int within = 0;
  for (const double n : pyramids.normalised_errors) within += n <= 3;
  ASSERT_FALSE(pyramids.normalised_errors.empty());
  EXPECT_GE(within, static_cast<int>(0.9 * pyramids.normalised_errors.size()));
}

TEST_F(PyramidDetection, NothingOnDistractorsCoinsOrTiles) {
  for (const SeenScene& scene : *scenes_) {
    for (const ObservedPiece& piece : scene.detection.pieces) {
      for (const TruthPiece& truth : scene.truth) {
        const double distance = rules::Distance(piece.position_mm, truth.piece.position_mm);
        if (truth.distractor) {
          EXPECT_GT(distance, 15) << ToString(piece.kind) << " on " << truth.description;
        } else if (truth.piece.kind != piece.kind && distance < 5) {
          ADD_FAILURE() << ToString(piece.kind) << " reported on " << truth.description;
        }
      }
    }
  }
}

// Scene 54: a pyramid's top is a round blob a coin's size, and the coin finder fits a rim
// to it; where a pyramid stands no coin is kept.
TEST(PyramidsAndCoins, NoCoinIsReportedWhereAPyramidStands) {
  const SeenScene scene = DetectScene(54);
  const auto coins = scene.score.kinds.find(ObservedKind::kCoin);
  ASSERT_NE(coins, scene.score.kinds.end());
  EXPECT_EQ(coins->second.false_positives, 0);
  const auto dropped = std::count_if(
      scene.detection.rejected.begin(), scene.detection.rejected.end(),
      [](const RejectedCandidate& r) { return r.reason == "where a pyramid stands"; });
  EXPECT_GE(dropped, 1);
}

// A bare table (wooden unless told) filmed at 1080p and `tilt_deg`, for pieces placed on it by
// hand: its renderer, and a detector calibrated on it.
struct BareTable {
  BareTable(std::uint64_t seed, double tilt_deg, const DetectionOptions& options = {},
            sim::TableMaterial material = sim::TableMaterial::kWood)
      : set(LoadPieceSet(DefaultPieceSetFile())),
        table(sim::MakeDetectionScene(set, Options(seed, tilt_deg, material))),
        renderer(table.camera, table.layout, set, table.render),
        detector(set, options) {
    detector.SetCalibration(TruthCalibration(table.camera, table.layout));
  }
  static sim::DetectionSceneOptions Options(std::uint64_t seed, double tilt_deg,
                                            sim::TableMaterial material) {
    sim::DetectionSceneOptions options = sim::BareTableOptions(1920, 1080, seed);
    options.tilt_deg = tilt_deg;
    options.material = material;
    return options;
  }
  // A detector of the set with `options`, calibrated as `detector` is.
  PieceDetector DetectorWith(const DetectionOptions& options) const {
    PieceDetector other(set, options);
    other.SetCalibration(TruthCalibration(table.camera, table.layout));
    return other;
  }

  const PieceSet set;
  const sim::DetectionScene table;
  sim::Renderer renderer;
  PieceDetector detector;
};

// An Ice Boule catapult: two pyramids of one colour and size, one nested on the other.
struct Catapult {
  const char* colour;
  const char* size;
  cv::Vec2d at;
};

// The detector's options where a game nests pyramids of one colour (Ice Boule's catapults).
DetectionOptions OptionsForCatapults() {
  DetectionOptions options;
  options.pyramids.nested_alike_pairs = true;
  return options;
}

// `catapults` on the bare table of `scene`, each turned `turn_rad`.
cv::Mat RenderCatapults(BareTable& scene, const std::vector<Catapult>& catapults, double turn_rad) {
  std::vector<sim::PieceLook> looks;
  std::vector<sim::Body> bodies;
  for (const Catapult& catapult : catapults) {
    const sim::PieceLook look = sim::PieceLook::Pyramid(catapult.colour, catapult.size);
    const sim::Body lower = sim::MakeBody(look, scene.set, catapult.at, turn_rad);
    sim::Body upper = lower;
    sim::NestOn(upper, look, lower, look, static_cast<int>(bodies.size()), scene.set);
    bodies.push_back(lower);
    bodies.push_back(upper);
    looks.push_back(look);
    looks.push_back(look);
  }
  return scene.renderer.Render(looks, bodies, 0);
}

// Catapults on a bare wooden table filmed at 20 degrees. A catapult's outline is no single
// pyramid's; the game asks the detector to look for such pairs.
TEST(CatapultDetection, FindsTwoPyramidsOfOneSizeOneNestedOnTheOther) {
  BareTable scene(5, 20, OptionsForCatapults());
  const std::vector<Catapult> catapults = {{"yellow", "medium", {120, 150}},
                                           {"red", "large", {300, 330}},
                                           {"blue", "small", {520, 200}}};
  const cv::Mat image = RenderCatapults(scene, catapults, 0.3);
  const Detection detection = scene.detector.Detect(image);

  // Every catapult is seen where it stands; one read as a pair is two of its size, one on
  // the other. (The small and medium ones here read as one pyramid, of their size or the
  // next larger: their silhouettes differ from a single one's by little; docs/detection.md.)
  int pairs = 0;
  for (const Catapult& catapult : catapults) {
    SCOPED_TRACE(catapult.colour);
    std::vector<size_t> found;
    for (size_t i = 0; i < detection.pieces.size(); ++i) {
      const ObservedPiece& piece = detection.pieces[i];
      if (piece.kind == ObservedKind::kPyramid && piece.colour == catapult.colour)
        found.push_back(i);
    }
    ASSERT_GE(found.size(), 1u);
    ASSERT_LE(found.size(), 2u);
    const ObservedPiece& a = detection.pieces[found[0]];
    const double off_mm = rules::Distance(a.position_mm, {catapult.at[0], catapult.at[1]});
    if (found.size() == 1) {
      // Read as one pyramid, where its silhouette would stand: the raised upper one leans
      // it a few millimetres away from the camera.
      EXPECT_LT(off_mm, 5);
      continue;
    }
    EXPECT_LT(off_mm, 1.5);
    ++pairs;
    const ObservedPiece& b = detection.pieces[found[1]];
    EXPECT_EQ(a.size, catapult.size);
    EXPECT_EQ(b.size, catapult.size);
    const bool stacked = (a.on_top_of && static_cast<size_t>(*a.on_top_of) == found[1]) ||
                         (b.on_top_of && static_cast<size_t>(*b.on_top_of) == found[0]);
    EXPECT_TRUE(stacked);
    // Both turned as the catapult stands (the lower one's turn read from its picture).
    for (const ObservedPiece* piece : {&a, &b}) {
      const double off = std::fmod(std::abs(piece->angle_deg - 0.3 * 180 / CV_PI), 90.0);
      EXPECT_LT(std::min(off, 90 - off), 4) << piece->angle_deg;
    }
  }
  EXPECT_GE(pairs, 1);

  // Where a piece was seen to come to rest no catapult stands (one is set down by hand), and
  // none is read there: a blurred single pyramid may look like a pair (Ice Boule seed 12).
  std::vector<rules::Vec2> rested;
  for (const Catapult& catapult : catapults) rested.push_back({catapult.at[0], catapult.at[1]});
  const Detection expecting = scene.detector.Detect(image, DetectionHints::Expecting(rested));
  for (const ObservedPiece& piece : expecting.pieces) {
    if (piece.kind != ObservedKind::kPyramid) continue;
    EXPECT_FALSE(piece.on_top_of.has_value()) << piece.colour.value_or("?");
  }
}

// Small catapults filmed from afar on wood (held-out Ice Boule seeds 184 and 185): a pair
// overlaps the blob about as loosely as a single small pyramid, whose outline is too few
// pixels to meet. Each is found; at the single pyramids' bar for a pair of one colour (0.8)
// some would be no piece at all.
TEST(CatapultDetection, FindsSmallCatapultsFarFromTheCamera) {
  const DetectionOptions options_for_catapults = OptionsForCatapults();
  BareTable scene(11, 30, options_for_catapults);
  const std::vector<Catapult> catapults = {{"yellow", "small", {80, 420}},
                                           {"red", "small", {250, 440}},
                                           {"yellow", "small", {420, 430}},
                                           {"blue", "small", {560, 420}},
                                           {"red", "small", {480, 340}}};
  const cv::Mat image = RenderCatapults(scene, catapults, 0.5);
  DetectionOptions strict = options_for_catapults;
  strict.pyramids.min_nested_alike_overlap = 0.8;
  const auto found = [&](const Detection& detection) {
    int seen = 0;
    for (const Catapult& catapult : catapults) {
      seen += std::any_of(detection.pieces.begin(), detection.pieces.end(), [&](const auto& piece) {
        return piece.kind == ObservedKind::kPyramid && piece.colour == catapult.colour &&
               rules::Distance(piece.position_mm, {catapult.at[0], catapult.at[1]}) < 5;
      });
    }
    return seen;
  };
  const int seen = found(scene.detector.Detect(image));
  const int seen_strictly = found(scene.DetectorWith(strict).Detect(image));
  EXPECT_EQ(seen, static_cast<int>(catapults.size()));
  EXPECT_LT(seen_strictly, seen);
}

// Small pyramids nested on medium ones of other colours, filmed from straight above: the
// lower one shows only as slivers round the upper one, too thin for a pyramid of their own
// (detection seed 94). Both are found, one on the other.
TEST(StackDetection, FindsTheLowerPyramidWhereItShowsOnlyAsSlivers) {
  BareTable scene(7, 0);
  const PieceSet& set = scene.set;
  struct Stack {
    const char* lower;
    const char* upper;
    cv::Vec2d at;
    double turn;
  };
  const std::vector<Stack> stacks = {{"green", "red", {150, 150}, 0.4},
                                     {"blue", "yellow", {450, 300}, -0.9}};
  std::vector<sim::PieceLook> looks;
  std::vector<sim::Body> bodies;
  for (const Stack& stack : stacks) {
    const sim::PieceLook lower = sim::PieceLook::Pyramid(stack.lower, "medium");
    const sim::PieceLook upper = sim::PieceLook::Pyramid(stack.upper, "small");
    const sim::Body lower_body = sim::MakeBody(lower, set, stack.at, stack.turn);
    sim::Body upper_body = sim::MakeBody(upper, set, stack.at, stack.turn);
    sim::NestOn(upper_body, upper, lower_body, lower, static_cast<int>(bodies.size()), set);
    looks.insert(looks.end(), {lower, upper});
    bodies.insert(bodies.end(), {lower_body, upper_body});
  }
  const Detection detection = scene.detector.Detect(scene.renderer.Render(looks, bodies, 0));

  for (const Stack& stack : stacks) {
    SCOPED_TRACE(stack.lower);
    const auto of_colour = [&](const char* colour) -> const ObservedPiece* {
      for (const ObservedPiece& piece : detection.pieces) {
        if (piece.kind == ObservedKind::kPyramid && piece.colour == colour) return &piece;
      }
      return nullptr;
    };
    const ObservedPiece* lower = of_colour(stack.lower);
    const ObservedPiece* upper = of_colour(stack.upper);
    ASSERT_NE(lower, nullptr);
    ASSERT_NE(upper, nullptr);
    EXPECT_EQ(lower->size, "medium");
    EXPECT_EQ(upper->size, "small");
    ASSERT_TRUE(upper->on_top_of.has_value());
    EXPECT_EQ(&detection.pieces[static_cast<size_t>(*upper->on_top_of)], lower);
    EXPECT_LT(rules::Distance(lower->position_mm, {stack.at[0], stack.at[1]}), 1.5);
  }
}

// Two pyramids of one colour side by side, half a millimetre apart, on a bare wooden table
// filmed at 20 degrees: one blob of their colour that no single pyramid explains (Ice Boule
// seed 5: a projectile landed against its player's lying piece). Each is found where it is.
TEST(SideBySideDetection, FindsTwoPyramidsOfOneColourTouching) {
  BareTable scene(5, 20);
  const PieceSet& set = scene.set;
  std::vector<sim::PieceLook> looks;
  std::vector<sim::Body> bodies;
  // `first` lying or upright at `at`, turned `angle` (radians); the second one upright beside
  // it, along its turned x axis: by a lying one's base edge (its widest side).
  const auto add_pair = [&](const char* colour, const char* size, cv::Vec2d at, double angle,
                            bool first_lying) {
    const sim::PieceLook look = sim::PieceLook::Pyramid(colour, size);
    const sim::PieceDimensions dimensions = sim::DimensionsOf(look, set);
    const double half = 0.5 * dimensions.length_mm;
    sim::Body first = sim::MakeBody(look, set, at, angle);
    first.lying = first_lying;
    // In the first one's frame: beside it, 0.5 mm apart; a lying one's base edge is at +y.
    const cv::Vec2d beside(
        2 * half + 0.5,
        first_lying ? sim::LyingBaseEdge(dimensions.length_mm, dimensions.height_mm) - half : 0);
    const cv::Vec2d offset(beside[0] * std::cos(angle) - beside[1] * std::sin(angle),
                           beside[0] * std::sin(angle) + beside[1] * std::cos(angle));
    bodies.push_back(first);
    bodies.push_back(sim::MakeBody(look, set, at + offset, angle));
    looks.push_back(look);
    looks.push_back(look);
  };
  add_pair("red", "large", {150, 150}, 0.2, false);
  add_pair("yellow", "medium", {350, 300}, 0.5, true);
  add_pair("blue", "small", {560, 180}, 0.7, false);
  const Detection detection = scene.detector.Detect(scene.renderer.Render(looks, bodies, 0));

  int pyramids = 0;
  for (const ObservedPiece& piece : detection.pieces)
    pyramids += piece.kind == ObservedKind::kPyramid;
  EXPECT_EQ(pyramids, static_cast<int>(bodies.size()));
  for (size_t i = 0; i < bodies.size(); ++i) {
    SCOPED_TRACE(looks[i].colour + " " + looks[i].size + (bodies[i].lying ? " lying" : ""));
    const rules::Vec2 at{bodies[i].position[0], bodies[i].position[1]};
    const auto found = std::find_if(
        detection.pieces.begin(), detection.pieces.end(), [&](const ObservedPiece& piece) {
          return piece.colour == looks[i].colour && rules::Distance(piece.position_mm, at) < 1.5;
        });
    ASSERT_NE(found, detection.pieces.end());
    EXPECT_EQ(found->size, looks[i].size);
    EXPECT_EQ(found->pose, bodies[i].lying ? "lying" : "upright");
  }
}

// Each of `bodies` (pyramids of `size`) found within 3 mm of its place, in its pose and within
// two sigmas; or (`found` false) none of them.
void ExpectPyramidsAt(const Detection& detection, const std::vector<sim::Body>& bodies,
                      const std::string& size, bool found) {
  for (const sim::Body& body : bodies) {
    const rules::Vec2 at{body.position[0], body.position[1]};
    const auto piece = std::find_if(
        detection.pieces.begin(), detection.pieces.end(), [&](const ObservedPiece& seen) {
          return seen.kind == ObservedKind::kPyramid && rules::Distance(seen.position_mm, at) < 3;
        });
    if (!found) {
      EXPECT_EQ(piece, detection.pieces.end());
      continue;
    }
    ASSERT_NE(piece, detection.pieces.end()) << at.x << ", " << at.y;
    EXPECT_EQ(piece->size, size);
    EXPECT_EQ(piece->pose, body.lying ? "lying" : "upright");
    EXPECT_LE(rules::Distance(piece->position_mm, at), 2 * piece->sigma_mm);
  }
}

// Held-out Ice Boule seed 16: two large uprights of one colour, a corner of one against a side
// of the other, turned 45 degrees apart (the table's positions). Their blob is larger than any
// single pyramid's silhouette, so no single one is even tried; as a pair each is found.
TEST(SideBySideDetection, FindsTwoUprightsOfOneColourCornerToSide) {
  BareTable scene(5, 20);
  const sim::PieceLook look = sim::PieceLook::Pyramid("yellow", "large");
  const std::vector<cv::Vec2d> places = {{401.8, 297.1}, {413.1, 330.4}};
  const std::vector<sim::Body> bodies = {
      sim::MakeBody(look, scene.set, places[0], -149.6 * CV_PI / 180),
      sim::MakeBody(look, scene.set, places[1], 104.8 * CV_PI / 180)};
  const cv::Mat image = scene.renderer.Render({look, look}, bodies, 0);
  const auto expect_pair = [&](const PieceDetector& detector, bool none) {
    ExpectPyramidsAt(detector.Detect(image), bodies, "large", !none);
  };
  expect_pair(scene.detector, false);
  // Where they meet, one's corner and shading may bend the other's outline fit (on the Ice
  // Boule table one was met with a 0.39 tight share): silhouettes that explain the blob well
  // enough (0.86 here) place the pair without it.
  DetectionOptions no_outline;
  no_outline.pyramids.side_by_side.min_tight_share = 1;
  no_outline.pyramids.side_by_side.silhouettes_alone_overlap = 0.8;
  const PieceDetector by_silhouettes = scene.DetectorWith(no_outline);
  expect_pair(by_silhouettes, false);
  no_outline.pyramids.side_by_side.silhouettes_alone_overlap = 1;
  no_outline.pyramids.peel.enabled = false;  // peeled off, one outline suffices
  const PieceDetector outlines_needed = scene.DetectorWith(no_outline);
  expect_pair(outlines_needed, true);
}

// Held-out Ice Boule seed 44: a small upright pyramid touching a small lying one of its colour
// corner to corner (the table's places, moved). Beside the other's shading one outline is not
// met tightly, or is met only at a pose other than the pair's best: one outline met tightly
// and silhouettes that explain the blob much better than one pyramid place the pair.
TEST(SideBySideDetection, FindsAnUprightTouchingALyingOneWithOneOutlineMetTightly) {
  BareTable scene(7, 35);
  const sim::PieceLook look = sim::PieceLook::Pyramid("red", "small");
  sim::Body lying = sim::MakeBody(look, scene.set, {676.2, 166.8}, 18.11 * CV_PI / 180);
  lying.lying = true;
  const sim::Body upright = sim::MakeBody(look, scene.set, {663.3, 148.8}, -37.43 * CV_PI / 180);
  const cv::Mat image = scene.renderer.Render({look, look}, {lying, upright}, 0);
  ExpectPyramidsAt(scene.detector.Detect(image), {lying, upright}, "small", true);
  DetectionOptions both_outlines;  // one outline met is not enough
  both_outlines.pyramids.side_by_side.one_outline_overlap = 1;
  both_outlines.pyramids.peel.enabled = false;  // peeled off, one outline suffices
  ExpectPyramidsAt(scene.DetectorWith(both_outlines).Detect(image), {lying, upright}, "small",
                   false);
}

// Held-out Ice Boule seed 43's two small yellow uprights touching, turned as on its table,
// the first at `at`.
std::vector<sim::Body> Seed43Uprights(const PieceSet& set, cv::Vec2d at) {
  const sim::PieceLook look = sim::PieceLook::Pyramid("yellow", "small");
  return {sim::MakeBody(look, set, at, 0.4455 * CV_PI / 180),
          sim::MakeBody(look, set, at - cv::Vec2d(15.12, 9.52), -51.05 * CV_PI / 180)};
}

// Held-out Ice Boule seed 43: two small uprights of one colour touching (the table's places,
// moved) pass for one medium lying pyramid whose outline holds, its silhouette overlapping
// their blob loosely; tried as a pair too, the two explain it much better.
TEST(SideBySideDetection, TwoUprightsThatPassForOneLyingPyramidAreTwo) {
  BareTable scene(5, 40);
  const sim::PieceLook look = sim::PieceLook::Pyramid("yellow", "small");
  const std::vector<sim::Body> bodies = Seed43Uprights(scene.set, {702.86, 91.55});
  const cv::Mat image = scene.renderer.Render({look, look}, bodies, 0);
  const auto pyramids = [&](const Detection& detection) {
    std::vector<ObservedPiece> found;
    for (const ObservedPiece& piece : detection.pieces)
      if (piece.kind == ObservedKind::kPyramid) found.push_back(piece);
    return found;
  };
  const Detection detection = scene.detector.Detect(image);
  EXPECT_EQ(pyramids(detection).size(), 2u);
  ExpectPyramidsAt(detection, bodies, "small", true);
  DetectionOptions single_kept;
  single_kept.pyramids.side_by_side.recheck_fitted_below = 0;
  const PieceDetector without_recheck = scene.DetectorWith(single_kept);
  const std::vector<ObservedPiece> one = pyramids(without_recheck.Detect(image));
  ASSERT_EQ(one.size(), 1u);
  EXPECT_NE(one.front().size, "small");
}

// Held-out Ice Boule seed 43's two small uprights touching, filmed from elsewhere. Searched
// at any sizes, the parts' best poses are a small lying and a medium upright pyramid whose
// footprints cross: no pair. Both of one size, the pair is found.
TEST(SideBySideDetection, TwoSmallUprightsAreFoundAsAPairOfOneSize) {
  BareTable scene(7, 30);
  const sim::PieceLook look = sim::PieceLook::Pyramid("yellow", "small");
  const std::vector<sim::Body> bodies = Seed43Uprights(scene.set, {600, 240});
  const cv::Mat image = scene.renderer.Render({look, look}, bodies, 0);
  ExpectPyramidsAt(scene.detector.Detect(image), bodies, "small", true);
  DetectionOptions any_sizes;
  any_sizes.pyramids.side_by_side.alike_pairs = false;
  any_sizes.pyramids.peel.enabled = false;  // peeled off, the pair is found one by one
  ExpectPyramidsAt(scene.DetectorWith(any_sizes).Detect(image), bodies, "small", false);
}

// The same pair at 10 degrees: both parts' best poses read lying and only one outline is met
// there; the other pose of each part's own size (upright, left out of the few best of any
// size) meets both outlines, and their silhouettes explain the blob (0.84) much better than
// one pyramid (0.66).
TEST(SideBySideDetection, APartTriesTheOtherPoseOfItsSize) {
  BareTable scene(9, 10);
  const sim::PieceLook look = sim::PieceLook::Pyramid("yellow", "small");
  const std::vector<sim::Body> bodies = Seed43Uprights(scene.set, {300, 200});
  const cv::Mat image = scene.renderer.Render({look, look}, bodies, 0);
  ExpectPyramidsAt(scene.detector.Detect(image), bodies, "small", true);
}

// Two lying pyramids of `look` as held-out Ice Boule seed 208 left them, the first at `at`
// pointing away from the camera, the second beside it pointing back across the first.
std::vector<sim::Body> Seed208Pair(const PieceSet& set, const sim::PieceLook& look, cv::Vec2d at) {
  const auto lying = [&](cv::Vec2d place, double apex_deg) {
    sim::Body body = sim::MakeBody(look, set, place, (apex_deg + 90) * CV_PI / 180);
    body.lying = true;
    return body;
  };
  return {lying(at, 103.6), lying(at + cv::Vec2d(38.55, 6.0), -172.5)};
}

// A small upright pyramid and a small lying one beside it, as held-out Ice Boule seed 184 left
// them, the first at `at`.
std::vector<sim::Body> Seed184Pair(const PieceSet& set, const sim::PieceLook& look, cv::Vec2d at) {
  const sim::Body upright = sim::MakeBody(look, set, at, -107.3 * CV_PI / 180);
  sim::Body lying = sim::MakeBody(look, set, at + cv::Vec2d(5.9, 24.0), 171.1 * CV_PI / 180);
  lying.lying = true;
  return {upright, lying};
}

// How many of `pairs` (each rendered alone on `scene`'s table) the detector with `options`
// gets wrong: a pyramid not found where it lies, in its pose and size and within two sigmas.
int PairsMisread(BareTable& scene, const sim::PieceLook& look,
                 const std::vector<std::vector<sim::Body>>& pairs,
                 const DetectionOptions& options) {
  const PieceDetector detector = scene.DetectorWith(options);
  int misread = 0;
  for (const std::vector<sim::Body>& bodies : pairs) {
    const Detection detection = detector.Detect(scene.renderer.Render({look, look}, bodies, 0));
    for (const sim::Body& body : bodies) {
      const rules::Vec2 at{body.position[0], body.position[1]};
      const auto piece = std::find_if(
          detection.pieces.begin(), detection.pieces.end(), [&](const ObservedPiece& seen) {
            return seen.kind == ObservedKind::kPyramid && rules::Distance(seen.position_mm, at) < 3;
          });
      misread += piece == detection.pieces.end() || piece->size != look.size ||
                 piece->pose != (body.lying ? "lying" : "upright") ||
                 rules::Distance(piece->position_mm, at) > 2 * piece->sigma_mm;
    }
  }
  return misread;
}

// Each of the pairs laid by `lay` at `places` on a bare table (table seed 7, 30 degrees) found as
// it lies by the default detector, and at least one pyramid misread with `without` switched off.
void ExpectPairsFoundOnlyWith(const char* size,
                              std::vector<sim::Body> (*lay)(const PieceSet&, const sim::PieceLook&,
                                                            cv::Vec2d),
                              const std::vector<cv::Vec2d>& places,
                              bool PyramidSideBySideOptions::*without) {
  BareTable scene(7, 30);
  const sim::PieceLook look = sim::PieceLook::Pyramid("yellow", size);
  std::vector<std::vector<sim::Body>> pairs;
  for (const cv::Vec2d& at : places) pairs.push_back(lay(scene.set, look, at));
  EXPECT_EQ(PairsMisread(scene, look, pairs, {}), 0);
  DetectionOptions switched_off;
  switched_off.pyramids.side_by_side.*without = false;
  EXPECT_GE(PairsMisread(scene, look, pairs, switched_off), 1);
}

// Held-out Ice Boule seed 208: of two medium lying pyramids of one colour side by side, the one
// pointing away from the camera read upright. What the other's silhouette leaves of their blob
// is longest across it, and its lying poses were looked for only along that: with its best
// lying pose searched all round among its other poses, each pair is found as it lies (without,
// at least one pyramid is misread).
TEST(SideBySideDetection, ALyingPartPointingAwayFromTheCameraIsFoundLying) {
  ExpectPairsFoundOnlyWith("medium", Seed208Pair, {{550, 150}, {750, 150}, {750, 350}},
                           &PyramidSideBySideOptions::parts_lying_all_round);
}

// Held-out Ice Boule seed 184: a small lying pyramid beside an upright one, its part overlapping
// as well upright as lying, read upright from an outline met on half its rays; lying, it is met
// on nearly all of them, and the pair is found as it stands.
TEST(SideBySideDetection, APartTakesAnotherPoseWhoseOutlineIsMetClearlyBetter) {
  ExpectPairsFoundOnlyWith("small", Seed184Pair, {{150, 350}, {350, 350}, {750, 350}},
                           &PyramidSideBySideOptions::switch_to_clearly_better);
}

// Fresh Ice Boule seed 326: a small projectile landed lying against its player's small lying
// piece by the target, 17 mm apart, where the tracker saw it come to rest (the places and turns
// of that table, copied to a few spots of this one): one found, midway between them, and the
// end ran on with one piece where two lay. Their parts' silhouettes put them 1-2 mm off, their
// footprints sharing 0.13 of one's area, which two solids cannot: the pair was never tried, and
// a large lying pyramid's outline, met on the pair's, took the blob.
TEST(SideBySideDetection, TwoLyingPyramidsOfOneColourTouchingAsTheyLandedAreTwo) {
  BareTable scene(3, 37);
  std::vector<sim::PieceLook> looks;
  std::vector<sim::Body> bodies;
  std::vector<rules::Vec2> rested;
  const auto lay = [&](const char* colour, const char* size, cv::Vec2d at, double angle_deg,
                       bool lying) {
    const sim::PieceLook look = sim::PieceLook::Pyramid(colour, size);
    sim::Body body = sim::MakeBody(look, scene.set, at, angle_deg * CV_PI / 180);
    body.lying = lying;
    looks.push_back(look);
    bodies.push_back(body);
  };
  for (const cv::Vec2d& offset : {cv::Vec2d(-250, -40), cv::Vec2d(0, 0), cv::Vec2d(200, 200)}) {
    lay("yellow", "small", cv::Vec2d(469.06, 157.98) + offset, 140.77, true);
    lay("yellow", "small", cv::Vec2d(457.72, 145.59) + offset, 138.34, true);
    lay("green", "large", cv::Vec2d(491.04, 172.76) + offset, 30.99, false);
    lay("red", "medium", cv::Vec2d(462.83, 188.25) + offset, -105.84, false);
    rested.push_back({457.6 + offset[0], 144.7 + offset[1]});
  }
  const cv::Mat image = scene.renderer.Render(looks, bodies, 0);
  // (Within 5 mm: the pair farthest from the camera is placed 3.4 mm off by its silhouettes.)
  const auto yellows_found = [&](const Detection& detection) {
    int count = 0;
    for (size_t i = 0; i < bodies.size(); ++i) {
      if (looks[i].colour != "yellow") continue;
      const rules::Vec2 at{bodies[i].position[0], bodies[i].position[1]};
      count += std::any_of(detection.pieces.begin(), detection.pieces.end(),
                           [&](const ObservedPiece& piece) {
                             return piece.colour == "yellow" && piece.pose == "lying" &&
                                    rules::Distance(piece.position_mm, at) < 5;
                           });
    }
    return count;
  };
  for (const DetectionHints& hints : {DetectionHints{}, DetectionHints::Expecting(rested)}) {
    SCOPED_TRACE(hints.expected_mm.empty() ? "no hints" : "where the tracker saw one rest");
    const Detection detection = scene.detector.Detect(image, hints);
    EXPECT_EQ(yellows_found(detection), 6);
    EXPECT_EQ(detection.pieces.size(), bodies.size());
  }
}

// Held-out Ice Boule seed 34's target: a small green upright pyramid on green felt filmed at
// 31 degrees. Its shaded faces are lost in the felt, so its silhouette overlaps the blob best
// lying, where the outline is met loosely; upright it overlaps nearly as well and its outline
// is met clearly better: it is found upright (lying without that second look).
TEST(OutlinePoseDetection, ASmallUprightOnFeltOfItsColourIsFoundUpright) {
  const sim::PieceLook look = sim::PieceLook::Pyramid("green", "small");
  for (const bool second_look : {true, false}) {
    SCOPED_TRACE(second_look ? "better outline looked for" : "best silhouette kept");
    DetectionOptions options;
    if (!second_look) options.pyramids.better_outline.overlap_margin = 0;
    BareTable scene(3, 31, options, sim::TableMaterial::kFelt);
    const sim::Body body = sim::MakeBody(look, scene.set, {673.3, 325.3}, 0.3);
    const Detection detection = scene.detector.Detect(scene.renderer.Render({look}, {body}, 0));
    ASSERT_EQ(detection.pieces.size(), 1u);
    const ObservedPiece& piece = detection.pieces.front();
    EXPECT_EQ(piece.size, "small");
    EXPECT_EQ(piece.pose, second_look ? "upright" : "lying");
    if (second_look) {
      EXPECT_LE(rules::Distance(piece.position_mm, {673.3, 325.3}), 2 * piece.sigma_mm);
    }
  }
}

// Held-out Ice Boule seed 312's target: a medium green pyramid lying on green felt, its lit face
// barely more saturated than the felt but far brighter. Six such, filmed at 35 degrees, are all
// found lying where they lie; without taking bright pixels of the felt's hue by their
// brightness, one of them is missed.
TEST(OutlinePoseDetection, ALyingPyramidOnFeltOfItsColourIsFoundByItsLitFace) {
  const sim::PieceLook look = sim::PieceLook::Pyramid("green", "medium");
  for (const bool by_brightness : {true, false}) {
    SCOPED_TRACE(by_brightness ? "bright pixels of the felt's hue taken" : "saturation alone");
    DetectionOptions options;
    if (!by_brightness) options.pyramids.colours.bright_over_table = 1e9;
    BareTable scene(1, 35, options, sim::TableMaterial::kFelt);
    std::vector<sim::PieceLook> looks;
    std::vector<sim::Body> bodies;
    for (int k = 0; k < 6; ++k) {
      sim::Body body =
          sim::MakeBody(look, scene.set, {150.0 + 110 * k, 150.0 + 60 * (k % 3)}, -2.04 + 0.9 * k);
      body.lying = true;
      looks.push_back(look);
      bodies.push_back(body);
    }
    const Detection detection = scene.detector.Detect(scene.renderer.Render(looks, bodies, 0));
    int found = 0;
    for (const sim::Body& body : bodies) {
      const rules::Vec2 at{body.position[0], body.position[1]};
      for (const ObservedPiece& piece : detection.pieces) {
        if (rules::Distance(piece.position_mm, at) < 5 && piece.colour == "green" &&
            piece.pose == "lying" && piece.size == "medium")
          ++found;
      }
    }
    EXPECT_EQ(found, by_brightness ? 6 : 5);
  }
}

// Held-out Ice Boule seed 92's target: small green pyramids on green felt filmed from afar
// (1280x720, the pyramids about 20 pixels across). Each one's shadow joins its blob, which the
// next size up overlaps best, its outline met on part of its rays; at its own size the
// outline is met clearly better: each is found at its size (without that second look some
// read a size larger). So are medium ones, which read large without it.
TEST(OutlinePoseDetection, ASmallPyramidWhoseShadowJoinsItsBlobIsFoundAtItsSize) {
  const PieceSet set = LoadPieceSet(DefaultPieceSetFile());
  for (const auto& [size, seed] : {std::pair{"small", 6}, std::pair{"medium", 5}}) {
    const sim::PieceLook look = sim::PieceLook::Pyramid("green", size);
    sim::DetectionSceneOptions scene_options = sim::BareTableOptions(1280, 720, seed);
    scene_options.tilt_deg = 5;
    scene_options.material = sim::TableMaterial::kFelt;
    const sim::DetectionScene table = sim::MakeDetectionScene(set, scene_options);
    std::vector<sim::PieceLook> looks;
    std::vector<sim::Body> bodies;
    for (int k = 0; k < 8; ++k) {
      looks.push_back(look);
      bodies.push_back(sim::MakeBody(look, set, {120.0 + 80 * k, 150.0 + 30 * (k % 3)}, 0.25 * k));
    }
    const cv::Mat image =
        sim::Renderer(table.camera, table.layout, set, table.render).Render(looks, bodies, 0);
    for (const bool second_look : {true, false}) {
      SCOPED_TRACE(std::string(size) + (second_look ? ", other sizes looked at" : ", best kept"));
      DetectionOptions options;
      if (!second_look) options.pyramids.better_outline.min_share_gain = 1;
      PieceDetector detector(set, options);
      detector.SetCalibration(TruthCalibration(table.camera, table.layout));
      const Detection detection = detector.Detect(image);
      int at_size = 0;
      for (const ObservedPiece& piece : detection.pieces) at_size += piece.size == size;
      if (second_look) {
        EXPECT_EQ(detection.pieces.size(), bodies.size());
        EXPECT_EQ(at_size, static_cast<int>(bodies.size()));
      } else {
        EXPECT_LT(at_size, static_cast<int>(detection.pieces.size()));
      }
    }
  }
}

// Where a tracker saw a piece come to rest, a pyramid whose outline the fit cannot settle
// (here no fit is ever accepted) is taken on its silhouette alone; elsewhere it is refused
// unless its silhouette overlaps its blob very well (Ice Boule seed 1: a projectile whose
// outline was "seen on too few sides" in the detection closing its shot).
TEST(ExpectedPyramids, APyramidWhereATrackerSawAPieceRestIsTakenOnItsSilhouette) {
  DetectionOptions no_outline;
  no_outline.pyramids.fit.max_rms_mm = 0;
  no_outline.pyramids.fit.max_rms_px = 0;
  BareTable scene(7, 20, no_outline);
  const PieceDetector& detector = scene.detector;

  std::vector<sim::PieceLook> looks;
  std::vector<sim::Body> bodies;
  std::vector<rules::Vec2> places;
  const std::vector<std::tuple<const char*, const char*, cv::Vec2d, bool>> placed = {
      {"red", "large", {150, 150}, false},   {"yellow", "medium", {350, 300}, true},
      {"blue", "small", {560, 180}, false},  {"green", "medium", {250, 380}, false},
      {"yellow", "large", {480, 420}, true}, {"red", "small", {620, 330}, false}};
  for (const auto& [colour, size, at, lying] : placed) {
    const sim::PieceLook look = sim::PieceLook::Pyramid(colour, size);
    sim::Body body = sim::MakeBody(look, scene.set, at, 0.4);
    body.lying = lying;
    looks.push_back(look);
    bodies.push_back(body);
    places.push_back({at[0], at[1]});
  }
  const cv::Mat image = scene.renderer.Render(looks, bodies, 0);
  const auto found = [&](const Detection& detection) {
    int count = 0;
    for (const rules::Vec2& at : places) {
      count += std::any_of(detection.pieces.begin(), detection.pieces.end(),
                           [&](const ObservedPiece& piece) {
                             return piece.kind == ObservedKind::kPyramid &&
                                    rules::Distance(piece.position_mm, at) < 3;
                           });
    }
    return count;
  };
  const Detection unexpected = detector.Detect(image);
  const Detection expected = detector.Detect(image, DetectionHints::Expecting(places));
  EXPECT_LT(found(unexpected), static_cast<int>(places.size()));
  EXPECT_EQ(found(expected), static_cast<int>(places.size()));
  EXPECT_EQ(expected.pieces.size(), places.size());
  // A place with no blob near it adds nothing.
  EXPECT_EQ(detector.Detect(image, DetectionHints::Expecting({{400, 100}})).pieces.size(),
            unexpected.pieces.size());
}

// Black pyramids on a dark wooden table: a blurred cell all round their blob is lost to the
// wood, so their silhouettes overlap it loosely (and favour a smaller size); their outlines,
// met tightly, still tell them and their size.
TEST(DarkPyramidDetection, FindsBlackPyramidsOnDarkWoodByTheirOutline) {
  BareTable scene(11, 25);
  struct Placed {
    const char* size;
    cv::Vec2d at;
    double angle;
  };
  const std::vector<Placed> placed = {{"small", {140, 320}, 0.3},  {"small", {350, 370}, 0.9},
                                      {"small", {560, 70}, 1.4},   {"small", {700, 300}, 2.2},
                                      {"medium", {550, 320}, 0.4}, {"medium", {170, 370}, 2.6},
                                      {"medium", {630, 390}, 2.1}, {"small", {470, 420}, 3.0}};
  std::vector<sim::PieceLook> looks;
  std::vector<sim::Body> bodies;
  for (const Placed& piece : placed) {
    looks.push_back(sim::PieceLook::Pyramid("black", piece.size));
    bodies.push_back(sim::MakeBody(looks.back(), scene.set, piece.at, piece.angle));
  }
  const Detection detection = scene.detector.Detect(scene.renderer.Render(looks, bodies, 0));

  int found = 0;
  int false_pyramids = 0;
  for (const ObservedPiece& piece : detection.pieces) {
    if (piece.kind != ObservedKind::kPyramid) continue;
    const auto match = std::find_if(placed.begin(), placed.end(), [&](const Placed& p) {
      return rules::Distance(piece.position_mm, {p.at[0], p.at[1]}) < 3;
    });
    if (match == placed.end()) {
      ++false_pyramids;
      continue;
    }
    ++found;
    EXPECT_EQ(piece.colour, "black");
    EXPECT_EQ(piece.size, match->size) << "at " << match->at;
    EXPECT_EQ(piece.pose, "upright") << "at " << match->at;
    EXPECT_LT(rules::Distance(piece.position_mm, {match->at[0], match->at[1]}), 1.0);
  }
  EXPECT_EQ(false_pyramids, 0);
  // Without the outline test 4 of the 8 were found; two still read neither way (their
  // outline edges scatter on the wood's grain).
  EXPECT_GE(found, 6) << "of " << placed.size();
}

TEST(PyramidModel, LyingPyramidAgreesWithTheSimulator) {
  const PyramidShape large{25.4, 44.5};
  EXPECT_NEAR(LyingCentroidFromBaseEdge(large), sim::LyingBaseEdge(large.base_mm, large.height_mm),
              1e-9);
  PyramidPlacement lying;
  lying.pose = PyramidPose::kLying;
  lying.position_mm = {100, 50};
  lying.angle_deg = 30;  // the apex points this way
  const PyramidCorners corners = PyramidVertices(large, lying);
  const cv::Vec3d apex = corners[4];
  EXPECT_NEAR(apex[2], 0, 1e-9);
  EXPECT_NEAR(std::atan2(apex[1] - 50, apex[0] - 100) * 180 / CV_PI, 30, 1e-6);
  // The raised base edge stands at the height of the face's dihedral angle.
  const double slant = large.SlantMm();
  EXPECT_NEAR(corners[2][2], large.base_mm * large.height_mm / slant, 1e-9);
  // The footprint is the face it lies on: base times slant over two.
  const rules::Polygon footprint = PyramidFootprint(large, lying);
  ASSERT_EQ(footprint.vertices.size(), 3u);
  double twice = 0;
  for (size_t i = 0; i < 3; ++i) {
    const rules::Vec2& a = footprint.vertices[i];
    const rules::Vec2& b = footprint.vertices[(i + 1) % 3];
    twice += a.x * b.y - a.y * b.x;
  }
  EXPECT_NEAR(std::abs(twice) / 2, large.base_mm * slant / 2, 1e-6);
}

TEST(PyramidOptions, CheckNamesTheField) {
  DetectionOptions options;
  options.pyramids.min_overlap = 1.5;
  try {
    options.Check();
    FAIL() << "accepted min_overlap 1.5";
  } catch (const std::invalid_argument& error) {
    EXPECT_NE(std::string(error.what()).find("min_overlap"), std::string::npos);
  }
  DetectionOptions fragments;
  fragments.pyramids.candidates.min_fragment_share = 0.5;  // above min_area_share
  EXPECT_THROW(fragments.Check(), std::invalid_argument);
}

// Three pyramids of `look` touching at `places` (x, y mm, turn in degrees, lying), rendered on
// `scene`'s table: found with the peeling, and none of them without it.
void ExpectThreePeeledOff(BareTable& scene, const sim::PieceLook& look,
                          const std::vector<std::tuple<double, double, double, bool>>& places) {
  std::vector<sim::Body> bodies;
  for (const auto& [x, y, turn_deg, lying] : places) {
    bodies.push_back(sim::MakeBody(look, scene.set, {x, y}, turn_deg * CV_PI / 180));
    bodies.back().lying = lying;
  }
  const cv::Mat image = scene.renderer.Render({look, look, look}, bodies, 0);
  ExpectPyramidsAt(scene.detector.Detect(image), bodies, look.size, true);
  DetectionOptions no_peel;
  no_peel.pyramids.peel.enabled = false;
  ExpectPyramidsAt(scene.DetectorWith(no_peel).Detect(image), bodies, look.size, false);
}

// Held-out Ice Boule seeds 55 and 39: three pyramids of one colour touching beside the target,
// an upright one between two lying (the tables' places). Neither one pyramid nor two explain
// their blob; peeled off one at a time, the one whose outline is met most tightly first, and
// what it leaves explained again, all three are found.
TEST(PeelDetection, ThreePyramidsOfOneColourTouchingArePeeledOffOneByOne) {
  {
    SCOPED_TRACE("seed 55's yellow medium pyramids");
    BareTable scene(5, 30);
    ExpectThreePeeledOff(scene, sim::PieceLook::Pyramid("yellow", "medium"),
                         {{444.21, 266.99, 21.19, true},
                          {457.10, 302.88, 115.70, false},
                          {436.27, 298.12, 106.47, true}});
  }
  {
    SCOPED_TRACE("seed 39's red large pyramids");
    BareTable scene(3, 20);
    ExpectThreePeeledOff(scene, sim::PieceLook::Pyramid("red", "large"),
                         {{525.34, 374.12, 98.61, true},
                          {502.99, 349.51, -124.43, false},
                          {511.10, 311.85, -29.45, true}});
  }
}

}  // namespace
}  // namespace tabref::vision
