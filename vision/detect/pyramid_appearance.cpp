#include "vision/detect/pyramid_appearance.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <opencv2/imgproc.hpp>

namespace tabref::vision {
namespace {

constexpr int kMostRegions = 6;  // five faces and the table
using Normal = cv::Matx<double, kMostRegions, kMostRegions>;
using Right = cv::Matx<double, kMostRegions, 3>;

// A pixel's nonzero shares in the regions, in the regions' order.
struct Cover {
  Cover() {}  // leaves the arrays unfilled: only their first `count` entries are read
  int count = 0;
  std::array<int, kMostRegions> region;
  std::array<float, kMostRegions> share;

  void Add(int at, float value) {
    if (value == 0) return;
    region[static_cast<size_t>(count)] = at;
    share[static_cast<size_t>(count)] = value;
    ++count;
  }
};

// A convex polygon in the image as its edges' lines, each a.x * x + a.y * y - c: the signed
// distance (pixels) outward of the edge.
struct ImagePolygon {
  std::vector<cv::Vec3d> edges;
};

ImagePolygon PolygonInImage(const std::vector<cv::Point2d>& corners) {
  double twice_area = 0;
  for (size_t i = 0; i < corners.size(); ++i) {
    const cv::Point2d& a = corners[i];
    const cv::Point2d& b = corners[(i + 1) % corners.size()];
    twice_area += a.x * b.y - a.y * b.x;
  }
  const double way = twice_area >= 0 ? 1 : -1;
  ImagePolygon polygon;
  for (size_t i = 0; i < corners.size(); ++i) {
    const cv::Point2d& a = corners[i];
    const cv::Point2d& b = corners[(i + 1) % corners.size()];
    cv::Point2d outward = way * cv::Point2d(b.y - a.y, a.x - b.x);
    outward *= 1 / std::max(cv::norm(outward), 1e-12);
    polygon.edges.emplace_back(outward.x, outward.y, outward.dot(a));
  }
  return polygon;
}

// The faces as corner indices (PyramidVertices' order): the base, then the four sides.
const std::array<std::vector<size_t>, 5> kFaces{{
    {0, 1, 2, 3},
    {0, 1, 4},
    {1, 2, 4},
    {2, 3, 4},
    {3, 0, 4},
}};

// The faces the camera sees, in the image.
std::vector<ImagePolygon> SeenFaces(const PyramidCorners& corners,
                                    const std::vector<cv::Point2d>& pixels,
                                    const cv::Vec3d& camera) {
  cv::Vec3d centroid(0, 0, 0);
  for (const cv::Vec3d& corner : corners) centroid += corner * 0.2;
  std::vector<ImagePolygon> seen;
  for (const std::vector<size_t>& face : kFaces) {
    const cv::Vec3d& a = corners[face[0]];
    cv::Vec3d normal = (corners[face[1]] - a).cross(corners[face[2]] - a);
    cv::Vec3d middle(0, 0, 0);
    for (const size_t i : face) middle += corners[i] * (1.0 / static_cast<double>(face.size()));
    if (normal.dot(middle - centroid) < 0) normal = -normal;
    if (normal.dot(camera - middle) <= 0) continue;
    std::vector<cv::Point2d> polygon;
    for (const size_t i : face) polygon.push_back(pixels[i]);
    seen.push_back(PolygonInImage(polygon));
  }
  return seen;
}

std::vector<cv::Point2d> CornersInImage(const calibration::TableMapping& mapping,
                                        const PyramidCorners& corners) {
  return mapping.TableToImage(std::vector<cv::Vec3d>(corners.begin(), corners.end()));
}

// The residuals a search has asked for, so that a step back to where it came from costs
// nothing (the pattern search tries each way from every new pose, one of them the last one).
class RememberedResiduals {
 public:
  explicit RememberedResiduals(const PyramidAppearance& appearance) : appearance_(appearance) {}

  double Residual(const PyramidPlacement& placement, double scale) {
    constexpr double kSame = 1e-9;  // a step and its undoing may differ in the last bits
    for (const Known& known : known_) {
      if (std::abs(known.x - placement.position_mm.x) <= kSame &&
          std::abs(known.y - placement.position_mm.y) <= kSame &&
          std::abs(known.angle - placement.angle_deg) <= kSame &&
          std::abs(known.scale - scale) <= kSame)
        return known.residual;
    }
    const double residual = appearance_.Residual(placement, scale);
    known_.push_back(
        {placement.position_mm.x, placement.position_mm.y, placement.angle_deg, scale, residual});
    return residual;
  }

