#pragma once

#include <optional>
#include <vector>

#include "rules/core/geometry.h"
#include "vision/observation/observation.h"
#include "vision/track/path.h"
#include "vision/track/tracker_options.h"

namespace tabref::vision {

// One piece during a shot, as contact detection needs it.
struct ShotPiece {
  int track = -1;
  rules::Footprint footprint;  // drawn at `rest`
  rules::Vec2 rest;            // where it rested before the shot (or was first seen)
  double sigma_mm = 0;         // of its place relative to the pieces beside it (RelativeSigma)
  Path path;                   // empty when it did not move
  // When it was last seen at `rest` before its path starts (earlier than the path's start when
  // a hand hid it as it was flicked), if known.
  std::optional<double> left_seen_s;
  // The way the hand that flicked it pushed it, if seen (FlickPush).
  std::optional<rules::Vec2> pushed_toward;
  bool resting = true;  // at rest now: its path, if any, has ended
  bool blur = false;    // never identified: a blob of the shot's blurs
  // The mover whose blobs this blur is the twin of (TwinBlur), or -1; FindContacts sets it.
  int twin_of = -1;
  // Where the piece is at `time_s`: at rest before its path starts, along it after.
  rules::Vec2 At(double time_s) const;
  rules::Footprint FootprintAt(rules::Vec2 position) const;
};

// Touches during a shot, from the pieces' paths rather than only their final places:
// where a piece bounced (a kink) next to another, where a resting piece was set moving
// next to a moving one, and moving pieces that came within a graze of another. One contact
// per pair of pieces (the first), in time order; `piece` is the mover. A flicked piece that
// rested within touching distance of another and was first seen moving straight away from
// it may have rebounded off it in the frame it was flicked: an uncertain contact, unless a
// seen one explains the pair. So may a piece lost from sight and found again behind where it
// was heading (or off to a side), off the first piece ahead of it, and one flicked under the
// hand and first seen turned away from the way it came: surely, when the turn is wider than the
// blobs' error can make it and no other piece lay ahead within its heading's error (a sliding
// piece turns only where it strikes something). A flicked piece first seen going back toward the
// hand that pushed it, and come to rest there, surely rebounded, off the first piece ahead of
// the push; one come to rest turned from the push by more than 60 degrees may have.
// A blur that is the twin of a mover's blobs (TwinBlur) and that mover do not touch each other.
// `cleared` (optional) receives the passes close enough to be a possible graze by the blobs'
// sigmas that the piece's free slide shows clear (FreeSlide): one reported as possible while
// the piece was on its way is no touch after all.
std::vector<ObservedContact> FindContacts(std::vector<ShotPiece> pieces,
                                          const TrackerOptions& options,
                                          std::vector<ObservedContact>* cleared = nullptr);

// The footprint moved by `offset`.
rules::Footprint Translated(const rules::Footprint& footprint, rules::Vec2 offset);

}  // namespace tabref::vision
