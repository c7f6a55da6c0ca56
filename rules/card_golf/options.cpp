#include "rules/card_golf/options.h"

#include "rules/core/field_reader.h"
#include "rules/core/rule_error.h"

namespace tabref::rules::card_golf {
namespace {

constexpr int kMaxDecks = 4;

}  // namespace

Options Options::FromJson(const Json& json) {
  FieldReader reader(json, "card-golf option");
  Options options;
  options.mode =
      reader.Choice("mode", {"turns", "final"}, "turns") == "final" ? Mode::kFinal : Mode::kTurns;
  options.rap =
      reader.Choice("rap", {"game_ends", "others_play_once"}, "game_ends") == "others_play_once"
          ? RapRule::kOthersPlayOnce
          : RapRule::kGameEnds;
  options.decks = reader.Int("decks", 0, kMaxDecks, 0);
  reader.RejectUnknown();
  return options;
}

Json Options::ToJson() const {
  return {{"mode", mode == Mode::kFinal ? "final" : "turns"},
          {"rap", rap == RapRule::kOthersPlayOnce ? "others_play_once" : "game_ends"},
          {"decks", decks}};
}

int Options::DecksFor(int players) const { return decks > 0 ? decks : (players + 1) / 2; }

void Options::Check(int players) const {
  if (players != 2 && players != 4) {
    throw RuleError("Czech Golf is played by 2 players (one deck) or 4 (two decks), got " +
                    std::to_string(players));
  }
}

}  // namespace tabref::rules::card_golf
