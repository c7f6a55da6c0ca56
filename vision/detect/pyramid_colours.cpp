#include "vision/detect/pyramid_colours.h"

#include <algorithm>
#include <cmath>

namespace tabref::vision {
namespace {

const cv::Vec3f kGrey(1.0f / 3, 1.0f / 3, 1.0f / 3);
constexpr int kNeutral = 255;    // a chroma match for whichever neutral colour fits the brightness
constexpr int kChromaBins = 64;  // per axis of the per-frame table (blue and red shares)

float L1(const cv::Vec3f& v) { return std::abs(v[0]) + std::abs(v[1]) + std::abs(v[2]); }

}  // namespace

PyramidColours::PyramidColours(const PieceSet& set, PyramidColourOptions options)
    : options_(options) {
  for (const NamedColour& named : set.pyramid_colours) {
    Colour colour;
    colour.name = named.name;
    const cv::Vec3f bgr(static_cast<float>(named.bgr[0] / 255),
                        static_cast<float>(named.bgr[1] / 255),
                        static_cast<float>(named.bgr[2] / 255));
    const float sum = std::max(bgr[0] + bgr[1] + bgr[2], 1e-3f);
    colour.chroma = bgr * (1 / sum);
    colour.brightness = sum / 3;
    colour.neutral = L1(colour.chroma - kGrey) < options_.max_grey_distance;
    colours_.push_back(colour);
  }
}

std::vector<float> PyramidColours::MinSaturations(const cv::Vec3f& table_chroma,
                                                  bool bright_over_table) const {
  std::vector<float> least(colours_.size(), static_cast<float>(options_.min_saturation));
  if (bright_over_table) return least;
  for (size_t k = 0; k < colours_.size(); ++k) {
    if (colours_[k].neutral) continue;
    const cv::Vec3f direction = colours_[k].chroma - kGrey;
    const float share = (table_chroma - kGrey).dot(direction) / direction.dot(direction);
    const float off = L1(table_chroma - kGrey - share * direction);
    if (off <= options_.max_off_hue)
      least[k] = std::max(least[k], share + static_cast<float>(options_.table_saturation_margin));
  }
  return least;
}

int PyramidColours::ChromaMatch(const cv::Vec3f& chroma,
                                const std::vector<float>& min_saturations) const {
  float best = static_cast<float>(options_.max_off_hue);
  int match = 0;
  bool any_neutral = false;
  for (size_t k = 0; k < colours_.size(); ++k) {
    if (colours_[k].neutral) {
      any_neutral = true;
      continue;
    }
    const cv::Vec3f direction = colours_[k].chroma - kGrey;
    const float share = (chroma - kGrey).dot(direction) / direction.dot(direction);
    if (share < min_saturations[k] || share > options_.max_saturation) continue;
    const float off = L1(chroma - kGrey - share * direction);
    if (off <= best) {
      best = off;
      match = static_cast<int>(k + 1);
    }
  }
  if (match == 0 && any_neutral && L1(chroma - kGrey) <= options_.max_grey_distance)
    return kNeutral;
  return match;
}

int PyramidColours::WithBrightness(int match, float brightness) const {
  if (match == 0) return 0;
  const auto fits = [&](const Colour& colour) {
    if (colour.neutral && colour.brightness < 0.5f * options_.max_dark_brightness)
      return brightness <= options_.max_dark_brightness;
    const float low =
        std::max(static_cast<float>(options_.min_brightness_ratio) * colour.brightness,
                 colour.neutral ? 0.0f : static_cast<float>(options_.min_chromatic_brightness));
    return brightness >= low &&
           brightness <= static_cast<float>(options_.max_brightness_ratio) * colour.brightness;
  };
  if (match != kNeutral) return fits(colours_[static_cast<size_t>(match - 1)]) ? match : 0;
  for (size_t k = 0; k < colours_.size(); ++k) {
    if (colours_[k].neutral && fits(colours_[k])) return static_cast<int>(k + 1);
  }
  return 0;
}

float PyramidColours::BrightFloor(const TableColour& table) const {
  return static_cast<float>(options_.bright_over_table) * table.brightness;
}

int PyramidColours::Classify(const cv::Vec3f& balanced, const TableColour& table) const {
  const float sum = balanced[0] + balanced[1] + balanced[2];
  if (sum <= 0) return 0;
  return WithBrightness(ChromaMatch(balanced * (1 / sum),
                                    MinSaturations(table.chroma, sum / 3 >= BrightFloor(table))),
                        sum / 3);
}

TableColour PyramidColours::MedianColour(const cv::Mat& bgr, const PaperWhite& white) {
  constexpr int kStep = 7;
  std::array<std::vector<float>, 3> shares;
  std::vector<float> brightnesses;
  for (int y = kStep / 2; y < bgr.rows; y += kStep) {
    const auto* row = bgr.ptr<cv::Vec3b>(y);
    for (int x = kStep / 2; x < bgr.cols; x += kStep) {
      cv::Vec3f balanced;
      for (int c = 0; c < 3; ++c) balanced[c] = row[x][c] / std::max(white.bgr[c], 1.0f);
      const float sum = balanced[0] + balanced[1] + balanced[2];
      if (sum < 0.05f) continue;  // unlit, or outside the camera's view
      for (int c = 0; c < 3; ++c) shares[static_cast<size_t>(c)].push_back(balanced[c] / sum);
      brightnesses.push_back(sum / 3);
    }
  }
  const auto median_of = [](std::vector<float>& values, float none) {
    if (values.empty()) return none;
    const auto middle = values.begin() + static_cast<std::ptrdiff_t>(values.size() / 2);
    std::nth_element(values.begin(), middle, values.end());
    return *middle;
  };
  TableColour table;
  for (int c = 0; c < 3; ++c) table.chroma[c] = median_of(shares[static_cast<size_t>(c)], kGrey[c]);
  table.brightness = median_of(brightnesses, 0);
  return table;
}

cv::Mat PyramidColours::Label(const cv::Mat& bgr, int factor, const PaperWhite& white,
                              const TableColour& table_colour) const {
  CV_Assert(bgr.type() == CV_8UC3 && factor >= 1);
  const std::vector<float> min_saturations = MinSaturations(table_colour.chroma, false);
  const std::vector<float> bright_min_saturations = MinSaturations(table_colour.chroma, true);
  const float bright_total = 3 * BrightFloor(table_colour);  // a block's b + g + r
  // Per chroma bin: the match of a pixel, and of one bright over the table.
  std::vector<uchar> table(static_cast<size_t>(kChromaBins * kChromaBins), 0);
  std::vector<uchar> bright_table(table.size(), 0);
  for (int blue = 0; blue < kChromaBins; ++blue) {
    for (int red = 0; red + blue < kChromaBins; ++red) {
      const float b = (blue + 0.5f) / kChromaBins;
      const float r = (red + 0.5f) / kChromaBins;
      const size_t bin = static_cast<size_t>(blue * kChromaBins + red);
      table[bin] = static_cast<uchar>(ChromaMatch({b, 1 - b - r, r}, min_saturations));
      bright_table[bin] =
          static_cast<uchar>(ChromaMatch({b, 1 - b - r, r}, bright_min_saturations));
    }
  }
  // A block's colour is the mean of its top-left 2 x 2 pixels (the pixel itself when the
  // factor is 1): enough to quiet the noise at a few reads per block.
  const int span = std::min(factor, 2);
  constexpr float kReads = 4;  // per block (one pixel read four times when span is 1)
  const float gain_b = 1 / (std::max(white.bgr[0], 1.0f) * kReads);
  const float gain_g = 1 / (std::max(white.bgr[1], 1.0f) * kReads);
  const float gain_r = 1 / (std::max(white.bgr[2], 1.0f) * kReads);
  const cv::Size size(bgr.cols / factor, bgr.rows / factor);
  cv::Mat labels(size, CV_8U);
  const size_t next_row = span > 1 ? bgr.step[0] : 0;
  const size_t next_pixel = span > 1 ? 3 : 0;
  for (int y = 0; y < size.height; ++y) {
    const uchar* row = bgr.ptr<uchar>(y * factor);
    uchar* label = labels.ptr<uchar>(y);
    for (int x = 0; x < size.width; ++x) {
      const uchar* p = row + static_cast<size_t>(3 * x * factor);
      const uchar* q = p + next_row;
      const float b = static_cast<float>(p[0] + p[next_pixel] + q[0] + q[next_pixel]) * gain_b;
      const float g =
          static_cast<float>(p[1] + p[next_pixel + 1] + q[1] + q[next_pixel + 1]) * gain_g;
      const float r =
          static_cast<float>(p[2] + p[next_pixel + 2] + q[2] + q[next_pixel + 2]) * gain_r;
      const float total = b + g + r;
      label[x] = 0;
      if (total <= 1e-6f) continue;
      const float inverse = kChromaBins / total;
      const int blue = std::min(kChromaBins - 1, static_cast<int>(b * inverse));
      const int red = std::min(kChromaBins - 1 - blue, static_cast<int>(r * inverse));
      const size_t bin = static_cast<size_t>(blue * kChromaBins + red);
      const int match = total >= bright_total ? bright_table[bin] : table[bin];
      if (match != 0) label[x] = static_cast<uchar>(WithBrightness(match, total / 3));
    }
  }
  return labels;
}

}  // namespace tabref::vision
