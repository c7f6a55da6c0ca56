#include "rules/card_golf/actions.h"

#include <algorithm>
#include <set>

#include "rules/card_golf/scoring.h"
#include "rules/core/field_reader.h"
#include "rules/core/rule_error.h"

namespace tabref::rules::card_golf {
namespace {

std::string Context(const std::string& type) { return "action '" + type + "'"; }

// Reads a card field, turning a bad card into a message that names the field.
std::optional<Card> OptionalCard(FieldReader& reader, std::string_view key) {
  const Json* value = reader.Optional(key);
  if (value == nullptr) return std::nullopt;
  try {
    return CardFromJson(*value);
  } catch (const RuleError& error) {
    reader.Fail(key, std::string("is not valid: ") + error.what());
  }
}

Card RequiredCard(FieldReader& reader, std::string_view key) {
  reader.Required(key);
  return *OptionalCard(reader, key);
}

std::vector<Card> RequiredCards(FieldReader& reader, std::string_view key) {
  try {
    return CardsFromJson(reader.Required(key));
  } catch (const RuleError& error) {
    reader.Fail(key, std::string("is not valid: ") + error.what());
  }
}

std::vector<int> ParsePeekedSlots(const Json& slots, const std::string& player) {
  const std::string problem = "\"peeked\" for " + player + " must list " +
                              std::to_string(kPeekedCards) + " different field slots 1-" +
                              std::to_string(kFieldCards) + ", got " + slots.dump();
  if (!slots.is_array() || slots.size() != kPeekedCards) throw RuleError(problem);
  std::set<int> seen;
  for (const Json& slot : slots) {
    if (!slot.is_number_integer()) throw RuleError(problem);
    const int number = slot.get<int>();
    if (number < 1 || number > kFieldCards || !seen.insert(number - 1).second) {
      throw RuleError(problem);
    }
  }
  return {seen.begin(), seen.end()};
}

Turn::Kind TurnKind(const std::string& type) {
  for (Turn::Kind kind : {Turn::Kind::kTakeDiscard, Turn::Kind::kDrawAndDiscard,
                          Turn::Kind::kDrawToField, Turn::Kind::kRap}) {
    if (type == TurnTypeName(kind)) return kind;
  }
  throw RuleError("'" + type + "' is not a turn action");
}

}  // namespace

const char* TurnTypeName(Turn::Kind kind) {
  switch (kind) {
    case Turn::Kind::kTakeDiscard:
      return kTakeDiscardType;
    case Turn::Kind::kDrawAndDiscard:
      return kDrawAndDiscardType;
    case Turn::Kind::kDrawToField:
      return kDrawToFieldType;
    case Turn::Kind::kRap:
      break;
  }
  return kRapType;
}

int SeatOf(const Game& game, const std::string& name) {
  const auto& players = game.setup().players;
  const auto found = std::find(players.begin(), players.end(), name);
  if (found == players.end()) {
    throw RuleError("no player is called '" + name + "'; the players are " +
                    JoinChoices(players, "and"));
  }
  return static_cast<int>(found - players.begin());
}

Deal ParseDeal(const Json& body, const Game& game) {
  FieldReader reader(body, Context(kDealType));
  Deal deal;
  deal.dealer = SeatOf(game, reader.String("dealer"));
  deal.flipped = RequiredCard(reader, "flipped");
  if (const Json* peeked = reader.Optional("peeked")) {
    if (!peeked->is_object()) reader.Fail("peeked", "must map player names to slots 1-6");
    for (const auto& [name, slots] : peeked->items()) {
      deal.peeked[SeatOf(game, name)] = ParsePeekedSlots(slots, name);
    }
  }
  reader.RejectUnknown();
  return deal;
}

Turn ParseTurn(const Json& body, const Game& game) {
  const std::string type = body.at("type").get<std::string>();
  FieldReader reader(body, Context(type));
  Turn turn;
  turn.kind = TurnKind(type);
  if (reader.Has("player")) turn.player = SeatOf(game, reader.String("player"));
  switch (turn.kind) {
    case Turn::Kind::kTakeDiscard:
      turn.discard = RequiredCard(reader, "discard");
      break;
    case Turn::Kind::kDrawAndDiscard:
      turn.drawn = OptionalCard(reader, "drawn");
      turn.discard = RequiredCard(reader, "discard");
      break;
    case Turn::Kind::kDrawToField:
      turn.drawn = OptionalCard(reader, "drawn");
      turn.placed = OptionalCard(reader, "placed");
      turn.slot = reader.Int("slot", 1, kFieldCards) - 1;
      turn.discard = RequiredCard(reader, "replaced");
      break;
    case Turn::Kind::kRap:
      break;
  }
  reader.RejectUnknown();
  return turn;
}

Reveal ParseReveal(const Json& body, const Game& game) {
  FieldReader reader(body, Context(kRevealType));
  Reveal reveal;
  reveal.seat = SeatOf(game, reader.String("player"));
  reveal.field = RequiredCards(reader, "field");
  reveal.hand = RequiredCards(reader, "hand");
  reader.RejectUnknown();
  return reveal;
}

}  // namespace tabref::rules::card_golf
