#pragma once

#include <deque>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "rules/core/field_reader.h"
#include "rules/core/state.h"
#include "rules/table_fencing/game.h"
#include "rules/table_fencing/golf_balls.h"
#include "rules/table_fencing/penalty.h"
#include "rules/table_fencing/trick.h"

namespace tabref::rules::table_fencing {

// One bumper's block of the score sheet.
struct BumperSheet {
  int start = 0;            // the Start's seat
  std::vector<int> builds;  // points built, by seat
  std::vector<int> slides;  // points slid, by seat
  int tricks = 0;           // tricks begun
  int winner = -1;          // -1 while the bumper is played
  std::string won_by;       // "build" or "theme"
};

// The score keeper. A game is a run of bumpers; a bumper opens with the golf-ball
// distribution and is a run of tricks until a build reaches the target or a theme
// succeeds. Penalties and a player holding both golf balls are settled before anything
// else goes on.
class TableFencingState : public StateBase<TableFencingState> {
 public:
  explicit TableFencingState(const std::shared_ptr<const TableFencingGame>& game);

  std::vector<int> Actors() const override;
  std::vector<LegalAction> LegalActions() const override;
  Json RandomAction(Rng& rng) const override;
  bool IsTerminal() const override { return champion_ >= 0; }
  std::vector<int> Winners() const override;
  ScoreTable Scorecard() const override;
  std::string StatusLine() const override;
  Json Snapshot() const override;
  void CheckInvariants() const override;

 protected:
  void DoApply(const Json& body) override;

 private:
  static constexpr int kChocolatePerBumper = 2;
  // Surplus chocolate a player may carry into the next bumper.
  static constexpr int kChocolateCarriedOver = 1;

  using Handler = void (TableFencingState::*)(FieldReader&);
  static const std::vector<std::pair<std::string, Handler>>& Handlers();

  void OnGolfBalls(FieldReader& reader);
  void OnDistribute(FieldReader& reader);
  void OnDraw(FieldReader& reader);
  void OnSillyHats(FieldReader& reader);
  void OnRoll(FieldReader& reader);
  void OnQuickSwitch(FieldReader& reader);
  void OnHose(FieldReader& reader);
  void OnPenalty(FieldReader& reader);
  void OnPay(FieldReader& reader);
  void OnTheme(FieldReader& reader);

  // The action types allowed now, in the order menus list them.
  std::vector<std::string> AllowedTypes() const;
  // Example actions of one allowed type for LegalActions(), and a random one.
  std::vector<LegalAction> ExamplesOf(const std::string& type) const;
  Json RandomOf(const std::string& type, Rng& rng) const;
  // What the table does next, e.g. "Ann (control) calls Thrust".
  std::string WhatNext() const;

  int SeatNamed(FieldReader& reader, std::string_view key) const;
  Draw ReadCards(FieldReader& reader) const;
  void CheckGreenRolls(FieldReader& reader, int yellow, int purple) const;

  void Owe(const Penalties& penalties);
  // Penalties of players without chocolate are slides: no choice to wait for.
  void SettleForcedPenalties();
  void TallyTrick(int points);
  bool EndBumperIfBuilt(const std::vector<int>& seats);
  void EndBumper(int winner, const std::string& how);
  void StartBumper(int start);
  void StartTrick(int leader);

  const TableFencingGame& fencing_game() const;
  const Options& options() const { return fencing_game().options(); }
  const std::vector<std::string>& names() const { return game().setup().players; }
  int NumPlayers() const { return game().NumPlayers(); }
  std::vector<int> AllSeats() const;
  const BumperSheet& sheet() const { return bumpers_.back(); }
  BumperSheet& sheet() { return bumpers_.back(); }
  int BumperScore(int seat) const;
  // Builds or score, as the option `bumper_measure` says.
  int BumperProgress(int seat) const;
  std::string ScoreLine() const;
  std::string HowTheTrickWasWon() const;
  // "yellow", "purple" (or both) in the holders' columns.
  std::vector<std::string> GolfBallCells() const;
  std::string Name(int seat) const { return names().at(static_cast<size_t>(seat)); }

  std::vector<BumperSheet> bumpers_;
  std::vector<int> bumpers_won_;
  std::vector<int> chocolate_;
  std::vector<int> kicks_;  // kicks in the butt for miscued miscues: ceremony, but recorded
  GolfBalls balls_;
  Trick trick_;
  std::deque<Penalty> owed_;
  int champion_ = -1;
  Json last_trick_ = nullptr;  // the last tallied trick, for the trick panel
};

}  // namespace tabref::rules::table_fencing
