#pragma once

#include <vector>

#include "rules/core/geometry.h"
#include "vision/observation/observation.h"

namespace tabref::vision {

// One frame's evidence for the tracker, from an analyzer (the camera's, or the synthetic
// table's ground truth).
struct TrackerFrame {
  double time_s = 0;
  // False when the table frame is unknown in this frame (markers not seen, camera moved):
  // the frame tells nothing.
  bool table_found = true;
  bool hand_in_view = false;  // a hand or arm over the play area
  // Table areas (mm) the hand hides from the camera: pieces there are neither seen nor gone.
  std::vector<rules::Polygon> hidden;
  // True when `pieces` is a full detection of the visible table: a piece that is neither
  // measured nor hidden is no longer where it was.
  bool complete = false;
  // True when that full detection was made because the table had settled (the camera
  // analysis): nothing moves now, so a piece found away from its place was moved unseen or
  // measured better, and rests there; it starts no shot. False when the detection found a
  // piece clear of the hand where the image moved since the last frame: caught on its way.
  bool settled = false;
  // What was measured. `track_id` >= 0: the analyzer measured that track (a local re-fit
  // near where the tracker expects it); -1: a detection for the tracker to identify. Only
  // pieces with a confidence above 0 say what the piece is (a re-fit of a known piece says
  // only where it is); a piece whose identity fields are all empty and whose confidence is 0
  // is an unidentified moving thing (a blurred blob): it matches any piece.
  std::vector<ObservedPiece> pieces;
  // Tracks at rest whose place the analyzer saw empty, clear of the hand, and which it found
  // nowhere near: taken up (or moved) unseen. Outside a shot a track listed here in
  // `lost_frames` frames in a row ends without waiting for the next full detection.
  std::vector<int> vacated;
  // Coins at rest whose place the analyzer saw as it was (no change on it, clear of the hand)
  // while other pieces moved: the coin is still there, so no measurement away from it is that
  // coin struck off its place (a streak split in two blobs passing by is not).
  std::vector<int> in_place;
  // The image changed since the last frame somewhere no measured piece explains (outside
  // the hand): the table is not at rest yet.
  bool motion = false;
  // True when `motion` was measured (the camera analysis compares each frame with the last):
  // no motion then means nothing moved, whatever the blurs measured. False: the evidence says
  // nothing of the image (the synthetic table's truth).
  bool motion_measured = false;
};

// True for a measurement that says nothing of what the piece is.
bool Unidentified(const ObservedPiece& piece);
// True when two pieces read alike: kind, side, suit, value, colour and size.
bool SameIdentity(const ObservedPiece& a, const ObservedPiece& b);

}  // namespace tabref::vision
