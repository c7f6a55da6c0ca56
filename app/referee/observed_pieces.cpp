#include "app/referee/observed_pieces.h"

#include <algorithm>
#include <tuple>

namespace tabref::referee {

std::vector<int> TracksMatching(const vision::TableObservation& table,
                                const PieceMatcher& matcher) {
  std::vector<int> tracks;
  for (const vision::ObservedPiece& piece : table.pieces) {
    if (matcher.Matches(piece)) tracks.push_back(piece.track_id);
  }
  return tracks;
}

const vision::ObservedPiece* FindTrack(const vision::TableObservation& table, int track) {
  for (const vision::ObservedPiece& piece : table.pieces) {
    if (piece.track_id == track) return &piece;
  }
  return nullptr;
}

bool Contains(const std::vector<int>& tracks, int track) {
  return std::find(tracks.begin(), tracks.end(), track) != tracks.end();
}

namespace {

bool AnyContact(const vision::ShotObservation& shot, int a, int b, bool uncertain) {
  return std::any_of(shot.contacts.begin(), shot.contacts.end(), [&](const auto& contact) {
    return contact.uncertain == uncertain && ((contact.piece == a && contact.other == b) ||
                                              (contact.piece == b && contact.other == a));
  });
}

}  // namespace

bool Touched(const vision::ShotObservation& shot, int a, int b) {
  return AnyContact(shot, a, b, false);
}

bool MayHaveTouched(const vision::ShotObservation& shot, int a, int b) {
  return AnyContact(shot, a, b, true);
}

std::vector<int> MatchToTracks(const std::vector<rules::Vec2>& positions,
                               const vision::TableObservation& table,
                               const std::vector<int>& candidates, double max_mm) {
  // Greedy by distance over all pairs: the closest pair is surely the same piece.
  std::vector<std::tuple<double, size_t, int>> pairs;
  for (size_t i = 0; i < positions.size(); ++i) {
    for (int track : candidates) {
      const vision::ObservedPiece* piece = FindTrack(table, track);
      if (piece == nullptr) continue;
      const double distance = rules::Distance(positions[i], piece->position_mm);
      if (distance <= max_mm) pairs.emplace_back(distance, i, track);
    }
  }
  std::sort(pairs.begin(), pairs.end());
  std::vector<int> matched(positions.size(), -1);
  std::vector<int> taken;
  for (const auto& [distance, index, track] : pairs) {
    if (matched[index] >= 0 || Contains(taken, track)) continue;
    matched[index] = track;
    taken.push_back(track);
  }
  return matched;
}

rules::Json MeasuredPosition(const vision::ObservedPiece& piece) {
  return {{"position", rules::ToJson(piece.position_mm)}, {"sigma_mm", piece.sigma_mm}};
}

std::string PieceName(const vision::ObservedPiece& piece) {
  std::string name = vision::ToString(piece.kind);
  if (piece.colour) name = *piece.colour + " " + name;
  if (piece.suit) name = *piece.suit + " " + name;
  if (piece.rank) name = *piece.rank + " " + name;
  return name + " #" + std::to_string(piece.track_id);
}

}  // namespace tabref::referee
