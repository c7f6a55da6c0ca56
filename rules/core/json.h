#pragma once

#include <nlohmann/json.hpp>

namespace tabref::rules {

// Actions, options, scorecards and game logs are JSON documents; the engines use
// nlohmann::json throughout so that a log read from disk needs no translation layer.
using Json = nlohmann::json;

}  // namespace tabref::rules
