#pragma once

#include <array>
#include <optional>
#include <vector>

#include "rules/bocce/court.h"
#include "rules/bocce/sides.h"
#include "rules/core/field_reader.h"
#include "rules/core/geometry.h"
#include "rules/core/json.h"

namespace tabref::rules::bocce {

// One observed coin: where it rests and how sure the camera is of it.
struct Coin {
  Vec2 position;
  double sigma_mm = 0.0;  // 1-sigma position uncertainty
};

// The coins of a round as the camera saw them after a flick. `jack` is empty when the
// jack left the table.
struct Layout {
  std::optional<Coin> jack;
  std::array<std::vector<Coin>, 2> bowls;

  // Only the coins in bounds of the court: the jack is dropped when it is out.
  Layout InBounds(const Court& court) const;
  int BowlCount(int side) const { return static_cast<int>(bowls.at(side).size()); }
};

// Reads "position" and the optional "sigma_mm" of a coin from an object being read.
Coin CoinFromFields(FieldReader& reader);
// A coin is written [x, y] (sigma 0) or {"position": [x, y], "sigma_mm": s}; `what`
// names it in errors.
Coin CoinFromJson(const Json& json, const std::string& what);
Json ToJson(const Coin& coin);

// Reads the layout of a measured bowl: "jack" (a coin, or null when it left the table)
// and "bowls": {"<side>": [coins], ...}; a side left out has no bowl on the table.
Layout LayoutFromAction(const Json& body, const Sides& sides);
Json ToJson(const Layout& layout, const Sides& sides);

}  // namespace tabref::rules::bocce
