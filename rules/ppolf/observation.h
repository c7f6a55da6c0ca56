#pragma once

#include <optional>
#include <string>
#include <vector>

#include "rules/core/json.h"
#include "rules/ppolf/geometry.h"
#include "rules/ppolf/options.h"

// Parsing of the Ppolf action bodies ("flick", "layout", "ruling") into plain structs.
// Only the shape of each field is checked here; whether the action is legal now is the
// state's business.
namespace tabref::rules::ppolf {

struct SeatedCoin {
  int seat = 0;
  CoinSighting sighting;
};

struct PlacedTile {
  int tile = 0;
  TilePose pose;
};

// One flick and everything it did, as seen by the camera or told by the players.
struct Flick {
  int seat = 0;
  bool hit = false;               // the coin hit the target hole
  std::vector<int> touched;       // course tiles the coin touched, as the camera saw them
  bool off_table = false;         // the coin left the table (a penalty flick)
  std::vector<int> knocked_off;   // other coins knocked off the table (a penalty each)
  std::vector<int> knocked_in;    // other coins knocked into the hole (they finish)
  int holes_knocked_off = 0;      // course tiles knocked off the table (a penalty each)
  int obstacles_knocked_off = 0;  // obstacles knocked off the table (a penalty each)
  std::optional<bool> putt_out;   // the players' word: the coin rests within 2 tile widths
  std::optional<TilePose> hole;   // where the target hole lies now
  std::vector<SeatedCoin> coins;  // resting positions of coins in play

  int PenaltyFlicks() const;
};

// Tile and coin positions seen by the camera between flicks.
struct Layout {
  std::vector<PlacedTile> tiles;
  std::vector<SeatedCoin> coins;
};

// A ruling asked of the table: who is closer, or whether a coin is within putt-out range.
struct Ruling {
  std::optional<int> closer;
  std::optional<bool> putt_out;
};

Flick ParseFlick(const Json& body, const std::vector<std::string>& players, const Options& options);
Layout ParseLayout(const Json& body, const std::vector<std::string>& players,
                   const Options& options);
Ruling ParseRuling(const Json& body, const std::vector<std::string>& players);

// The "tiles" entry of a layout action that places hole `hole` at `pose`.
Json HoleTileJson(int hole, const TilePose& pose, const Options& options);

// The seat of a player named in an action; throws RuleError listing the players.
int SeatOf(const std::string& name, const std::vector<std::string>& players);

}  // namespace tabref::rules::ppolf
