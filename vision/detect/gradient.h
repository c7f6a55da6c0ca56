#pragma once

#include <opencv2/core.hpp>

namespace tabref::vision {

// The colour gradient of an image: at each pixel the Sobel gradient of the channel that
// changes most, so that edges between colours of equal brightness count too.
struct ColourGradient {
  cv::Mat dx;         // CV_16S, 3x3 Sobel
  cv::Mat dy;         // CV_16S
  cv::Mat magnitude;  // CV_32F, |(dx, dy)|
};

ColourGradient ComputeColourGradient(const cv::Mat& bgr);

}  // namespace tabref::vision
