// A simulated game's table as its camera films it, through the piece detector: the Ppolf
// course at 1080p spreads 19 tiles over 1.5 m, the far ones 35 px wide and blurred so that
// their edges show 0.8 mm inside their sides.
#include <gtest/gtest.h>

#include "app/referee/sim/simulated_game.h"
#include "vision/detect/piece_detector.h"
#include "vision/eval/truth_pieces.h"

namespace tabref::referee {
namespace {

// The pieces of `kind` in `from` with none of that kind in `in` within `within_mm`.
std::vector<rules::Vec2> Unmatched(const std::vector<vision::ObservedPiece>& from,
                                   const std::vector<vision::ObservedPiece>& in,
                                   vision::ObservedKind kind, double within_mm) {
  std::vector<rules::Vec2> unmatched;
  for (const vision::ObservedPiece& piece : from) {
    if (piece.kind != kind) continue;
    const bool matched = std::any_of(in.begin(), in.end(), [&](const vision::ObservedPiece& o) {
      return o.kind == kind && rules::Distance(o.position_mm, piece.position_mm) < within_mm;
    });
    if (!matched) unmatched.push_back(piece.position_mm);
  }
  return unmatched;
}

std::string Listed(const std::vector<rules::Vec2>& points) {
  std::string text;
  for (const rules::Vec2& p : points)
    text += " (" + std::to_string(p.x) + ", " + std::to_string(p.y) + ")";
  return text;
}

TEST(CourseDetection, EveryTileOfAPpolfCourseIsFoundAndNoMarkerCellIsACoin) {
  GameSimulationOptions options;
  options.recording.game = "ppolf";
  options.recording.seed = 5;
  options.recording.width = 1920;
  options.recording.height = 1080;
  options.max_shots = 1;
  SimulatedGame game(options, false);
  ASSERT_TRUE(game.NextFrame());
  const vision::PieceSet set = vision::LoadPieceSet(vision::DefaultPieceSetFile());
  vision::PieceDetector detector(set);
  detector.SetCalibration(vision::TruthCalibration(game.Camera(), game.Table().layout));

  const vision::Detection detection = detector.Detect(game.Image());
  const vision::TableObservation truth = game.TruthTable();
  const auto tiles = std::count_if(
      truth.pieces.begin(), truth.pieces.end(),
      [](const vision::ObservedPiece& piece) { return piece.kind == vision::ObservedKind::kTile; });
  ASSERT_GE(tiles, 18);
  const std::vector<rules::Vec2> missed =
      Unmatched(truth.pieces, detection.pieces, vision::ObservedKind::kTile, 2);
  EXPECT_TRUE(missed.empty()) << missed.size() << " tiles missed:" << Listed(missed);
  // The markers' white cells make blank coin faces, a coin's size: looked at, and left.
  const std::vector<rules::Vec2> false_coins =
      Unmatched(detection.pieces, truth.pieces, vision::ObservedKind::kCoin, 3);
  EXPECT_TRUE(false_coins.empty()) << "false coins at" << Listed(false_coins);
  const auto in_markers = std::count_if(detection.rejected.begin(), detection.rejected.end(),
                                        [](const vision::RejectedCandidate& r) {
                                          return r.reason == "inside a table marker's black square";
                                        });
  EXPECT_GE(in_markers, 4);
}

}  // namespace
}  // namespace tabref::referee
