#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "rules/core/state.h"
#include "rules/ppolf/course.h"
#include "rules/ppolf/geometry.h"
#include "rules/ppolf/observation.h"
#include "rules/ppolf/options.h"
#include "rules/ppolf/scorecard.h"

namespace tabref::rules::ppolf {

// Where a player is on the current hole.
enum class Lie { kToTeeOff, kInPlay, kHoled };

struct PlayerOnHole {
  Lie lie = Lie::kToTeeOff;
  int flicks = 0;
  int penalties = 0;
  std::optional<CoinSighting> coin;  // last known resting position
  bool flicked_this_round = false;
  std::optional<Standing> standing;  // distance to the hole when the round began

  int Count() const { return flicks + penalties; }
};

// A Ppolf game in progress. Each hole is teed off in the rotated player order, then
// played in rounds ordered by closeness to the hole (closest first, a coin within two tile
// widths putting out at once) until every coin has hit it; then the next hole.
class PpolfState : public StateBase<PpolfState> {
 public:
  PpolfState(std::shared_ptr<const Game> game, Options options);

  std::vector<int> Actors() const override;
  std::vector<LegalAction> LegalActions() const override;
  Json RandomAction(Rng& rng) const override;
  bool IsTerminal() const override;
  std::vector<int> Winners() const override;
  ScoreTable Scorecard() const override;
  std::string StatusLine() const override;
  Json Snapshot() const override;
  void CheckInvariants() const override;

  // Where `seat`'s coin last came to rest on the course; none when it is off the course or
  // was flicked and has not been placed since.
  const std::optional<CoinSighting>& CoinOf(int seat) const { return Player(seat).coin; }

 protected:
  void DoApply(const Json& body) override;

 private:
  int NumPlayers() const { return game().NumPlayers(); }
  const std::string& Name(int seat) const { return game().PlayerName(seat); }
  PlayerOnHole& Player(int seat) { return players_.at(static_cast<size_t>(seat)); }
  const PlayerOnHole& Player(int seat) const { return players_.at(static_cast<size_t>(seat)); }
  bool TeeingOff() const { return round_ == 0; }
  std::optional<TilePose>& Hole() { return tiles_.at(static_cast<size_t>(TargetTile(hole_))); }
  const std::optional<TilePose>& Hole() const {
    return tiles_.at(static_cast<size_t>(TargetTile(hole_)));
  }
  std::optional<Standing> StandingOfSeat(int seat) const;

  // The agreed order rotated by one per hole: ABCD, BCDA, CDAB, ...
  std::vector<int> TeeOrder() const;
  std::vector<int> SeatsWithLie(Lie lie) const;
  // Seats allowed to flick now: the putter, the next to tee off, or the closest waiting.
  std::vector<int> NextFlickers() const;
  // The closest waiting seats when more than one may go: a "closer" ruling may pick one.
  bool CloserRulingPossible() const;

  void ApplyFlick(Flick flick);
  void ApplyLayout(const Layout& layout);
  void ApplyRuling(const Ruling& ruling);
  void CheckFlickAllowed(const Flick& flick) const;
  void CheckCoinsInPlay(const std::vector<SeatedCoin>& coins) const;
  void PlaceCoins(const std::vector<SeatedCoin>& coins);
  void DecidePuttOut(int seat, bool started_within, std::optional<bool> players_word);
  void FinishHoleFor(int seat);
  // Moves on to the next round or hole when the current one is complete.
  void Advance();
  void StartRound(int round);
  void StartHole(int hole);

  std::string WhatIsLegalNow() const;
  std::string NamesOf(const std::vector<int>& seats) const;
  // The hole's pose when known, else a plausible one for example actions.
  TilePose ExampleHolePose() const;
  Json FlickExample(int seat) const;
  Json RandomLayout(Rng& rng) const;
  Json RandomFlick(int seat, Rng& rng) const;
  // A random gap to the hole for a coin's resting place; sometimes near the putt-out
  // range or another coin's gap so that rulings get exercised.
  double RandomGap(int seat, Rng& rng) const;
  std::vector<LegalAction> FlickActions(int seat) const;
  Json Details() const;

  Options options_;
  int hole_ = 0;   // 0..17; kHoleCount once the course is played
  int round_ = 0;  // 0 while teeing off, then 1, 2, ...
  std::vector<PlayerOnHole> players_;
  ScoreSheet scores_;
  std::array<std::optional<TilePose>, kTileCount> tiles_;
  std::optional<int> putting_out_;           // must flick again until the coin hits
  std::optional<int> awaiting_putt_ruling_;  // too close to call whether this coin putts out
  std::optional<int> ruled_next_;            // named closer by a ruling; flicks next
};

}  // namespace tabref::rules::ppolf
