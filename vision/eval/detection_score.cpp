#include "vision/eval/detection_score.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>

namespace tabref::vision {
namespace {

double Distance(const ObservedPiece& a, const ObservedPiece& b) {
  return rules::Distance(a.position_mm, b.position_mm);
}

void CompareField(const char* name, const std::optional<std::string>& truth,
                  const std::optional<std::string>& seen, KindScore& score, bool& all_right) {
  auto& [right, compared] = score.field_correct[name];
  ++compared;
  if (truth == seen) {
    ++right;
  } else {
    all_right = false;
  }
}

// |a - b| on a circle of `period` degrees.
double TurnError(double a, double b, double period) {
  const double d = std::fmod(std::abs(a - b), period);
  return std::min(d, period - d);
}

std::string Describe(const ObservedPiece& piece) {
  std::string text = ToString(piece.kind);
  for (const auto* field :
       {&piece.side, &piece.suit, &piece.rank, &piece.colour, &piece.size, &piece.pose}) {
    text += " " + field->value_or("-");
  }
  return text;
}

}  // namespace

void KindScore::Add(const KindScore& other) {
  truths += other.truths;
  found += other.found;
  false_positives += other.false_positives;
  distractor_hits += other.distractor_hits;
  indistinct_missed += other.indistinct_missed;
  classified += other.classified;
  identity_correct += other.identity_correct;
  for (const auto& [field, counts] : other.field_correct) {
    field_correct[field].first += counts.first;
    field_correct[field].second += counts.second;
  }
  position_errors_mm.insert(position_errors_mm.end(), other.position_errors_mm.begin(),
                            other.position_errors_mm.end());
  normalised_errors.insert(normalised_errors.end(), other.normalised_errors.begin(),
                           other.normalised_errors.end());
  angle_errors_deg.insert(angle_errors_deg.end(), other.angle_errors_deg.begin(),
                          other.angle_errors_deg.end());
  misses.insert(misses.end(), other.misses.begin(), other.misses.end());
  confusions.insert(confusions.end(), other.confusions.begin(), other.confusions.end());
}

double KindScore::Precision() const {
  const int reported = found + false_positives;
  return reported == 0 ? 1.0 : static_cast<double>(found) / reported;
}

double KindScore::Recall() const { return truths == 0 ? 1.0 : static_cast<double>(found) / truths; }

void DetectionScore::Add(const DetectionScore& other) {
  for (const auto& [kind, score] : other.kinds) kinds[kind].Add(score);
  gap_errors_mm.insert(gap_errors_mm.end(), other.gap_errors_mm.begin(), other.gap_errors_mm.end());
  gap_sigmas_mm.insert(gap_sigmas_mm.end(), other.gap_sigmas_mm.begin(), other.gap_sigmas_mm.end());
  gap_table_sigmas_mm.insert(gap_table_sigmas_mm.end(), other.gap_table_sigmas_mm.begin(),
                             other.gap_table_sigmas_mm.end());
}

double Percentile(std::vector<double> values, double fraction) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  const double at = fraction * (values.size() - 1);
  const size_t low = static_cast<size_t>(std::floor(at));
  const size_t high = std::min(values.size() - 1, low + 1);
  return values[low] + (at - low) * (values[high] - values[low]);
}

