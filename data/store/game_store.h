#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "data/store/records.h"

namespace tabref::data {

// Where games live: players, games with their append-only journals, calibrations and
// piece sets. Every write is one committed transaction, durable when the call returns.
// Failures throw StoreError with a one-line message; a failed call stores nothing.
class GameStore {
 public:
  virtual ~GameStore() = default;

  // Registers the player if new (names are unique, case-insensitively).
  virtual PlayerRecord EnsurePlayer(const std::string& name) = 0;
  virtual void SetPlayerColour(const std::string& name, const std::string& colour) = 0;
  virtual std::vector<PlayerRecord> Players() = 0;

  // Stores a new game with its players and, atomically, the given journal (an import).
  virtual std::int64_t CreateGame(const rules::GameSetup& setup,
                                  const std::vector<JournalEntry>& journal,
                                  const GameStatus& status) = 0;
  // Throws StoreError when there is no such game.
  virtual GameRecord Game(std::int64_t id) = 0;
  // Newest first.
  virtual std::vector<GameRecord> Games(bool unfinished_only) = 0;
  virtual std::vector<JournalEntry> Journal(std::int64_t game_id) = 0;
  // Appends one journal entry and updates the game's status in the same transaction.
  // Returns the entry's sequence number. Throws StoreError when there is no such game, or
  // when `entry.sequence` is not 0 and not the sequence the entry would get (the game was
  // changed by another program since the caller read it).
  virtual std::int64_t Append(std::int64_t game_id, const JournalEntry& entry,
                              const GameStatus& status) = 0;

  virtual std::int64_t SaveCalibration(const CalibrationRecord& calibration) = 0;
  // The newest calibration of this kind for the camera.
  virtual std::optional<CalibrationRecord> LatestCalibration(const std::string& kind,
                                                             const std::string& camera) = 0;

  // Adds or replaces a piece set by name.
  virtual void SavePieceSet(const std::string& name, const rules::Json& definition) = 0;
  virtual std::optional<PieceSetRecord> PieceSet(const std::string& name) = 0;
};

}  // namespace tabref::data
