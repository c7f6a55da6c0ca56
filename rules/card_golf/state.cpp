#include "rules/card_golf/state.h"

#include <algorithm>
#include <numeric>

#include "rules/core/field_reader.h"
#include "rules/core/rule_error.h"

namespace tabref::rules::card_golf {

CardGolfState::CardGolfState(const std::shared_ptr<const CardGolfGame>& game)
    : StateBase(game),
      phase_(game->options().mode == Mode::kFinal ? Phase::kReveal : Phase::kDeal),
      players_(static_cast<size_t>(game->NumPlayers())) {}

std::vector<int> CardGolfState::Actors() const {
  switch (phase_) {
    case Phase::kDeal: {
      std::vector<int> everyone(static_cast<size_t>(game().NumPlayers()));
      std::iota(everyone.begin(), everyone.end(), 0);
      return everyone;
    }
    case Phase::kTurns:
      return {to_play_};
    case Phase::kReveal:
      return Unrevealed();
    case Phase::kOver:
      break;
  }
  return {};
}

std::vector<int> CardGolfState::Winners() const {
  if (!IsTerminal()) return {};
  int best = 0;
  for (const PlayerCards& player : players_) best = std::max(best, player.revealed()->score.total);
  std::vector<int> winners;
  for (int seat = 0; seat < game().NumPlayers(); ++seat) {
    if (Cards(seat).revealed()->score.total == best) winners.push_back(seat);
  }
  return winners;
}

std::vector<int> CardGolfState::Unrevealed() const {
  std::vector<int> seats;
  for (int seat = 0; seat < game().NumPlayers(); ++seat) {
    if (!Cards(seat).revealed()) seats.push_back(seat);
  }
  return seats;
}

std::vector<Card> CardGolfState::KnownCards() const {
  std::vector<Card> known = discard_pile_;
  for (const PlayerCards& player : players_) {
    const std::vector<Card> cards = player.KnownCards();
    known.insert(known.end(), cards.begin(), cards.end());
  }
  return known;
}

std::vector<std::string> CardGolfState::AllowedTypes() const {
  switch (phase_) {
    case Phase::kDeal:
      return {kDealType};
    case Phase::kTurns:
      return {kTakeDiscardType, kDrawAndDiscardType, kDrawToFieldType, kRapType};
    case Phase::kReveal:
      return {kRevealType};
    case Phase::kOver:
      break;
  }
  return {};
}

std::string CardGolfState::WhatHappensNow() const {
  switch (phase_) {
    case Phase::kDeal:
      return "the deal comes first";
    case Phase::kTurns:
      return "it is " + Name(to_play_) + "'s turn";
    case Phase::kReveal:
      return "play is over and " + JoinChoices(Names(Unrevealed()), "and") + " must reveal";
    case Phase::kOver:
      break;
  }
  return "the game is over";
}

void CardGolfState::DoApply(const Json& body) {
  const std::string type = body.at("type").get<std::string>();
  const std::vector<std::string> allowed = AllowedTypes();
  if (std::find(allowed.begin(), allowed.end(), type) == allowed.end()) {
    throw RuleError(WhatHappensNow() + ": " + JoinChoices(allowed) + " allowed now, not '" + type +
                    "'");
  }
  if (type == kDealType) {
    ApplyDeal(ParseDeal(body, game()));
  } else if (type == kRevealType) {
    ApplyReveal(ParseReveal(body, game()));
  } else {
    ApplyTurn(ParseTurn(body, game()));
  }
  golf().supply().CheckKnown(KnownCards());
}

void CardGolfState::ApplyDeal(const Deal& deal) {
  dealer_ = deal.dealer;
  to_play_ = NextSeat(dealer_);
  deck_left_ = golf().DrawDeckAfterDeal();
  discard_pile_ = {deal.flipped};
  for (const auto& [seat, slots] : deal.peeked) Cards(seat).SetPeeked(slots);
  phase_ = Phase::kTurns;
}

void CardGolfState::ApplyTurn(const Turn& turn) {
  if (turn.player && *turn.player != to_play_) {
    throw RuleError("it is " + Name(to_play_) + "'s turn, not " + Name(*turn.player) + "'s");
  }
  PlayerCards& player = Cards(to_play_);
  const std::string& who = Name(to_play_);
  switch (turn.kind) {
    case Turn::Kind::kTakeDiscard:
      player.AddToHand(discard_pile_.back());
      discard_pile_.pop_back();
      player.RemoveFromHand(turn.discard, who);
      break;
    case Turn::Kind::kDrawAndDiscard:
      DrawFromDeck(player, turn.drawn);
      player.RemoveFromHand(turn.discard, who);
      break;
    case Turn::Kind::kDrawToField:
      DrawFromDeck(player, turn.drawn);
      player.RemoveFromHand(turn.placed, who);
      player.ReplaceFieldCard(turn.slot, turn.placed, *turn.discard, who);
      break;
    case Turn::Kind::kRap:
      Rap();
      return;
  }
  discard_pile_.push_back(*turn.discard);
  FinishTurn();
}

void CardGolfState::DrawFromDeck(PlayerCards& player, const std::optional<Card>& drawn) {
  --deck_left_;
  player.AddToHand(drawn);
}

// The first rap ends play, or gives each other player one last turn; a rap during those
// last turns just gives that turn up.
void CardGolfState::Rap() {
  if (!InLastTurns()) {
    rapper_ = to_play_;
    turns_after_rap_ =
        golf().options().rap == RapRule::kOthersPlayOnce ? game().NumPlayers() - 1 : 0;
  }
  FinishTurn();
}

void CardGolfState::FinishTurn() {
  if (deck_left_ == 0) return EndPlay(Ending::kDeckEmpty);
  if (InLastTurns()) {
    if (turns_after_rap_ == 0) return EndPlay(Ending::kRap);
    --turns_after_rap_;
  }
  to_play_ = NextSeat(to_play_);
}

void CardGolfState::EndPlay(Ending ending) {
  ending_ = ending;
  to_play_ = -1;
  phase_ = Phase::kReveal;
}

void CardGolfState::ApplyReveal(const Reveal& reveal) {
  PlayerCards& player = Cards(reveal.seat);
  if (player.revealed()) {
    throw RuleError(Name(reveal.seat) + " has already revealed; " +
                    JoinChoices(Names(Unrevealed()), "and") + " still must");
  }
  player.Reveal(reveal.field, reveal.hand, Name(reveal.seat));
  if (Unrevealed().empty()) phase_ = Phase::kOver;
}

}  // namespace tabref::rules::card_golf
