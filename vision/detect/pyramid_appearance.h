#pragma once

#include <opencv2/core.hpp>
#include <vector>

#include "calibration/table_mapping.h"
#include "vision/detect/pyramid_model.h"

namespace tabref::vision {

struct PyramidAppearanceOptions {
  // The pixels compared: those within this of the given pose's image (a neighbour touching
  // it would otherwise count as table).
  double margin_px = 2;
  // The camera's blur, as a box this wide (pixels): an edge's image ramps over it.
  double blur_px = 2.2;
  // A pixel whose colour is this far (8-bit units, the three channels' distance) from the
  // picture's costs no more (a neighbour in front, a glint); its weight in the colours' fit
  // falls to zero there, over `reweightings` refits.
  double outlier_colour = 40;
  int reweightings = 1;
  // The pose search: pattern search on position, turn and size from this many turns spread
  // evenly over an upright base's quarter turn or a lying one's whole turn (more than one
  // found nothing better on Ice Boule's tables: the outline's turn starts in the right
  // basin), with these first steps, halved `rounds` times.
  int start_turns = 1;
  double first_move_mm = 0.5;
  double first_turn_deg = 5;
  double first_scale_step = 0.03;
  int rounds = 4;
  double max_scale_change = 0.12;  // the size stays within this share of the set's
};

// How a pyramid looks from the camera, as the plainest picture that can still tell its turn
// at a pixel a millimetre: each face the camera sees of one colour (the lamps light the faces
// differently, so the ridges between them show where a 20-pixel silhouette's edges barely
// do), the table around it of one more, every edge blurred. The colours are fitted by
// robust least squares for each pose; what is left over says how well the pose explains the
// image.
class PyramidAppearance {
 public:
  // `image`: BGR 8-bit (its pixels are copied); `around`: the pose whose image (widened by
  // the margin) sets the pixels every pose is compared on. `mapping` must outlive this.
  PyramidAppearance(const cv::Mat& image, const calibration::TableMapping& mapping,
                    const PyramidShape& shape, const PyramidPlacement& around,
                    const PyramidAppearanceOptions& options);

  // Robust RMS colour residual (8-bit units) over the pixels of the pose drawn with its best
  // colours; infinite when there are no pixels.
  double Residual(const PyramidPlacement& placement, double scale = 1) const;

 private:
  const calibration::TableMapping& mapping_;
  PyramidShape shape_;
  PyramidAppearanceOptions options_;
  std::vector<cv::Point2d> at_;     // the pixels compared (image coordinates) ...
  std::vector<cv::Vec3d> colours_;  // ... and their colours
};

struct PyramidAppearanceFit {
  PyramidPlacement placement;
  double scale = 1;
  double residual = 0;  // PyramidAppearance::Residual at the pose
  int evaluations = 0;  // of the residual, by the search
};

// The pose near `initial` (same pose kind and height) whose picture explains the image best.
PyramidAppearanceFit FitPyramidAppearance(const PyramidAppearance& appearance,
                                          const PyramidPlacement& initial,
                                          const PyramidAppearanceOptions& options);

}  // namespace tabref::vision
