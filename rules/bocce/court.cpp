#include "rules/bocce/court.h"

namespace tabref::rules::bocce {

Court::Court(const Options& options)
    : rect_{options.court_min, options.court_max},
      axis_(options.axis),
      end_box_depth_mm_(options.end_box_depth_mm),
      dashed_line_mm_(options.dashed_line_mm),
      coin_radius_(options.coin_diameter_mm / 2.0) {}

bool Court::InBounds(Vec2 coin_center) const {
  return !CompletelyOutside(Circle{coin_center, coin_radius_}, rect_);
}

bool Court::PastDashedLine(Vec2 coin_center, CourtEnd end) const {
  const double along = Along(coin_center);
  return end == CourtEnd::kNear ? along - coin_radius_ > DashedLine(end)
                                : along + coin_radius_ < DashedLine(end);
}

double Court::Along(Vec2 p) const { return axis_ == Axis::kX ? p.x : p.y; }

double Court::Across(Vec2 p) const { return axis_ == Axis::kX ? p.y : p.x; }

Vec2 Court::PointAt(double along, double across) const {
  return axis_ == Axis::kX ? Vec2{along, across} : Vec2{across, along};
}

double Court::OuterEdge(CourtEnd end) const {
  return end == CourtEnd::kNear ? Along(rect_.min) : Along(rect_.max);
}

double Court::DashedLine(CourtEnd end) const {
  return end == CourtEnd::kNear ? OuterEdge(end) + dashed_line_mm_
                                : OuterEdge(end) - dashed_line_mm_;
}

Vec2 Court::Centre() const { return (rect_.min + rect_.max) * 0.5; }

Json Court::ToJson() const {
  return {{"min", rules::ToJson(rect_.min)},
          {"max", rules::ToJson(rect_.max)},
          {"axis", axis_ == Axis::kX ? "x" : "y"},
          {"end_box_depth_mm", end_box_depth_mm_},
          {"dashed_lines",
           {{"near", DashedLine(CourtEnd::kNear)}, {"far", DashedLine(CourtEnd::kFar)}}},
          {"coin_diameter_mm", 2.0 * coin_radius_}};
}

}  // namespace tabref::rules::bocce
