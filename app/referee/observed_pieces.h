#pragma once

#include <optional>
#include <string>
#include <vector>

#include "app/referee/piece_matcher.h"
#include "rules/core/geometry.h"
#include "rules/core/json.h"
#include "vision/observation/observation.h"

// Reading observations the way every game's referee needs: pieces of an identity, pieces
// followed through a shot by their track ids, and the engine's last measurements matched
// back to the pieces on the table.
namespace tabref::referee {

// Track ids of the pieces `matcher` accepts, in observation order.
std::vector<int> TracksMatching(const vision::TableObservation& table, const PieceMatcher& matcher);
// The piece with this track id, or null when it is not on the table.
const vision::ObservedPiece* FindTrack(const vision::TableObservation& table, int track);
bool Contains(const std::vector<int>& tracks, int track);
// Whether pieces `a` and `b` were seen to touch during the shot.
bool Touched(const vision::ShotObservation& shot, int a, int b);
// Whether they may have touched where the camera could not see it (ObservedContact::uncertain).
bool MayHaveTouched(const vision::ShotObservation& shot, int a, int b);
// The first piece to move that `accepts` (a track id), or nothing.
template <typename Predicate>
std::optional<int> FirstMoved(const vision::ShotObservation& shot, Predicate accepts) {
  for (int track : shot.moved) {
    if (accepts(track)) return track;
  }
  return std::nullopt;
}

// Where the engine last measured pieces, matched one to one to the nearest of the
// `candidates` (track ids) within `max_mm`: the track id per position, or -1.
std::vector<int> MatchToTracks(const std::vector<rules::Vec2>& positions,
                               const vision::TableObservation& table,
                               const std::vector<int>& candidates, double max_mm);

// "suns coin #4", "ace arms tile #7", "red pyramid #2": what the piece reads as, and its track.
std::string PieceName(const vision::ObservedPiece& piece);

// {"position": [x, y], "sigma_mm": s}: how the engines read a measured coin.
rules::Json MeasuredPosition(const vision::ObservedPiece& piece);

}  // namespace tabref::referee
