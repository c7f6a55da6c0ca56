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
  // The chance per step of checking, 1 to 3 actions later, that undoing back to this
  // position gives it again (besides undo and redo out of every finished game). Every
  // Undo() replays the history, so this decides much of a playout's cost.
  double undo_check_chance = 0.01;
};

// Plays random legal games of `type` with `setup` (RandomAction at every step) and checks,
// with GoogleTest assertions, the invariants every engine must keep:
//   - every non-terminal state has actors, legal actions and a status line; every concrete
//     legal action (needs_measurement false) is accepted; CheckInvariants() holds;
//   - a malformed or unknown action is refused with RuleError and changes nothing;
//   - the game ends within max_actions and then has winners;
//   - replaying the history (and a random prefix of it), undoing back to random points,
//     undo and redo of the last action and a JSON round trip of the log all give the
//     snapshots that play reached.
void CheckRandomPlayouts(const GameType& type, const GameSetup& setup,
                         const PlayoutOptions& options);

}  // namespace tabref::rules::testing
