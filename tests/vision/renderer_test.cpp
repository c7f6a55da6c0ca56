#include "vision/sim/renderer.h"

#include <gtest/gtest.h>

#include <opencv2/imgproc.hpp>

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
  ASSERT_GT(moments.m00, 50);
  const cv::Point2d centroid(moments.m10 / moments.m00, moments.m01 / moments.m00);
  const cv::Point2d truth = camera_.Project(cv::Vec3d(where[0], where[1], set_.coin_thickness_mm));
  EXPECT_LT(cv::norm(centroid - truth), 1.0);
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
