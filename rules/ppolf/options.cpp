#include "rules/ppolf/options.h"

#include "rules/core/field_reader.h"
#include "rules/core/rule_error.h"

namespace tabref::rules::ppolf {
namespace {

constexpr int kMaxObstacles = 50;
constexpr int kMaxPar = 500;

void RequirePositive(double value, const std::string& key) {
  if (!(value > 0.0)) {
    throw RuleError("ppolf option: field \"" + key + "\" must be positive, got " +
                    Json(value).dump());
  }
}

}  // namespace

Options Options::FromJson(const Json& json) {
  FieldReader reader(json, "ppolf option");
  Options options;
  options.close_call_mm = reader.Number("close_call_mm", options.close_call_mm);
  options.third_suit = reader.Choice("third_suit", {"green", "yellow"}, options.third_suit);
  options.obstacles = reader.Int("obstacles", 0, kMaxObstacles, options.obstacles);
  options.par = reader.Int("par", 1, kMaxPar, options.par);
  options.putt_out_on_tee_off = reader.Bool("putt_out_on_tee_off", options.putt_out_on_tee_off);
  options.tile_width_mm = reader.Number("tile_width_mm", options.tile_width_mm);
  options.coin_diameter_mm = reader.Number("coin_diameter_mm", options.coin_diameter_mm);
  reader.RejectUnknown();
  options.Check();
  return options;
}

Json Options::ToJson() const {
  return {{"close_call_mm", close_call_mm},
          {"third_suit", third_suit},
          {"obstacles", obstacles},
          {"par", par},
          {"putt_out_on_tee_off", putt_out_on_tee_off},
          {"tile_width_mm", tile_width_mm},
          {"coin_diameter_mm", coin_diameter_mm}};
}

void Options::Check() const {
  if (close_call_mm < 0.0) {
    throw RuleError("ppolf option: field \"close_call_mm\" must not be negative, got " +
                    Json(close_call_mm).dump());
  }
  if (third_suit != "green" && third_suit != "yellow") {
    throw RuleError("ppolf option: field \"third_suit\" must be green or yellow, got \"" +
                    third_suit + "\"");
  }
  if (obstacles < 0 || obstacles > kMaxObstacles || par < 1 || par > kMaxPar) {
    throw RuleError("ppolf option: \"obstacles\" must be 0 to " + std::to_string(kMaxObstacles) +
                    " and \"par\" 1 to " + std::to_string(kMaxPar));
  }
  RequirePositive(tile_width_mm, "tile_width_mm");
  RequirePositive(coin_diameter_mm, "coin_diameter_mm");
}

}  // namespace tabref::rules::ppolf
