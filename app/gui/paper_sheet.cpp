#include "app/gui/paper_sheet.h"

#include <string>
#include <vector>

namespace tabref::gui {
namespace {

std::string Cards(const rules::Json& cards) {
  std::string text;
  for (const auto& card : cards) {
    if (!text.empty()) text += ' ';
    text += card.is_string() ? card.get<std::string>() : std::string("?");
  }
  return text;
}

void AddCardGolfCards(rules::ScoreTable& table) {
  const rules::Json& players = table.details.value("players", rules::Json::array());
  rules::ScoreTable::Row field{"Field cards", {}, false};
  rules::ScoreTable::Row hand{"Hand cards", {}, false};
  bool revealed = false;
  for (const auto& player : players) {
    const bool shown = player.contains("revealed");
    revealed = revealed || shown;
    field.cells.push_back(shown ? Cards(player["revealed"]["field"]) : std::string());
    hand.cells.push_back(shown ? Cards(player["revealed"]["hand"]) : std::string());
  }
  if (!revealed) return;
  table.rows.insert(table.rows.begin(), {field, hand});
}

}  // namespace

rules::ScoreTable PaperSheet(const rules::State& state) {
  rules::ScoreTable table = state.Scorecard();
  if (state.game().setup().game == "card-golf") AddCardGolfCards(table);
  return table;
}

}  // namespace tabref::gui
