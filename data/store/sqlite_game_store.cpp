#include "data/store/sqlite_game_store.h"

#include <algorithm>
#include <chrono>
#include <ctime>
#include <iomanip>
#include <sstream>

#include "data/sqlite/transaction.h"
#include "data/store/schema.h"
#include "data/store/store_error.h"

namespace tabref::data {

using rules::Json;

std::string UtcNow() {
  const auto now = std::chrono::system_clock::now();
  const std::time_t seconds = std::chrono::system_clock::to_time_t(now);
  const auto millis =
      std::chrono::duration_cast<std::chrono::milliseconds>(now.time_since_epoch()).count() % 1000;
  std::tm utc{};
  gmtime_r(&seconds, &utc);
  std::ostringstream out;
  out << std::put_time(&utc, "%Y-%m-%dT%H:%M:%S") << '.' << std::setw(3) << std::setfill('0')
      << millis << 'Z';
  return out.str();
}

struct SqliteGameStore::Statements {
  explicit Statements(sqlite::Database& db)
      : find_player(db, "SELECT id, name, colour FROM players WHERE name = ?1"),
        insert_player(db, "INSERT INTO players (name, created_at) VALUES (?1, ?2)"),
        set_colour(db, "UPDATE players SET colour = ?2 WHERE name = ?1"),
        all_players(db, "SELECT id, name, colour FROM players ORDER BY name"),
        insert_game(db, "INSERT INTO games (game, options_json, created_at) VALUES (?1, ?2, ?3)"),
        insert_team(db, "INSERT INTO teams (game_id, position, name) VALUES (?1, ?2, ?3)"),
        insert_seat(db,
                    "INSERT INTO game_players (game_id, seat, player_id, team_id, team_order) "
                    "VALUES (?1, ?2, ?3, ?4, ?5)"),
        game_by_id(db, kSelectGame + std::string(" WHERE g.id = ?1")),
        all_games(db, kSelectGame + std::string(" ORDER BY g.id DESC")),
        unfinished_games(
            db, kSelectGame + std::string(" WHERE g.finished_at IS NULL ORDER BY g.id DESC")),
        seats(db,
              "SELECT p.name, t.position, t.name, gp.team_order FROM game_players gp "
              "JOIN players p ON p.id = gp.player_id LEFT JOIN teams t ON t.id = gp.team_id "
              "WHERE gp.game_id = ?1 ORDER BY gp.seat"),
        team_names(db, "SELECT name FROM teams WHERE game_id = ?1 ORDER BY position"),
        journal(db,
                "SELECT sequence, kind, action_json, source, corrects, evidence_json, recorded_at "
                "FROM journal WHERE game_id = ?1 ORDER BY sequence"),
        last_sequence(db,
                      "SELECT (SELECT coalesce(max(sequence), 0) FROM journal WHERE game_id = "
                      "?1) FROM games WHERE id = ?1"),
        insert_entry(db,
                     "INSERT INTO journal (game_id, sequence, kind, action_json, source, "
                     "corrects, evidence_json, recorded_at) "
                     "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)"),
        update_status(db, "UPDATE games SET finished_at = ?2, result_json = ?3 WHERE id = ?1"),
        insert_calibration(db,
                           "INSERT INTO calibrations (kind, camera, created_at, residual_rms, "
                           "yaml) VALUES (?1, ?2, ?3, ?4, ?5)"),
        latest_calibration(db,
                           "SELECT id, kind, camera, created_at, residual_rms, yaml FROM "
                           "calibrations WHERE kind = ?1 AND camera = ?2 ORDER BY id DESC "
                           "LIMIT 1"),
        upsert_piece_set(db,
                         "INSERT INTO piece_sets (name, definition_json, created_at) "
                         "VALUES (?1, ?2, ?3) ON CONFLICT (name) DO UPDATE SET "
                         "definition_json = excluded.definition_json"),
        piece_set(db,
                  "SELECT id, name, definition_json, created_at FROM piece_sets WHERE name = "
                  "?1") {}

  static constexpr const char* kSelectGame =
      "SELECT g.id, g.game, g.options_json, g.created_at, g.finished_at, g.result_json, "
      "(SELECT count(*) FROM journal j WHERE j.game_id = g.id) FROM games g";