  int Evaluations() const { return static_cast<int>(known_.size()); }

 private:
  struct Known {
    double x, y, angle, scale, residual;
  };
  const PyramidAppearance& appearance_;
  std::vector<Known> known_;
};

}  // namespace

PyramidAppearance::PyramidAppearance(const cv::Mat& image, const calibration::TableMapping& mapping,
                                     const PyramidShape& shape, const PyramidPlacement& around,
                                     const PyramidAppearanceOptions& options)
    : mapping_(mapping), shape_(shape), options_(options) {
  CV_Assert(image.type() == CV_8UC3);
  const std::vector<cv::Point2d> pixels = CornersInImage(mapping, PyramidVertices(shape, around));
  std::vector<cv::Point2f> hull;
  cv::convexHull(std::vector<cv::Point2f>(pixels.begin(), pixels.end()), hull);
  const ImagePolygon solid = PolygonInImage(std::vector<cv::Point2d>(hull.begin(), hull.end()));
  const cv::Rect box = cv::boundingRect(hull);
  const int margin = static_cast<int>(std::ceil(options.margin_px)) + 1;
  const cv::Rect window =
      cv::Rect(box.x - margin, box.y - margin, box.width + 2 * margin, box.height + 2 * margin) &
      cv::Rect(0, 0, image.cols, image.rows);
  for (int y = window.y; y < window.y + window.height; ++y) {
    const cv::Vec3b* row = image.ptr<cv::Vec3b>(y);
    for (int x = window.x; x < window.x + window.width; ++x) {
      const bool near = std::all_of(
          solid.edges.begin(), solid.edges.end(),
          [&](const cv::Vec3d& e) { return e[0] * x + e[1] * y - e[2] <= options.margin_px; });
      if (!near) continue;
      at_.emplace_back(x, y);
      colours_.emplace_back(row[x][0], row[x][1], row[x][2]);
    }
  }
}

double PyramidAppearance::Residual(const PyramidPlacement& placement, double scale) const {
  if (at_.empty()) return std::numeric_limits<double>::infinity();
  const PyramidCorners corners =
      PyramidVertices({shape_.base_mm * scale, shape_.height_mm * scale}, placement);
  const std::vector<ImagePolygon> seen =
      SeenFaces(corners, CornersInImage(mapping_, corners), mapping_.CameraCentre());
  const int faces = static_cast<int>(seen.size());
  const int table = faces;  // the last region

  // Each pixel's share in each face: the product of its blurred edges' ramps (exact for a
  // pixel near one edge, close enough near a corner); the table has the rest.
  const double ramp = 1 / std::max(options_.blur_px, 1e-6);
  std::vector<Cover> cover(at_.size());
  for (size_t i = 0; i < at_.size(); ++i) {
    const double x = at_[i].x;
    const double y = at_[i].y;
    double rest = 1;
    for (int f = 0; f < faces; ++f) {
      double inside = 1;
      for (const cv::Vec3d& e : seen[static_cast<size_t>(f)].edges) {
        inside *= std::clamp(0.5 - (e[0] * x + e[1] * y - e[2]) * ramp, 0.0, 1.0);
        if (inside == 0) break;
      }
      cover[i].Add(f, static_cast<float>(inside));
      rest -= inside;
    }
    cover[i].Add(table, static_cast<float>(std::max(0.0, rest)));
  }

  // Iteratively reweighted least squares for the regions' colours: a pixel far from every
  // region's colour (a neighbour in front, a glint) stops pulling them. The sums run over each
  // pixel's regions alone: its other regions' terms are +0, which changes no sum (all terms
  // are non-negative).
  const double c = options_.outlier_colour;
  std::vector<double> weights(at_.size(), 1.0);
  std::vector<double> misfit(at_.size(), 0.0);
  for (int pass = 0; pass <= std::max(0, options_.reweightings); ++pass) {
    if (pass > 0) {
      for (size_t i = 0; i < at_.size(); ++i) {
        const double u = misfit[i] / c;
        weights[i] = u >= 1 ? 0 : (1 - u * u) * (1 - u * u);
      }
    }
    Normal normal = Normal::zeros();
    Right right = Right::zeros();
    for (size_t i = 0; i < at_.size(); ++i) {
      if (weights[i] == 0) continue;
      const Cover& pixel = cover[i];
      const cv::Vec3d& colour = colours_[i];
      if (pixel.count == 1) {  // about half: within one region, away from its edges
        const int a = pixel.region[0];
        const double wa = weights[i] * pixel.share[0];
        if (wa == 0) continue;
        normal(a, a) += wa * pixel.share[0];
        for (int k = 0; k < 3; ++k) right(a, k) += wa * colour[k];
        continue;
      }
      for (int j = 0; j < pixel.count; ++j) {
        const int a = pixel.region[j];
        const double wa = weights[i] * pixel.share[j];
        if (wa == 0) continue;
        for (int l = j; l < pixel.count; ++l) normal(a, pixel.region[l]) += wa * pixel.share[l];
        for (int k = 0; k < 3; ++k) right(a, k) += wa * colour[k];
      }
    }
    for (int a = 0; a < kMostRegions; ++a) {
      for (int b = 0; b < a; ++b) normal(a, b) = normal(b, a);
      // A region on no pixel leaves its row empty: a little ridge keeps it solvable.
      normal(a, a) += 1e-6;
    }
    Right fitted;
    cv::solve(normal, right, fitted, cv::DECOMP_CHOLESKY);
    for (size_t i = 0; i < at_.size(); ++i) {
      const Cover& pixel = cover[i];
      cv::Vec3d drawn(0, 0, 0);
      if (pixel.count == 1) {  // the sum of one term, without the loop (0 + x is x)
        const double share = pixel.share[0];
        for (int k = 0; k < 3; ++k) drawn[k] = share * fitted(pixel.region[0], k);
      } else {
        for (int j = 0; j < pixel.count; ++j) {
          const double share = pixel.share[j];
          for (int k = 0; k < 3; ++k) drawn[k] += share * fitted(pixel.region[j], k);
        }
      }
      misfit[i] = cv::norm(colours_[i] - drawn);
    }
  }
  // Tukey's loss, scaled so that a small misfit costs its square.
  double loss = 0;
  for (const double r : misfit) {
    const double u = std::min(1.0, r / c);
    const double v = 1 - u * u;
    loss += c * c / 3 * (1 - v * v * v);
  }
  return std::sqrt(loss / static_cast<double>(at_.size()));
}

PyramidAppearanceFit FitPyramidAppearance(const PyramidAppearance& appearance,
                                          const PyramidPlacement& initial,
                                          const PyramidAppearanceOptions& options) {
  const double quarter = initial.pose == PyramidPose::kUpright ? 90 : 360;
  const int starts = std::max(1, options.start_turns);
  PyramidAppearanceFit best;
  best.residual = std::numeric_limits<double>::infinity();
  RememberedResiduals seen(appearance);
  for (int start = 0; start < starts; ++start) {
    PyramidAppearanceFit fit;
    fit.placement = initial;
    fit.placement.angle_deg += quarter * start / starts;
    fit.residual = seen.Residual(fit.placement, fit.scale);
    double move = options.first_move_mm;
    double turn = options.first_turn_deg;
    double grow = options.first_scale_step;
    for (int round = 0; round < options.rounds; ++round) {
      bool improved = true;
      while (improved) {
        improved = false;
        for (int step = 0; step < 8; ++step) {
          const double way = step % 2 == 0 ? 1 : -1;
          PyramidPlacement placement = fit.placement;
          double scale = fit.scale;
          switch (step / 2) {
            case 0:
              placement.position_mm.x += way * move;
              break;
            case 1:
              placement.position_mm.y += way * move;
              break;
            case 2:
              placement.angle_deg += way * turn;
              break;
            default:
              scale += way * grow;
              break;
          }
          if (std::abs(scale - 1) > options.max_scale_change) continue;
          const double residual = seen.Residual(placement, scale);
          if (residual < fit.residual) {
            fit.placement = placement;
            fit.scale = scale;
            fit.residual = residual;
            improved = true;
          }
        }
      }
      move *= 0.5;
      turn *= 0.5;
      grow *= 0.5;
    }
    if (fit.residual < best.residual) best = fit;
  }
  best.evaluations = seen.Evaluations();
  return best;
}

}  // namespace tabref::vision
