#include "vision/sim/renderer.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <opencv2/imgproc.hpp>

#include "vision/sim/background.h"
#include "vision/sim/coverage.h"
#include "vision/sim/face_layer.h"

namespace tabref::vision::sim {
namespace {

const cv::Scalar kSkin(128, 160, 212);
constexpr SurfaceFinish kSkinFinish{0.08, 12};
constexpr double kHandRoundingMm = 16;  // how far in from its outline the hand looks flat
constexpr double kHandDefocusMm = 0.6;
constexpr float kContactShadowStrength = 0.35f;

// canvas = canvas + (patch - canvas) * coverage / 255, per pixel.
void BlendByCoverage(const cv::Mat& patch, const cv::Mat& coverage, cv::Mat canvas) {
  for (int y = 0; y < canvas.rows; ++y) {
    const auto* source = patch.ptr<cv::Vec3b>(y);
    const auto* weight = coverage.ptr<uchar>(y);
    auto* target = canvas.ptr<cv::Vec3b>(y);
    for (int x = 0; x < canvas.cols; ++x) {
      if (weight[x] == 0) continue;
      const float w = weight[x] / 255.0f;
      for (int c = 0; c < 3; ++c) {
        target[x][c] = cv::saturate_cast<uchar>(target[x][c] + (source[x][c] - target[x][c]) * w);
      }
    }
  }
}

cv::Vec3f ShadowTint(const Solid& solid, double strength) {
  const Face& face = solid.faces.front();
  cv::Vec3f tint;
  for (int c = 0; c < 3; ++c) {
    // Translucent plastic lets its own colour through: a tinted, lighter shadow.
    const double passes = (1 - face.opacity) * face.albedo[c] / 255.0;
    tint[c] = static_cast<float>(strength * (1 - passes));
  }
  return tint;
}

// A Gaussian blur of large sigma, done at a quarter of the resolution: as smooth, far cheaper.
cv::Mat WideBlur(const cv::Mat& image, double sigma_px) {
  constexpr double kScale = 0.25;
  cv::Mat small;
  const cv::Size reduced(std::max(1, static_cast<int>(std::lround(kScale * image.cols))),
                         std::max(1, static_cast<int>(std::lround(kScale * image.rows))));
  cv::resize(image, small, reduced, 0, 0, cv::INTER_AREA);
  cv::GaussianBlur(small, small, cv::Size(0, 0), std::max(1.0, kScale * sigma_px));
  cv::Mat blurred;
  cv::resize(small, blurred, image.size(), 0, 0, cv::INTER_LINEAR);
  return blurred;
}

Body AtTimeBefore(const Body& body, double seconds) {
  Body earlier = body;
  earlier.position -= seconds * body.velocity;
  earlier.angle -= seconds * body.spin;
  earlier.elevation -= seconds * body.climb_rate;
  return earlier;
}

}  // namespace

Renderer::Renderer(const Camera& camera, const TableLayout& layout, const PieceSet& set,
                   const RenderOptions& options)
    : camera_(camera),
      eye_(camera.Centre()),
      layout_(layout),
      options_(options),
      lighting_(options, layout.PlayAreaCentre()),
      solids_(set),
      sensor_(camera.image_size, options) {
  options_.Check();
  layout_.Check();
  background_ = RenderBackground(camera_, layout_, lighting_, options_);
}

cv::Mat Renderer::Render(const std::vector<PieceLook>& looks, const std::vector<Body>& bodies,
                         double time_s, const std::optional<HandPose>& hand) {
  cv::Mat frame = background_.clone();
  std::vector<size_t> visible;
  for (size_t i = 0; i < bodies.size(); ++i) {
    if (bodies[i].support != Support::kHeld && bodies[i].elevation > -layout_.table_thickness_mm)
      visible.push_back(i);
  }
  // Far to near (painter's order); a body riding on another is drawn after its carrier.
  const auto distance = [&](size_t i) {
    double nearest = 1e18;
    for (int depth = 0; depth < 8; ++depth) {
      const Body& body = bodies[i];
      const cv::Vec3d base(body.position[0], body.position[1], body.elevation);
      nearest = std::min(nearest, cv::norm(eye_ - base) - 1e-6 * depth);
      if (body.support != Support::kStacked || body.carrier < 0 ||
          static_cast<size_t>(body.carrier) >= bodies.size())
        break;
      i = static_cast<size_t>(body.carrier);
    }
    return nearest;
  };
  std::sort(visible.begin(), visible.end(),
            [&](size_t a, size_t b) { return distance(a) > distance(b); });
  // A body lying on a tile casts its shadow on the tile's top, drawn between the two; one
  // riding on anything else (a pyramid nested on a pyramid) casts it on the table.
  std::vector<std::vector<cv::Vec3d>> carrier_tops(bodies.size());
  for (size_t i : visible) {
    const Body& body = bodies[i];
    if (body.support != Support::kStacked || body.elevation <= 0.5 || body.carrier < 0 ||
        static_cast<size_t>(body.carrier) >= bodies.size() ||
        looks[static_cast<size_t>(body.carrier)].kind != PieceKind::kTile)
      continue;
    const size_t c = static_cast<size_t>(body.carrier);
    const std::vector<cv::Vec3d> corners =
        solids_.For(looks[c], bodies[c].lying).Posed(bodies[c]).Vertices();
    double top = -1e9;
    for (const cv::Vec3d& p : corners) top = std::max(top, p[2]);
    std::vector<cv::Vec3d> face;
    for (const cv::Vec3d& p : corners) {
      if (p[2] > top - 0.01) face.push_back(p);
    }
    if (face.size() >= 3) carrier_tops[i] = std::move(face);
  }
  for (size_t i : visible) {
    if (bodies[i].elevation >= 0 && carrier_tops[i].empty())
      DrawShadow(frame, solids_.For(looks[i], bodies[i].lying).Posed(bodies[i]), bodies[i]);
  }
  for (size_t i : visible) {
    if (!carrier_tops[i].empty()) {
      DrawShadow(frame, solids_.For(looks[i], bodies[i].lying).Posed(bodies[i]), bodies[i],
                 &carrier_tops[i]);
    }
    DrawPiece(frame, solids_.For(looks[i], bodies[i].lying), bodies[i]);
  }
  if (hand) DrawHand(frame, *hand);
  sensor_.Expose(frame, time_s);
  return frame;
}

void Renderer::DrawPiece(cv::Mat& frame, const Solid& solid, const Body& body) const {
  const int samples = MotionSamples(body);
  if (samples > 1) {
    DrawMotionBlurred(frame, solid, body, samples);
  } else {
    DrawSolid(frame, {0, 0}, solid.Posed(body));
  }
}

int Renderer::MotionSamples(const Body& body) const {
  if (!body.Moving()) return 1;
  const double reach = std::max(body.half_extent[0], body.half_extent[1]) + body.radius;
  const double travel_mm =
      options_.exposure_time_s *
      (cv::norm(body.velocity) + std::abs(body.spin) * reach + std::abs(body.climb_rate));
  const double travel_px = travel_mm * camera_.PixelsPerMm({body.position[0], body.position[1], 0});
  return std::clamp(static_cast<int>(std::ceil(travel_px)), 1, options_.max_blur_samples);
}

// Averages the piece drawn at poses spread over the shutter time.
void Renderer::DrawMotionBlurred(cv::Mat& frame, const Solid& solid, const Body& body,
                                 int samples) const {
  std::vector<Solid> poses;
  std::vector<cv::Vec3d> all_points;
  for (int k = 0; k < samples; ++k) {
    poses.push_back(solid.Posed(AtTimeBefore(body, options_.exposure_time_s * k / (samples - 1))));
    const std::vector<cv::Vec3d> points = poses.back().Vertices();
    all_points.insert(all_points.end(), points.begin(), points.end());
  }
  const cv::Rect area = Bounds(all_points, 2);
  if (area.empty()) return;
  const cv::Mat before = frame(area).clone();
  cv::Mat sum = cv::Mat::zeros(area.size(), CV_32FC3);
  for (const Solid& pose : poses) {
    cv::Mat canvas = before.clone();
    DrawSolid(canvas, area.tl(), pose);
    cv::accumulate(canvas, sum);
  }
  sum.convertTo(frame(area), CV_8UC3, 1.0 / samples);
}

bool Renderer::FacesCamera(const Face& face) const {
  return face.normal.dot(eye_ - face.outline.front()) > 0;
}

// Translucent solids show their far faces through the near ones: those are drawn first.
void Renderer::DrawSolid(cv::Mat& canvas, cv::Point origin, const Solid& posed) const {
  std::vector<cv::Point2f> corners;
  for (const cv::Point2d& p : camera_.Project(posed.Vertices()))
    corners.emplace_back(static_cast<float>(p.x - origin.x), static_cast<float>(p.y - origin.y));
  const cv::Rect area = (cv::boundingRect(corners) + cv::Size(2, 2) - cv::Point(1, 1)) &
                        cv::Rect({0, 0}, canvas.size());
  if (area.empty()) return;
  FaceLayer far_side(area);
  FaceLayer near_side(area);
  for (const Face& face : posed.faces) {
    if (FacesCamera(face)) {
      DrawFace(near_side, origin, face);
    } else if (face.opacity < 1) {
      DrawFace(far_side, origin, face);
    }
  }
  far_side.Composite(canvas);
  near_side.Composite(canvas);
}

void Renderer::DrawFace(FaceLayer& layer, cv::Point origin, const Face& face) const {
  const std::vector<cv::Point2d> projected = camera_.Project(face.outline);
  const cv::Vec3d centre =
      std::accumulate(face.outline.begin(), face.outline.end(), cv::Vec3d(0, 0, 0)) /
      static_cast<double>(face.outline.size());
  const cv::Vec3d lit_side = FacesCamera(face) ? face.normal : -face.normal;
  const Shade shade = lighting_.At(centre, lit_side, eye_, face.finish);
  const cv::Vec3f albedo(static_cast<float>(face.albedo[0]), static_cast<float>(face.albedo[1]),
                         static_cast<float>(face.albedo[2]));
  const cv::Vec3f lit = shade.Apply(albedo) + static_cast<float>(face.glow) * albedo;
  std::vector<cv::Point2f> corners;
  for (const cv::Point2d& p : projected)
    corners.emplace_back(static_cast<float>(p.x - origin.x), static_cast<float>(p.y - origin.y));
  const cv::Rect area =
      (cv::boundingRect(corners) + cv::Size(2, 2) - cv::Point(1, 1)) & layer.Area();
  if (area.empty()) return;
  cv::Mat patch;
  if (face.texture != nullptr) {
    const std::vector<cv::Point2d> mapped = camera_.Project(
        std::vector<cv::Vec3d>(face.texture_corners.begin(), face.texture_corners.end()));
    const double width_px =
        std::max(cv::norm(mapped[1] - mapped[0]), cv::norm(mapped[3] - mapped[0]));
    const cv::Mat& art = face.texture->ForWidth(width_px);
    const float w = static_cast<float>(art.cols) - 0.5f;
    const float h = static_cast<float>(art.rows) - 0.5f;
    const std::vector<cv::Point2f> source{{-0.5f, -0.5f}, {w, -0.5f}, {w, h}, {-0.5f, h}};
    std::vector<cv::Point2f> target;
    const cv::Point2d shift(origin.x + area.x, origin.y + area.y);
    for (const cv::Point2d& p : mapped)
      target.emplace_back(static_cast<float>(p.x - shift.x), static_cast<float>(p.y - shift.y));
    cv::warpPerspective(art, patch, cv::getPerspectiveTransform(source, target), area.size(),
                        cv::INTER_LINEAR, cv::BORDER_REPLICATE);
    cv::multiply(patch, cv::Scalar(shade.diffuse[0], shade.diffuse[1], shade.diffuse[2]), patch);
    cv::add(patch, cv::Scalar(shade.specular[0], shade.specular[1], shade.specular[2]), patch);
  } else {
    patch = cv::Mat(area.size(), CV_8UC3, cv::Scalar(lit[0], lit[1], lit[2]));
  }
  cv::Mat coverage = cv::Mat::zeros(area.size(), CV_8UC1);
  FillCoverage(coverage, projected, cv::Point2d(origin + area.tl()), 255 * face.opacity);
  layer.Add(patch, coverage, area);
}

void Renderer::DrawShadow(cv::Mat& frame, const Solid& posed, const Body& body,
                          const std::vector<cv::Vec3d>* carrier_top) const {
  const std::vector<cv::Vec3d> points = posed.Vertices();
  const double base = carrier_top != nullptr && !carrier_top->empty() ? (*carrier_top)[0][2] : 0;
  double top = base;
  for (const cv::Vec3d& p : points) top = std::max(top, p[2]);
  const cv::Vec3d& lamp = lighting_.LampPosition();
  const double penumbra_mm = lighting_.LampRadius() * (top - base) / std::max(1.0, lamp[2] - top);
  const double px_per_mm = camera_.PixelsPerMm({body.position[0], body.position[1], base});
  const cv::Vec3f tint = ShadowTint(posed, options_.shadow_strength);
  // Only what falls on the carrier's top (the rest would fall on the table beside it, which
  // a coin well inside its tile never reaches).
  const auto on_carrier = [&](const std::vector<cv::Vec3d>& polygon) {
    if (carrier_top == nullptr) return polygon;
    const auto flat = [](const std::vector<cv::Vec3d>& points3) {
      std::vector<cv::Point2f> points2;
      for (const cv::Vec3d& p : points3)
        points2.emplace_back(static_cast<float>(p[0]), static_cast<float>(p[1]));
      std::vector<cv::Point2f> hull;
      cv::convexHull(points2, hull);
      return hull;
    };
    std::vector<cv::Point2f> clipped;
    cv::intersectConvexConvex(flat(polygon), flat(*carrier_top), clipped);
    std::vector<cv::Vec3d> result;
    for (const cv::Point2f& p : clipped) result.emplace_back(p.x, p.y, base);
    return result;
  };
  const std::vector<cv::Vec3d> cast = on_carrier(CastShadow(points, base));
  if (cast.size() >= 3) Darken(frame, cast, std::max(0.7, 0.5 * penumbra_mm * px_per_mm), tint);
  if (body.elevation > base + 0.5) return;
  std::vector<cv::Vec3d> footprint;
  for (const cv::Vec3d& p : points) {
    if (p[2] < base + 0.5) footprint.push_back(p);
  }
  if (footprint.size() >= 3) {
    Darken(frame, CastShadow(footprint, base), std::max(0.7, 0.8 * px_per_mm),
           cv::Vec3f::all(kContactShadowStrength));
  }
}

std::vector<cv::Vec3d> Renderer::CastShadow(const std::vector<cv::Vec3d>& points,
                                            double plane_z) const {
  const cv::Vec3d& lamp = lighting_.LampPosition();
  std::vector<cv::Point2f> cast;
  for (const cv::Vec3d& p : points) {
    const cv::Vec3d onto =
        lamp + (p - lamp) * ((lamp[2] - plane_z) / std::max(1.0, lamp[2] - p[2]));
    cast.emplace_back(static_cast<float>(onto[0]), static_cast<float>(onto[1]));
  }
  std::vector<cv::Point2f> hull;
  cv::convexHull(cast, hull);
  std::vector<cv::Vec3d> polygon;
  for (const cv::Point2f& p : hull) polygon.emplace_back(p.x, p.y, plane_z);
  return polygon;
}

void Renderer::Darken(cv::Mat& frame, const std::vector<cv::Vec3d>& table_polygon, double blur_px,
                      const cv::Vec3f& tint) const {
  const int padding = static_cast<int>(std::ceil(3 * blur_px)) + 1;
  const cv::Rect area = Bounds(table_polygon, padding);
  if (area.empty()) return;
  cv::Mat coverage = cv::Mat::zeros(area.size(), CV_8UC1);
  FillCoverage(coverage, camera_.Project(table_polygon), area.tl(), 255);
  cv::GaussianBlur(coverage, coverage, cv::Size(0, 0), blur_px);
  cv::Mat region = frame(area);
  for (int y = 0; y < region.rows; ++y) {
    const auto* weight = coverage.ptr<uchar>(y);
    auto* pixel = region.ptr<cv::Vec3b>(y);
    for (int x = 0; x < region.cols; ++x) {
      if (weight[x] == 0) continue;
      const float w = weight[x] / 255.0f;
      for (int c = 0; c < 3; ++c)
        pixel[x][c] = cv::saturate_cast<uchar>(pixel[x][c] * (1 - w * tint[c]));
    }
  }
}

// The hand as one soft shape: darker towards its outline (it is round, not flat) and slightly
// out of focus, being far closer to the lens than the table.
void Renderer::DrawHand(cv::Mat& frame, const HandPose& hand) const {
  const std::vector<std::vector<cv::Vec3d>> polygons = HandPolygons(hand);
  const double px_per_mm = camera_.PixelsPerMm({hand.fingertip[0], hand.fingertip[1], hand.height});
  const double penumbra_mm =
      lighting_.LampRadius() * hand.height / (lighting_.LampPosition()[2] - hand.height);
  const cv::Vec3f shadow = cv::Vec3f::all(static_cast<float>(options_.shadow_strength));
  for (const auto& polygon : polygons)
    Darken(frame, CastShadow(polygon), std::max(1.0, 0.5 * penumbra_mm * px_per_mm), shadow);

  std::vector<cv::Vec3d> outline_points;
  for (const auto& polygon : polygons)
    outline_points.insert(outline_points.end(), polygon.begin(), polygon.end());
  const cv::Rect area = Bounds(outline_points, 4);
  if (area.empty()) return;
  cv::Mat coverage = cv::Mat::zeros(area.size(), CV_8UC1);
  for (const auto& polygon : polygons) {
    FillCoverage(coverage, camera_.Project(polygon), area.tl(), 255);
  }
  const cv::Mat roundness = WideBlur(coverage, kHandRoundingMm * px_per_mm);
  cv::GaussianBlur(coverage, coverage, cv::Size(0, 0), std::max(0.6, kHandDefocusMm * px_per_mm));
  const cv::Vec3d centre(hand.fingertip[0], hand.fingertip[1], hand.height);
  const cv::Vec3f skin =
      lighting_.At(centre, {0, 0, 1}, eye_, kSkinFinish)
          .Apply(cv::Vec3f(static_cast<float>(kSkin[0]), static_cast<float>(kSkin[1]),
                           static_cast<float>(kSkin[2])));
  cv::Mat patch(area.size(), CV_8UC3);
  for (int y = 0; y < area.height; ++y) {
    const auto* round = roundness.ptr<uchar>(y);
    auto* pixel = patch.ptr<cv::Vec3b>(y);
    for (int x = 0; x < area.width; ++x) {
      const float curve = 0.4f + 0.6f * std::min(1.0f, round[x] / 240.0f);
      pixel[x] = cv::Vec3b(cv::saturate_cast<uchar>(skin[0] * curve),
                           cv::saturate_cast<uchar>(skin[1] * curve),
                           cv::saturate_cast<uchar>(skin[2] * curve));
    }
  }
  BlendByCoverage(patch, coverage, frame(area));
}

cv::Rect Renderer::Bounds(const std::vector<cv::Vec3d>& points, int padding) const {
  std::vector<cv::Point2f> projected;
  for (const cv::Point2d& p : camera_.Project(points))
    projected.emplace_back(static_cast<float>(p.x), static_cast<float>(p.y));
  const cv::Rect box = cv::boundingRect(projected);
  const cv::Rect padded(box.x - padding, box.y - padding, box.width + 2 * padding,
                        box.height + 2 * padding);
  return padded & cv::Rect({0, 0}, camera_.image_size);
}

}  // namespace tabref::vision::sim
