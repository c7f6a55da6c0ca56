#include "vision/enroll/set_enrollment.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <stdexcept>
#include <variant>

#include "calibration/median.h"
#include "calibration/table_mapping.h"
#include "vision/detect/coin_face.h"
#include "vision/detect/piece_detector.h"
#include "vision/pieces/piece_set.h"

namespace tabref::vision {
namespace {

std::string Hex(const cv::Vec3d& bgr) {
  char text[8];
  auto byte = [](double value) { return static_cast<int>(std::clamp(value, 0.0, 255.0) + 0.5); };
  std::snprintf(text, sizeof text, "#%02X%02X%02X", byte(bgr[2]), byte(bgr[1]), byte(bgr[0]));
  return text;
}

std::string Fixed(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2f", value);
  return text;
}

Detection DetectByShape(const nlohmann::json& definition, const cv::Mat& image,
                        const calibration::TableCalibration& calibration) {
  DetectionOptions options;
  options.coin_face.colour_weight = 0;
  PieceDetector detector(PieceSetFromJson(definition, "enrolled set"), options);
  detector.SetCalibration(calibration);
  return detector.Detect(image);
}

}  // namespace

void SetEnrollmentOptions::Check() const {
  if (min_coins_for_size < 1) throw std::invalid_argument("min_coins_for_size must be >= 1");
  if (!(max_diameter_change_mm > 0)) {
    throw std::invalid_argument("max_diameter_change_mm must be positive");
  }
}

SetEnrollment EnrollSet(const nlohmann::json& base, const std::string& name, const cv::Mat& image,
                        const calibration::TableCalibration& calibration,
                        const SetEnrollmentOptions& options) {
  options.Check();
  const PieceSet base_set = PieceSetFromJson(base, "base set");
  SetEnrollment result;
  result.definition = base;
  result.definition["name"] = name;
  result.definition["description"] = "Enrolled from the camera, based on " + base_set.name + ".";

  // The rim's edge is found a little inside or outside the true rim, more so the more the
  // searched radius is off: measure, detect again with the measured size, until it settles.
  result.detection = DetectByShape(result.definition, image, calibration);
  double diameter = base_set.coin_diameter_mm;
  for (int pass = 0; pass < 3; ++pass) {
    const Detection& seen = result.detection;
    if (seen.measured_coin_count < options.min_coins_for_size) break;
    const double measured = 2 * seen.measured_coin_radius_mm;
    if (std::abs(measured - base_set.coin_diameter_mm) > options.max_diameter_change_mm) {
      result.kept.push_back("coin diameter: measured " + Fixed(measured) + " mm is more than " +
                            Fixed(options.max_diameter_change_mm) + " mm from the base set's; " +
                            "check the marker size and calibration");
      diameter = base_set.coin_diameter_mm;
      break;
    }
    const bool settled = std::abs(measured - diameter) < 0.02;
    diameter = measured;
    result.definition["coin"]["diameter_mm"] = std::round(diameter * 100) / 100;
    result.detection = DetectByShape(result.definition, image, calibration);
    if (settled) break;
  }
  if (diameter != base_set.coin_diameter_mm) {
    result.measured.push_back("coin diameter " + Fixed(diameter) + " mm from " +
                              std::to_string(result.detection.measured_coin_count) + " coins");
  } else if (result.kept.empty()) {
    result.kept.push_back("coin diameter: fewer than " +
                          std::to_string(options.min_coins_for_size) + " coins well seen");
  }

  // A suit's ink relative to the coin's face, times the face's colour in the set file: the
  // camera's white balance and exposure cancel.
  const PieceSet set = PieceSetFromJson(result.definition, "enrolled set");
  const calibration::TableMapping mapping(calibration);
  CoinFaceOptions shape_only;
  shape_only.colour_weight = 0;
  const CoinFaceClassifier classifier(set, shape_only);
  std::map<std::string, std::vector<cv::Vec3f>> inks;
  for (const ObservedPiece& coin : result.detection.pieces) {
    if (coin.kind != ObservedKind::kCoin || coin.on_top_of || coin.side != "suit" || !coin.suit) {
      continue;
    }
    const CoinFace face =
        classifier.Classify(image, mapping, {coin.position_mm.x, coin.position_mm.y},
                            set.coin_diameter_mm / 2, set.coin_thickness_mm);
    if (face.recognised && face.suit == coin.suit) inks[*coin.suit].push_back(face.ink_colour);
  }
  for (size_t i = 0; i < set.suits.size(); ++i) {
    const std::string& suit = set.suits[i].name;
    const auto found = inks.find(suit);
    if (found == inks.end()) {
      result.kept.push_back(suit + " colour: no " + suit + " coin seen suit side up");
      continue;
    }
    cv::Vec3d colour;
    for (int c = 0; c < 3; ++c) {
      std::vector<double> channel;
      for (const cv::Vec3f& ink : found->second) channel.push_back(ink[c]);
      colour[c] = Median(channel) * set.coin_colour[c];
    }
    result.definition["suits"][i]["colour"] = Hex(colour);
    result.measured.push_back(suit + " colour " + Hex(colour) + " from " +
                              std::to_string(found->second.size()) + " coins");
  }
  // The result must still be a valid set file.
  PieceSetFromJson(result.definition, "enrolled set '" + name + "'");
  return result;
}

}  // namespace tabref::vision
