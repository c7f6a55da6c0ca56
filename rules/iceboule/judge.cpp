#include "rules/iceboule/judge.h"

#include <algorithm>
#include <cmath>

namespace tabref::rules::iceboule {
namespace {

TargetDistance MeasureDistance(const ShotPiece& piece, const Pyramid& target) {
  if (piece.stacked_on_target) return {Contact::kStacked, 0.0, 0.0};
  if (piece.touching_target) return {Contact::kTouching, 0.0, 0.0};
  return {Contact::kApart, Gap(piece.on_table->Outline(), target.Outline()),
          std::hypot(piece.on_table->sigma_mm, target.sigma_mm)};
}

Comparison Reversed(Comparison comparison) {
  switch (comparison) {
    case Comparison::kCloser:
      return Comparison::kFarther;
    case Comparison::kFarther:
      return Comparison::kCloser;
    default:
      return comparison;
  }
}

std::string ComparisonName(Comparison comparison) {
  switch (comparison) {
    case Comparison::kCloser:
      return "closer";
    case Comparison::kFarther:
      return "farther";
    case Comparison::kEqual:
      return "equal";
    case Comparison::kTooCloseToCall:
      return "too close to call";
  }
  return "equal";
}

}  // namespace

Judge::Judge(const Layout& layout, const std::vector<Ruling>& rulings, JudgeRules rules)
    : layout_(layout), rulings_(rulings), rules_(rules) {
  for (const ShotPiece& piece : layout.pieces) {
    distances_.push_back(piece.on_table ? MeasureDistance(piece, layout.target) : TargetDistance{});
  }
}

bool Judge::MeasuredCloser(size_t a, size_t b) const {
  const TargetDistance& da = distances_[a];
  const TargetDistance& db = distances_[b];
  if (da.contact != db.contact) return da.contact < db.contact;
  return da.gap_mm < db.gap_mm;
}

Comparison Judge::Compare(size_t a, size_t b) const {
  for (const Ruling& ruling : rulings_) {
    if (ruling.first == a && ruling.second == b) return ruling.first_is;
    if (ruling.first == b && ruling.second == a) return Reversed(ruling.first_is);
  }
  const TargetDistance& da = distances_[a];
  const TargetDistance& db = distances_[b];
  if (da.contact != db.contact) {
    return da.contact < db.contact ? Comparison::kCloser : Comparison::kFarther;
  }
  // Two pieces both touching: the same distance by the rulebook's scale, unless the
  // table is to rule (no measurement separates them).
  if (da.contact == Contact::kTouching) {
    return rules_.touching_is_equal ? Comparison::kEqual : Comparison::kTooCloseToCall;
  }
  if (da.contact == Contact::kStacked) return Comparison::kTooCloseToCall;  // one fits on top
  switch (CompareDistances(da.gap_mm, db.gap_mm, rules_.tolerance.For(da.sigma_mm, db.sigma_mm))) {
    case Closeness::kCloser:
      return Comparison::kCloser;
    case Closeness::kFarther:
      return Comparison::kFarther;
    case Closeness::kTooCloseToCall:
      return Comparison::kTooCloseToCall;
  }
  return Comparison::kTooCloseToCall;
}

std::map<int, size_t> Judge::BestPieces() const {
  std::map<int, size_t> best;
  for (size_t i = 0; i < layout_.pieces.size(); ++i) {
    if (!layout_.pieces[i].on_table) continue;
    const auto [it, inserted] = best.try_emplace(layout_.pieces[i].owner, i);
    if (!inserted && MeasuredCloser(i, it->second)) it->second = i;
  }
  return best;
}

Finding<Lead> Judge::FindLead() const {
  std::vector<size_t> contenders;
  for (const auto& [seat, piece] : BestPieces()) contenders.push_back(piece);
  if (contenders.empty()) return Lead{};
  std::sort(contenders.begin(), contenders.end(),
            [this](size_t a, size_t b) { return MeasuredCloser(a, b); });
  // One pass suffices: a piece farther than the leading piece is farther than any piece
  // later found closer than it.
  size_t leading = contenders.front();
  bool tied = false;
  for (size_t i = 1; i < contenders.size(); ++i) {
    switch (Compare(contenders[i], leading)) {
      case Comparison::kTooCloseToCall:
        return Question{leading, contenders[i]};
      case Comparison::kCloser:
        leading = contenders[i];
        tied = false;
        break;
      case Comparison::kEqual:
        tied = true;
        break;
      case Comparison::kFarther:
        break;
    }
  }
  if (tied) return Lead{-1, true, std::nullopt};
  return Lead{layout_.pieces[leading].owner, false, leading};
}

Finding<int> Judge::CountPoints(const Lead& lead) const {
  std::vector<size_t> opponents_best;
  for (const auto& [seat, piece] : BestPieces()) {
    if (seat != lead.leader) opponents_best.push_back(piece);
  }
  int points = PointsOf(layout_.pieces[*lead.piece]);
  for (size_t i = 0; i < layout_.pieces.size(); ++i) {
    const ShotPiece& piece = layout_.pieces[i];
    if (piece.owner != lead.leader || !piece.on_table || i == *lead.piece) continue;
    std::optional<Question> open_question;
    bool beaten = false;
    for (size_t rival : opponents_best) {
      const Comparison comparison = Compare(i, rival);
      if (comparison == Comparison::kTooCloseToCall && !open_question) {
        open_question = Question{i, rival};
      }
      beaten |= comparison == Comparison::kFarther || comparison == Comparison::kEqual;
    }
    if (beaten) continue;
    if (open_question) return *open_question;
    points += PointsOf(piece);
  }
  return points;
}

int Judge::SoloPoints(double radius_mm) const {
  int points = 0;
  for (size_t i = 0; i < layout_.pieces.size(); ++i) {
    const bool scores = layout_.pieces[i].on_table && (distances_[i].contact != Contact::kApart ||
                                                       distances_[i].gap_mm <= radius_mm);
    if (scores) points += PointsOf(layout_.pieces[i]);
  }
  return points;
}

std::vector<Ruling> StandingRulings(const std::vector<Ruling>& rulings, const Layout& before,
                                    const Layout& after) {
  auto unmoved = [&](size_t piece) {
    return piece < after.pieces.size() && before.pieces[piece] == after.pieces[piece];
  };
  std::vector<Ruling> standing;
  if (!(before.target == after.target)) return standing;
  for (const Ruling& ruling : rulings) {
    if (unmoved(ruling.first) && unmoved(ruling.second)) standing.push_back(ruling);
  }
  return standing;
}

int PointsOf(const ShotPiece& piece) { return piece.stacked_on_target ? 2 : 1; }

Json ToJson(const TargetDistance& distance) {
  switch (distance.contact) {
    case Contact::kStacked:
      return {{"contact", "stacked"}};
    case Contact::kTouching:
      return {{"contact", "touching"}};
    case Contact::kApart:
      break;
  }
  return {{"contact", "apart"}, {"gap_mm", distance.gap_mm}, {"sigma_mm", distance.sigma_mm}};
}

Json ToJson(const Lead& lead) {
  return {{"leader", lead.leader},
          {"tied", lead.tied},
          {"piece", lead.piece ? Json(*lead.piece) : Json()}};
}

Json ToJson(const Ruling& ruling) {
  return {{"first", ruling.first},
          {"second", ruling.second},
          {"first_is", ComparisonName(ruling.first_is)}};
}

Json ToJson(const Question& question) {
  return {{"first", question.first}, {"second", question.second}};
}

}  // namespace tabref::rules::iceboule
