#include "vision/detect/piece_detector.h"

#include <algorithm>
#include <cmath>
#include <opencv2/imgproc.hpp>

#include "rules/core/geometry.h"
#include "vision/detect/frame_context.h"
#include "vision/detect/gradient.h"

namespace tabref::vision {
PieceDetector::PieceDetector(PieceSet set, DetectionOptions options)
    : set_(std::move(set)),
      options_(options),
      coins_(set_, options_),
      tiles_(set_, options_),
      pyramids_(set_, options_) {
  options_.Check();
}

void PieceDetector::SetCalibration(const calibration::TableCalibration& calibration) {
  mapping_ = std::make_unique<calibration::TableMapping>(calibration);
  const cv::Rect2d area = TableViewArea(calibration, options_.view_margin_mm);
  const cv::Point2d middle(area.x + 0.5 * area.width, area.y + 0.5 * area.height);
  const double native = mapping_->PixelsPerMm({middle.x, middle.y, 0});
  const double scale = std::clamp(native, options_.min_view_px_per_mm, options_.max_view_px_per_mm);
  view_ = std::make_unique<TopView>(*mapping_, area, scale);
}

CoinFace PieceDetector::ReadCoinFace(const cv::Mat& frame, rules::Vec2 centre_mm) const {
  CV_Assert(mapping_ != nullptr);
  return coins_.ReadFace(frame, *mapping_, {centre_mm.x, centre_mm.y}, set_.coin_thickness_mm);
}

Detection PieceDetector::Detect(const cv::Mat& frame, const DetectionHints& hints) const {
  CV_Assert(view_ != nullptr && frame.type() == CV_8UC3);
  Detection detection;
  StageTimer timer(detection.timings);
  timer.Start("preprocess");
  const cv::Mat view = view_->Resample(frame);
  const ColourGradient gradient = ComputeColourGradient(view);
  const FrameContext context{frame, *mapping_, *view_,    view,  gradient,
                             set_,  options_,  detection, timer, hints};
  // Tiles are measured first, as coins may lie on them (a tile higher); their art is read
  // last, leaving out what those coins hide.
  const std::vector<TileFit> squares =
      options_.tiles.enabled ? tiles_.FindSquares(context) : std::vector<TileFit>{};
  std::vector<RaisedSquare> tops;
  for (const TileFit& square : squares)
    tops.push_back(
        {square.centre_mm, square.angle_rad, 0.5 * set_.tile_side_mm, set_.tile_thickness_mm});
  double rim_radius = 0;
  std::vector<ObservedPiece> coins = options_.coins_enabled
                                         ? coins_.Find(context, tops, &rim_radius)
                                         : std::vector<ObservedPiece>{};
  std::vector<cv::Vec3d> on_tiles;
  std::vector<size_t> disc_of_coin(coins.size(), 0);
  for (size_t i = 0; i < coins.size(); ++i) {
    const ObservedPiece& coin = coins[i];
    if (!coin.on_top_of) continue;
    disc_of_coin[i] = on_tiles.size();
    const cv::Vec3d top(coin.position_mm.x, coin.position_mm.y,
                        set_.tile_thickness_mm + set_.coin_thickness_mm);
    const cv::Point2d seen = mapping_->TableToImage(top);
    // The rim, its wall and a pixel of blur beyond.
    const double radius = (0.5 * set_.coin_diameter_mm + 0.5) * mapping_->PixelsPerMm(top) + 1.0;
    on_tiles.emplace_back(seen.x, seen.y, radius);
  }
  std::vector<int> described;
  std::vector<ObservedPiece> tiles = options_.tiles.enabled
                                         ? tiles_.Describe(context, squares, on_tiles, &described)
                                         : std::vector<ObservedPiece>{};
  // A coin's carrier: its tile's index among the pieces (coins first). A square that is no
  // tile (a marker, a card, a texture) carries no coin: those coins are refitted on the table.
  // A coin-sized ring of a tile's art (a suit symbol) can pass for a coin on it: those are
  // dropped.
  // A pyramid's top seen from afar is a round blob a coin's size: no coin is kept where a
  // pyramid stands.
  std::vector<ObservedPiece> pyramids = pyramids_.Find(context);
  const auto under_a_pyramid = [&](rules::Vec2 at) {
    return std::any_of(pyramids.begin(), pyramids.end(), [&](const ObservedPiece& pyramid) {
      return rules::DistanceToFootprint(at, pyramid.footprint) == 0;
    });
  };
  std::vector<ObservedPiece> kept;
  for (size_t i = 0; i < coins.size(); ++i) {
    ObservedPiece& coin = coins[i];
    if (under_a_pyramid(coin.position_mm)) {
      context.Reject(ObservedKind::kCoin, "dedupe", "where a pyramid stands",
                     {coin.position_mm.x, coin.position_mm.y});
      continue;
    }
    if (coin.on_top_of) {
      const auto it = std::find(described.begin(), described.end(), *coin.on_top_of);
      if (it == described.end()) {
        coin = coins_.Lower(context, coin, set_.tile_thickness_mm + set_.coin_thickness_mm,
                            rim_radius);
      } else if (tiles_.IsPrinted(context, squares[static_cast<size_t>(*coin.on_top_of)], on_tiles,
                                  disc_of_coin[i])) {
        context.Reject(ObservedKind::kCoin, "classify", "printed art of the tile under it",
                       {coin.position_mm.x, coin.position_mm.y});
        continue;
      } else {
        coin.on_top_of = static_cast<int>(it - described.begin());  // among the tiles
      }
    }
    kept.push_back(std::move(coin));
  }
  for (ObservedPiece& coin : kept) {
    if (coin.on_top_of) coin.on_top_of = static_cast<int>(kept.size()) + *coin.on_top_of;
  }
  for (ObservedPiece& piece : kept) detection.pieces.push_back(std::move(piece));
  for (ObservedPiece& piece : tiles) detection.pieces.push_back(std::move(piece));
  const int first_pyramid = static_cast<int>(detection.pieces.size());
  for (ObservedPiece& piece : pyramids) {
    if (piece.on_top_of) *piece.on_top_of += first_pyramid;
    detection.pieces.push_back(std::move(piece));
  }
  timer.Stop();
  if (options_.debug_images)
    detection.debug_images.emplace(detection.debug_images.begin(), "top_view", view);
  return detection;
}

}  // namespace tabref::vision
