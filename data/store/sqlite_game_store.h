#pragma once

#include <memory>
#include <string>

#include "data/sqlite/database.h"
#include "data/sqlite/statement.h"
#include "data/store/game_store.h"

namespace tabref::data {

struct SqliteStoreOptions {
  // How long a write waits for another program's lock before failing, in milliseconds.
  int busy_timeout_ms = 5000;
  // Open without ever writing (fails on a database that needs migrating).
  bool read_only = false;

  // Throws StoreError for a negative timeout.
  void Check() const;
};

// The GameStore in one SQLite file: WAL mode, synchronous=FULL, foreign keys on, schema
// migrated by user_version, statements prepared once. ":memory:" gives a private
// in-memory store (tests).
class SqliteGameStore : public GameStore {
 public:
  // Throws StoreError (file left untouched) when the file is not a usable tabref database.
  explicit SqliteGameStore(const std::string& path, const SqliteStoreOptions& options = {});
  ~SqliteGameStore() override;

  PlayerRecord EnsurePlayer(const std::string& name) override;
  void SetPlayerColour(const std::string& name, const std::string& colour) override;
  std::vector<PlayerRecord> Players() override;

  std::int64_t CreateGame(const rules::GameSetup& setup, const std::vector<JournalEntry>& journal,
                          const GameStatus& status) override;
  GameRecord Game(std::int64_t id) override;
  std::vector<GameRecord> Games(bool unfinished_only) override;
  std::vector<JournalEntry> Journal(std::int64_t game_id) override;
  std::int64_t Append(std::int64_t game_id, const JournalEntry& entry,
                      const GameStatus& status) override;

  std::int64_t SaveCalibration(const CalibrationRecord& calibration) override;
  std::optional<CalibrationRecord> LatestCalibration(const std::string& kind,
                                                     const std::string& camera) override;

  void SavePieceSet(const std::string& name, const rules::Json& definition) override;
  std::optional<PieceSetRecord> PieceSet(const std::string& name) override;

 private:
  struct Statements;

  PlayerRecord EnsurePlayerInTransaction(const std::string& name);
  void InsertEntry(std::int64_t game_id, std::int64_t sequence, const JournalEntry& entry);
  void UpdateStatus(std::int64_t game_id, const GameStatus& status);
  rules::GameSetup LoadSetup(std::int64_t game_id, const std::string& game,
                             const std::string& options_json);

  sqlite::Database db_;
  std::unique_ptr<Statements> statements_;
};

// The current time in UTC as ISO 8601 with milliseconds: "2026-11-22T13:40:05.123Z".
std::string UtcNow();

}  // namespace tabref::data
