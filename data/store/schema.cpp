#include "data/store/schema.h"

#include <algorithm>
#include <array>
#include <string>
#include <string_view>

#include "data/sqlite/statement.h"
#include "data/sqlite/transaction.h"
#include "data/store/store_error.h"

namespace tabref::data {
namespace {

// Migration i takes the schema from version i to version i + 1. Never edit a released
// migration: add a new one.
constexpr std::array<std::string_view, 1> kMigrations = {
    R"sql(
CREATE TABLE players (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE COLLATE NOCASE CHECK (length(name) > 0),
  colour TEXT,
  created_at TEXT NOT NULL
);
CREATE TABLE games (
  id INTEGER PRIMARY KEY,
  game TEXT NOT NULL,
  options_json TEXT NOT NULL,
  created_at TEXT NOT NULL,
  finished_at TEXT,
  result_json TEXT
);
CREATE INDEX games_by_finished ON games (finished_at);
CREATE TABLE teams (
  id INTEGER PRIMARY KEY,
  game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  name TEXT NOT NULL,
  UNIQUE (game_id, position)
);
CREATE TABLE game_players (
  game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  seat INTEGER NOT NULL,
  player_id INTEGER NOT NULL REFERENCES players (id),
  team_id INTEGER REFERENCES teams (id),
  team_order INTEGER,
  PRIMARY KEY (game_id, seat)
);
CREATE INDEX game_players_by_player ON game_players (player_id);
CREATE TABLE journal (
  game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  sequence INTEGER NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('action', 'undo', 'correction')),
  action_json TEXT,
  source TEXT CHECK (source IN ('manual', 'vision', 'correction')),
  corrects INTEGER,
  evidence_json TEXT,
  recorded_at TEXT NOT NULL,
  PRIMARY KEY (game_id, sequence)
) WITHOUT ROWID;
CREATE TABLE calibrations (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('intrinsics', 'table')),
  camera TEXT NOT NULL,
  created_at TEXT NOT NULL,
  residual_rms REAL NOT NULL,
  yaml TEXT NOT NULL
);
CREATE INDEX calibrations_latest ON calibrations (kind, camera, id);
CREATE TABLE piece_sets (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  definition_json TEXT NOT NULL,
  created_at TEXT NOT NULL
);
)sql",
};

std::string SingleText(sqlite::Database& db, std::string_view sql) {
  sqlite::Statement statement(db, sql);
  auto cursor = statement.Run();
  return cursor.Step() ? cursor.Text(0) : std::string();
}

int UserVersion(sqlite::Database& db) { return std::stoi(SingleText(db, "PRAGMA user_version")); }

bool HasTables(sqlite::Database& db) {
  return SingleText(db, "SELECT count(*) FROM sqlite_schema") != "0";
}

void CheckIntact(sqlite::Database& db) {
  std::string verdict = SingleText(db, "PRAGMA quick_check");
  if (verdict != "ok") {
    std::replace(verdict.begin(), verdict.end(), '\n', ' ');
    throw StoreError("database " + db.path() +
                     ": the database is damaged (left untouched); restore a backup or use --db "
                     "to start a new file (" +
                     verdict + ")");
  }
}

}  // namespace

int LatestSchemaVersion() { return static_cast<int>(kMigrations.size()); }

void OpenSchema(sqlite::Database& db, int busy_timeout_ms) {
  db.Check(sqlite3_busy_timeout(db.handle(), busy_timeout_ms), "set the lock timeout");
  const int version = UserVersion(db);  // fails on a file that is not a database
  CheckIntact(db);
  if (version > LatestSchemaVersion()) {
    throw StoreError("database " + db.path() + " has schema version " + std::to_string(version) +
                     ", newer than this tabref understands (" +
                     std::to_string(LatestSchemaVersion()) +
                     "); use a newer tabref (the file was left untouched)");
  }
  if (version == 0 && HasTables(db)) {
    throw StoreError("database " + db.path() +
                     " holds tables that are not tabref's (left untouched); use --db to "
                     "choose another file");
  }
  if (db.mode() == sqlite::OpenMode::kReadOnly) {
    if (version < LatestSchemaVersion()) {
      throw StoreError("database " + db.path() +
                       " needs an upgrade that a read-only open cannot do; open it for writing");
    }
    return;
  }
  const std::string journal_mode = SingleText(db, "PRAGMA journal_mode = WAL");
  if (journal_mode != "wal" && journal_mode != "memory") {
    throw StoreError("database " + db.path() + ": cannot switch to write-ahead logging");
  }
  db.Exec("PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON", "configure");
  for (int v = version; v < LatestSchemaVersion(); ++v) {
    sqlite::Transaction transaction(db);
    db.Exec(kMigrations[static_cast<size_t>(v)], "migrate to version " + std::to_string(v + 1));
    db.Exec("PRAGMA user_version = " + std::to_string(v + 1), "record the schema version");
    transaction.Commit();
  }
}

}  // namespace tabref::data
