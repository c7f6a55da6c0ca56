#include "vision/sim/background.h"

#include <array>
#include <cmath>
#include <opencv2/aruco.hpp>
#include <optional>

#include "vision/sim/textures.h"

namespace tabref::vision::sim {
namespace {

constexpr SurfaceFinish kPaper{0.02, 8};
constexpr float kPaperAlbedo = 236;
constexpr float kInkAlbedo = 24;
constexpr double kFloorPxPerMm = 0.35;
constexpr double kFloorAroundTableMm = 1200;

SurfaceFinish FinishOf(TableMaterial material) {
  switch (material) {
    case TableMaterial::kWood:
      return {0.18, 25};
    case TableMaterial::kFelt:
      return {0.0, 1};
    case TableMaterial::kLaminate:
      return {0.35, 60};
  }
  return {};
}

// The marker sheets: white paper with the black-and-white ArUco cells printed on it.
class MarkerSheets {
 public:
  explicit MarkerSheets(const TableLayout& layout)
      : layout_(layout), centres_(layout.MarkerCentres()) {
    const cv::Ptr<cv::aruco::Dictionary> dictionary =
        cv::aruco::getPredefinedDictionary(cv::aruco::DICT_4X4_50);
    for (int id = 0; id < 4; ++id)
      cv::aruco::drawMarker(dictionary, id, kCells, cells_[static_cast<size_t>(id)], 1);
  }

  // The albedo of the sheet at a table point, or nothing when the point is not on a sheet.
  std::optional<float> AlbedoAt(double x, double y) const {
    const double half_square = 0.5 * layout_.marker_side_mm;
    const double half_sheet = half_square + layout_.paper_margin_mm;
    for (size_t id = 0; id < 4; ++id) {
      const double dx = x - centres_[id][0];
      const double dy = y - centres_[id][1];
      if (std::abs(dx) > half_sheet || std::abs(dy) > half_sheet) continue;
      if (std::abs(dx) >= half_square || std::abs(dy) >= half_square) return kPaperAlbedo;
      const double cell = layout_.marker_side_mm / kCells;
      const int column = std::min(kCells - 1, static_cast<int>((dx + half_square) / cell));
      const int row = std::min(kCells - 1, static_cast<int>((half_square - dy) / cell));
      return cells_[id].at<uchar>(row, column) > 127 ? kPaperAlbedo : kInkAlbedo;
    }
    return std::nullopt;
  }

 private:
  static constexpr int kCells = 6;  // 4x4 data cells and the black border
  const TableLayout& layout_;
  std::array<cv::Vec3d, 4> centres_;
  std::array<cv::Mat, 4> cells_;
};

// Ray casting against the table top, its four sides and the floor.
class BackgroundTracer {
 public:
  BackgroundTracer(const Camera& camera, const TableLayout& layout, const Lighting& lighting,
                   const RenderOptions& options)
      : layout_(layout),
        lighting_(lighting),
        eye_(camera.Centre()),
        top_(layout.TableTop()),
        sheets_(layout),
        table_texture_(TableTexture(layout, options.table_texture_px_per_mm, options.seed)),
        texture_scale_(options.table_texture_px_per_mm),
        floor_area_(top_.x - kFloorAroundTableMm, top_.y - kFloorAroundTableMm,
                    top_.width + 2 * kFloorAroundTableMm, top_.height + 2 * kFloorAroundTableMm),
        floor_texture_(FloorTexture(floor_area_, kFloorPxPerMm, options.seed)),
        table_finish_(FinishOf(layout.material)),
        supersampling_(options.marker_supersampling) {}

  // The colour seen along `ray`; `top_step_u` / `top_step_v` are the table-top distances to
  // the neighbouring pixels' hits (for supersampling the marker sheets).
  cv::Vec3f Trace(const cv::Vec3d& ray, const cv::Vec3d& top_step_u,
                  const cv::Vec3d& top_step_v) const {
    if (ray[2] < 0) {
      const cv::Vec3d hit = eye_ + (-eye_[2] / ray[2]) * ray;
      if (top_.contains({hit[0], hit[1]})) return TableTop(hit, top_step_u, top_step_v);
    }
    if (std::optional<cv::Vec3f> side = TableSide(ray)) return *side;
    if (ray[2] < 0) return Floor(eye_ + ((-layout_.floor_depth_mm - eye_[2]) / ray[2]) * ray);
    return {40, 40, 40};
  }

  // Where a ray meets the table-top plane (z = 0).
  cv::Vec3d TopPlaneHit(const cv::Vec3d& ray) const {
    return ray[2] < 0 ? eye_ + (-eye_[2] / ray[2]) * ray : cv::Vec3d(0, 0, 0);
  }

 private:
  cv::Vec3f TableAlbedo(double x, double y) const {
    return SampleBilinear(table_texture_, (x - top_.x) * texture_scale_,
                          (y - top_.y) * texture_scale_);
  }

