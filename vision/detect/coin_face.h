#pragma once

#include <mutex>
#include <opencv2/core.hpp>
#include <optional>
#include <string>
#include <vector>

#include "calibration/table_mapping.h"
#include "vision/pieces/piece_set.h"

namespace tabref::vision {

struct CoinFaceOptions {
  int rings = 10;              // polar samples of the face: rings from the centre ...
  int sectors = 64;            // ... by sectors around it
  double face_reach = 0.8;     // outermost ring, as a share of the rim radius
  double blank_ink = 0.045;    // ink spread below this: a blank face (the null value side)
  double colour_weight = 2.0;  // shape match lost per radian between the inks' colours
  double min_match = 0.45;     // the best template must match at least this well
};

// What a coin's face shows: the suit side (with the suit) or the value side (with the
// value), or nothing recognisable.
struct CoinFace {
  bool recognised = false;
  std::string side;                 // "suit" | "value"
  std::optional<std::string> suit;  // on the suit side
  std::optional<std::string> rank;  // on the value side
  double score = 0;                 // of the best template (shape match minus colour misfit)
  double margin = 0;                // over the best template of another class
  double confidence = 0;            // 0..1
  double angle_deg = 0;             // turn of the printed art about +z
  // The ink's colour relative to the plain face (1 = the face's colour), BGR, from the
  // darkest quarter of the samples the recognised art inks: what enrollment measures.
  cv::Vec3f ink_colour{1, 1, 1};
};

// Recognises coin faces by their printed art: the face is sampled on the coin's top plane
// in polar coordinates, white-balanced by the plain ring near the rim, and its ink matched
// at every turn against templates rendered from the set's own art (vision/pieces).
class CoinFaceClassifier {
 public:
  CoinFaceClassifier(const PieceSet& set, CoinFaceOptions options = {});
  CoinFaceClassifier(const CoinFaceClassifier& other);
  CoinFaceClassifier& operator=(const CoinFaceClassifier&) = delete;

  // Safe to call from several threads.
  CoinFace Classify(const cv::Mat& image, const calibration::TableMapping& mapping,
                    const cv::Point2d& centre_mm, double radius_mm, double height_mm) const;

 private:
  struct Template {
    std::string side;
    std::optional<std::string> suit;
    std::optional<std::string> rank;
    std::vector<float> ink;   // rings x sectors, zero mean, unit norm
    std::vector<float> mask;  // rings x sectors: 1 where the art is inked
    cv::Mat spectrum;         // of `ink`, ring by ring (DFT rows)
    cv::Vec3f ink_direction;  // which channels the ink absorbs (unit vector)
  };
  // Templates blurred for a camera seeing `px_per_mm` (cached per rounded scale).
  const std::vector<Template>& TemplatesFor(double px_per_mm) const;

  PieceSet set_;
  CoinFaceOptions options_;
  mutable std::mutex cache_mutex_;
  mutable std::vector<std::pair<int, std::vector<Template>>> cache_;
};

}  // namespace tabref::vision
