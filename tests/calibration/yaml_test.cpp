#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <opencv2/calib3d.hpp>

#include "calibration/calibration_error.h"
#include "calibration/intrinsics.h"
#include "calibration/table_calibration.h"

namespace tabref::calibration {
namespace {

const std::filesystem::path kOpenCvLeft =
    std::filesystem::path(TABREF_SOURCE_DIR) / "tests/calibration/data/opencv-left";

std::string MessageOf(const std::function<void()>& action) {
  try {
    action();
  } catch (const CalibrationError& error) {
    return error.what();
  }
  return "";
}

TableCalibration SomeCalibration() {
  TableCalibration calibration;
  calibration.intrinsics.image_size = {1920, 1080};
  calibration.intrinsics.camera_matrix = {1500, 0, 961, 0, 1500, 538, 0, 0, 1};
  calibration.intrinsics.distortion = (cv::Mat_<double>(1, 5) << -0.09, 0.04, 0.0005, -0.0004, 0);
  calibration.intrinsics.avg_reprojection_error = 0.21;
  calibration.focal_estimated = true;
  cv::Rodrigues(cv::Vec3d(2.6, 0.1, -0.05), calibration.rotation);
  calibration.translation = {-380, 120, 1100};
  calibration.marker_side_mm = 60;
  calibration.marker_centres_mm = {cv::Point2d(0, 0), cv::Point2d(760.2, 0),
                                   cv::Point2d(766.1, 455.3), cv::Point2d(-0.4, 460.1)};
  calibration.marker_angles_deg = {0.3, -1.2, 0.1, 2.5};
  calibration.play_area_mm.assign(calibration.marker_centres_mm.begin(),
                                  calibration.marker_centres_mm.end());
  calibration.reprojection_rms_px = 0.17;
  calibration.marker_rms_px = {0.1, 0.2, 0.15, 0.18};
  for (int i = 0; i < 6; ++i) calibration.pose_covariance(i, i) = 1e-6 * (i + 1);
  return calibration;
}

TEST(TableYaml, RoundTripsEveryField) {
  const TableCalibration original = SomeCalibration();
  const TableCalibration read = TableCalibrationFromYaml(TableCalibrationToYaml(original));
  EXPECT_EQ(read.intrinsics.image_size, original.intrinsics.image_size);
  EXPECT_LT(cv::norm(read.intrinsics.camera_matrix - original.intrinsics.camera_matrix), 1e-9);
  EXPECT_LT(cv::norm(read.intrinsics.distortion - original.intrinsics.distortion), 1e-12);
  EXPECT_EQ(read.intrinsics.avg_reprojection_error, original.intrinsics.avg_reprojection_error);
  EXPECT_TRUE(read.focal_estimated);
  EXPECT_LT(cv::norm(read.rotation - original.rotation), 1e-12);
  EXPECT_LT(cv::norm(read.translation - original.translation), 1e-9);
  for (size_t id = 0; id < 4; ++id) {
    EXPECT_EQ(read.marker_centres_mm[id], original.marker_centres_mm[id]);
    EXPECT_EQ(read.marker_angles_deg[id], original.marker_angles_deg[id]);
    EXPECT_EQ(read.marker_rms_px[id], original.marker_rms_px[id]);
  }
  EXPECT_EQ(read.play_area_mm, original.play_area_mm);
  EXPECT_EQ(read.reprojection_rms_px, original.reprojection_rms_px);
  EXPECT_LT(cv::norm(read.pose_covariance - original.pose_covariance), 1e-18);
}

TEST(TableYaml, FilesAreWrittenWholeAndBadOnesNamed) {
  const std::filesystem::path file = std::filesystem::temp_directory_path() /
                                     ("tabref_table_" + std::to_string(::getpid()) + ".yml");
  WriteTableCalibration(SomeCalibration(), file);
  EXPECT_EQ(ReadTableCalibration(file).translation, SomeCalibration().translation);
  // Nothing but the file itself in the folder afterwards (no temporary left).
  for (const auto& entry : std::filesystem::directory_iterator(file.parent_path())) {
    EXPECT_EQ(entry.path().string().find(file.string() + ".tmp"), std::string::npos);
  }
  std::filesystem::remove(file);

  EXPECT_NE(MessageOf([&] { ReadTableCalibration(file); }).find("cannot read " + file.string()),
            std::string::npos);
  EXPECT_NE(MessageOf([] { TableCalibrationFromYaml("{{{ not: yaml", "t.yml"); }).find("t.yml"),
            std::string::npos);
  std::string yaml = TableCalibrationToYaml(SomeCalibration());
  const std::string without_pose =
      yaml.substr(0, yaml.find("camera_from_table")) + yaml.substr(yaml.find("marker_side_mm"));
  EXPECT_NE(MessageOf([&] {
              TableCalibrationFromYaml(without_pose, "t.yml");
            }).find("t.yml: missing field camera_from_table"),
            std::string::npos);
  // Plain intrinsics are not a table file.
  EXPECT_NE(MessageOf([] {
              TableCalibrationFromYaml(IntrinsicsToYaml(Intrinsics{}), "c.yml");
            }).find("format"),
            std::string::npos);
}

TEST(IntrinsicsYaml, ReadsOpenCvsCalibrationSampleOutput) {
  const Intrinsics intrinsics = ReadIntrinsics(kOpenCvLeft / "left_intrinsics.yml");
  EXPECT_EQ(intrinsics.image_size, cv::Size(640, 480));
  EXPECT_NEAR(intrinsics.camera_matrix(0, 0), 535.9157, 1e-3);
  EXPECT_EQ(intrinsics.distortion.cols, 5);
  EXPECT_NEAR(intrinsics.distortion.at<double>(4), 0.2384, 1e-4);
  EXPECT_NEAR(*intrinsics.avg_reprojection_error, 0.3926, 1e-4);
  const Intrinsics again = IntrinsicsFromYaml(IntrinsicsToYaml(intrinsics));
  EXPECT_LT(cv::norm(again.camera_matrix - intrinsics.camera_matrix), 1e-9);
  const Intrinsics doubled = intrinsics.ScaledTo({1280, 960});
  EXPECT_NEAR(doubled.camera_matrix(0, 0), 2 * 535.9157, 2e-3);
  EXPECT_NEAR(doubled.camera_matrix(0, 2), 2 * (342.283 + 0.5) - 0.5, 2e-3);
  EXPECT_THROW(intrinsics.ScaledTo({1280, 720}), CalibrationError);
}

TEST(IntrinsicsYaml, BadFieldsAreNamed) {
  const std::string good = IntrinsicsToYaml(ReadIntrinsics(kOpenCvLeft / "left_intrinsics.yml"));
  std::string no_matrix = good;
  no_matrix.replace(no_matrix.find("camera_matrix"), 13, "kamera_matrix");
  EXPECT_NE(MessageOf([&] {
              IntrinsicsFromYaml(no_matrix, "c.yml");
            }).find("c.yml: missing field camera_matrix"),
            std::string::npos);
  std::string bad_width = good;
  bad_width.replace(bad_width.find("image_width: 640"), 16, "image_width: abc");
  EXPECT_NE(MessageOf([&] { IntrinsicsFromYaml(bad_width, "c.yml"); }).find("image_width"),
            std::string::npos);
  EXPECT_NE(MessageOf([] { IntrinsicsFromYaml("", "c.yml"); }).find("c.yml"), std::string::npos);
}

}  // namespace
}  // namespace tabref::calibration
