#pragma once

#include <string>
#include <string_view>

#include "rules/core/json.h"

namespace tabref::rules {

// Where an action came from. The engines treat all sources alike; the source is kept in
// the log so that a referee's decisions can be audited later.
enum class ActionSource { kManual, kVision, kCorrection };

std::string_view ToString(ActionSource source);
// Throws RuleError for anything but "manual", "vision" or "correction".
ActionSource ActionSourceFromString(std::string_view text);

// One entry of a game's action log. `body` is a JSON object whose "type" names the
// action; the remaining fields are the game's (see docs/game-log.md).
struct Action {
  Json body = Json::object();
  ActionSource source = ActionSource::kManual;

  // The log form: the body's fields plus "source" (omitted for manual actions).
  Json ToJson() const;
  // Accepts the log form; a missing "source" means manual. Throws RuleError when the
  // action is not an object or has no string "type".
  static Action FromJson(const Json& json);

  std::string Type() const;
};

bool operator==(const Action& a, const Action& b);

}  // namespace tabref::rules
