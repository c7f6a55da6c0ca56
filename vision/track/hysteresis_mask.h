#pragma once

#include <opencv2/core.hpp>

namespace tabref::vision {

// Where `change` (CV_8U) exceeds `low` in a connected region (8-connected) that somewhere
// exceeds `high`: 255 there, else 0. Faint parts of a change join its strong core; faint
// change alone (noise) does not count.
cv::Mat HysteresisMask(const cv::Mat& change, double low, double high);

}  // namespace tabref::vision
