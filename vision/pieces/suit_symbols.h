#pragma once

#include <opencv2/core.hpp>
#include <string_view>

namespace tabref::vision {

// Draws a piecepack suit symbol (suns, moons, crowns, arms) of about `size` pixels,
// centred at `centre`, antialiased. `background` fills the moon's bite.
void DrawSuitSymbol(cv::Mat& image, std::string_view suit, cv::Point2d centre, double size,
                    const cv::Scalar& colour, const cv::Scalar& background);

// Draws a value (a digit) `size` pixels high centred at `centre`.
void DrawValue(cv::Mat& image, std::string_view value, cv::Point2d centre, double size,
               const cv::Scalar& colour);

}  // namespace tabref::vision
