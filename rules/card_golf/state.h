#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "rules/card_golf/actions.h"
#include "rules/card_golf/card_chooser.h"
#include "rules/card_golf/game.h"
#include "rules/card_golf/player_cards.h"
#include "rules/core/state.h"

namespace tabref::rules::card_golf {

// A game of Czech Golf. In turn mode: the deal, then turns clockwise from the dealer's left
// until the draw deck runs out or a player raps, then every player reveals field and hand.
// In final mode only the reveals are entered. The table's knowledge of the cards (the
// discard pile, cards seen going into hands and fields) is checked against every entry.
class CardGolfState : public StateBase<CardGolfState> {
 public:
  explicit CardGolfState(const std::shared_ptr<const CardGolfGame>& game);

  std::vector<int> Actors() const override;
  std::vector<LegalAction> LegalActions() const override;
  Json RandomAction(Rng& rng) const override;
  bool IsTerminal() const override { return phase_ == Phase::kOver; }
  std::vector<int> Winners() const override;
  ScoreTable Scorecard() const override;
  std::string StatusLine() const override;
  Json Snapshot() const override;
  void CheckInvariants() const override;

 protected:
  void DoApply(const Json& body) override;

 private:
  enum class Phase { kDeal, kTurns, kReveal, kOver };
  // Why play stopped.
  enum class Ending { kNotYet, kDeckEmpty, kRap };

  const CardGolfGame& golf() const { return static_cast<const CardGolfGame&>(game()); }
  const std::string& Name(int seat) const { return game().PlayerName(seat); }
  const PlayerCards& Cards(int seat) const { return players_.at(static_cast<size_t>(seat)); }
  PlayerCards& Cards(int seat) { return players_.at(static_cast<size_t>(seat)); }

  // state.cpp: applying actions.
  std::vector<std::string> AllowedTypes() const;
  std::string WhatHappensNow() const;
  void ApplyDeal(const Deal& deal);
  void ApplyTurn(const Turn& turn);
  void ApplyReveal(const Reveal& reveal);
  void DrawFromDeck(PlayerCards& player, const std::optional<Card>& drawn);
  void Rap();
  void FinishTurn();
  void EndPlay(Ending ending);
  // Every card whose place is known: the discard pile and the players' known cards.
  std::vector<Card> KnownCards() const;
  std::vector<int> Unrevealed() const;
  int NextSeat(int seat) const { return (seat + 1) % game().NumPlayers(); }
  bool InLastTurns() const { return rapper_ >= 0; }

  // state_choices.cpp: legal, example and random actions.
  Json DealAction(int dealer, CardChooser& chooser) const;
  Json TurnAction(Turn::Kind kind, int slot, CardChooser& chooser) const;
  Json RevealAction(int seat, CardChooser& chooser) const;
  std::string RapLabel() const;
  CardChooser Chooser(Rng* rng) const;

  // state_view.cpp helpers.
  static const char* PhaseName(Phase phase);
  std::string EndingText() const;
  std::string ResultText() const;
  Json PlayersJson() const;

  Phase phase_;
  Ending ending_ = Ending::kNotYet;
  int dealer_ = -1;
  int to_play_ = -1;  // the seat whose turn it is during turn play
  int deck_left_ = 0;
  std::vector<Card> discard_pile_;  // bottom first
  std::vector<PlayerCards> players_;
  int rapper_ = -1;          // the seat that rapped, -1 before any rap
  int turns_after_rap_ = 0;  // turns still owed to the others after the current one
};

}  // namespace tabref::rules::card_golf
