#include "vision/track/change_blob.h"

#include <algorithm>
#include <cmath>

namespace tabref::vision {

std::vector<ChangeBlob> JoinSmallParts(const std::vector<ChangeBlob>& parts, double tiny_area,
                                       double small_area, double join_px) {
  std::vector<ChangeBlob> blobs;
  blobs.reserve(parts.size());
  for (const ChangeBlob& part : parts) {
    ChangeBlob blob = part;
    if (part.area < std::max(tiny_area, small_area)) {
      // A fragment joins whatever lies in reach; a part of a piece (its art, its rim) only
      // other parts of one, never another piece's whole blob.
      const double most = part.area < tiny_area ? HUGE_VAL : small_area;
      cv::Point2d weighted = part.at * part.area;
      for (const ChangeBlob& other : parts) {
        if (other.labels == part.labels || other.area >= most ||
            cv::norm(other.at - part.at) > join_px)
          continue;
        weighted += other.at * other.area;
        blob.area += other.area;
        blob.labels.push_back(other.labels.front());
      }
      blob.at = weighted / blob.area;
    }
    blobs.push_back(std::move(blob));
  }
  return blobs;
}

}  // namespace tabref::vision
