#include "vision/sim/renderer.h"

#include <gtest/gtest.h>

#include <opencv2/imgproc.hpp>
#include <utility>
#include <vector>

#include "vision/sim/piece_body.h"

namespace tabref::vision::sim {
namespace {

class RendererTest : public testing::Test {
 protected:
  RendererTest() {
    CameraOptions camera_options;
    camera_options.width = 640;
    camera_options.height = 480;
    camera_options.tilt_deg = 20;
    camera_options.distortion = {-0.08, 0.03, 0, 0, 0};
    const cv::Rect2d top = layout_.TableTop();
    camera_ = PlaceCamera(camera_options, layout_.PlayAreaCentre(),
                          {cv::Vec3d(top.x, top.y, 0), cv::Vec3d(top.br().x, top.br().y, 0)});
    clean_.noise_sigma = 0;
    clean_.jpeg_quality = 0;
    clean_.exposure_drift = 0;
  }

  PieceSet set_ = LoadPieceSet(DefaultPieceSetFile());
  TableLayout layout_;
  Camera camera_;
  RenderOptions clean_;
};

// The coin drawn where its truth says: the centroid of what changed in the image is the
// projection of the coin's top (its shadow falls away from the lamp, so allow a little).
TEST_F(RendererTest, APieceAppearsWhereItsPoseProjects) {
  Renderer renderer(camera_, layout_, set_, clean_);
  PieceLook coin;
  coin.kind = PieceKind::kCoin;
  coin.suit = "suns";
  coin.rank = "ace";
  const cv::Vec2d where(300, 200);
  const cv::Mat empty = renderer.Render({}, {}, 0);
  const cv::Mat with_coin = renderer.Render({coin}, {MakeBody(coin, set_, where, 0)}, 0);
  cv::Mat difference;
  cv::absdiff(empty, with_coin, difference);
  cv::cvtColor(difference, difference, cv::COLOR_BGR2GRAY);
  cv::threshold(difference, difference, 40, 255, cv::THRESH_BINARY);
  const cv::Moments moments = cv::moments(difference, true);
  const double px_per_mm = camera_.PixelsPerMm({where[0], where[1], 0});
  const double radius_px = 0.5 * set_.coin_diameter_mm * px_per_mm;
  ASSERT_GT(moments.m00, 0.3 * CV_PI * radius_px * radius_px);
  const cv::Point2d centroid(moments.m10 / moments.m00, moments.m01 / moments.m00);
  const cv::Point2d truth = camera_.Project(cv::Vec3d(where[0], where[1], set_.coin_thickness_mm));
  EXPECT_LT(cv::norm(centroid - truth), 1.0);
}

// Outlines lie where the camera model puts them: a tile seen straight down covers exactly
// its projected area (antialiased polygon filling that grows shapes would show here).
TEST_F(RendererTest, APieceCoversExactlyItsProjectedArea) {
  CameraOptions straight_down;
  straight_down.width = 1280;
  straight_down.height = 720;
  straight_down.tilt_deg = 0;
  TableLayout felt = layout_;
  felt.material = TableMaterial::kFelt;
  const Camera camera = PlaceCamera(straight_down, felt.PlayAreaCentre(),
                                    {cv::Vec3d(0, 0, 0), cv::Vec3d(felt.play_width_mm, 0, 0)});
  RenderOptions flat = clean_;
  flat.lens_blur_px = 0;
  flat.vignetting = 0;
  flat.shadow_strength = 0;
  Renderer renderer(camera, felt, set_, flat);
  PieceLook tile;
  tile.kind = PieceKind::kTile;
  tile.suit = "arms";
  tile.rank = "null";
  tile.face_up = false;
  const cv::Vec3d centre = felt.PlayAreaCentre();
  const Body body = MakeBody(tile, set_, {centre[0], centre[1]}, 0.3);
  const cv::Mat empty = renderer.Render({}, {}, 0);
  const cv::Mat with_tile = renderer.Render({tile}, {body}, 0);
  cv::Mat difference;
  cv::absdiff(empty, with_tile, difference);
  cv::cvtColor(difference, difference, cv::COLOR_BGR2GRAY);
  // Half way between the table and the tile's face: a pixel half covered is counted half
  // the time, so the count estimates the covered area (holes, the back's printed cross,
  // filled).
  cv::Mat inside;
  cv::threshold(difference, inside, 0.5 * cv::mean(difference, difference > 60)[0], 255,
                cv::THRESH_BINARY);
  std::vector<std::vector<cv::Point>> outlines;
  cv::findContours(inside, outlines, cv::RETR_EXTERNAL, cv::CHAIN_APPROX_NONE);
  cv::Mat filled = cv::Mat::zeros(inside.size(), CV_8U);
  cv::drawContours(filled, outlines, -1, cv::Scalar(255), cv::FILLED);
  const double counted = cv::countNonZero(filled);
  std::vector<cv::Vec3d> top_face;
  const double half = 0.5 * set_.tile_side_mm;
  for (const auto& [u, v] : {std::pair{-1, -1}, {1, -1}, {1, 1}, {-1, 1}}) {
    const double x = u * half;
    const double y = v * half;
    top_face.emplace_back(centre[0] + std::cos(0.3) * x - std::sin(0.3) * y,
                          centre[1] + std::sin(0.3) * x + std::cos(0.3) * y,
                          set_.tile_thickness_mm);
  }
  std::vector<cv::Point2f> outline;
  for (const cv::Point2d& p : camera.Project(top_face)) outline.emplace_back(p);
  const double projected = cv::contourArea(outline);
  EXPECT_NEAR(counted / projected, 1.0, 0.015) << counted << " pixels for " << projected;
}

// A hand sweeping in from outside the view: every partial overlap with the frame renders.
TEST_F(RendererTest, HandCrossingTheImageBorderIsClipped) {
  Renderer renderer(camera_, layout_, set_, RenderOptions());
  const cv::Rect2d top = layout_.TableTop();
  for (double x = top.x - 500; x < top.x + 100; x += 7) {
    const HandPose hand{{x, layout_.PlayAreaCentre()[1]}, 0, 40};
    EXPECT_EQ(renderer.Render({}, {}, 0, hand).size(), cv::Size(640, 480));
  }
}

}  // namespace
}  // namespace tabref::vision::sim
