#pragma once

#include <opencv2/core.hpp>
#include <vector>

namespace tabref::vision {

// A hand's mask (CV_8U, 255 where it hides the table) with the motion joined to it (`moving`,
// CV_8U: the frame's motion off the hand): where a hand over a table of its colour moves, it
// differs from the table too little to be taken into the hand. Empty `hand`: empty.
cv::Mat HandInMotion(const cv::Mat& hand, const cv::Mat& moving);

// Which of the `count` components in `labels` and `stats` (ComponentsWithStats) are the hand's:
// they touch `hand_in_motion` and at least `skin_share` of them looks like skin in `view` (BGR).
// A coin's blur beside the fingers, its colour mixed with the table's, is less skin.
std::vector<bool> HandBlobs(const cv::Mat& labels, const cv::Mat& stats, int count,
                            const cv::Mat& view, const cv::Mat& hand_in_motion, double skin_share);

}  // namespace tabref::vision
