#pragma once

#include <opencv2/core.hpp>
#include <vector>

namespace tabref::vision {

// cv::connectedComponentsWithStats (8-connected, CV_32S) of a CV_8U `mask`, run over the
// bounding box of its non-zero pixels only: the same components with the same stats and
// centroids, in the mask's coordinates (numbered in another order: OpenCV's parallel
// labelling numbers by stripe); the background's row (label 0) describes the box alone. `labels`,
// when given, is the mask's size, 0 outside the box. On a mostly empty mask (the change of a table
// at rest) a fraction of the work.
int ComponentsWithStats(const cv::Mat& mask, cv::Mat* labels, cv::Mat& stats, cv::Mat& centroids);

// The bounding box of component `label` in `stats` (as ComponentsWithStats gives them).
cv::Rect ComponentBox(const cv::Mat& stats, int label);

// Which of the `count` components in `labels` and `stats` (as ComponentsWithStats gives them)
// touch `other` (CV_8U, the same size, non-zero inside): overlap it or lie next to it
// (8-connected). Empty `other`: none. Reads each component's box only.
std::vector<bool> ComponentsTouching(const cv::Mat& labels, const cv::Mat& stats, int count,
                                     const cv::Mat& other);

// `mask` (CV_8U) without its components that touch `other` (as above).
cv::Mat WithoutComponentsTouching(const cv::Mat& mask, const cv::Mat& other);

}  // namespace tabref::vision
