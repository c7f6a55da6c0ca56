#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "data/store/game_store.h"
#include "rules/core/json.h"

namespace tabref::data {

struct GameTypeTally {
  int played = 0;   // finished games
  int won = 0;      // finished games this player (or their side) won
  int in_play = 0;  // unfinished games
};

// One player's record across every stored game.
struct PlayerStats {
  std::string player;
  std::map<std::string, GameTypeTally> games;  // by game name
  // Ppolf: holes finished and the strokes they took; solitaire rounds against par.
  int ppolf_holes = 0;
  int ppolf_strokes = 0;
  std::vector<int> ppolf_against_par;
  // Tabletop Bocce: rounds played (not voided) and points the player's side scored.
  int bocce_rounds = 0;
  int bocce_points = 0;
  // Ice Boule: ends played (ties replayed count too) and ends the player scored.
  int iceboule_ends = 0;
  int iceboule_ends_won = 0;

  rules::Json ToJson() const;
  // A few lines for terminals.
  std::string ToText() const;
};

// Replays every stored game and tallies it for each of its players (or only `player`;
// StoreError when no game names that player). Players in name order.
std::vector<PlayerStats> CollectPlayerStats(GameStore& store,
                                            const std::optional<std::string>& player);

}  // namespace tabref::data
