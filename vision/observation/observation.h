#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "rules/core/geometry.h"

// What the camera (or the simulator's ground truth) says about the table, in the terms of
// DESIGN.md's `tabref detect` contract: the referee glue turns these into the engines'
// actions, so the live camera and the synthetic table feed the games through one path.
namespace tabref::vision {

enum class ObservedKind { kCoin, kTile, kPyramid };
const char* ToString(ObservedKind kind);
// "coin", "tile" or "pyramid"; nothing for any other name.
std::optional<ObservedKind> ObservedKindFromString(std::string_view name);

// One piece on the table. Fields that cannot be seen are empty, never guessed.
struct ObservedPiece {
  ObservedKind kind = ObservedKind::kCoin;
  std::optional<std::string> side;    // coin: "suit" | "value"; tile: "face" | "back"
  std::optional<std::string> suit;    // "suns" | "moons" | "crowns" | "arms"
  std::optional<std::string> rank;    // "null" | "ace" | "2" .. "5"
  std::optional<std::string> colour;  // pyramid: a colour name of the set
  std::optional<std::string> size;    // pyramid: "small" | "medium" | "large"
  std::optional<std::string> pose;    // pyramid: "upright" | "lying"
  std::optional<int> on_top_of;       // index of the carrying piece in the same observation
  rules::Vec2 position_mm;            // point on the table below the centroid
  double sigma_mm = 0;                // 1-sigma position uncertainty
  // The share of sigma_mm (in quadrature) the table frame's calibration adds: one error for
  // every piece near this one and for every frame through the same calibration, it cancels in
  // the gaps between pieces and in a piece's moves from frame to frame.
  double calibration_sigma_mm = 0;
  double angle_deg = 0;        // tile / upright pyramid base turn; lying apex direction
  rules::Footprint footprint;  // outline projected onto the table
  double confidence = 1;       // 0..1, of the identity
  int track_id = -1;           // identity across frames (tracker / simulator), or -1
};

// The 1-sigma of a piece's place relative to the pieces beside it, and to its own place in
// other frames through the same calibration: sigma_mm without the calibration's share.
double RelativeSigma(const ObservedPiece& piece);

// Everything seen in one frame (or at one moment of the ground truth).
struct TableObservation {
  double time_s = 0;
  bool table_found = true;    // the markers were seen and the table frame is known
  bool hand_in_view = false;  // a hand or arm over the play area: judgement is paused
  std::vector<ObservedPiece> pieces;
};

// A touch between two pieces during a shot (track ids).
struct ObservedContact {
  double time_s = 0;
  int piece = -1;
  int other = -1;
  // Not seen, only possible: the touch may have happened between two frames where no path
  // can show it (a flicked piece resting next to another, first seen already moving straight
  // away from it: a rebound or a flick away), or the pieces passed closer than the
  // measurement can tell from touching. A referee asks rather than guess.
  bool uncertain = false;
};

// One shot: from the first movement to the moment everything is at rest again.
struct ShotObservation {
  double start_s = 0;
  double rest_s = 0;
  std::vector<int> moved;                 // track ids of pieces that moved, in the order they
                                          // started moving: the first is the piece struck
  std::vector<ObservedContact> contacts;  // in time order
  std::vector<int> left_table;            // track ids of pieces that fell off the table
  TableObservation before;                // the table at rest before the shot
  TableObservation after;                 // the table at rest after it
  // Track ids of movers followed in flight (flicked, or hurled from a catapult), not only
  // moved by a hand: set down, slid aside (vision::PieceTracker::Flew).
  std::vector<int> flew;
  // The table once the players set it right after the shot (a lying target stood upright,
  // referee::Verdict::NotYet), when they had to; `after` stays as the shot left the table.
  std::optional<TableObservation> set_right;
  // Seen only as a change between two looks at rest: the motion was hidden under a hand, so
  // no contact and no flight is known (referee::GameReferee::ShotUnderHand).
  bool under_hand = false;
};

}  // namespace tabref::vision
