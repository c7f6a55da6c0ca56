#include "vision/observation/piece_gaps.h"

#include <cmath>

namespace tabref::vision {

std::vector<PieceGap> MeasureGaps(const std::vector<ObservedPiece>& pieces, double max_gap_mm) {
  std::vector<PieceGap> gaps;
  const int count = static_cast<int>(pieces.size());
  for (int i = 0; i < count; ++i) {
    for (int j = i + 1; j < count; ++j) {
      const ObservedPiece& a = pieces[static_cast<size_t>(i)];
      const ObservedPiece& b = pieces[static_cast<size_t>(j)];
      if (a.on_top_of == j || b.on_top_of == i) continue;
      const double gap = rules::Gap(a.footprint, b.footprint);
      if (gap > max_gap_mm) continue;
      // Each footprint moves with its position, so the gap's error is the two positions'
      // errors along the line between them: the 1-sigma of their difference, without the
      // calibration's error, which moves both alike.
      const double sigma = std::hypot(RelativeSigma(a), RelativeSigma(b));
      gaps.push_back({i, j, gap, sigma, gap <= 2 * sigma});
    }
  }
  return gaps;
}

}  // namespace tabref::vision
