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

FieldChoices OptionChoices(const std::string& game) {
  return [game](const std::string& pointer, const rules::Json& /*example*/) {
    return Lookup(DocumentedOptionChoices(), game, TopField(pointer));
  };
}

}  // namespace tabref::gui
