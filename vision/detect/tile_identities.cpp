#include "vision/detect/tile_identities.h"

#include <algorithm>
#include <limits>
#include <optional>
#include <string>
#include <utility>

namespace tabref::vision {
namespace {

using FaceKey = std::pair<std::string, std::string>;  // suit, value

std::optional<FaceKey> KeyOf(const std::string& side, const std::optional<std::string>& suit,
                             const std::optional<std::string>& rank) {
  if (side != "face" || !suit || !rank) return std::nullopt;
  return FaceKey{*suit, *rank};
}

std::optional<FaceKey> KeyOf(const TileFace& face) {
  if (!face.recognised) return std::nullopt;
  return KeyOf(face.side, face.suit, face.rank);
}

std::optional<FaceKey> KeyOf(const TileReading& reading) {
  return KeyOf(reading.side, reading.suit, reading.rank);
}

}  // namespace

std::vector<size_t> SettleRepeatedFaces(std::vector<TileFace>& faces, double min_match) {
  // Whether a tile other than `self` reads as `reading`'s face (backs are never claimed).
  const auto claimed = [&](const TileReading& reading, size_t self) {
    const std::optional<FaceKey> key = KeyOf(reading);
    if (!key) return false;
    for (size_t j = 0; j < faces.size(); ++j) {
      if (j != self && KeyOf(faces[j]) == key) return true;
    }
    return false;
  };
  // The first of tile `i`'s alternatives from `from` on that no other tile claims, scoring at
  // least `least`.
  const auto next_free = [&](size_t i, size_t from, double least) {
    const std::vector<TileReading>& alternatives = faces[i].alternatives;
    for (size_t k = from; k < alternatives.size(); ++k) {
      if (alternatives[k].score >= least && !claimed(alternatives[k], i)) return k;
    }
    return alternatives.size();
  };
  std::vector<size_t> settled;
  for (size_t round = 0; round < faces.size(); ++round) {
    // The tile that loses least by giving way, among those reading as a face another reads as.
    size_t yielding = faces.size();
    size_t taking = 0;
    double least_loss = std::numeric_limits<double>::infinity();
    for (size_t i = 0; i < faces.size(); ++i) {
      const std::optional<FaceKey> key = KeyOf(faces[i]);
      if (!key) continue;
      bool repeated = false;
      for (size_t j = 0; j < faces.size() && !repeated; ++j)
        repeated = j != i && KeyOf(faces[j]) == key;
      if (!repeated) continue;
      const size_t k = next_free(i, 0, min_match);
      if (k == faces[i].alternatives.size()) continue;
      const double loss = faces[i].score - faces[i].alternatives[k].score;
      // Sure of its reading over the one it would take, it keeps it.
      if (TileReadingConfidence(loss) >= 1) continue;
      if (loss < least_loss) {
        least_loss = loss;
        yielding = i;
        taking = k;
      }
    }
    if (yielding == faces.size()) break;
    TileFace& face = faces[yielding];
    // The surest of the tiles it gives way to.
    double claimer_confidence = 0;
    for (size_t j = 0; j < faces.size(); ++j) {
      if (j != yielding && KeyOf(faces[j]) == KeyOf(face))
        claimer_confidence = std::max(claimer_confidence, faces[j].confidence);
    }
    const TileReading reading = face.alternatives[taking];
    // Its rival now: the next reading no other tile claims, or at most the last listed.
    const size_t next = next_free(yielding, taking + 1, -1);
    const double margin =
        reading.score - (next < face.alternatives.size() ? face.alternatives[next].score
                                                         : face.alternatives.back().score);
    face.side = reading.side;
    face.suit = reading.suit;
    face.rank = reading.rank;
    face.quarter_turns = reading.quarter_turns;
    face.score = reading.score;
    face.margin = margin;
    face.confidence = std::min(TileReadingConfidence(margin), claimer_confidence);
    face.alternatives.erase(face.alternatives.begin(),
                            face.alternatives.begin() + static_cast<std::ptrdiff_t>(taking) + 1);
    if (std::find(settled.begin(), settled.end(), yielding) == settled.end())
      settled.push_back(yielding);
  }
  return settled;
}

}  // namespace tabref::vision
