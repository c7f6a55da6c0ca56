#pragma once

#include <opencv2/core.hpp>
#include <vector>

#include "calibration/lens_model.h"
#include "calibration/table_calibration.h"

namespace tabref::calibration {

// A table point with its 1-sigma uncertainty (mm, isotropic: the larger axis of the
// covariance ellipse).
struct MappedPoint {
  cv::Point2d table_mm;
  double sigma_mm = 0;
};

// Image <-> table geometry for one calibration. Points on a horizontal plane `height_mm`
// above the table (a coin's top face is 3.18 mm up; ignoring that costs millimetres at
// oblique views). Thread-safe after construction.
class TableMapping {
 public:
  explicit TableMapping(TableCalibration calibration);

  const TableCalibration& Calibration() const { return calibration_; }

  // Distorted pixel -> point on the plane z = height_mm (table frame, x and y); NaN when the
  // pixel's ray does not reach that plane (it looks above the horizon).
  cv::Point2d ImageToTable(const cv::Point2d& pixel, double height_mm = 0) const;
  std::vector<cv::Point2d> ImageToTable(const std::vector<cv::Point2d>& pixels,
                                        double height_mm = 0) const;
  // The same with uncertainty: the calibration's pose covariance plus an isotropic pixel
  // error of `pixel_sigma_px` (the detector's fit residual) mapped onto the plane.
  MappedPoint ImageToTableWithSigma(const cv::Point2d& pixel, double height_mm,
                                    double pixel_sigma_px) const;
  // Table-frame 3D point (mm) -> distorted pixel, as cv::projectPoints computes it.
  cv::Point2d TableToImage(const cv::Vec3d& table_point) const;
  std::vector<cv::Point2d> TableToImage(const std::vector<cv::Vec3d>& table_points) const;
  // Undistorted normalised ray direction in the table frame through a distorted pixel.
  cv::Vec3d RayThrough(const cv::Point2d& pixel) const;
  // The camera centre in the table frame (mm).
  cv::Vec3d CameraCentre() const;
  // Image pixels per table millimetre near a table point (the local scale of the view).
  double PixelsPerMm(const cv::Vec3d& table_point) const;

 private:
  // The plane point hit by the ray through an undistorted normalised image point for the
  // pose (table_from_camera, camera centre).
  static cv::Point2d Intersect(const cv::Point2d& normalised, const cv::Matx33d& table_from_camera,
                               const cv::Vec3d& centre, double height_mm);

  TableCalibration calibration_;
  LensModel lens_;
  cv::Matx33d table_from_camera_;
  cv::Vec3d centre_;
  cv::Vec3d rotation_vector_;
};

}  // namespace tabref::calibration
