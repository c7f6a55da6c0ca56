#pragma once

#include <string>
#include <vector>

#include "app/referee/game_referee.h"
#include "app/referee/piece_matcher.h"

namespace tabref::referee {

// Which pyramids are whose in Ice Boule: each player plays one colour, the target is a
// colour no player uses (its size is the one the starting player picks each end).
struct IceBouleBinding {
  std::vector<std::string> colours;  // by seat
  std::string target;

  // The set's colours in order (red, yellow, green, blue, black): the players take the
  // first ones, the target the next.
  static IceBouleBinding Default(int players);
  // The default with {"colours": [names], "target": name} replaced; throws
  // std::invalid_argument for too few colours or a target colour a player uses.
  static IceBouleBinding FromJson(const rules::Json& json, int players);
  rules::Json ToJson() const;
  // The seat whose colour `piece` has, or -1.
  int SeatOf(const vision::ObservedPiece& piece) const;
};

// Ice Boule from the camera: the target where it was centrificed and stood upright (its
// placer is the owner of the catapult's centrifuge in the first end), and after each shot
// the whole table: every piece shot this end with its position, pose, angle, contact with
// the target (footprints touching) or standing on it, or off the table. The catapult's
// centrifuge is never a shot piece. Pieces keep the engine's order, and a piece that did not
// move (nor the target) is reported exactly as the engine has it, so rulings stand.
class IceBouleReferee : public GameReferee {
 public:
  explicit IceBouleReferee(IceBouleBinding binding) : binding_(std::move(binding)) {}

  std::string GameName() const override { return "iceboule"; }
  rules::Json Binding() const override { return binding_.ToJson(); }
  std::vector<vision::ObservedKind> TrackedKinds() const override {
    return {vision::ObservedKind::kPyramid};
  }
  // Every shot is hurled from a catapult: two pyramids of one size and colour, nested.
  bool NestsAlikePyramids() const override { return true; }
  Focus FocusOn(const rules::State& state, const vision::TableObservation& table) const override;
  const IceBouleBinding& binding() const { return binding_; }
  Verdict Judge(const rules::State& state, const vision::ShotObservation& shot) const override;

  // Footprints this close or closer touch (the camera's "contact") ...
  static constexpr double kTouchingGapMm = 0.1;
  // ... unless the gap is within this many sigmas of the two places of it: then the players
  // say, when it matters (for at most this many pieces of a shot).
  static constexpr double kTouchSigmas = 2;
  static constexpr size_t kMostTouchesAsked = 3;
  // A piece found within this many of its measurement's sigmas, and at least this close
  // (mm), of where it was did not move.
  static constexpr double kUnmovedSigmas = 3;
  static constexpr double kUnmovedFloorMm = 1;
  // ... and turned by no more than this (degrees).
  static constexpr double kUnturnedDeg = 6;
  // A catapult stands at least this far from its player's pieces in play (mm) ...
  static constexpr double kCatapultClearMm = 30;
  // ... and its centrifuge is found within this of where it stood, after the shot (mm): the
  // flipped centrifuge turns over about its base edge.
  static constexpr double kCentrifugeReachMm = 60;
  // A piece found this near where one stood before a shot is that one read again.
  static constexpr double kReadAgainReachMm = 15;

 protected:
  std::vector<std::string> ShotTypes() const override { return {"place_target", "shot"}; }

 private:
  Verdict JudgePlacement(const rules::State& state, const rules::Json& details,
                         const vision::ShotObservation& shot) const;
  // `action` (a shot), where the pieces `unsure` (indices into its pieces) may or may not
  // touch the target: acted on when every reading of them leaves the engine alike, else
  // asked.
  Verdict CallTouches(const rules::State& state, rules::Json action, std::vector<size_t> unsure,
                      const std::string& reason) const;
  Verdict JudgeShot(const rules::State& state, const rules::Json& details,
                    const vision::ShotObservation& shot) const;
  bool IsTarget(const vision::ObservedPiece& piece) const;

  IceBouleBinding binding_;
};

}  // namespace tabref::referee
