#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "rules/core/action.h"
#include "rules/core/game_setup.h"
#include "rules/core/json.h"

namespace tabref::data {

struct PlayerRecord {
  std::int64_t id = 0;
  std::string name;
  std::optional<std::string> colour;  // "#RRGGBB" for scorecards, when chosen
};

// What one entry of a game's journal does to the game's action list. The journal is
// append-only: undo and corrections are entries too, never rewrites.
enum class EntryKind {
  kAction,      // appends `action`
  kUndo,        // drops the last action
  kCorrection,  // replaces action number `corrects` by `action`
};

struct JournalEntry {
  // 1-based within the game, assigned by the store. When appending, 0 appends at the end;
  // any other value is the sequence the writer expects the entry to get, and the append is
  // refused if another program has appended since the writer read the journal.
  std::int64_t sequence = 0;
  EntryKind kind = EntryKind::kAction;
  rules::Action action;     // for kAction and kCorrection
  int corrects = 0;         // for kCorrection: 1-based index into the game's action list
  rules::Json evidence;     // the observations behind a vision action (distances, ...), or null
  std::string recorded_at;  // UTC, ISO 8601; assigned by the store
};

// Whether a game is over and, if so, its result; cached in the games table so that
// listing unfinished games needs no replay.
struct GameStatus {
  bool finished = false;
  rules::Json result;  // {"winners": [names], "status": line} when finished
};

struct GameRecord {
  std::int64_t id = 0;
  rules::GameSetup setup;
  std::string created_at;
  std::optional<std::string> finished_at;
  rules::Json result;
  std::int64_t journal_entries = 0;
};

struct CalibrationRecord {
  std::int64_t id = 0;
  std::string kind;    // "intrinsics" or "table"
  std::string camera;  // the camera it belongs to (device name or path)
  std::string created_at;
  double residual_rms = 0.0;  // reprojection RMS in pixels
  std::string yaml;           // the OpenCV FileStorage text of DESIGN.md
};

struct PieceSetRecord {
  std::int64_t id = 0;
  std::string name;
  rules::Json definition;  // the set file's JSON (data/sets/)
  std::string created_at;
};

std::string_view ToString(EntryKind kind);
EntryKind EntryKindFromString(std::string_view text);

}  // namespace tabref::data
