#include "vision/observation/observation.h"

#include <algorithm>
#include <cmath>

namespace tabref::vision {

const char* ToString(ObservedKind kind) {
  switch (kind) {
    case ObservedKind::kCoin:
      return "coin";
    case ObservedKind::kTile:
      return "tile";
    case ObservedKind::kPyramid:
      return "pyramid";
  }
  return "?";
}

double RelativeSigma(const ObservedPiece& piece) {
  return std::sqrt(std::max(0.0, piece.sigma_mm * piece.sigma_mm -
                                     piece.calibration_sigma_mm * piece.calibration_sigma_mm));
}

std::optional<ObservedKind> ObservedKindFromString(std::string_view name) {
  for (ObservedKind kind : {ObservedKind::kCoin, ObservedKind::kTile, ObservedKind::kPyramid}) {
    if (name == ToString(kind)) return kind;
  }
  return std::nullopt;
}

}  // namespace tabref::vision
