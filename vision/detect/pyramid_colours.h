#pragma once

#include <array>
#include <opencv2/core.hpp>
#include <string>
#include <vector>

#include "vision/detect/paper_white.h"
#include "vision/pieces/piece_set.h"

namespace tabref::vision {

struct PyramidColourOptions {
  // Translucent plastic keeps its hue but loses saturation (the table shows through, glare
  // adds white): a pixel's chromaticity c (balanced b, g, r over their sum) is taken apart as
  // grey + s * (colour - grey) + off, and fits the colour when its off-hue part |off| (L1)
  // is at most this ...
  double max_off_hue = 0.12;
  // ... and its saturation share s lies within these bounds ...
  double min_saturation = 0.5;
  double max_saturation = 1.4;
  // ... but at least this much above the table's own share (a green felt is a greyish
  // green, a wood a greyish yellow) ...
  double table_saturation_margin = 0.2;
  // ... unless the pixel is at least this many times as bright as the table: the lit face of
  // a green pyramid on green felt, in some light hardly more saturated than the felt, is far
  // brighter than it (the shaded faces stay unlabelled, as on any table).
  double bright_over_table = 1.8;
  // Brightness (balanced, white = 1) a chromatic pixel needs, relative to its colour's own:
  // shaded faces are darker, lit ones brighter, and below a floor chromaticity is noise.
  double min_brightness_ratio = 0.3;
  double max_brightness_ratio = 2.6;
  double min_chromatic_brightness = 0.08;
  // A colour whose chromaticity lies this close to grey (L1) is a neutral one (black,
  // clear); a pixel fits it when that close to grey too ...
  double max_grey_distance = 0.15;
  // ... and, for a dark neutral colour, at most this bright.
  double max_dark_brightness = 0.42;
};

// The table's colour in a frame: the median balanced chromaticity (b, g, r shares) and
// brightness (balanced, white = 1).
struct TableColour {
  cv::Vec3f chroma{1.0f / 3, 1.0f / 3, 1.0f / 3};
  float brightness = 0;
};

// Labels pixels with the set's pyramid colours: each pixel is balanced against the paper's
// white and compared by hue, saturation and brightness with the colours of the set file,
// which is how real sets with other colours are found too. The comparison is tabulated per
// frame over balanced chromaticity, so labelling costs a lookup per pixel.
class PyramidColours {
 public:
  PyramidColours(const PieceSet& set, PyramidColourOptions options);

  // Labels blocks of `factor` x `factor` pixels of `bgr` (their mean colour): CV_8U of
  // bgr.size() / factor, 0 where no pyramid colour fits, else 1 + the colour's index.
  cv::Mat Label(const cv::Mat& bgr, int factor, const PaperWhite& white,
                const TableColour& table) const;

  // The colour index + 1 of a balanced colour (BGR, white = 1), or 0; exact (no table).
  int Classify(const cv::Vec3f& balanced, const TableColour& table) const;

  // The median balanced colour of the image (sampled): the table's.
  static TableColour MedianColour(const cv::Mat& bgr, const PaperWhite& white);

  size_t Count() const { return colours_.size(); }
  const std::string& Name(size_t index) const { return colours_[index].name; }

 private:
  struct Colour {
    std::string name;
    cv::Vec3f chroma;  // b, g, r over their sum
    float brightness = 0;
    bool neutral = false;
  };
  // The least saturation share each colour accepts on this table, from a pixel that is or is
  // not bright_over_table times as bright as it.
  std::vector<float> MinSaturations(const cv::Vec3f& table_chroma, bool bright_over_table) const;
  // The brightness from which a pixel is bright_over_table times as bright as `table`.
  float BrightFloor(const TableColour& table) const;
  // The chromatic colour a chromaticity fits (index + 1), 0 for none, or kNeutral when it is
  // grey enough for a neutral colour.
  int ChromaMatch(const cv::Vec3f& chroma, const std::vector<float>& min_saturations) const;
  // The colour (index + 1) a chroma match at this brightness gives, or 0.
  int WithBrightness(int match, float brightness) const;

  std::vector<Colour> colours_;
  PyramidColourOptions options_;
};

}  // namespace tabref::vision