DetectionScore ScoreDetection(const std::vector<TruthPiece>& truth, const Detection& detection,
                              double match_mm) {
  DetectionScore score;
  const auto& found = detection.pieces;
  std::vector<int> match_of_truth(truth.size(), -1);
  std::vector<int> match_of_found(found.size(), -1);
  // Greedy by distance: closest pairs first.
  struct Pair {
    double distance;
    size_t truth;
    size_t found;
  };
  std::vector<Pair> pairs;
  for (size_t t = 0; t < truth.size(); ++t) {
    if (truth[t].distractor) continue;
    for (size_t f = 0; f < found.size(); ++f) {
      if (found[f].kind != truth[t].piece.kind) continue;
      double distance = Distance(truth[t].piece, found[f]);
      // A stacked pyramid shares its carrier's position: pair uppers with uppers.
      if (found[f].kind == ObservedKind::kPyramid &&
          truth[t].piece.on_top_of.has_value() != found[f].on_top_of.has_value())
        distance += 0.5;
      if (distance <= match_mm) pairs.push_back({distance, t, f});
    }
  }
  std::sort(pairs.begin(), pairs.end(),
            [](const Pair& a, const Pair& b) { return a.distance < b.distance; });
  for (const Pair& pair : pairs) {
    if (match_of_truth[pair.truth] >= 0 || match_of_found[pair.found] >= 0) continue;
    match_of_truth[pair.truth] = static_cast<int>(pair.found);
    match_of_found[pair.found] = static_cast<int>(pair.truth);
  }
  for (size_t t = 0; t < truth.size(); ++t) {
    const TruthPiece& piece = truth[t];
    if (piece.distractor) continue;
    KindScore& kind = score.kinds[piece.piece.kind];
    const int match = match_of_truth[t];
    if (match < 0) {
      if (piece.Expected()) {
        ++kind.truths;
        kind.misses.push_back(piece.description);
      }
      kind.indistinct_missed += piece.indistinct;
      continue;
    }
    ++kind.truths;  // found, though maybe not expected: counts as a visible one
    ++kind.found;
    const ObservedPiece& seen = found[static_cast<size_t>(match)];
    const double error = Distance(piece.piece, seen);
    kind.position_errors_mm.push_back(error);
    if (seen.sigma_mm > 0) kind.normalised_errors.push_back(error / seen.sigma_mm);
    if (piece.piece.kind == ObservedKind::kTile) {
      const bool art_up = piece.piece.side == "face" && seen.side == "face";
      kind.angle_errors_deg.push_back(
          TurnError(seen.angle_deg, piece.piece.angle_deg, art_up ? 360.0 : 90.0));
    }
    bool all_right = true;
    ++kind.classified;
    const ObservedPiece& expected = piece.piece;
    if (expected.kind == ObservedKind::kPyramid) {
      CompareField("colour", expected.colour, seen.colour, kind, all_right);
      CompareField("size", expected.size, seen.size, kind, all_right);
      CompareField("pose", expected.pose, seen.pose, kind, all_right);
      const auto stacked = [](const ObservedPiece& p) {
        return std::optional<std::string>(p.on_top_of ? "stacked" : "alone");
      };
      CompareField("stacked", stacked(expected), stacked(seen), kind, all_right);
      if (expected.pose == "upright" && seen.pose == "upright")
        kind.angle_errors_deg.push_back(TurnError(seen.angle_deg, expected.angle_deg, 90.0));
      if (expected.pose == "lying" && seen.pose == "lying") {
        // The apex direction, right within 20 degrees.
        const double turn = std::remainder(expected.angle_deg - seen.angle_deg, 360.0);
        CompareField("apex", "right", std::abs(turn) <= 20 ? "right" : "wrong", kind, all_right);
      }
    } else {
      CompareField("side", expected.side, seen.side, kind, all_right);
      CompareField("suit", expected.suit, seen.suit, kind, all_right);
      CompareField("rank", expected.rank, seen.rank, kind, all_right);
    }
    if (all_right) {
      ++kind.identity_correct;
    } else {
      char place[48];
      std::snprintf(place, sizeof place, " at (%.1f, %.1f)", expected.position_mm.x,
                    expected.position_mm.y);
      kind.confusions.push_back(piece.description + place + " seen as " + Describe(seen));
    }
  }
  for (size_t f = 0; f < found.size(); ++f) {
    if (match_of_found[f] >= 0) continue;
    KindScore& kind = score.kinds[found[f].kind];
    ++kind.false_positives;
    for (const TruthPiece& piece : truth) {
      if (piece.distractor && Distance(piece.piece, found[f]) < 40) {
        ++kind.distractor_hits;
        break;
      }
    }
  }
  // Gaps between matched pieces that lie close together (what bocce and Ice Boule measure).
  for (size_t a = 0; a < truth.size(); ++a) {
    for (size_t b = a + 1; b < truth.size(); ++b) {
      if (match_of_truth[a] < 0 || match_of_truth[b] < 0) continue;
      const double true_gap = rules::Gap(truth[a].piece.footprint, truth[b].piece.footprint);
      if (true_gap > 60) continue;
      const ObservedPiece& seen_a = found[static_cast<size_t>(match_of_truth[a])];
      const ObservedPiece& seen_b = found[static_cast<size_t>(match_of_truth[b])];
      const double seen_gap = rules::Gap(seen_a.footprint, seen_b.footprint);
      score.gap_errors_mm.push_back(seen_gap - true_gap);
      score.gap_sigmas_mm.push_back(std::hypot(RelativeSigma(seen_a), RelativeSigma(seen_b)));
      score.gap_table_sigmas_mm.push_back(std::hypot(seen_a.sigma_mm, seen_b.sigma_mm));
    }
  }
  return score;
}

}  // namespace tabref::vision
