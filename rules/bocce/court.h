#pragma once

#include "rules/bocce/options.h"
#include "rules/core/geometry.h"
#include "rules/core/json.h"

namespace tabref::rules::bocce {

// The court on the table: the rectangle of the end boxes' outer edges, with a dashed line
// in each end box. Answers the geometric questions of the rules for coin centres.
class Court {
 public:
  explicit Court(const Options& options);

  // A coin is in bounds unless its footprint is completely outside the court rectangle.
  bool InBounds(Vec2 coin_center) const;
  // True when the coin's footprint lies completely beyond the dashed line of the end box
  // at `end`, on the court's side of it.
  bool PastDashedLine(Vec2 coin_center, CourtEnd end) const;

  const Rect& rect() const { return rect_; }
  double coin_radius() const { return coin_radius_; }
  // Coordinate along the axis, and across it.
  double Along(Vec2 p) const;
  double Across(Vec2 p) const;
  // The table point at these coordinates along and across the axis.
  Vec2 PointAt(double along, double across) const;
  // Along-axis coordinate of the dashed line at `end`, and of the court's outer edge.
  double DashedLine(CourtEnd end) const;
  double OuterEdge(CourtEnd end) const;
  // Where a random or example jack naturally lies: mid court.
  Vec2 Centre() const;
  // The court for front ends to draw: rectangle, axis, end boxes and dashed lines.
  Json ToJson() const;

 private:
  Rect rect_;
  Axis axis_;
  double end_box_depth_mm_;
  double dashed_line_mm_;
  double coin_radius_;
};

}  // namespace tabref::rules::bocce
