#include "calibration/table_mapping.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "tests/calibration/synthetic_views.h"

namespace tabref::calibration {
namespace {

using testing::IntrinsicsOf;
using testing::LayoutOf;
using testing::PlaceTableCamera;
using testing::TableView;

// The exact corners of the four markers as `camera` sees them, plus Gaussian pixel noise.
MarkerDetection ProjectedMarkers(const vision::sim::Camera& camera,
                                 const vision::sim::TableLayout& layout, double noise_px,
                                 std::mt19937_64& random) {
  std::normal_distribution<double> noise(0, noise_px);
  MarkerDetection detection;
  for (int id = 0; id < 4; ++id) {
    MarkerObservation marker;
    marker.id = id;
    const auto corners = layout.MarkerCorners(id);
    for (size_t k = 0; k < 4; ++k) {
      const cv::Point2d pixel = camera.Project(corners[k]);
      marker.corners[k] = cv::Point2f(static_cast<float>(pixel.x + noise(random)),
                                      static_cast<float>(pixel.y + noise(random)));
    }
    detection.table_markers.push_back(marker);
  }
  return detection;
}

struct Fixture {
  TableView view;
  vision::sim::TableLayout layout = LayoutOf(view);
  vision::sim::Camera camera = PlaceTableCamera(view, layout);
};

TEST(TableMapping, ProjectsAndMapsBackAtEveryHeight) {
  const Fixture f;
  std::mt19937_64 random(3);
  const TableCalibration calibration = CalibrateTable(
      ProjectedMarkers(f.camera, f.layout, 0, random), f.camera.image_size, IntrinsicsOf(f.camera));
  const TableMapping mapping(calibration);
  for (const cv::Vec3d& point : {cv::Vec3d(0, 0, 0), cv::Vec3d(380, 230, 3.18),
                                 cv::Vec3d(-60, 500, 0), cv::Vec3d(800, -40, 44.5)}) {
    const cv::Point2d pixel = mapping.TableToImage(point);
    EXPECT_LT(cv::norm(pixel - f.camera.Project(point)), 1e-3);
    const cv::Point2d back = mapping.ImageToTable(pixel, point[2]);
    EXPECT_LT(cv::norm(back - cv::Point2d(point[0], point[1])), 1e-3);
    EXPECT_LT(cv::norm(mapping.RayThrough(pixel) - cv::normalize(point - mapping.CameraCentre())),
              1e-6);
  }
  EXPECT_LT(cv::norm(mapping.CameraCentre() - f.camera.Centre()), 1e-2);
  EXPECT_NEAR(mapping.PixelsPerMm({380, 230, 0}), f.camera.PixelsPerMm({380, 230, 0}), 1e-3);
  // A coin's top seen obliquely: mapping it at table height is off by millimetres.
  const cv::Point2d coin_top = mapping.TableToImage(cv::Vec3d(700, 420, 3.18));
  EXPECT_GT(cv::norm(mapping.ImageToTable(coin_top, 0) - cv::Point2d(700, 420)), 1.0);
  // A ray above the horizon never meets the table.
  EXPECT_TRUE(std::isnan(mapping.ImageToTable({960, -20000}, 0).x));
}

// The predicted 1-sigma of a mapped point agrees with the spread of calibrations made from
// noisy corners (Monte Carlo).
TEST(TableMapping, SigmaMatchesTheSpreadOfRepeatedCalibrations) {
  const Fixture f;
  constexpr double kCornerNoisePx = 0.3;
  std::mt19937_64 random(11);
  const std::vector<cv::Vec3d> points{{760, 460, 0}, {380, 230, 0}, {40, 440, 3.18}};
  std::vector<std::vector<cv::Point2d>> errors(points.size());
  double predicted_sum = 0;
  constexpr int kRuns = 60;
  std::vector<double> predicted(points.size(), 0);
  for (int run = 0; run < kRuns; ++run) {
    const TableCalibration calibration =
        CalibrateTable(ProjectedMarkers(f.camera, f.layout, kCornerNoisePx, random),
                       f.camera.image_size, IntrinsicsOf(f.camera));
    const TableMapping mapping(calibration);
    for (size_t i = 0; i < points.size(); ++i) {
      const cv::Point2d pixel = f.camera.Project(points[i]);
      const MappedPoint mapped = mapping.ImageToTableWithSigma(pixel, points[i][2], 0);
      errors[i].push_back(mapped.table_mm - cv::Point2d(points[i][0], points[i][1]));
      predicted[i] += mapped.sigma_mm / kRuns;
    }
  }
  for (size_t i = 0; i < points.size(); ++i) {
    // The larger axis of the empirical covariance.
    cv::Matx22d covariance = cv::Matx22d::zeros();
    for (const cv::Point2d& e : errors[i]) {
      covariance += cv::Matx22d(e.x * e.x, e.x * e.y, e.x * e.y, e.y * e.y) * (1.0 / kRuns);
    }
    cv::Matx21d eigenvalues;
    cv::eigen(covariance, eigenvalues);
    const double observed = std::sqrt(eigenvalues(0));
    EXPECT_GT(predicted[i], 0.6 * observed) << i;
    EXPECT_LT(predicted[i], 1.6 * observed) << i;
    predicted_sum += predicted[i];
  }
  EXPECT_GT(predicted_sum, 0);
  // The detector's own pixel error adds on top.
  const TableMapping mapping(CalibrateTable(ProjectedMarkers(f.camera, f.layout, 0.3, random),
                                            f.camera.image_size, IntrinsicsOf(f.camera)));
  const cv::Point2d pixel = f.camera.Project(cv::Vec3d(380, 230, 0));
  const double with_pixel_error = mapping.ImageToTableWithSigma(pixel, 0, 1.0).sigma_mm;
  EXPECT_GT(with_pixel_error, mapping.ImageToTableWithSigma(pixel, 0, 0).sigma_mm);
  EXPECT_GT(with_pixel_error, 0.8 / f.camera.PixelsPerMm({380, 230, 0}));
}

}  // namespace
}  // namespace tabref::calibration
