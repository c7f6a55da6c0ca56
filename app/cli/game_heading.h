#pragma once

#include <string>

#include "rules/core/state.h"

namespace tabref::cli {

// "Tabletop Bocce: Ann and Bob (12 actions)"
std::string GameHeading(const rules::State& state);

}  // namespace tabref::cli