  sqlite::Statement find_player, insert_player, set_colour, all_players;
  sqlite::Statement insert_game, insert_team, insert_seat;
  sqlite::Statement game_by_id, all_games, unfinished_games, seats, team_names;
  sqlite::Statement journal, last_sequence, insert_entry, update_status;
  sqlite::Statement insert_calibration, latest_calibration;
  sqlite::Statement upsert_piece_set, piece_set;
};

void SqliteStoreOptions::Check() const {
  if (busy_timeout_ms < 0) throw StoreError("the store's busy timeout must not be negative");
}

namespace {

sqlite::OpenMode CheckedOpenMode(const SqliteStoreOptions& options) {
  options.Check();
  return options.read_only ? sqlite::OpenMode::kReadOnly : sqlite::OpenMode::kReadWrite;
}

}  // namespace

SqliteGameStore::SqliteGameStore(const std::string& path, const SqliteStoreOptions& options)
    : db_(path, CheckedOpenMode(options)) {
  OpenSchema(db_, options.busy_timeout_ms);
  statements_ = std::make_unique<Statements>(db_);
}

SqliteGameStore::~SqliteGameStore() = default;

namespace {

Json ParseStoredJson(const std::string& text, const std::string& what) {
  try {
    return Json::parse(text);
  } catch (const Json::parse_error&) {
    throw StoreError("the database holds malformed JSON in " + what);
  }
}

PlayerRecord ReadPlayer(const sqlite::Statement::Cursor& cursor) {
  return {cursor.Int(0), cursor.Text(1), cursor.OptionalText(2)};
}

}  // namespace

PlayerRecord SqliteGameStore::EnsurePlayerInTransaction(const std::string& name) {
  if (name.empty()) throw StoreError("a player needs a name");
  {
    auto find = statements_->find_player.Run();
    find.Bind(1, name);
    if (find.Step()) return ReadPlayer(find);
  }
  statements_->insert_player.Run().Bind(1, name).Bind(2, UtcNow()).Execute();
  return {sqlite3_last_insert_rowid(db_.handle()), name, std::nullopt};
}

PlayerRecord SqliteGameStore::EnsurePlayer(const std::string& name) {
  sqlite::Transaction transaction(db_);
  PlayerRecord player = EnsurePlayerInTransaction(name);
  transaction.Commit();
  return player;
}

void SqliteGameStore::SetPlayerColour(const std::string& name, const std::string& colour) {
  sqlite::Transaction transaction(db_);
  EnsurePlayerInTransaction(name);
  statements_->set_colour.Run().Bind(1, name).Bind(2, colour).Execute();
  transaction.Commit();
}

std::vector<PlayerRecord> SqliteGameStore::Players() {
  std::vector<PlayerRecord> players;
  auto cursor = statements_->all_players.Run();
  while (cursor.Step()) players.push_back(ReadPlayer(cursor));
  return players;
}

std::int64_t SqliteGameStore::CreateGame(const rules::GameSetup& setup,
                                         const std::vector<JournalEntry>& journal,
                                         const GameStatus& status) {
  sqlite::Transaction transaction(db_);
  statements_->insert_game.Run()
      .Bind(1, setup.game)
      .Bind(2, setup.options.dump())
      .Bind(3, UtcNow())
      .Execute();
  const std::int64_t game_id = sqlite3_last_insert_rowid(db_.handle());
  std::vector<std::int64_t> team_ids;
  for (size_t t = 0; t < setup.teams.size(); ++t) {
    statements_->insert_team.Run()
        .Bind(1, game_id)
        .Bind(2, static_cast<std::int64_t>(t))
        .Bind(3, setup.teams[t].name)
        .Execute();
    team_ids.push_back(sqlite3_last_insert_rowid(db_.handle()));
  }
  for (size_t seat = 0; seat < setup.players.size(); ++seat) {
    const PlayerRecord player = EnsurePlayerInTransaction(setup.players[seat]);
    auto insert = statements_->insert_seat.Run();
    insert.Bind(1, game_id).Bind(2, static_cast<std::int64_t>(seat)).Bind(3, player.id);
    insert.BindNull(4).BindNull(5);
    for (size_t t = 0; t < setup.teams.size(); ++t) {
      const auto& members = setup.teams[t].members;
      for (size_t order = 0; order < members.size(); ++order) {
        if (members[order] == static_cast<int>(seat)) {
          insert.Bind(4, team_ids[t]).Bind(5, static_cast<std::int64_t>(order));
        }
      }
    }
    insert.Execute();
  }
  for (size_t i = 0; i < journal.size(); ++i) {
    InsertEntry(game_id, static_cast<std::int64_t>(i + 1), journal[i]);
  }
  UpdateStatus(game_id, status);
  transaction.Commit();
  return game_id;
}

rules::GameSetup SqliteGameStore::LoadSetup(std::int64_t game_id, const std::string& game,
                                            const std::string& options_json) {
  rules::GameSetup setup;
  setup.game = game;
  setup.options = ParseStoredJson(options_json, "the options of game #" + std::to_string(game_id));
  {
    auto names = statements_->team_names.Run();
    names.Bind(1, game_id);
    while (names.Step()) setup.teams.push_back({names.Text(0), {}});
  }
  std::vector<std::vector<std::pair<std::int64_t, int>>> ordered(setup.teams.size());
  auto seats = statements_->seats.Run();
  seats.Bind(1, game_id);
  while (seats.Step()) {
    const int seat = static_cast<int>(setup.players.size());
    setup.players.push_back(seats.Text(0));
    if (!seats.IsNull(1)) {
      ordered.at(static_cast<size_t>(seats.Int(1))).push_back({seats.Int(3), seat});
    }
  }
  for (size_t t = 0; t < ordered.size(); ++t) {
    std::sort(ordered[t].begin(), ordered[t].end());
    for (const auto& [order, seat] : ordered[t]) setup.teams[t].members.push_back(seat);
  }
  return setup;
}

namespace {

struct GameRow {
  std::int64_t id;
  std::string game;
  std::string options_json;
  std::string created_at;
  std::optional<std::string> finished_at;
  std::optional<std::string> result_json;
  std::int64_t entries;
};

std::vector<GameRow> ReadGameRows(sqlite::Statement::Cursor& cursor) {
  std::vector<GameRow> rows;
  while (cursor.Step()) {
    rows.push_back({cursor.Int(0), cursor.Text(1), cursor.Text(2), cursor.Text(3),
                    cursor.OptionalText(4), cursor.OptionalText(5), cursor.Int(6)});
  }
  return rows;
}

}  // namespace

GameRecord SqliteGameStore::Game(std::int64_t id) {
  std::vector<GameRow> rows;
  {
    auto cursor = statements_->game_by_id.Run();
    cursor.Bind(1, id);
    rows = ReadGameRows(cursor);
  }
  if (rows.empty()) {
    throw StoreError("there is no game #" + std::to_string(id) + " in " + db_.path() +
                     "; 'tabref game list' shows the games");
  }
  const GameRow& row = rows.front();
  GameRecord record{row.id,         LoadSetup(row.id, row.game, row.options_json),
                    row.created_at, row.finished_at,
                    nullptr,        row.entries};
  if (row.result_json) {
    record.result = ParseStoredJson(*row.result_json, "the result of game #" + std::to_string(id));
  }
  return record;
}

std::vector<GameRecord> SqliteGameStore::Games(bool unfinished_only) {
  std::vector<GameRow> rows;
  {
    auto cursor = (unfinished_only ? statements_->unfinished_games : statements_->all_games).Run();
    rows = ReadGameRows(cursor);
  }
  std::vector<GameRecord> games;
  games.reserve(rows.size());
  for (const auto& row : rows) games.push_back(Game(row.id));
  return games;
}

std::vector<JournalEntry> SqliteGameStore::Journal(std::int64_t game_id) {
  std::vector<JournalEntry> entries;
  auto cursor = statements_->journal.Run();
  cursor.Bind(1, game_id);
  while (cursor.Step()) {
    JournalEntry entry;
    entry.sequence = cursor.Int(0);
    entry.kind = EntryKindFromString(cursor.Text(1));
    const std::string where =
        "entry " + std::to_string(entry.sequence) + " of game #" + std::to_string(game_id);
    if (!cursor.IsNull(2)) {
      entry.action.body = ParseStoredJson(cursor.Text(2), where);
      entry.action.source = rules::ActionSourceFromString(cursor.Text(3));
    }
    entry.corrects = static_cast<int>(cursor.Int(4));
    if (!cursor.IsNull(5)) entry.evidence = ParseStoredJson(cursor.Text(5), where);
    entry.recorded_at = cursor.Text(6);
    entries.push_back(std::move(entry));
  }
  return entries;
}

void SqliteGameStore::InsertEntry(std::int64_t game_id, std::int64_t sequence,
                                  const JournalEntry& entry) {
  auto insert = statements_->insert_entry.Run();
  insert.Bind(1, game_id).Bind(2, sequence).Bind(3, ToString(entry.kind));
  if (entry.kind == EntryKind::kUndo) {
    insert.BindNull(4).BindNull(5);
  } else {
    insert.Bind(4, entry.action.body.dump()).Bind(5, rules::ToString(entry.action.source));
  }
  if (entry.kind == EntryKind::kCorrection) {
    insert.Bind(6, static_cast<std::int64_t>(entry.corrects));
  } else {
    insert.BindNull(6);
  }
  if (entry.evidence.is_null()) {
    insert.BindNull(7);
  } else {
    insert.Bind(7, entry.evidence.dump());
  }
  insert.Bind(8, entry.recorded_at.empty() ? UtcNow() : entry.recorded_at);
  insert.Execute();
}

void SqliteGameStore::UpdateStatus(std::int64_t game_id, const GameStatus& status) {
  auto update = statements_->update_status.Run();
  update.Bind(1, game_id);
  if (status.finished) {
    update.Bind(2, UtcNow()).Bind(3, status.result.dump());
  } else {
    update.BindNull(2).BindNull(3);
  }
  update.Execute();
}

std::int64_t SqliteGameStore::Append(std::int64_t game_id, const JournalEntry& entry,
                                     const GameStatus& status) {
  sqlite::Transaction transaction(db_);
  std::int64_t sequence = 0;
  {
    auto last = statements_->last_sequence.Run();
    last.Bind(1, game_id);
    if (!last.Step()) {
      throw StoreError("there is no game #" + std::to_string(game_id) + " in " + db_.path() +
                       "; 'tabref game list' shows the games");
    }
    sequence = last.Int(0) + 1;
  }
  if (entry.sequence != 0 && entry.sequence != sequence) {
    throw StoreError("game #" + std::to_string(game_id) + " in " + db_.path() +
                     " was changed by another program since it was opened (it has " +
                     std::to_string(sequence - 1) + " journal entries, not " +
                     std::to_string(entry.sequence - 1) +
                     "); nothing was stored: open the game again and repeat");
  }
  InsertEntry(game_id, sequence, entry);
  UpdateStatus(game_id, status);
  transaction.Commit();
  return sequence;
}

std::int64_t SqliteGameStore::SaveCalibration(const CalibrationRecord& calibration) {
  sqlite::Transaction transaction(db_);
  statements_->insert_calibration.Run()
      .Bind(1, calibration.kind)
      .Bind(2, calibration.camera)
      .Bind(3, calibration.created_at.empty() ? UtcNow() : calibration.created_at)
      .Bind(4, calibration.residual_rms)
      .Bind(5, calibration.yaml)
      .Execute();
  const std::int64_t id = sqlite3_last_insert_rowid(db_.handle());
  transaction.Commit();
  return id;
}

std::optional<CalibrationRecord> SqliteGameStore::LatestCalibration(const std::string& kind,
                                                                    const std::string& camera) {
  auto cursor = statements_->latest_calibration.Run();
  cursor.Bind(1, kind).Bind(2, camera);
  if (!cursor.Step()) return std::nullopt;
  return CalibrationRecord{cursor.Int(0),  cursor.Text(1), cursor.Text(2),
                           cursor.Text(3), cursor.Real(4), cursor.Text(5)};
}

void SqliteGameStore::SavePieceSet(const std::string& name, const rules::Json& definition) {
  sqlite::Transaction transaction(db_);
  statements_->upsert_piece_set.Run()
      .Bind(1, name)
      .Bind(2, definition.dump())
      .Bind(3, UtcNow())
      .Execute();
  transaction.Commit();
}

std::optional<PieceSetRecord> SqliteGameStore::PieceSet(const std::string& name) {
  auto cursor = statements_->piece_set.Run();
  cursor.Bind(1, name);
  if (!cursor.Step()) return std::nullopt;
  return PieceSetRecord{cursor.Int(0), cursor.Text(1),
                        ParseStoredJson(cursor.Text(2), "piece set '" + name + "'"),
                        cursor.Text(3)};
}

}  // namespace tabref::data
