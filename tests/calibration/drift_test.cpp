#include "calibration/drift.h"

#include <gtest/gtest.h>

#include <opencv2/imgproc.hpp>

#include "tests/calibration/synthetic_views.h"

namespace tabref::calibration {
namespace {

using testing::IntrinsicsOf;
using testing::MappingErrorP95;
using testing::MovedCamera;
using testing::PlayAreaGrid;
using testing::RenderTable;
using testing::TableScene;
using testing::TableView;

struct Stored {
  TableScene scene;
  TableCalibration calibration;
};

const Stored& Stored1080() {
  static const Stored stored = [] {
    Stored s;
    s.scene = testing::RenderTableScene(TableView{});
    s.calibration = CalibrateTable(s.scene.image, IntrinsicsOf(s.scene.camera));
    return s;
  }();
  return stored;
}

DriftReport CheckFrame(const Stored& stored, const vision::sim::Camera& camera, std::uint64_t seed,
                       int covered_marker = -1) {
  cv::Mat frame = RenderTable(camera, stored.scene.layout, seed);
  if (covered_marker >= 0) {
    std::vector<cv::Point> polygon;
    const cv::Vec3d centre =
        stored.scene.layout.MarkerCentres()[static_cast<size_t>(covered_marker)];
    for (const cv::Vec3d& corner : stored.scene.layout.MarkerCorners(covered_marker)) {
      polygon.push_back(camera.Project(centre + 1.4 * (corner - centre)));
    }
    cv::fillConvexPoly(frame, polygon, cv::Scalar(70, 100, 130));
  }
  return CheckDrift(stored.calibration, DetectTableMarkers(frame));
}

TEST(Drift, AnUnmovedCameraWithNewSensorNoiseIsSteady) {
  const Stored& stored = Stored1080();
  const DriftReport report = CheckFrame(stored, stored.scene.camera, 99);
  EXPECT_EQ(report.verdict, DriftVerdict::kSteady) << report.max_corner_shift_px;
  EXPECT_EQ(report.markers_seen, 4);
  EXPECT_FALSE(report.recalibrated);
}

// At 640x480 the far markers are 20 px wide: noise must still stay below the threshold, and
// a small move above it.
TEST(Drift, SmallFramesTellNoiseFromAMove) {
  TableView view;
  view.width = 640;
  view.height = 480;
  Stored stored;
  stored.scene = testing::RenderTableScene(view);
  stored.calibration = CalibrateTable(stored.scene.image, IntrinsicsOf(stored.scene.camera));
  const DriftReport steady = CheckFrame(stored, stored.scene.camera, 31);
  EXPECT_EQ(steady.verdict, DriftVerdict::kSteady) << steady.max_corner_shift_px;
  const DriftReport turned =
      CheckFrame(stored, MovedCamera(stored.scene.camera, {0, 0, 0}, 0.2), 32);
  EXPECT_EQ(turned.verdict, DriftVerdict::kMoved) << turned.max_corner_shift_px;
}

TEST(Drift, TwoMillimetresOrAFifthOfADegreeIsAMove) {
  const Stored& stored = Stored1080();
  const DriftReport shifted = CheckFrame(stored, MovedCamera(stored.scene.camera, {2, 0, 0}, 0), 5);
  EXPECT_EQ(shifted.verdict, DriftVerdict::kMoved) << shifted.max_corner_shift_px;
  const DriftReport turned =
      CheckFrame(stored, MovedCamera(stored.scene.camera, {0, 0, 0}, 0.2), 6);
  EXPECT_EQ(turned.verdict, DriftVerdict::kMoved) << turned.max_corner_shift_px;
}

// After a bump, the pose is re-estimated from three markers (a hand covers the fourth) with the
// stored layout, and maps table points as well as a fresh calibration would.
TEST(Drift, ReestimatesThePoseFromThreeMarkers) {
  const Stored& stored = Stored1080();
  const vision::sim::Camera bumped = MovedCamera(stored.scene.camera, {25, -10, 8}, 1.5);
  const DriftReport report = CheckFrame(stored, bumped, 7, 2);
  ASSERT_EQ(report.verdict, DriftVerdict::kMoved);
  EXPECT_EQ(report.markers_seen, 3);
  ASSERT_TRUE(report.recalibrated);
  EXPECT_LT(report.recalibrated->reprojection_rms_px, 0.5);
  EXPECT_LT(MappingErrorP95(*report.recalibrated, bumped, PlayAreaGrid(stored.scene.layout, 0)),
            0.5);
  // The stored pose would now be centimetres off.
  EXPECT_GT(MappingErrorP95(stored.calibration, bumped, PlayAreaGrid(stored.scene.layout, 0)), 10);
}

// A hand over part of one marker shifts that marker's corners by a few pixels (Ppolf seed 4:
// 2.2 and 5.0 px); the camera did not move, and play must not start again.
TEST(Drift, OneMarkerOffAloneIsNoMove) {
  const Stored& stored = Stored1080();
  MarkerDetection detection = DetectTableMarkers(stored.scene.image);
  ASSERT_EQ(detection.table_markers.size(), 4u);
  detection.table_markers[1].corners[0] += cv::Point2f(2.2f, 0);
  detection.table_markers[1].corners[1] += cv::Point2f(-3, 4);
  const DriftReport report = CheckDrift(stored.calibration, detection);
  EXPECT_EQ(report.verdict, DriftVerdict::kSteady);
  EXPECT_GT(report.max_corner_shift_px, 4);
  EXPECT_FALSE(report.recalibrated);
  // Two markers off is a move.
  detection.table_markers[2].corners[3] += cv::Point2f(0, 3);
  EXPECT_EQ(CheckDrift(stored.calibration, detection).verdict, DriftVerdict::kMoved);
}

TEST(Drift, OneMarkerIsNotEnoughToTell) {
  const Stored& stored = Stored1080();
  MarkerDetection one = DetectTableMarkers(stored.scene.image);
  one.table_markers.resize(1);
  EXPECT_EQ(CheckDrift(stored.calibration, one).verdict, DriftVerdict::kNotEnoughView);
}

}  // namespace
}  // namespace tabref::calibration
