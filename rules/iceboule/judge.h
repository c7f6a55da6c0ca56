#pragma once

#include <cstddef>
#include <map>
#include <optional>
#include <variant>
#include <vector>

#include "rules/core/closeness.h"
#include "rules/core/json.h"
#include "rules/iceboule/layout.h"

namespace tabref::rules::iceboule {

// How a piece lies relative to the target, closest first.
enum class Contact { kStacked, kTouching, kApart };

struct TargetDistance {
  Contact contact = Contact::kApart;
  // The footprint gap to the target (0 unless apart) and its 1-sigma uncertainty.
  double gap_mm = 0.0;
  double sigma_mm = 0.0;
};

enum class Comparison { kCloser, kFarther, kEqual, kTooCloseToCall };

// Two pieces (indexes into the layout) of different players that the measurement cannot
// separate: the table has to rule which is closer, or that they are equal.
struct Question {
  size_t first = 0;
  size_t second = 0;
};

// The table's answer to a Question: how `first` compares to `second`.
struct Ruling {
  size_t first = 0;
  size_t second = 0;
  Comparison first_is = Comparison::kEqual;
};

// Who owns the leading piece. Nobody leads when no piece is on the table or when pieces of
// different players are equally close (`tied`).
struct Lead {
  int leader = -1;
  bool tied = false;
  // The leading piece in the layout; empty when nobody leads or the lead was stated by hand.
  std::optional<size_t> piece;
};

// Either a question the table must rule on first, or the answer.
template <typename T>
using Finding = std::variant<Question, T>;

// How a Judge compares pieces.
struct JudgeRules {
  CloseCallTolerance tolerance;
  // Two pieces touching the target are equally close (else the table rules).
  bool touching_is_equal = true;
};

// Judges a layout: closeness by contact (stacked, then touching, then footprint gap),
// measured gaps within the close-call tolerance left to the table's rulings.
class Judge {
 public:
  Judge(const Layout& layout, const std::vector<Ruling>& rulings, JudgeRules rules);

  Finding<Lead> FindLead() const;
  // The leader's points: one per piece (two for a stacked one) closer to the target than
  // the best piece of every opponent. The leading piece counts without asking again.
  Finding<int> CountPoints(const Lead& lead) const;
  // One-player game: pieces stacked, touching, or at most `radius_mm` from the target.
  int SoloPoints(double radius_mm) const;

  const TargetDistance& DistanceOf(size_t piece) const { return distances_[piece]; }

 private:
  Comparison Compare(size_t a, size_t b) const;
  // Each player's closest piece on the table by measurement alone, keyed by seat.
  std::map<int, size_t> BestPieces() const;
  // Measurement order without tolerance: contact first, then gap.
  bool MeasuredCloser(size_t a, size_t b) const;

  const Layout& layout_;
  const std::vector<Ruling>& rulings_;
  JudgeRules rules_;
  std::vector<TargetDistance> distances_;
};

// The rulings of `before` that still stand in `after`: those on two pieces that did not move.
std::vector<Ruling> StandingRulings(const std::vector<Ruling>& rulings, const Layout& before,
                                    const Layout& after);

// Points a piece is worth when it scores.
int PointsOf(const ShotPiece& piece);

Json ToJson(const TargetDistance& distance);
Json ToJson(const Lead& lead);
Json ToJson(const Ruling& ruling);
Json ToJson(const Question& question);

}  // namespace tabref::rules::iceboule
