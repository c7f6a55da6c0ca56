#include "app/gui/game_choices.h"

#include <map>
#include <set>

#include "app/gui/qt_text.h"

namespace tabref::gui {
namespace {

using ChoiceTable = std::map<std::string, QStringList>;

const QStringList& CardRanks() {
  static const QStringList ranks = {"A", "2", "3",  "4", "5", "6", "7",
                                    "8", "9", "10", "J", "Q", "K"};
  return ranks;
}

// The first field of a JSON pointer: "/field/2" -> "field".
std::string TopField(const std::string& pointer) {
  if (pointer.size() < 2) return {};
  const size_t end = pointer.find('/', 1);
  return pointer.substr(1, end == std::string::npos ? std::string::npos : end - 1);
}

// Fields of the card games' actions that hold cards (docs/game-log.d/<game>.md).
const std::map<std::string, std::set<std::string>>& CardFields() {
  static const std::map<std::string, std::set<std::string>> fields = {
      {"card-golf", {"flipped", "drawn", "placed", "discard", "replaced", "field", "hand"}},
      {"table-fencing", {"cards"}},
  };
  return fields;
}

// Action fields whose values the game documents as a fixed list.
const std::map<std::string, ChoiceTable>& ActionFieldChoices() {
  static const std::map<std::string, ChoiceTable> choices = {
      {"table-fencing",
       {{"purple_throw", {"caught", "dropped", "wild"}},
        {"yellow_throw", {"caught", "dropped", "wild"}},
        {"with", {"chocolate", "slide"}}}},
  };
  return choices;
}

const std::map<std::string, ChoiceTable>& DocumentedOptionChoices() {
  static const std::map<std::string, ChoiceTable> choices = {
      {"bocce", {{"axis", {"x", "y"}}, {"first_end", {"near", "far"}}}},
      {"card-golf", {{"mode", {"turns", "final"}}, {"rap", {"game_ends", "others_play_once"}}}},
      {"ppolf", {{"third_suit", {"green", "yellow"}}}},
      {"table-fencing",
       {{"direction", {"clockwise", "counter-clockwise"}},
        {"region", {"state", "multi-state", "national", "international"}},
        {"difficulty", {"interstate", "state-highway", "backroads"}},
        {"bumper_measure", {"score", "builds"}}}},
  };
  return choices;
}

// docs/game-log.md, option by option.
const std::map<std::string, std::map<std::string, const char*>>& OptionDescriptions() {
  static const std::map<std::string, std::map<std::string, const char*>> help = {
      {"ppolf",
       {{"close_call_mm", "Measured differences below this are never decided by the camera"},
        {"third_suit", "The third suit of this set: green or yellow (scorecard rows)"},
        {"obstacles",
         "Obstacles besides the holes (optional rule: 5 for the remaining black tiles); 0 = "
         "rule not used. Knocking one off the table costs a penalty flick"},
        {"par", "Par of the course for the solitaire variant (one player)"},
        {"putt_out_on_tee_off",
         "A tee shot resting within two tile widths of the hole starts the putt-out at once"},
        {"tile_width_mm", "The side of a tile: the unit of \"tile widths\""},
        {"coin_diameter_mm", "The coin's diameter, for gap measurements"}}},
      {"bocce",
       {{"target", "Points that win (7 to 99)"},
        {"bust_rule",
         "A side must reach the target exactly: a round that would take it past is "
         "subtracted instead. Off: reaching the target or more wins"},
        {"two_player_alternate_ends", "Two players alternate ends each round (teams always do)"},
        {"first_end", "The end round 1 is played from"},
        {"axis", "The table axis running from one end of the court to the other"},
        {"court_min", "Court corner with the lowest table coordinates (mm)"},
        {"court_max", "The opposite court corner (mm)"},
        {"end_box_depth_mm", "Depth of each end box along the court (2 tiles)"},
        {"dashed_line_mm", "Distance of each end box's dashed line from the court's edge"},
        {"coin_diameter_mm", "Diameter of the jack and the bowls"},
        {"close_call_mm", "Distance differences below this are never decided by measurement"}}},
      {"iceboule",
       {{"target", "Points that win: the first player to reach them wins"},
        {"close_call_mm", "Measured gaps closer than this are ruled by the players"},
        {"solo_radius_mm", "One player only: a piece scores within this of the target"}}},
      {"card-golf",
       {{"mode",
         "turns: enter the deal, every turn and the reveals. final: enter only each "
         "player's field and hand at the end"},
        {"rap",
         "game_ends: a rap stops play at once. others_play_once: every other player takes "
         "one last turn"},
        {"decks", "Decks shuffled together; 0 = one deck per two players"}}},
      {"table-fencing",
       {{"start", "Who plays the Start in the first bumper (empty: the first player)"},
        {"direction", "Where the Start moves after each bumper; players sit in listed order"},
        {"region", "State, multi-state, national or international (recorded)"},
        {"map", "The champion's road map (recorded)"},
        {"difficulty", "Interstate, state highway or backroads (recorded)"},
        {"bumpers_to_win", "Bumpers that win the game"},
        {"bumper_build", "Points that win a bumper by build"},
        {"bumper_measure", "What must reach the build: score (builds minus slides) or builds"},
        {"parry_multiplied", "A successful parry's roll is multiplied by the trump level too"}}},
  };
  return help;
}

QStringList Lookup(const std::map<std::string, ChoiceTable>& tables, const std::string& game,
                   const std::string& field) {
  const auto table = tables.find(game);
  if (table == tables.end()) return {};
  const auto entry = table->second.find(field);
  return entry == table->second.end() ? QStringList() : entry->second;
}

}  // namespace

FieldChoices ActionChoices(const rules::State& state) {
  const std::string game = state.game().setup().game;
  QStringList players;
  for (const std::string& name : state.game().setup().players) players << ToQString(name);
  return [game, players](const std::string& pointer, const rules::Json& example) {
    const std::string field = TopField(pointer);
    if (const auto cards = CardFields().find(game);
        cards != CardFields().end() && cards->second.count(field) > 0) {
      return CardRanks();
    }
    if (QStringList listed = Lookup(ActionFieldChoices(), game, field); !listed.isEmpty()) {
      return listed;
    }
    if (example.is_string() && players.contains(ToQString(example.get<std::string>()))) {
      return players;
    }
    return QStringList();
  };
}

bool AsksForValues(const std::string& game, const rules::LegalAction& legal) {
  if (legal.needs_measurement) return true;
  const auto cards = CardFields().find(game);
  if (cards == CardFields().end()) return false;
  for (const auto& [field, value] : legal.action.items()) {
    if (cards->second.count(field) > 0) return true;
  }
  return false;
}

FieldChoices OptionChoices(const std::string& game) { return OptionChoices(game, {}); }

FieldChoices OptionChoices(const std::string& game, const QStringList& players) {
  return [game, players](const std::string& pointer, const rules::Json& /*example*/) {
    if (game == "table-fencing" && TopField(pointer) == "start" && !players.isEmpty()) {
      return players;
    }
    return Lookup(DocumentedOptionChoices(), game, TopField(pointer));
  };
}

FieldHelp OptionHelp(const std::string& game) {
  return [game](const std::string& pointer) {
    const auto table = OptionDescriptions().find(game);
    if (table == OptionDescriptions().end()) return QString();
    const auto entry = table->second.find(TopField(pointer));
    return entry == table->second.end() ? QString() : QString::fromUtf8(entry->second);
  };
}

bool IsTableOption(const std::string& key) {
  static const std::set<std::string> table = {"axis", "court_min", "court_max"};
  const bool millimetres = key.size() > 3 && key.compare(key.size() - 3, 3, "_mm") == 0;
  return millimetres || table.count(key) > 0;
}

}  // namespace tabref::gui
