#pragma once

#include <cstdint>

#include "rules/core/game_setup.h"
#include "rules/core/game_type.h"

namespace tabref::rules::testing {

struct PlayoutOptions {
  // Random games to play.
  int games = 100;
  // First seed; game i uses seed + i.
  std::uint64_t seed = 1;
  // A game still running after this many actions fails the check (it must terminate).
  int max_actions = 5000;
  // How many random points of each game are checked by undoing a few actions there and
  // comparing with a replay of the shorter history.
  int undo_prefixes = 3;
};

// Plays random legal games of `type` with `setup` (RandomAction at every step) and checks,
// with GoogleTest assertions, the invariants every engine must keep:
//   - every non-terminal state has actors, legal actions and a status line; every concrete
//     legal action (needs_measurement false) is accepted; CheckInvariants() holds;
//   - a malformed or unknown action is refused with RuleError and changes nothing;
//   - the game ends within max_actions and then has winners;
//   - replaying the history, undoing to random prefixes and a JSON round trip of the log
//     all give states with identical snapshots.
void CheckRandomPlayouts(const GameType& type, const GameSetup& setup,
                         const PlayoutOptions& options);

}  // namespace tabref::rules::testing
