#pragma once

#include <optional>
#include <string>
#include <vector>

#include "app/referee/decision.h"
#include "rules/core/json.h"
#include "rules/core/state.h"
#include "vision/observation/observation.h"

namespace tabref::referee {

// What the players look at on the table: the piece distances are measured to (the jack, the
// Ice Boule target, the Ppolf hole in play) and the pieces measured to it (track ids).
struct Focus {
  int track = -1;  // -1: none on the table
  std::vector<int> measured;
};

// The referee of one camera-refereed game: turns what the camera saw into the game's rules
// actions. It keeps no state of its own: every reading is made from the engine's state
// (what the rules know so far) and the observations, so undo and replay need nothing from
// it, and the live camera and the synthetic table's ground truth go through the same code.
//
// The loop of a referee (live or simulated):
//   Expect(state) -> a shot: wait for the shot, Judge(state, shot), apply the action
//                 -> a decision: ask the players, apply their answer (a manual action)
//   between shots: Refresh(state, last at rest, now) -> an action when pieces were put back
class GameReferee {
 public:
  virtual ~GameReferee() = default;

  // The rules' game name: "bocce", "ppolf", "iceboule".
  virtual std::string GameName() const = 0;
  // The identities in force (which piece is whose), in the form the binding is given.
  virtual rules::Json Binding() const = 0;
  // The kinds of piece the game is played with: what the camera follows.
  virtual std::vector<vision::ObservedKind> TrackedKinds() const = 0;
  // Whether the game stands two pyramids of one size and colour one nested on the other (an
  // Ice Boule catapult), which the camera then looks for.
  virtual bool NestsAlikePyramids() const { return false; }
  // How far beyond the markers' centres the game's pieces may come to rest (mm), where the
  // camera must see them: 0 when they stay between the markers.
  virtual double PlayBeyondMarkersMm() const { return 0; }
  // Where the game's distances are measured from on `table` now (for the live view).
  virtual Focus FocusOn(const rules::State& state, const vision::TableObservation& table) const = 0;

  // What the engine waits for now: a shot when a measured action of the game's shot types
  // is legal, else the manual decision the legal actions describe.
  Expectation Expect(const rules::State& state) const;

  // Reads a shot (first movement to everything at rest again) into the rules action it
  // stands for, asks the players when the camera cannot tell, or says why the shot is not
  // judged. Never applies anything.
  virtual Verdict Judge(const rules::State& state, const vision::ShotObservation& shot) const = 0;

  // A shot left waiting for the table to be set right (Verdict::NotYet), and the shot seen
  // after it: when there is nothing to judge in that one (pieces moved, nothing thrown or
  // flicked), it was the players setting the table right (a target stood up as the next
  // catapult was set down), and the waiting shot, with the table as they left it, is judged
  // in its stead (returned). Nothing when the next shot is one of its own.
  std::optional<vision::ShotObservation> SetRightBy(const rules::State& state,
                                                    const vision::ShotObservation& waiting,
                                                    const vision::ShotObservation& next) const;

  // Between shots, once a hand left the table, the piece of the one player due to play lies
  // elsewhere, or was taken up from beside its goal: the shot the hand hid (a short putt under
  // the flicking finger, the holed coin lifted), where the game moves no piece by hand then;
  // nothing when the change is not one. Judged with `under_hand` set: what it touched is not
  // known.
  virtual std::optional<vision::ShotObservation> ShotUnderHand(
      const rules::State& /*state*/, const vision::TableObservation& /*last*/,
      const vision::TableObservation& /*now*/) const {
    return std::nullopt;
  }

  // Pieces moved by hand between shots (a coin put back after leaving the table): the
  // action that tells the engine, when the game records such things. `last` is the table
  // at rest after the last shot, `now` the table at rest before the next.
  virtual std::optional<rules::Json> Refresh(const rules::State& state,
                                             const vision::TableObservation& last,
                                             const vision::TableObservation& now) const;

 protected:
  // The action types a shot on the table turns into.
  virtual std::vector<std::string> ShotTypes() const = 0;
};

// The players' decision the engine's legal actions of `types` describe (all manual legal
// actions when `types` is empty), with `question` as its text.
ManualDecision ManualChoices(const rules::State& state, const std::string& question,
                             const std::vector<std::string>& types = {});

}  // namespace tabref::referee
