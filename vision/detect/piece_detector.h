#pragma once

#include <memory>
#include <opencv2/core.hpp>

#include "calibration/table_mapping.h"
#include "vision/detect/coin_finder.h"
#include "vision/detect/detection.h"
#include "vision/detect/detection_hints.h"
#include "vision/detect/detection_options.h"
#include "vision/detect/pyramid_finder.h"
#include "vision/detect/tile_finder.h"
#include "vision/detect/top_view.h"
#include "vision/pieces/piece_set.h"

namespace tabref::vision {

// Finds the pieces of a set on a calibrated table: a pipeline of named stages (preprocess,
// candidates, fit, classify, dedupe, refine) with per-stage timing, optional debug images
// and the rejected candidates kept.
class PieceDetector {
 public:
  PieceDetector(PieceSet set, DetectionOptions options = {});

  // Prepares for frames seen through this calibration (builds the top view): call again
  // when the calibration changes.
  void SetCalibration(const calibration::TableCalibration& calibration);
  bool HasCalibration() const { return mapping_ != nullptr; }
  const calibration::TableMapping& Mapping() const { return *mapping_; }
  // The top view frames are resampled into (for benchmarks and tools that run one finder).
  const TopView& View() const { return *view_; }

  // Detects the pieces in a BGR 8-bit frame. Needs SetCalibration first. `hints`: what a
  // caller watching the table knows (where it saw pieces come to rest, where nothing changed
  // since an earlier detection turned a candidate down).
  Detection Detect(const cv::Mat& frame, const DetectionHints& hints = {}) const;
  // The face of a coin lying on the table with its rim centred at `centre_mm`, however poorly
  // it reads (for a coin known to be there, such as one a tracker followed).
  CoinFace ReadCoinFace(const cv::Mat& frame, rules::Vec2 centre_mm) const;

  const PieceSet& Set() const { return set_; }
  const DetectionOptions& Options() const { return options_; }

 private:
  PieceSet set_;
  DetectionOptions options_;
  CoinFinder coins_;
  TileFinder tiles_;
  PyramidFinder pyramids_;
  std::unique_ptr<calibration::TableMapping> mapping_;
  std::unique_ptr<TopView> view_;
};

}  // namespace tabref::vision
