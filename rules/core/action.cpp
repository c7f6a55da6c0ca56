#include "rules/core/action.h"

#include "rules/core/rule_error.h"

namespace tabref::rules {

std::string_view ToString(ActionSource source) {
  switch (source) {
    case ActionSource::kManual:
      return "manual";
    case ActionSource::kVision:
      return "vision";
    case ActionSource::kCorrection:
      return "correction";
  }
  return "manual";
}

ActionSource ActionSourceFromString(std::string_view text) {
  if (text == "manual") return ActionSource::kManual;
  if (text == "vision") return ActionSource::kVision;
  if (text == "correction") return ActionSource::kCorrection;
  throw RuleError("unknown action source '" + std::string(text) +
                  "'; use manual, vision or correction");
}

Json Action::ToJson() const {
  Json json = body;
  if (source != ActionSource::kManual) json["source"] = std::string(ToString(source));
  return json;
}

Action Action::FromJson(const Json& json) {
  if (!json.is_object()) throw RuleError("an action must be a JSON object, got " + json.dump());
  auto type = json.find("type");
  if (type == json.end() || !type->is_string()) {
    throw RuleError("an action needs a string field \"type\": " + json.dump());
  }
  Action action;
  action.body = json;
  if (auto source = json.find("source"); source != json.end()) {
    if (!source->is_string()) throw RuleError("\"source\" must be a string in " + json.dump());
    action.source = ActionSourceFromString(source->get<std::string>());
    action.body.erase("source");
  }
  return action;
}

std::string Action::Type() const { return body.value("type", std::string()); }

bool operator==(const Action& a, const Action& b) {
  return a.source == b.source && a.body == b.body;
}

}  // namespace tabref::rules
