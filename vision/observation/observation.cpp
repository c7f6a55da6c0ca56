#include "vision/observation/observation.h"

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

}  // namespace tabref::vision
