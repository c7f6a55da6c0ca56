#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "rules/core/field_reader.h"
#include "rules/core/state.h"
#include "rules/iceboule/judge.h"
#include "rules/iceboule/layout.h"
#include "rules/iceboule/options.h"
#include "rules/iceboule/pyramid.h"
#include "rules/iceboule/turn_order.h"

namespace tabref::rules::iceboule {

// What the table does next; each phase has exactly one action type.
enum class Phase { kPlaceTarget, kChooseSizes, kShooting, kRuling, kEndResult, kGameOver };

// A finished end as the score sheet records it.
struct EndRecord {
  int starter = 0;
  PieceSize target_size = PieceSize::kMedium;
  std::vector<PieceSize> sizes;  // by seat
  int scorer = -1;               // -1: tied (or no piece on the table), replayed unscored
  int points = 0;
};

// The end being played.
struct CurrentEnd {
  int starter = -1;                             // -1 until someone places the first target
  std::optional<PieceSize> target_size;         // set once the target is placed
  std::vector<std::optional<PieceSize>> sizes;  // by seat
  std::vector<int> shots;                       // projectiles shot, by seat
  int active = -1;                              // who shoots now; -1 when nobody does
  int last_shooter = -1;
  std::optional<Layout> layout;  // the measured table; empty while kept by hand
  Lead lead;
  std::vector<Ruling> rulings;       // the table's rulings on pieces that have not moved
  std::optional<Question> question;  // the ruling asked for now
};

class IceBouleState : public StateBase<IceBouleState> {
 public:
  IceBouleState(std::shared_ptr<const Game> game, Options options);

  std::vector<int> Actors() const override;
  std::vector<LegalAction> LegalActions() const override;
  Json RandomAction(Rng& rng) const override;
  bool IsTerminal() const override;
  std::vector<int> Winners() const override;
  ScoreTable Scorecard() const override;
  std::string StatusLine() const override;
  Json Snapshot() const override;
  void CheckInvariants() const override;

 protected:
  void DoApply(const Json& body) override;

 private:
  Phase CurrentPhase() const;
  [[noreturn]] void Refuse(const std::string& why) const;
  // Reads the optional "player" of an action only `seat` may take now.
  void CheckActor(FieldReader& reader, int seat, const std::string& doing) const;

  void PlaceTarget(const Json& body);
  void ChooseSize(const Json& body);
  void Shoot(const Json& body);
  void Rule(const Json& body);
  void EnterEndResult(const Json& body);

  Layout ReadShotLayout(FieldReader& reader) const;
  Lead ReadStatedLead(FieldReader& reader) const;
  // Moves the end on after a shot or a ruling: the lead, the next shooter, the score.
  void Settle();
  void ScoreMeasuredEnd();
  void FinishEnd(int scorer, int points);
  void StartEnd(int starter);

  Judge MakeJudge() const;
  const std::vector<std::string>& Players() const { return game().setup().players; }
  const std::string& Name(int seat) const { return game().PlayerName(seat); }
  bool IsSolo() const { return game().NumPlayers() == 1; }
  std::vector<int> AllSeats() const;
  std::vector<PieceSize> ChosenSizes() const;
  std::vector<int> ProjectilesLeft() const;
  int MinEndPoints() const { return IsSolo() ? 0 : 1; }

  // Views (scorecard.cpp).
  std::string ScoreLine() const;
  std::string PhaseLine() const;
  std::string DistanceText(size_t piece) const;
  Json CurrentEndDetails() const;
  // Legal actions and random play (legal_actions.cpp).
  std::vector<int> PlayersWhoMayPlaceTarget() const;
  std::vector<std::string> LeaderChoices() const;
  Json MeasuredShotExample() const;
  Json RandomMeasuredShot(Rng& rng) const;

  Options options_;
  std::vector<int> scores_;
  std::vector<EndRecord> ends_;
  CurrentEnd end_;
};

// The highest score of one end: four projectiles, one of them stacked (worth two).
inline constexpr int kMaxEndPoints = kProjectilesPerPlayer + 1;

}  // namespace tabref::rules::iceboule
