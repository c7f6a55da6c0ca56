#pragma once

#include <opencv2/core.hpp>
#include <vector>

namespace tabref::vision {

// A 4-connected region of equal non-zero labels.
struct LabelledBlob {
  int label = 0;
  int cells = 0;
  int interior = 0;  // cells whose four neighbours all carry the label
  std::vector<cv::Point> points;
};

// The blobs of a CV_8U label image (0 is background), by union-find in two passes.
std::vector<LabelledBlob> LabelBlobs(const cv::Mat& labels);

}  // namespace tabref::vision
