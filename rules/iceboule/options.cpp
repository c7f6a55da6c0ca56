#include "rules/iceboule/options.h"

#include "rules/core/field_reader.h"
#include "rules/core/rule_error.h"

namespace tabref::rules::iceboule {

Options Options::FromJson(const Json& json) {
  FieldReader reader(json, "iceboule option");
  const Options defaults;
  Options options;
  options.target = reader.Int("target", 1, 1000, defaults.target);
  options.close_call_mm = reader.Number("close_call_mm", defaults.close_call_mm);
  options.solo_radius_mm = reader.Number("solo_radius_mm", defaults.solo_radius_mm);
  options.touching_is_equal = reader.Bool("touching_is_equal", defaults.touching_is_equal);
  reader.RejectUnknown();
  options.Check();
  return options;
}

Json Options::ToJson() const {
  return {{"target", target},
          {"close_call_mm", close_call_mm},
          {"solo_radius_mm", solo_radius_mm},
          {"touching_is_equal", touching_is_equal}};
}

void Options::Check() const {
  if (target < 1) throw RuleError("iceboule option \"target\" must be at least 1 point");
  if (close_call_mm < 0.0) {
    throw RuleError("iceboule option \"close_call_mm\" must not be negative");
  }
  if (solo_radius_mm < 0.0) {
    throw RuleError("iceboule option \"solo_radius_mm\" must not be negative");
  }
}

}  // namespace tabref::rules::iceboule
