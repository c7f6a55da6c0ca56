#pragma once

#include <opencv2/core.hpp>
#include <optional>
#include <vector>

#include "calibration/markers.h"

namespace tabref::calibration {

// The focal length (px) that makes each marker's homography a rotation of a square: with
// square pixels, the principal point at the image centre and no distortion, the image of the
// absolute conic gives two linear constraints on 1/f^2 per marker (Zhang), solved by least
// squares over all markers. Nothing when the view is too frontal to tell (the constraints
// vanish when the markers face the camera squarely) or the solution is not plausible.
std::optional<double> FocalFromMarkerHomographies(const std::vector<MarkerObservation>& markers,
                                                  cv::Size image_size);

// The principal point assumed without intrinsics: the image centre (pixel centres at integers).
cv::Point2d ImageCentre(cv::Size image_size);

}  // namespace tabref::calibration
