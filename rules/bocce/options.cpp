#include "rules/bocce/options.h"

#include "rules/core/field_reader.h"
#include "rules/core/rule_error.h"

namespace tabref::rules::bocce {
namespace {

constexpr int kMinTarget = 7;  // below this a bust could take a total under zero
constexpr int kMaxTarget = 99;

Vec2 PointOption(FieldReader& reader, std::string_view key, Vec2 fallback) {
  const Json* value = reader.Optional(key);
  if (value == nullptr) return fallback;
  try {
    return PointFromJson(*value);
  } catch (const RuleError& error) {
    reader.Fail(key, error.what());
  }
}

double AlongAxis(Vec2 p, Axis axis) { return axis == Axis::kX ? p.x : p.y; }

void Require(bool condition, const std::string& problem) {
  if (!condition) throw RuleError("bocce options: " + problem);
}

}  // namespace

const char* ToString(CourtEnd end) { return end == CourtEnd::kNear ? "near" : "far"; }

CourtEnd Opposite(CourtEnd end) {
  return end == CourtEnd::kNear ? CourtEnd::kFar : CourtEnd::kNear;
}

Options Options::FromJson(const Json& json) {
  FieldReader reader(json, "bocce option");
  Options options;
  options.court_min = PointOption(reader, "court_min", options.court_min);
  options.court_max = PointOption(reader, "court_max", options.court_max);
  options.axis = reader.Choice("axis", {"x", "y"}, "x") == "x" ? Axis::kX : Axis::kY;
  options.end_box_depth_mm = reader.Number("end_box_depth_mm", options.end_box_depth_mm);
  options.dashed_line_mm = reader.Number("dashed_line_mm", options.dashed_line_mm);
  options.coin_diameter_mm = reader.Number("coin_diameter_mm", options.coin_diameter_mm);
  options.close_call_mm = reader.Number("close_call_mm", options.close_call_mm);
  options.target = reader.Int("target", kMinTarget, kMaxTarget, options.target);
  options.bust_rule = reader.Bool("bust_rule", options.bust_rule);
  options.two_player_alternate_ends =
      reader.Bool("two_player_alternate_ends", options.two_player_alternate_ends);
  options.first_end = reader.Choice("first_end", {"near", "far"}, "near") == "near"
                          ? CourtEnd::kNear
                          : CourtEnd::kFar;
  reader.RejectUnknown();
  options.Check();
  return options;
}

Json Options::ToJson() const {
  return {{"court_min", rules::ToJson(court_min)},
          {"court_max", rules::ToJson(court_max)},
          {"axis", axis == Axis::kX ? "x" : "y"},
          {"end_box_depth_mm", end_box_depth_mm},
          {"dashed_line_mm", dashed_line_mm},
          {"coin_diameter_mm", coin_diameter_mm},
          {"close_call_mm", close_call_mm},
          {"target", target},
          {"bust_rule", bust_rule},
          {"two_player_alternate_ends", two_player_alternate_ends},
          {"first_end", ToString(first_end)}};
}

void Options::Check() const {
  Require(court_max.x > court_min.x && court_max.y > court_min.y,
          "court_max must lie above and right of court_min on both axes");
  Require(coin_diameter_mm > 0.0, "coin_diameter_mm must be positive");
  Require(close_call_mm >= 0.0, "close_call_mm must not be negative");
  Require(dashed_line_mm > 0.0 && dashed_line_mm < end_box_depth_mm,
          "dashed_line_mm must lie inside the end box (between 0 and end_box_depth_mm)");
  const double length = AlongAxis(court_max, axis) - AlongAxis(court_min, axis);
  Require(2.0 * end_box_depth_mm < length,
          "the two end boxes (2 x end_box_depth_mm) must fit along the court's axis");
  Require(target >= kMinTarget && target <= kMaxTarget, "target must be between 7 and 99");
}

}  // namespace tabref::rules::bocce
