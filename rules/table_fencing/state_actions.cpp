// What may be done now: LegalActions() for menus and RandomAction() for playouts.
#include <algorithm>
#include <map>

#include "rules/table_fencing/state.h"

namespace tabref::rules::table_fencing {
namespace {

using PlayerNames = std::vector<std::string>;

// How often a random player does something besides the main action of the moment.
struct SideActionOdds {
  std::string type;
  double chance;
};
const std::vector<SideActionOdds>& SideActions() {
  static const std::vector<SideActionOdds> odds = {
      {"penalty", 0.02}, {"quick_switch", 0.04}, {"hose", 0.03}, {"theme", 0.003}};
  return odds;
}
// Three equal cards come up too rarely by themselves to exercise the silly hats.
constexpr double kForcedTripleChance = 0.03;
// How a random golf ball arrives: mostly caught.
const std::string& RandomThrow(Rng& rng) {
  static const std::vector<std::string> throws = {"caught", "caught", "caught", "dropped", "wild"};
  return throws[std::uniform_int_distribution<size_t>(0, throws.size() - 1)(rng)];
}

PlayerNames Without(PlayerNames players, const std::string& name) {
  std::erase(players, name);
  return players;
}

// --- Examples for LegalActions() -----------------------------------------------------

std::string PenaltyLabel(const std::string& player, const std::string& reason) {
  return player + " takes a penalty: " + reason;
}

std::string DistributeLabel(const std::string& giver, const std::string& yellow,
                            const std::string& purple) {
  return giver + " gives the yellow ball to " + yellow + " and the purple to " + purple;
}

std::string HoseLabel(const std::string& hoser, const std::string& hosee) {
  return hoser + " hoses " + hosee + ": enter both green-die rolls";
}

std::vector<LegalAction> PayExamples(const Penalty& owed, const std::string& debtor) {
  return {{{{"type", "pay"}, {"player", debtor}, {"with", "chocolate"}},
           debtor + " eats a chocolate for the penalty (" + owed.reason + ")"},
          {{{"type", "pay"}, {"player", debtor}, {"with", "slide"}},
           debtor + " slides 1 point for the penalty (" + owed.reason + ")"}};
}

std::vector<LegalAction> PenaltyExamples(const PlayerNames& players) {
  std::vector<LegalAction> examples;
  for (const auto& player : players) {
    for (const auto& reason : EnteredPenaltyReasons()) {
      examples.push_back({{{"type", "penalty"}, {"player", player}, {"reason", reason}},
                          PenaltyLabel(player, reason)});
    }
  }
  return examples;
}

std::vector<LegalAction> DistributeExamples(const PlayerNames& players, const std::string& giver) {
  std::vector<LegalAction> examples;
  const PlayerNames receivers = Without(players, giver);
  for (const auto& yellow : receivers) {
    for (const auto& purple : Without(receivers, yellow)) {
      examples.push_back(
          {{{"type", "distribute"}, {"player", giver}, {"yellow", yellow}, {"purple", purple}},
           DistributeLabel(giver, yellow, purple)});
    }
  }
  return examples;
}

LegalAction GolfBallsExample(const PlayerNames& players) {
  Json rolls = {{players[0], 6}, {players[1], 4}};
  for (size_t i = 2; i < players.size(); ++i) rolls[players[i]] = 2;
  return {
      {{"type", "golf_balls"}, {"yellow", players[0]}, {"purple", players[1]}, {"rolls", rolls}},
      "Enter the green-die rolls: yellow ball to the highest, purple to the next",
      true};
}

// Cards that decide the draw: a thrust in falling values; war cards 9 and 5 that a parry
// of 2 does not beat.
LegalAction DrawExample(const std::string& type, const PlayerNames& drawers,
                        const std::string& label) {
  static const std::vector<std::string> kFallingCards = {"K", "Q", "J", "10", "8", "7", "6", "4"};
  static const std::vector<std::string> kWarCards = {"9", "5", "2"};
  const auto& cards = type == "war" ? kWarCards : kFallingCards;
  Json draw = Json::object();
  for (size_t i = 0; i < drawers.size(); ++i) draw[drawers[i]] = cards[i];
  return {{{"type", type}, {"cards", draw}}, label, true};
}

std::vector<LegalAction> SillyHatsExamples(const PlayerNames& players) {
  std::vector<LegalAction> examples;
  for (const auto& player : players) {
    examples.push_back(
        {{{"type", "silly_hats"}, {"last", player}}, player + " was the last to don a silly hat"});
  }
  return examples;
}

LegalAction RollExample(const std::string& winner, int dice, int multiplier) {
  return {{{"type", "roll"}, {"dice", std::vector<int>(static_cast<size_t>(dice), 3)}},
          winner + " rolls " + std::to_string(dice) + (dice == 1 ? " die" : " dice") + " x" +
              std::to_string(multiplier),
          true};
}

LegalAction QuickSwitchExample(const std::string& caller) {
  return {{{"type", "quick_switch"}, {"purple_throw", "caught"}, {"yellow_throw", "caught"}},
          caller + " calls Quick-switch: enter how each ball arrived (caught, dropped or wild)",
          true};
}

std::vector<LegalAction> HoseExamples(const PlayerNames& players, const std::string& hoser) {
  std::vector<LegalAction> examples;
  for (const auto& hosee : Without(players, hoser)) {
    examples.push_back({{{"type", "hose"}, {"hosee", hosee}, {"hoser_roll", 5}, {"hosee_roll", 2}},
                        HoseLabel(hoser, hosee),
                        true});
  }
  return examples;
}

std::vector<LegalAction> ThemeExamples(const PlayerNames& players) {
  std::vector<LegalAction> examples;
  for (const auto& player : players) {
    examples.push_back({{{"type", "theme"}, {"player", player}},
                        player + " completes a successful theme and wins the bumper"});
  }
  return examples;
}

// --- Random actions ------------------------------------------------------------------

int RandomDie(Rng& rng) { return std::uniform_int_distribution<int>(1, 6)(rng); }

template <typename T>
const T& Pick(Rng& rng, const std::vector<T>& items) {
  return items[std::uniform_int_distribution<size_t>(0, items.size() - 1)(rng)];
}

Json RandomGolfBalls(Rng& rng, const PlayerNames& players) {
  std::map<std::string, int> rolls;
  for (const auto& player : players) rolls[player] = RandomDie(rng);
  // Shuffled first, so that a stable sort breaks ties as a random yo-yo duel would.
  PlayerNames ranking = players;
  std::shuffle(ranking.begin(), ranking.end(), rng);
  std::stable_sort(ranking.begin(), ranking.end(),
                   [&](const auto& a, const auto& b) { return rolls[a] > rolls[b]; });
  return {{"type", "golf_balls"}, {"yellow", ranking[0]}, {"purple", ranking[1]}, {"rolls", rolls}};
}

Json RandomDistribution(Rng& rng, const PlayerNames& players, const std::string& giver) {
  PlayerNames receivers = Without(players, giver);
  std::shuffle(receivers.begin(), receivers.end(), rng);
  return {{"type", "distribute"},
          {"player", giver},
          {"yellow", receivers[0]},
          {"purple", receivers[1]}};
}

Json RandomDraw(Rng& rng, const std::string& type, const PlayerNames& drawers) {
  std::uniform_int_distribution<int> card(kAce, kKing);
  const bool triple = std::bernoulli_distribution(kForcedTripleChance)(rng);
  const int triple_value = card(rng);
  Json draw = Json::object();
  for (const auto& drawer : drawers) draw[drawer] = CardName(triple ? triple_value : card(rng));
  return {{"type", type}, {"cards", draw}};
}

Json RandomRoll(Rng& rng, int dice) {
  Json values = Json::array();
  for (int i = 0; i < dice; ++i) values.push_back(RandomDie(rng));
  return {{"type", "roll"}, {"dice", values}};
}

Json RandomHose(Rng& rng, const PlayerNames& players, const std::string& hoser) {
  const std::string hosee = Pick(rng, Without(players, hoser));
  Json hose = {{"type", "hose"},
               {"hosee", hosee},
               {"hoser_roll", RandomDie(rng)},
               {"hosee_roll", RandomDie(rng)}};
  if (hose["hoser_roll"] == hose["hosee_roll"])
    hose["duel_winner"] = Pick(rng, PlayerNames{hoser, hosee});
  return hose;
}

}  // namespace

std::vector<LegalAction> TableFencingState::LegalActions() const {
  std::vector<LegalAction> legal;
  for (const auto& type : AllowedTypes()) {
    std::vector<LegalAction> examples = ExamplesOf(type);
    legal.insert(legal.end(), examples.begin(), examples.end());
  }
  return legal;
}

std::vector<LegalAction> TableFencingState::ExamplesOf(const std::string& type) const {
  if (type == "pay") return PayExamples(owed_.front(), Name(owed_.front().seat));
  if (type == "penalty") return PenaltyExamples(names());
  if (type == "distribute") return DistributeExamples(names(), Name(balls_.HolderOfBoth()));
  if (type == "golf_balls") return {GolfBallsExample(names())};
  if (type == "thrust") {
    return {DrawExample(type, Names(trick_.Drawers()),
                        Name(trick_.leader()) + " calls Thrust: enter every card")};
  }
  if (type == "war") {
    return {DrawExample(
        type, Names(trick_.Drawers()),
        "Enter the two trump war cards and " + Name(trick_.parrier()) + "'s parry card")};
  }
  if (type == "silly_hats") return SillyHatsExamples(names());
  if (type == "roll") {
    return {RollExample(Name(trick_.winner()), trick_.DiceToRoll(),
                        trick_.Multiplier(options().parry_multiplied))};
  }
  if (type == "quick_switch") return {QuickSwitchExample(Name(balls_.purple()))};
  if (type == "hose") return HoseExamples(names(), Name(balls_.purple()));
  return ThemeExamples(names());
}

Json TableFencingState::RandomAction(Rng& rng) const {
  const std::vector<std::string> allowed = AllowedTypes();
  std::string type = allowed.front();
  double chance = std::uniform_real_distribution<double>(0.0, 1.0)(rng);
  for (const auto& side : SideActions()) {
    chance -= side.chance;
    if (chance < 0) {
      if (std::find(allowed.begin(), allowed.end(), side.type) != allowed.end()) type = side.type;
      break;
    }
  }
  return RandomOf(type, rng);
}

Json TableFencingState::RandomOf(const std::string& type, Rng& rng) const {
  if (type == "pay") {
    const bool slide = std::bernoulli_distribution(0.25)(rng);
    return {{"type", type},
            {"player", Name(owed_.front().seat)},
            {"with", slide ? "slide" : "chocolate"}};
  }
  if (type == "penalty") {
    return {{"type", type},
            {"player", Pick(rng, names())},
            {"reason", Pick(rng, EnteredPenaltyReasons())}};
  }
  if (type == "distribute") return RandomDistribution(rng, names(), Name(balls_.HolderOfBoth()));
  if (type == "golf_balls") return RandomGolfBalls(rng, names());
  if (type == "thrust" || type == "war") return RandomDraw(rng, type, Names(trick_.Drawers()));
  if (type == "silly_hats") return {{"type", type}, {"last", Pick(rng, names())}};
  if (type == "roll") return RandomRoll(rng, trick_.DiceToRoll());
  if (type == "quick_switch") {
    return {{"type", type}, {"purple_throw", RandomThrow(rng)}, {"yellow_throw", RandomThrow(rng)}};
  }
  if (type == "hose") return RandomHose(rng, names(), Name(balls_.purple()));
  return {{"type", "theme"}, {"player", Pick(rng, names())}};
}

}  // namespace tabref::rules::table_fencing
