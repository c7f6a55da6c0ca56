#include "vision/detect/pyramid_model.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace tabref::vision {
namespace {

constexpr double kRadians = CV_PI / 180;

cv::Point2d Turned(const cv::Point2d& v, double angle_deg) {
  const double c = std::cos(angle_deg * kRadians);
  const double s = std::sin(angle_deg * kRadians);
  return {c * v.x - s * v.y, s * v.x + c * v.y};
}

double Cross(const cv::Point2d& a, const cv::Point2d& b) { return a.x * b.y - a.y * b.x; }

}  // namespace

double PyramidShape::SlantMm() const { return std::hypot(height_mm, 0.5 * base_mm); }

double LyingCentroidFromBaseEdge(const PyramidShape& shape) {
  // The centroid lies a quarter of the height up the axis from the base centre; the base
  // meets the face it lies on at the dihedral angle a with cos a = (b / 2) / slant.
  const double half = 0.5 * shape.base_mm;
  return (half * half + 0.25 * shape.height_mm * shape.height_mm) / shape.SlantMm();
}

PyramidCorners PyramidVertices(const PyramidShape& shape, const PyramidPlacement& placement) {
  const double b = shape.base_mm;
  const double half = 0.5 * b;
  std::array<cv::Point3d, 5> local;  // x across, y along the apex (lying) , z up
  if (placement.pose == PyramidPose::kUpright) {
    local = {cv::Point3d(half, half, 0), cv::Point3d(-half, half, 0), cv::Point3d(-half, -half, 0),
             cv::Point3d(half, -half, 0), cv::Point3d(0, 0, shape.height_mm)};
    for (cv::Point3d& corner : local) corner.z += placement.base_z_mm;
  } else {
    // The face through the base edge at y = -offset and the apex lies on the table; the
    // far base edge is raised, tilted back from the face by the dihedral angle.
    const double slant = shape.SlantMm();
    const double cos_a = half / slant;
    const double sin_a = shape.height_mm / slant;
    const double offset = LyingCentroidFromBaseEdge(shape);
    local = {cv::Point3d(-half, -offset, 0), cv::Point3d(half, -offset, 0),
             cv::Point3d(half, b * cos_a - offset, b * sin_a),
             cv::Point3d(-half, b * cos_a - offset, b * sin_a), cv::Point3d(0, slant - offset, 0)};
  }
  // Lying: local +y turns to the apex direction; upright: local axes turn by the angle.
  const double turn =
      placement.pose == PyramidPose::kLying ? placement.angle_deg - 90 : placement.angle_deg;
  PyramidCorners corners;
  for (size_t i = 0; i < local.size(); ++i) {
    const cv::Point2d at = placement.position_mm + Turned({local[i].x, local[i].y}, turn);
    corners[i] = cv::Vec3d(at.x, at.y, local[i].z);
  }
  return corners;
}

rules::Polygon PyramidFootprint(const PyramidShape& shape, const PyramidPlacement& placement) {
  const PyramidCorners corners = PyramidVertices(shape, placement);
  rules::Polygon polygon;
  const auto add = [&](size_t i) { polygon.vertices.push_back({corners[i][0], corners[i][1]}); };
  if (placement.pose == PyramidPose::kUpright) {
    for (size_t i = 0; i < 4; ++i) add(i);
  } else {
    add(0);
    add(1);
    add(4);
  }
  return polygon;
}

double NestedBaseHeight(const PyramidShape& lower, const PyramidShape& upper, double min_share) {
  const double meets_sides = lower.height_mm * (1 - upper.base_mm / lower.base_mm);
  return std::max(meets_sides, min_share * upper.height_mm);
}

double PyramidSilhouette::AreaMm2() const {
  double twice = 0;
  for (size_t i = 0; i < seen_mm.size(); ++i)
    twice += Cross(seen_mm[i], seen_mm[(i + 1) % seen_mm.size()]);
  return 0.5 * twice;
}

bool PyramidSilhouette::Contains(const cv::Point2d& point_mm) const {
  for (size_t i = 0; i < seen_mm.size(); ++i) {
    const cv::Point2d& a = seen_mm[i];
    const cv::Point2d& b = seen_mm[(i + 1) % seen_mm.size()];
    if (Cross(b - a, point_mm - a) < 0) return false;
  }
  return !seen_mm.empty();
}

PyramidSilhouette SilhouetteOf(const PyramidCorners& corners, const TopView& view) {
  std::array<cv::Point2d, 5> seen;
  for (size_t i = 0; i < corners.size(); ++i)
    seen[i] = view.SeenAt({corners[i][0], corners[i][1]}, corners[i][2]);
  // Monotone chain over the five points, counter-clockwise.
  std::array<int, 5> order{0, 1, 2, 3, 4};
  std::sort(order.begin(), order.end(), [&](int a, int b) {
    const cv::Point2d& p = seen[static_cast<size_t>(a)];
    const cv::Point2d& q = seen[static_cast<size_t>(b)];
    return p.x < q.x || (p.x == q.x && p.y < q.y);
  });
  // On the stack: the search calls this hundreds of thousands of times a frame.
  std::array<int, 10> hull;
  size_t size = 0;
  const auto turns_left = [&](int a, int b, int c) {
    const cv::Point2d& pa = seen[static_cast<size_t>(a)];
    return Cross(seen[static_cast<size_t>(b)] - pa, seen[static_cast<size_t>(c)] - pa) > 1e-12;
  };
  for (int pass = 0; pass < 2; ++pass) {
    const size_t start = size;
    for (int k = 0; k < 5; ++k) {
      const int i = order[static_cast<size_t>(pass == 0 ? k : 4 - k)];
      while (size >= start + 2 && !turns_left(hull[size - 2], hull[size - 1], i)) --size;
      hull[size++] = i;
    }
    --size;
  }
  PyramidSilhouette silhouette;
  silhouette.corners.assign(hull.begin(), hull.begin() + static_cast<std::ptrdiff_t>(size));
  silhouette.seen_mm.reserve(size);
  for (int i : silhouette.corners) silhouette.seen_mm.push_back(seen[static_cast<size_t>(i)]);
  return silhouette;
}

}  // namespace tabref::vision