  cv::Vec3f TableTop(const cv::Vec3d& hit, const cv::Vec3d& step_u, const cv::Vec3d& step_v) const {
    const Shade table_shade = lighting_.At(hit, {0, 0, 1}, eye_, table_finish_);
    if (!OnOrNearSheet(hit, step_u, step_v)) return table_shade.Apply(TableAlbedo(hit[0], hit[1]));
    const Shade paper_shade = lighting_.At(hit, {0, 0, 1}, eye_, kPaper);
    cv::Vec3f sum(0, 0, 0);
    const int n = supersampling_;
    for (int i = 0; i < n; ++i) {
      for (int j = 0; j < n; ++j) {
        const cv::Vec3d sample =
            hit + ((i + 0.5) / n - 0.5) * step_u + ((j + 0.5) / n - 0.5) * step_v;
        const std::optional<float> paper = sheets_.AlbedoAt(sample[0], sample[1]);
        sum += paper ? paper_shade.Apply(cv::Vec3f::all(*paper))
                     : table_shade.Apply(TableAlbedo(sample[0], sample[1]));
      }
    }
    return sum / static_cast<float>(n * n);
  }

  bool OnOrNearSheet(const cv::Vec3d& hit, const cv::Vec3d& step_u, const cv::Vec3d& step_v) const {
    for (const cv::Vec3d& corner : {hit + 0.5 * (step_u + step_v), hit - 0.5 * (step_u + step_v),
                                    hit + 0.5 * (step_u - step_v), hit - 0.5 * (step_u - step_v)}) {
      if (sheets_.AlbedoAt(corner[0], corner[1])) return true;
    }
    return false;
  }

  // The nearest of the table's vertical sides facing the ray, if it hits one.
  std::optional<cv::Vec3f> TableSide(const cv::Vec3d& ray) const {
    const std::array<std::pair<cv::Vec3d, double>, 4> sides{{{{-1, 0, 0}, top_.x},
                                                             {{1, 0, 0}, top_.x + top_.width},
                                                             {{0, -1, 0}, top_.y},
                                                             {{0, 1, 0}, top_.y + top_.height}}};
    for (const auto& [normal, offset] : sides) {
      const int axis = normal[0] != 0 ? 0 : 1;
      if (normal.dot(ray) >= 0) continue;
      const double travel = (offset - eye_[axis]) / ray[axis];
      if (travel <= 0) continue;
      const cv::Vec3d hit = eye_ + travel * ray;
      const int other = 1 - axis;
      const double low = other == 0 ? top_.x : top_.y;
      const double high = low + (other == 0 ? top_.width : top_.height);
      if (hit[2] > 0 || hit[2] < -layout_.table_thickness_mm || hit[other] < low ||
          hit[other] > high)
        continue;
      const Shade shade = lighting_.At(hit, normal, eye_, table_finish_);
      return shade.Apply(0.8f * TableAlbedo(hit[0], hit[1]));
    }
    return std::nullopt;
  }

  cv::Vec3f Floor(const cv::Vec3d& hit) const {
    const cv::Vec3f albedo =
        SampleBilinear(floor_texture_, (hit[0] - floor_area_.x) * kFloorPxPerMm,
                       (hit[1] - floor_area_.y) * kFloorPxPerMm);
    // The table top shades the floor around its footprint.
    const double outside = std::max({top_.x - hit[0], hit[0] - top_.x - top_.width, top_.y - hit[1],
                                     hit[1] - top_.y - top_.height, 0.0});
    const float table_shadow = static_cast<float>(0.45 + 0.55 * (1 - std::exp(-outside / 250)));
    return table_shadow * lighting_.At(hit, {0, 0, 1}, eye_, {0.05, 10}).Apply(albedo);
  }

  const TableLayout& layout_;
  const Lighting& lighting_;
  cv::Vec3d eye_;
  cv::Rect2d top_;
  MarkerSheets sheets_;
  cv::Mat table_texture_;
  double texture_scale_;
  cv::Rect2d floor_area_;
  cv::Mat floor_texture_;
  SurfaceFinish table_finish_;
  int supersampling_;
};

}  // namespace

cv::Mat RenderBackground(const Camera& camera, const TableLayout& layout, const Lighting& lighting,
                         const RenderOptions& options) {
  const BackgroundTracer tracer(camera, layout, lighting, options);
  const std::vector<cv::Vec3d> rays = camera.PixelRays();
  const int width = camera.image_size.width;
  const int height = camera.image_size.height;
  std::vector<cv::Vec3d> top_hits(rays.size());
  for (size_t i = 0; i < rays.size(); ++i) top_hits[i] = tracer.TopPlaneHit(rays[i]);
  cv::Mat image(camera.image_size, CV_8UC3);
  for (int v = 0; v < height; ++v) {
    auto* row = image.ptr<cv::Vec3b>(v);
    for (int u = 0; u < width; ++u) {
      const size_t i = static_cast<size_t>(v) * static_cast<size_t>(width) + static_cast<size_t>(u);
      const size_t right = u + 1 < width ? i + 1 : i - 1;
      const size_t below =
          v + 1 < height ? i + static_cast<size_t>(width) : i - static_cast<size_t>(width);
      const cv::Vec3d step_u = (u + 1 < width ? 1.0 : -1.0) * (top_hits[right] - top_hits[i]);
      const cv::Vec3d step_v = (v + 1 < height ? 1.0 : -1.0) * (top_hits[below] - top_hits[i]);
      const cv::Vec3f colour = tracer.Trace(rays[i], step_u, step_v);
      row[u] = cv::Vec3b(cv::saturate_cast<uchar>(colour[0]), cv::saturate_cast<uchar>(colour[1]),
                         cv::saturate_cast<uchar>(colour[2]));
    }
  }
  return image;
}

}  // namespace tabref::vision::sim
