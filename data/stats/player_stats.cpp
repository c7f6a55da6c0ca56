#include "data/stats/player_stats.h"

#include <algorithm>
#include <iomanip>
#include <sstream>

#include "data/session/game_session.h"
#include "data/store/store_error.h"

namespace tabref::data {
namespace {

using rules::Json;

bool Contains(const Json& names, const std::string& name) {
  return std::find(names.begin(), names.end(), Json(name)) != names.end();
}

// Strokes per finished hole from the paper sheet's hole rows, and the solitaire result.
void AddPpolf(const rules::ScoreTable& card, const std::string& name, bool finished,
              PlayerStats& stats) {
  const auto column = std::find(card.columns.begin(), card.columns.end(), name);
  if (column == card.columns.end()) return;
  const auto index = static_cast<size_t>(column - card.columns.begin());
  int total = 0;
  for (const auto& row : card.rows) {
    if (row.is_total || index >= row.cells.size() || row.cells[index].empty()) continue;
    const int strokes = std::stoi(row.cells[index]);
    ++stats.ppolf_holes;
    stats.ppolf_strokes += strokes;
    total += strokes;
  }
  if (finished && card.details.contains("par")) {
    stats.ppolf_against_par.push_back(total - card.details["par"].get<int>());
  }
}

void AddBocce(const Json& details, const std::string& name, PlayerStats& stats) {
  std::string side;
  for (const auto& entry : details.value("sides", Json::array())) {
    if (Contains(entry.value("players", Json::array()), name)) side = entry["name"];
  }
  for (const auto& round : details.value("rounds", Json::array())) {
    if (round.value("void", false)) continue;
    ++stats.bocce_rounds;
    const Json& outcome = round.value("outcome", Json::object());
    if (outcome.value("side", Json()) == Json(side)) {
      stats.bocce_points += outcome.value("points", 0);
    }
  }
}

void AddIceBoule(const Json& details, const std::string& name, PlayerStats& stats) {
  for (const auto& end : details.value("ends", Json::array())) {
    ++stats.iceboule_ends;
    if (end.value("scorer", Json()) == Json(name)) ++stats.iceboule_ends_won;
  }
}

void AddGame(const GameRecord& record, const rules::State& state, const std::string& name,
             PlayerStats& stats) {
  GameTypeTally& tally = stats.games[record.setup.game];
  const bool finished = state.IsTerminal();
  if (finished) {
    ++tally.played;
    const auto winners = state.Names(state.Winners());
    if (std::find(winners.begin(), winners.end(), name) != winners.end()) ++tally.won;
  } else {
    ++tally.in_play;
  }
  const rules::ScoreTable card = state.Scorecard();
  if (record.setup.game == "ppolf") AddPpolf(card, name, finished, stats);
  if (record.setup.game == "bocce") AddBocce(card.details, name, stats);
  if (record.setup.game == "iceboule") AddIceBoule(card.details, name, stats);
}

std::string Average(int total, int count) {
  if (count == 0) return "-";
  std::ostringstream out;
  out << std::fixed << std::setprecision(2) << static_cast<double>(total) / count;
  return out.str();
}

}  // namespace

std::vector<PlayerStats> CollectPlayerStats(GameStore& store,
                                            const std::optional<std::string>& player) {
  std::map<std::string, PlayerStats> by_player;
  for (const auto& record : store.Games(false)) {
    const auto& players = record.setup.players;
    if (player && std::find(players.begin(), players.end(), *player) == players.end()) continue;
    const auto session = GameSession::Open(store, record.id);
    for (const auto& name : players) {
      if (player && name != *player) continue;
      PlayerStats& stats = by_player[name];
      stats.player = name;
      AddGame(record, session.state(), name, stats);
    }
  }
  if (player && by_player.empty()) {
    throw StoreError("no stored game has a player named '" + *player +
                     "'; 'tabref stats' lists everyone");
  }
  std::vector<PlayerStats> result;
  result.reserve(by_player.size());
  for (auto& [name, stats] : by_player) result.push_back(std::move(stats));
  return result;
}

Json PlayerStats::ToJson() const {
  Json json_games = Json::object();
  for (const auto& [game, tally] : games) {
    json_games[game] = {{"played", tally.played}, {"won", tally.won}, {"in_play", tally.in_play}};
  }
  return {
      {"player", player},
      {"games", json_games},
      {"ppolf",
       {{"holes", ppolf_holes}, {"strokes", ppolf_strokes}, {"against_par", ppolf_against_par}}},
      {"bocce", {{"rounds", bocce_rounds}, {"points", bocce_points}}},
      {"iceboule", {{"ends", iceboule_ends}, {"ends_won", iceboule_ends_won}}}};
}

std::string PlayerStats::ToText() const {
  std::ostringstream out;
  out << player << "\n";
  for (const auto& [game, tally] : games) {
    out << "  " << std::left << std::setw(14) << game << tally.played << " played, " << tally.won
        << " won" << (tally.in_play > 0 ? ", " + std::to_string(tally.in_play) + " in play" : "")
        << "\n";
  }
  if (ppolf_holes > 0) {
    out << "  ppolf: " << Average(ppolf_strokes, ppolf_holes) << " strokes per hole over "
        << ppolf_holes << " holes";
    for (int difference : ppolf_against_par) {
      out << (difference > 0 ? ", +" : ", ") << difference << " against par";
    }
    out << "\n";
  }
  if (bocce_rounds > 0) {
    out << "  bocce: " << Average(bocce_points, bocce_rounds) << " points per round over "
        << bocce_rounds << " rounds\n";
  }
  if (iceboule_ends > 0) {
    out << "  iceboule: won " << iceboule_ends_won << " of " << iceboule_ends << " ends\n";
  }
  return out.str();
}

}  // namespace tabref::data
