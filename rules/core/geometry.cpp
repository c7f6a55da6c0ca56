#include "rules/core/geometry.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

#include "rules/core/rule_error.h"

namespace tabref::rules {

Vec2 operator+(Vec2 a, Vec2 b) { return {a.x + b.x, a.y + b.y}; }
Vec2 operator-(Vec2 a, Vec2 b) { return {a.x - b.x, a.y - b.y}; }
Vec2 operator*(Vec2 a, double s) { return {a.x * s, a.y * s}; }
bool operator==(Vec2 a, Vec2 b) { return a.x == b.x && a.y == b.y; }
double Dot(Vec2 a, Vec2 b) { return a.x * b.x + a.y * b.y; }
double Cross(Vec2 a, Vec2 b) { return a.x * b.y - a.y * b.x; }
// sqrt, not hypot: table millimetres never come near overflow, and hypot is several times
// slower on the engines' hot path (every gap to a jack or target).
double Norm(Vec2 a) { return std::sqrt(Dot(a, a)); }
double Distance(Vec2 a, Vec2 b) { return Norm(a - b); }

Vec2 Rotated(Vec2 v, double angle_deg) {
  const double a = angle_deg * std::numbers::pi / 180.0;
  const double c = std::cos(a);
  const double s = std::sin(a);
  return {c * v.x - s * v.y, s * v.x + c * v.y};
}

bool Rect::Contains(Vec2 p) const {
  return p.x >= min.x && p.x <= max.x && p.y >= min.y && p.y <= max.y;
}

Polygon Square(Vec2 center, double side, double angle_deg) {
  const double h = side / 2.0;
  Polygon square;
  for (Vec2 corner : {Vec2{-h, -h}, Vec2{h, -h}, Vec2{h, h}, Vec2{-h, h}}) {
    square.vertices.push_back(center + Rotated(corner, angle_deg));
  }
  return square;
}

Polygon LyingPyramid(Vec2 center, double base, double length, double angle_deg) {
  // The centroid of a triangle lies a third of the way from the base edge to the apex.
  const Vec2 along = Rotated({1.0, 0.0}, angle_deg);
  const Vec2 across = Rotated({0.0, 1.0}, angle_deg);
  const Vec2 base_mid = center - along * (length / 3.0);
  return Polygon{{base_mid + across * (base / 2.0), base_mid - across * (base / 2.0),
                  base_mid + along * length}};
}

namespace {

double SquaredDistanceToSegment(Vec2 p, Vec2 a, Vec2 b) {
  const Vec2 ab = b - a;
  const double len2 = Dot(ab, ab);
  const double t = len2 > 0.0 ? std::clamp(Dot(p - a, ab) / len2, 0.0, 1.0) : 0.0;
  const Vec2 offset = p - (a + ab * t);
  return Dot(offset, offset);
}

}  // namespace

double DistanceToSegment(Vec2 p, Vec2 a, Vec2 b) {
  return std::sqrt(SquaredDistanceToSegment(p, a, b));
}

bool Contains(const Polygon& polygon, Vec2 p) {
  const auto& v = polygon.vertices;
  if (v.size() < 3) return false;
  bool has_positive = false;
  bool has_negative = false;
  for (size_t i = 0; i < v.size(); ++i) {
    const double c = Cross(v[(i + 1) % v.size()] - v[i], p - v[i]);
    has_positive |= c > 0.0;
    has_negative |= c < 0.0;
  }
  return !(has_positive && has_negative);
}

namespace {

double DistanceToOutline(Vec2 p, const Polygon& polygon) {
  double best = std::numeric_limits<double>::infinity();
  const auto& v = polygon.vertices;
  for (size_t i = 0; i < v.size(); ++i) {
    best = std::min(best, SquaredDistanceToSegment(p, v[i], v[(i + 1) % v.size()]));
  }
  return std::sqrt(best);
}

bool SegmentsIntersect(Vec2 a, Vec2 b, Vec2 c, Vec2 d) {
  const double d1 = Cross(b - a, c - a);
  const double d2 = Cross(b - a, d - a);
  const double d3 = Cross(d - c, a - c);
  const double d4 = Cross(d - c, b - c);
  return ((d1 > 0) != (d2 > 0)) && ((d3 > 0) != (d4 > 0));
}

double PolygonGap(const Polygon& a, const Polygon& b) {
  const auto& va = a.vertices;
  const auto& vb = b.vertices;
  if ((!va.empty() && Contains(b, va.front())) || (!vb.empty() && Contains(a, vb.front()))) {
    return 0.0;
  }
  double best = std::numeric_limits<double>::infinity();
  for (size_t i = 0; i < va.size(); ++i) {
    const Vec2 a0 = va[i];
    const Vec2 a1 = va[(i + 1) % va.size()];
    for (size_t j = 0; j < vb.size(); ++j) {
      const Vec2 b0 = vb[j];
      const Vec2 b1 = vb[(j + 1) % vb.size()];
      if (SegmentsIntersect(a0, a1, b0, b1)) return 0.0;
      // Each vertex against each edge of the other polygon (a segment's end vertices are
      // covered by the neighbouring segments' turns).
      best = std::min(
          {best, SquaredDistanceToSegment(a0, b0, b1), SquaredDistanceToSegment(b0, a0, a1)});
    }
  }
  return std::sqrt(best);
}

}  // namespace

double DistanceToFootprint(Vec2 p, const Footprint& footprint) {
  if (const auto* circle = std::get_if<Circle>(&footprint)) {
    return std::max(0.0, Distance(p, circle->center) - circle->radius);
  }
  const auto& polygon = std::get<Polygon>(footprint);
  return Contains(polygon, p) ? 0.0 : DistanceToOutline(p, polygon);
}

double Gap(const Footprint& a, const Footprint& b) { return std::max(0.0, SignedGap(a, b)); }

double SignedGap(const Footprint& a, const Footprint& b) {
  const auto* disc = std::get_if<Circle>(&a);
  const Footprint* other = &b;
  if (disc == nullptr) {
    disc = std::get_if<Circle>(&b);
    other = &a;
  }
  if (disc == nullptr) return PolygonGap(std::get<Polygon>(a), std::get<Polygon>(b));
  if (const auto* circle = std::get_if<Circle>(other))
    return Distance(disc->center, circle->center) - circle->radius - disc->radius;
  const auto& polygon = std::get<Polygon>(*other);
  const double outline = DistanceToOutline(disc->center, polygon);
  return (Contains(polygon, disc->center) ? -outline : outline) - disc->radius;
}

double Area(const Footprint& footprint) {
  if (const auto* circle = std::get_if<Circle>(&footprint))
    return std::numbers::pi * circle->radius * circle->radius;
  const auto& v = std::get<Polygon>(footprint).vertices;
  double twice = 0;
  for (size_t i = 0; i < v.size(); ++i) twice += Cross(v[i], v[(i + 1) % v.size()]);
  return 0.5 * std::abs(twice);
}

double EquivalentRadius(const Footprint& footprint) {
  if (const auto* circle = std::get_if<Circle>(&footprint)) return circle->radius;
  return std::sqrt(Area(footprint) / std::numbers::pi);
}

Vec2 Centroid(const Footprint& footprint) {
  if (const auto* circle = std::get_if<Circle>(&footprint)) return circle->center;
  const auto& v = std::get<Polygon>(footprint).vertices;
  Vec2 sum;
  for (Vec2 p : v) sum = sum + p;
  return v.empty() ? sum : sum * (1.0 / static_cast<double>(v.size()));
}

bool CompletelyOutside(const Footprint& footprint, const Rect& rect) {
  const Polygon box{{rect.min, {rect.max.x, rect.min.y}, rect.max, {rect.min.x, rect.max.y}}};
  return Gap(footprint, box) > 0.0;
}

Vec2 PointFromJson(const Json& json) {
  auto number = [&](const Json& v) {
    if (!v.is_number()) throw RuleError("a point needs numeric coordinates, got " + json.dump());
    return v.get<double>();
  };
  if (json.is_array() && json.size() == 2) return {number(json[0]), number(json[1])};
  if (json.is_object() && json.contains("x") && json.contains("y")) {
    return {number(json["x"]), number(json["y"])};
  }
  throw RuleError("a point must be [x_mm, y_mm], got " + json.dump());
}

Json ToJson(Vec2 p) { return Json::array({p.x, p.y}); }

}  // namespace tabref::rules
