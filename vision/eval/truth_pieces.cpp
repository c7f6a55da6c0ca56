#include "vision/eval/truth_pieces.h"

#include <cmath>

#include "vision/sim/piece_body.h"

namespace tabref::vision {
namespace {

constexpr double kDegrees = 180.0 / CV_PI;

rules::Footprint FootprintOf(const sim::PieceLook& look, const sim::Body& body,
                             const PieceSet& set) {
  const rules::Vec2 centre{body.position[0], body.position[1]};
  if (body.is_disc) return rules::Circle{centre, body.radius};
  const sim::PieceDimensions size = sim::DimensionsOf(look, set);
  if (look.kind == sim::PieceKind::kPyramid && body.lying) {
    // The face it lies on, in the body frame: base edge along x at y = LyingBaseEdge, apex
    // toward -y (sim/piece_body.h).
    const double half = 0.5 * size.length_mm;
    const double edge = sim::LyingBaseEdge(size.length_mm, size.height_mm);
    const double slant = std::hypot(size.height_mm, half);
    rules::Polygon triangle;
    for (const rules::Vec2& corner :
         {rules::Vec2{half, edge}, rules::Vec2{-half, edge}, rules::Vec2{0, edge - slant}})
      triangle.vertices.push_back(centre + rules::Rotated(corner, body.angle * kDegrees));
    return triangle;
  }
  const double c = std::cos(body.angle);
  const double s = std::sin(body.angle);
  rules::Polygon box;
  for (const auto& [u, v] : {std::pair{-1, -1}, {1, -1}, {1, 1}, {-1, 1}}) {
    const double x = u * body.half_extent[0];
    const double y = v * body.half_extent[1];
    box.vertices.push_back({centre.x + c * x - s * y, centre.y + s * x + c * y});
  }
  return box;
}

// A pyramid nested on an upright one of its own colour, its apex within a millimetre of the
// lower one's: the pyramids' slopes differ by a few per cent, so its faces continue the lower
// one's and the pair looks like the lower one alone.
bool NestedFlush(const sim::DetectionScene& scene, size_t i, const PieceSet& set) {
  const sim::Body& body = scene.bodies[i];
  const sim::PieceLook& look = scene.looks[i];
  if (look.kind != sim::PieceKind::kPyramid || body.support != sim::Support::kStacked ||
      body.carrier < 0 || body.lying)
    return false;
  const auto lower = static_cast<size_t>(body.carrier);
  const sim::PieceLook& lower_look = scene.looks[lower];
  const sim::Body& lower_body = scene.bodies[lower];
  if (lower_look.kind != sim::PieceKind::kPyramid || lower_body.lying ||
      lower_look.colour != look.colour)
    return false;
  constexpr double kFlushMm = 1;
  const double apex = body.elevation + sim::DimensionsOf(look, set).height_mm;
  const double lower_apex = lower_body.elevation + sim::DimensionsOf(lower_look, set).height_mm;
  return std::abs(apex - lower_apex) <= kFlushMm;
}

}  // namespace

std::vector<TruthPiece> TruthPieces(const sim::DetectionScene& scene, const PieceSet& set) {
  std::vector<TruthPiece> pieces;
  for (size_t i = 0; i < scene.looks.size(); ++i) {
    const sim::PieceLook& look = scene.looks[i];
    const sim::Body& body = scene.bodies[i];
    TruthPiece truth;
    truth.hidden = scene.hidden[i];
    truth.indistinct = NestedFlush(scene, i, set);
    truth.distractor = look.IsDistractor();
    truth.description = look.Describe();
    ObservedPiece& piece = truth.piece;
    piece.position_mm = {body.position[0], body.position[1]};
    piece.angle_deg =
        (look.kind == sim::PieceKind::kPyramid && body.lying ? sim::LyingApexDirection(body.angle)
                                                             : body.angle) *
        kDegrees;
    piece.footprint = FootprintOf(look, body, set);
    piece.track_id = static_cast<int>(i);
    switch (look.kind) {
      case sim::PieceKind::kCoin:
        piece.kind = ObservedKind::kCoin;
        piece.side = look.face_up ? "suit" : "value";
        if (look.face_up)
          piece.suit = look.suit;
        else
          piece.rank = look.rank;
        if (body.support == sim::Support::kStacked && body.carrier >= 0)
          piece.on_top_of = body.carrier;  // lying on a tile
        break;
      case sim::PieceKind::kTile:
        piece.kind = ObservedKind::kTile;
        piece.side = look.face_up ? "face" : "back";
        if (look.face_up) {
          piece.suit = look.suit;
          piece.rank = look.rank;
        }
        break;
      case sim::PieceKind::kPyramid:
        piece.kind = ObservedKind::kPyramid;
        piece.colour = look.colour;
        piece.size = look.size;
        piece.pose = body.lying ? "lying" : "upright";
        if (body.carrier >= 0) piece.on_top_of = body.carrier;
        break;
      default:
        piece.kind = ObservedKind::kTile;  // distractors: matched against any kind
        break;
    }
    pieces.push_back(std::move(truth));
  }
  return pieces;
}

calibration::TableCalibration TruthCalibration(const sim::Camera& camera,
                                               const sim::TableLayout& layout) {
  calibration::TableCalibration calibration;
  calibration.intrinsics.image_size = camera.image_size;
  calibration.intrinsics.camera_matrix = camera.camera_matrix;
  calibration.intrinsics.distortion = cv::Mat(1, 5, CV_64F);
  for (int i = 0; i < 5; ++i)
    calibration.intrinsics.distortion.at<double>(i) = camera.distortion[i];
  calibration.rotation = camera.rotation;
  calibration.translation = camera.translation;
  calibration.marker_side_mm = layout.marker_side_mm;
  const auto centres = layout.MarkerCentres();
  for (size_t i = 0; i < centres.size(); ++i) {
    calibration.marker_centres_mm[i] = {centres[i][0], centres[i][1]};
    calibration.play_area_mm.push_back(calibration.marker_centres_mm[i]);
  }
  return calibration;
}

}  // namespace tabref::vision
