#pragma once

#include <cstdint>
#include <memory>

#include "data/store/game_store.h"
#include "rules/core/state.h"

namespace tabref::data {

// One stored game being played: the rules' state rebuilt from the store's journal, and
// every change checked by the rules first, then made durable in the store, then shown.
// A change the rules refuse throws RuleError and stores nothing; a store failure throws
// StoreError and leaves the session's state as it was.
class GameSession {
 public:
  // Checks the setup with the rules (unknown game, bad options, ...) and stores the game.
  static GameSession Create(GameStore& store, const rules::GameSetup& setup);
  // Checks a whole game log by replay and stores it as a new game in one transaction.
  static GameSession Import(GameStore& store, const rules::Json& log);
  // Rebuilds a stored game by replaying its journal.
  static GameSession Open(GameStore& store, std::int64_t game_id);

  std::int64_t id() const { return game_id_; }
  const rules::State& state() const { return *state_; }

  // Applies one action; `evidence` holds the measurements behind a vision action. Each
  // change throws StoreError, storing nothing, when another program changed the game since
  // this session read it: open it again.
  void Act(const rules::Action& action, const rules::Json& evidence = nullptr);
  // Takes back the last action (recorded as an undo entry).
  void Undo();
  // Replaces action number `index` (1-based) and replays the later actions on top of it;
  // refused when the replacement or any later action is then illegal.
  void Correct(int index, const rules::Json& replacement);

  // The game log of docs/game-log.md, with "id", "created" and "finished" added.
  rules::Json ExportLog() const;

 private:
  GameSession(GameStore& store, std::int64_t game_id, std::unique_ptr<rules::State> state,
              std::int64_t journal_length);

  // Appends `entry` where this session expects the journal to end, so that a game changed
  // meanwhile by another program (another `tabref game act`, the GUI) is refused instead of
  // getting an entry that was checked against a stale state.
  void Record(JournalEntry entry, std::unique_ptr<rules::State> next);

  GameStore* store_;
  std::int64_t game_id_;
  std::unique_ptr<rules::State> state_;
  std::int64_t journal_length_;  // entries in the store's journal that state_ reflects
};

}  // namespace tabref::data
