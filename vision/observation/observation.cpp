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

std::optional<ObservedKind> ObservedKindFromString(std::string_view name) {
  for (ObservedKind kind : {ObservedKind::kCoin, ObservedKind::kTile, ObservedKind::kPyramid}) {
    if (name == ToString(kind)) return kind;
  }
  return std::nullopt;
}

}  // namespace tabref::vision
