#pragma once

#include <array>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "rules/bocce/bocce_game.h"
#include "rules/bocce/layout.h"
#include "rules/bocce/round_outcome.h"
#include "rules/core/field_reader.h"
#include "rules/core/state.h"

namespace tabref::rules::bocce {

enum class Phase {
  kDrawLeader,   // the app draws the first leader at random
  kPlaceJack,    // the leader flicks the jack
  kBowls,        // the sides alternate flicking bowls, the non-leader first
  kEnterResult,  // a round flicked by hand: the players enter who scored
  kRuling,       // a measured round too close to call: the players rule
  kOver,
};

// One line of the score sheet: a scored round, or a round voided by the jack going out.
struct RoundRecord {
  int round = 1;
  CourtEnd end = CourtEnd::kNear;
  int leader = 0;
  bool voided = false;
  RoundOutcome outcome;
  Tally tally;                  // of the scoring side
  std::array<int, 2> totals{};  // after the round
  // "measurement", "ruling", "manual", "bowls in play" (forced by the counts) or "jack out"
  std::string decided_by;
};

class BocceState : public StateBase<BocceState> {
 public:
  explicit BocceState(std::shared_ptr<const BocceGame> game);

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
  const BocceGame& bocce() const { return static_cast<const BocceGame&>(game()); }
  const Sides& sides() const { return bocce().sides(); }
  const Court& court() const { return bocce().court(); }

  // Action handlers, one per action type.
  void ApplyLeader(const Json& body);
  void ApplyJack(const Json& body);
  void ApplyBowl(const Json& body);
  void ApplyMeasuredBowl(const Json& body);
  void ApplyManualBowl(const Json& body);
  void ApplyOutcome(const Json& body);

  // Round flow.
  void StartRound();
  void VoidRound();
  void FinishBowl(int bowler);
  void EndRound();
  void ScoreRound(const RoundOutcome& outcome, const std::string& decided_by);

  // Who acts.
  std::string LegalType() const;
  int SideToFlick() const;
  std::vector<int> EligibleBowlers() const;
  int ExpectedBowler() const;
  std::vector<int> JackPlacers() const;
  std::vector<int> RoundPlayers() const;
  // The seat named by the optional "player" being read, among `allowed`; else `fallback`.
  int ChosenPlayer(FieldReader& reader, const std::vector<int>& allowed, int fallback) const;

  // Text and examples shared by the views and the random player.
  std::string ScoreText() const;
  std::string RoundText() const;
  std::string SeatText(int seat) const;
  // After flicks entered by hand: a layout with the jack and the bowls in play, placed by
  // `place_bowl(side, index)`.
  Layout StandInLayout(const Coin& jack,
                       const std::function<Coin(int side, int index)>& place_bowl) const;
  Layout ExampleLayout() const;
  Json MeasuredBowlAction(const Layout& layout) const;
  Json RandomMeasuredBowl(Rng& rng) const;
  Json RandomManualBowl(Rng& rng) const;

  Phase phase_ = Phase::kDrawLeader;
  int round_ = 1;
  int leader_ = 0;
  std::array<int, 2> totals_{};
  int failed_jacks_ = 0;  // jack placements to flick again this round
  int jack_placer_ = -1;
  std::array<int, 2> bowls_flicked_{};
  std::array<int, 2> bowls_in_play_{};
  std::vector<int> bowls_by_seat_;  // this round
  // The in-bounds coins after the last measured flick; empty after a flick entered by hand.
  std::optional<Layout> layout_;
  // What the players may enter or rule in kEnterResult and kRuling.
  std::vector<RoundOutcome> open_outcomes_;
  std::vector<RoundRecord> rounds_;
  int winner_ = kNobody;
};

}  // namespace tabref::rules::bocce
