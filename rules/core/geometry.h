#pragma once

#include <variant>
#include <vector>

#include "rules/core/json.h"

// Plain table-geometry types that observations are made of. All lengths are millimetres
// in the table frame (origin at marker 0, +x toward marker 1, +y toward marker 3).
namespace tabref::rules {

struct Vec2 {
  double x = 0.0;
  double y = 0.0;
};

Vec2 operator+(Vec2 a, Vec2 b);
Vec2 operator-(Vec2 a, Vec2 b);
Vec2 operator*(Vec2 a, double s);
bool operator==(Vec2 a, Vec2 b);
double Dot(Vec2 a, Vec2 b);
double Cross(Vec2 a, Vec2 b);
double Norm(Vec2 a);
double Distance(Vec2 a, Vec2 b);
Vec2 Rotated(Vec2 v, double angle_deg);

// A disc on the table: a coin's footprint.
struct Circle {
  Vec2 center;
  double radius = 0.0;
};

// A convex polygon, vertices in order (either orientation): a tile, a pyramid's base or
// a lying pyramid's outline.
struct Polygon {
  std::vector<Vec2> vertices;
};

// An axis-aligned rectangle in the table frame.
struct Rect {
  Vec2 min;
  Vec2 max;
  bool Contains(Vec2 p) const;
};

using Footprint = std::variant<Circle, Polygon>;

// A square of side `side` centred at `center`, rotated by `angle_deg` (counter-clockwise
// from +x): a tile or an upright pyramid's base.
Polygon Square(Vec2 center, double side, double angle_deg);
// The outline of a pyramid lying on a face: an isosceles triangle whose base edge (length
// `base`) is centred `slant_offset` behind `center` and whose apex points along
// `angle_deg`; `length` is the distance from the base edge to the apex.
Polygon LyingPyramid(Vec2 center, double base, double length, double angle_deg);

double DistanceToSegment(Vec2 p, Vec2 a, Vec2 b);
bool Contains(const Polygon& polygon, Vec2 p);
// Distance from a point to a footprint's outline; 0 when the point is inside.
double DistanceToFootprint(Vec2 p, const Footprint& footprint);
// The gap between two footprints: 0 when they touch or overlap.
double Gap(const Footprint& a, const Footprint& b);
// The gap, negative by how deep a disc reaches into the other footprint (a measured position
// overlapping another piece says how surely they touched); two polygons overlap by 0.
double SignedGap(const Footprint& a, const Footprint& b);
// The area a footprint covers (mm^2), and the radius of a disc as large (how close two
// pieces' centres come side by side, however long they are).
double Area(const Footprint& footprint);
double EquivalentRadius(const Footprint& footprint);
// The point of a footprint nearest to its centre of mass (the centre of a circle, the
// vertex mean of a polygon).
Vec2 Centroid(const Footprint& footprint);
// True when the footprint lies completely outside the rectangle (touching is inside).
bool CompletelyOutside(const Footprint& footprint, const Rect& rect);

// Points are written [x, y]; {"x": .., "y": ..} is accepted too.
Vec2 PointFromJson(const Json& json);
Json ToJson(Vec2 p);

}  // namespace tabref::rules
