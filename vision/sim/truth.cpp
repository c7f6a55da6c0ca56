#include "vision/sim/truth.h"

#include <cmath>

#include "vision/sim/piece_body.h"

namespace tabref::vision::sim {
namespace {

using nlohmann::json;

constexpr double kDegreesPerRadian = 180.0 / CV_PI;

double Rounded(double value, double step = 1e-4) { return std::round(value / step) * step; }

json Point(const cv::Vec3d& p) {
  return json::array({Rounded(p[0]), Rounded(p[1]), Rounded(p[2])});
}
json Point(const cv::Vec2d& p) { return json::array({Rounded(p[0]), Rounded(p[1])}); }

const char* SupportName(Support support) {
  switch (support) {
    case Support::kTable:
      return "table";
    case Support::kAir:
      return "air";
    case Support::kFalling:
      return "falling";
    case Support::kFloor:
      return "floor";
    case Support::kStacked:
      return "stacked";
    case Support::kHeld:
      return "held";
  }
  return "?";
}

const char* SideName(const PieceLook& look) {
  switch (look.kind) {
    case PieceKind::kCoin:
      return look.face_up ? "suit" : "value";
    case PieceKind::kTile:
    case PieceKind::kCard:
      return look.face_up ? "face" : "back";
    default:
      return nullptr;
  }
}

// Angles in (-180, 180] degrees.
double Degrees(double radians) {
  const double degrees = std::remainder(radians * kDegreesPerRadian, 360.0);
  return Rounded(degrees == -180 ? 180 : degrees);
}

json IntrinsicsJson(const Camera& camera) {
  json matrix = json::array();
  for (int r = 0; r < 3; ++r) {
    for (int c = 0; c < 3; ++c) matrix.push_back(camera.camera_matrix(r, c));
  }
  return {{"image_size", {camera.image_size.width, camera.image_size.height}},
          {"camera_matrix", matrix},
          {"distortion_coefficients",
           std::vector<double>(camera.distortion.val, camera.distortion.val + 5)}};
}

// In the form of `tabref detect`'s "camera_from_table" (DESIGN.md).
json PoseJson(const Camera& camera) {
  json rotation = json::array();
  for (int r = 0; r < 3; ++r) {
    for (int c = 0; c < 3; ++c) rotation.push_back(camera.rotation(r, c));
  }
  const cv::Vec3d& t = camera.translation;
  return {{"R", rotation}, {"t_mm", {t[0], t[1], t[2]}}};
}

json MarkersJson(const TableLayout& layout) {
  json markers = json::array();
  const auto centres = layout.MarkerCentres();
  for (int id = 0; id < 4; ++id) {
    json corners = json::array();
    for (const cv::Vec3d& corner : layout.MarkerCorners(id)) corners.push_back(Point(corner));
    markers.push_back({{"id", id},
                       {"centre_mm", Point(centres[static_cast<size_t>(id)])},
                       {"corners_mm", corners},
                       {"side_mm", layout.marker_side_mm}});
  }
  return markers;
}

json TableJson(const TableLayout& layout) {
  const cv::Rect2d top = layout.TableTop();
  return {
      {"material", ToString(layout.material)},
      {"top_mm",
       {Rounded(top.x), Rounded(top.y), Rounded(top.x + top.width), Rounded(top.y + top.height)}},
      {"thickness_mm", layout.table_thickness_mm}};
}

}  // namespace

json PieceJson(int piece, const PieceLook& look) {
  json entry{{"index", piece}, {"kind", ToString(look.kind)}, {"distractor", look.IsDistractor()}};
  if (const char* side = SideName(look)) entry["side"] = side;
  if (look.kind == PieceKind::kCoin || look.kind == PieceKind::kTile) {
    entry["suit"] = look.suit;
    entry["rank"] = look.rank;
  }
  if (look.kind == PieceKind::kPyramid) entry["size"] = look.size;
  if (!look.colour.empty()) entry["color"] = look.colour;
  return entry;
}

json PoseJson(int piece, const Body& body) {
  json pose{{"piece", piece},
            {"x_mm", Rounded(body.position[0])},
            {"y_mm", Rounded(body.position[1])},
            {"z_mm", Rounded(body.elevation)},
            {"angle_deg", Degrees(body.lying ? LyingApexDirection(body.angle) : body.angle)},
            {"support", SupportName(body.support)},
            {"on_table", body.OnTable() || body.support == Support::kAir},
            {"moving", body.Moving()},
            {"on_top_of", body.support == Support::kStacked ? json(body.carrier) : json(nullptr)}};
  if (body.can_lie) pose["pose"] = body.lying ? "lying" : "upright";
  return pose;
}

json EventJson(const Event& event, double fps) {
  json entry{{"time_s", Rounded(event.time_s, 1e-6)},
             {"frame", static_cast<int>(std::ceil(event.time_s * fps - 1e-9))},
             {"type", ToString(event.type)}};
  switch (event.type) {
    case EventType::kFlick:
    case EventType::kHop:
      entry["piece"] = event.piece;
      entry["velocity_mm_s"] = Point(event.value);
      break;
    case EventType::kContact:
      entry["pieces"] = {event.piece, event.other};
      entry["point_mm"] = Point(event.value);
      break;
    case EventType::kLanded:
      entry["piece"] = event.piece;
      entry["pose"] = event.lying ? "lying" : "upright";
      break;
    case EventType::kLeftTable:
      entry["piece"] = event.piece;
      entry["edge_point_mm"] = Point(event.value);
      break;
    case EventType::kPlaced:
      entry["piece"] = event.piece;
      entry["point_mm"] = Point(event.value);
      if (event.other >= 0) entry["on_top_of"] = event.other;
      break;
    case EventType::kPickedUp:
      entry["piece"] = event.piece;
      break;
    case EventType::kRest:
      break;
  }
  return entry;
}

GroundTruth::GroundTruth(const Camera& camera, const TableLayout& layout,
                         const std::vector<PieceLook>& looks, std::uint64_t seed, double fps)
    : fps_(fps) {
  json pieces = json::array();
  for (size_t i = 0; i < looks.size(); ++i)
    pieces.push_back(PieceJson(static_cast<int>(i), looks[i]));
  header_ = {{"format", "tabref synthetic truth 1"},
             {"units", "mm, degrees, seconds; table frame of DESIGN.md"},
             {"seed", seed},
             {"fps", fps},
             {"camera", IntrinsicsJson(camera)},
             {"camera_from_table", PoseJson(camera)},
             {"markers", MarkersJson(layout)},
             {"table", TableJson(layout)},
             {"pieces", pieces}};
}

void GroundTruth::AddFrame(int index, double time_s, const std::vector<Body>& bodies) {
  json poses = json::array();
  for (size_t i = 0; i < bodies.size(); ++i)
    poses.push_back(PoseJson(static_cast<int>(i), bodies[i]));
  frames_.push_back({{"index", index}, {"time_s", Rounded(time_s, 1e-6)}, {"poses", poses}});
}

json GroundTruth::ToJson(const std::vector<Event>& events) const {
  json document = header_;
  json event_list = json::array();
  json rests = json::array();
  for (const Event& event : events) {
    event_list.push_back(EventJson(event, fps_));
    if (event.type == EventType::kRest) rests.push_back(Rounded(event.time_s, 1e-6));
  }
  document["frames"] = frames_;
  document["events"] = event_list;
  document["rest_s"] = rests;
  return document;
}

}  // namespace tabref::vision::sim
