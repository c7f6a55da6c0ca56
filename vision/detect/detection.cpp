#include "vision/detect/detection.h"

namespace tabref::vision {

double Detection::TotalMs() const {
  double total = 0;
  for (const StageTiming& timing : timings) total += timing.ms;
  return total;
}

}  // namespace tabref::vision
