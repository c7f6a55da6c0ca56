#include "vision/detect/hand_detector.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <opencv2/imgproc.hpp>
#include <stdexcept>

#include "calibration/table_mapping.h"
#include "vision/eval/truth_pieces.h"
#include "vision/sim/hand.h"
#include "vision/sim/piece_body.h"
#include "vision/sim/renderer.h"

namespace tabref::vision {
namespace {

using sim::Body;
using sim::PieceKind;
using sim::PieceLook;

// A table with a few coins and a tile seen by a webcam, rendered with and without a hand.
class HandDetectorTest : public ::testing::TestWithParam<sim::TableMaterial> {
 protected:
  HandDetectorTest() {
    layout_.material = GetParam();
    sim::CameraOptions camera;
    camera.width = 960;
    camera.height = 540;
    camera.tilt_deg = 25;
    camera.distortion = {-0.05, 0.02, 0, 0, 0};
    const cv::Rect2d top = layout_.TableTop();
    camera_ = sim::PlaceCamera(camera, layout_.PlayAreaCentre(),
                               {cv::Vec3d(top.x, top.y, 0), cv::Vec3d(top.br().x, top.br().y, 0)});
    const calibration::TableCalibration calibration = TruthCalibration(camera_, layout_);
    mapping_ = std::make_unique<calibration::TableMapping>(calibration);
    view_ = std::make_unique<TopView>(*mapping_, cv::Rect2d(-70, -70, 900, 600), 0.5);
    PieceLook coin;
    coin.kind = PieceKind::kCoin;
    coin.suit = "suns";
    coin.rank = "3";
    PieceLook tile;
    tile.kind = PieceKind::kTile;
    tile.suit = "arms";
    tile.rank = "2";
    tile.face_up = false;
    looks_ = {coin, coin, coin, tile};
    const std::vector<cv::Vec2d> at = {{300, 200}, {330, 215}, {500, 300}, {600, 150}};
    for (size_t i = 0; i < looks_.size(); ++i)
      bodies_.push_back(sim::MakeBody(looks_[i], set_, at[i], 0.3));
  }

  cv::Mat Render(const std::vector<Body>& bodies, const std::optional<sim::HandPose>& hand,
                 int moment) {
    if (!renderer_)
      renderer_ = std::make_unique<sim::Renderer>(camera_, layout_, set_, sim::RenderOptions());
    return view_->Resample(renderer_->Render(looks_, bodies, 0.1 * moment, hand));
  }

  // The view's pixel at a place on the table (mm).
  cv::Point Px(double x_mm, double y_mm) const {
    const cv::Point2d p = view_->ToPixel({x_mm, y_mm});
    return cv::Point(static_cast<int>(std::lround(p.x)), static_cast<int>(std::lround(p.y)));
  }

  PieceSet set_ = LoadPieceSet(DefaultPieceSetFile());
  sim::TableLayout layout_;
  sim::Camera camera_;
  std::unique_ptr<calibration::TableMapping> mapping_;
  std::unique_ptr<TopView> view_;
  std::vector<PieceLook> looks_;
  std::vector<Body> bodies_;
  std::unique_ptr<sim::Renderer> renderer_;
};

bool Inside(const std::vector<cv::Point2d>& outline, cv::Point2d p) {
  std::vector<cv::Point2f> contour;
  for (const cv::Point2d& q : outline) contour.emplace_back(q);
  return cv::pointPolygonTest(contour, cv::Point2f(p), false) >= 0;
}

TEST_P(HandDetectorTest, FindsAHandReachingInFromAnySide) {
  const HandDetector detector;
  const cv::Mat empty = Render(bodies_, std::nullopt, 1);
  for (const double heading_deg : {0.0, 90.0, 180.0, 270.0, 40.0}) {
    const double heading = heading_deg * CV_PI / 180;
    // Halfway in and at the coin, as the simulated player's hand moves.
    for (const double before_s : {0.0, 0.35}) {
      const std::optional<sim::HandPose> hand =
          sim::FlickingHand({300, 200}, heading, 1.0, 1.0 - before_s);
      ASSERT_TRUE(hand.has_value());
      const HandDetection found = detector.Detect(Render(bodies_, hand, 2), empty, *view_);
      ASSERT_TRUE(found.found) << heading_deg << " " << before_s;
      if (before_s > 0) continue;  // only the fingers may be in view yet
      EXPECT_GT(found.area_mm2, 5000);
      const cv::Point2d palm(hand->fingertip[0] - 70 * std::cos(heading),
                             hand->fingertip[1] - 70 * std::sin(heading));
      bool covered = false;
      for (const auto& outline : found.outlines_mm) covered = covered || Inside(outline, palm);
      EXPECT_TRUE(covered) << heading_deg << " " << before_s;
    }
  }
}

TEST_P(HandDetectorTest, FindsFingertipsJustReachingIn) {
  // A few fingertips and their shadow over the view's edge: left unseen, they are a blob
  // that moves, and the tracker takes it for a piece flicked.
  const HandDetector detector;
  const cv::Mat empty = Render(bodies_, std::nullopt, 1);
  const cv::Rect2d view(-70, -70, 900, 600);
  int reaching_in = 0;
  for (const double heading_deg : {0.0, 90.0, 180.0, 270.0, 40.0}) {
    const double heading = heading_deg * CV_PI / 180;
    for (double before_s = 0.3; before_s < 0.62; before_s += 0.02) {
      const std::optional<sim::HandPose> hand =
          sim::FlickingHand({300, 200}, heading, 1.0, 1.0 - before_s);
      ASSERT_TRUE(hand.has_value());
      const cv::Point2d tip(hand->fingertip[0], hand->fingertip[1]);
      const double inside =
          std::min({tip.x - view.x, view.br().x - tip.x, tip.y - view.y, view.br().y - tip.y});
      if (inside < 35 || inside > 60) continue;
      ++reaching_in;
      EXPECT_TRUE(detector.Detect(Render(bodies_, hand, 2), empty, *view_).found)
          << "fingertips " << inside << " mm in from heading " << heading_deg << " deg";
    }
  }
  EXPECT_GE(reaching_in, 5);
}

TEST_P(HandDetectorTest, ItsReachCoversTheWholeHandWithoutGaps) {
  // Parts of an arm lit like the table change little from it; a gap they left would let the
  // background take them in, and the arm would stay behind when it left.
  const HandDetector detector;
  const cv::Mat empty = Render(bodies_, std::nullopt, 1);
  for (const double heading_deg : {0.0, 90.0, 180.0, 270.0, 40.0}) {
    const std::optional<sim::HandPose> hand =
        sim::FlickingHand({300, 200}, heading_deg * CV_PI / 180, 1.0, 1.0);
    const HandDetection found = detector.Detect(Render(bodies_, hand, 2), empty, *view_);
    ASSERT_TRUE(found.found) << heading_deg;
    for (const auto& outline : found.outlines_mm) {
      // The outline is the hull grown by the margin: the hull itself, shrunk by a little
      // more, must be covered all over.
      cv::Point2d centre(0, 0);
      for (const cv::Point2d& p : outline) centre += p;
      centre *= 1.0 / static_cast<double>(outline.size());
      std::vector<cv::Point> inner;
      for (const cv::Point2d& p : outline) {
        const cv::Point2d away = p - centre;
        const double shrink = (detector.Options().margin_mm + 3) / std::hypot(away.x, away.y);
        inner.emplace_back(view_->ToPixel(centre + away * std::max(0.0, 1 - shrink)));
      }
      cv::Mat hull = cv::Mat::zeros(found.mask.size(), CV_8U);
      cv::fillConvexPoly(hull, inner, cv::Scalar(255));
      cv::Mat unhidden = hull & (found.reach == 0);
      EXPECT_EQ(cv::countNonZero(found.mask & (found.reach == 0)), 0) << heading_deg;
      EXPECT_EQ(cv::countNonZero(unhidden), 0) << heading_deg;
    }
  }
}

TEST_P(HandDetectorTest, MovedPiecesAreNoHand) {
  const HandDetector detector;
  const cv::Mat empty = Render(bodies_, std::nullopt, 1);
  std::vector<Body> moved = bodies_;
  moved[0].position = {420, 120};  // a coin slid away
  moved[3].position = {640, 190};  // the tile knocked
  moved[3].angle = 0.9;
  const HandDetection found = detector.Detect(Render(moved, std::nullopt, 3), empty, *view_);
  EXPECT_FALSE(found.found);
  EXPECT_EQ(cv::countNonZero(found.mask), 0);
  // The empty table against itself (new noise, exposure wander) finds nothing either.
  EXPECT_FALSE(detector.Detect(Render(bodies_, std::nullopt, 4), empty, *view_).found);
}

TEST_P(HandDetectorTest, HidesTheShadowBesideAHandButNoPieceThere) {
  // Fingertips over the table's edge cast their shadow a little apart from them: left out,
  // it is a dark blob that moves with the hand, and the tracker takes it for a piece flicked.
  const HandDetector detector;
  const cv::Mat empty = Render(bodies_, std::nullopt, 1);
  cv::Mat view = empty.clone();
  const auto shade = [&](cv::Point2d centre_mm) {
    cv::Mat disc = cv::Mat::zeros(view.size(), CV_8U);
    cv::circle(disc, Px(centre_mm.x, centre_mm.y), 5, cv::Scalar(255), cv::FILLED);
    cv::Mat dimmed;
    empty.convertTo(dimmed, -1, 0.45);
    dimmed.copyTo(view, disc);
  };
  // An arm from the view's left edge to x = 150 mm, skin coloured.
  cv::rectangle(view, Px(-80, 180), Px(150, 260), cv::Scalar(120, 150, 210), cv::FILLED);
  shade({175, 220});                                                       // 15 mm beyond its tip
  shade({400, 220});                                                       // far from it
  cv::circle(view, Px(110, 285), 5, cv::Scalar(40, 60, 200), cv::FILLED);  // a red coin by it
  const HandDetection found = detector.Detect(view, empty, *view_);
  ASSERT_TRUE(found.found);
  EXPECT_EQ(found.shadow_regions, 1);
  EXPECT_NE(found.mask.at<uchar>(Px(175, 220)), 0);
  EXPECT_EQ(found.mask.at<uchar>(Px(400, 220)), 0);
  EXPECT_EQ(found.mask.at<uchar>(Px(110, 285)), 0);
  bool shadow_hidden = false;
  for (const auto& outline : found.outlines_mm)
    shadow_hidden = shadow_hidden || Inside(outline, {175, 220});
  EXPECT_TRUE(shadow_hidden);
}

TEST_P(HandDetectorTest, AHandStaysJoinedToAnArmLitLikeTheTable) {
  // Part of an arm over a pale table, lit like it, differs from it by 20-30 only (Ppolf seed
  // 19): the hand at its end, cut off from the arm's part at the border, was rejected, and its
  // fingers' edges were taken for pieces flicked.
  const HandDetector detector;
  const cv::Mat empty = Render(bodies_, std::nullopt, 1);
  cv::Mat view = empty.clone();
  cv::Mat faint_part = cv::Mat::zeros(view.size(), CV_8U);
  cv::rectangle(faint_part, Px(20, 200), Px(150, 240), cv::Scalar(255), cv::FILLED);
  const cv::Mat dimmed = empty - cv::Scalar(22, 22, 22);
  dimmed.copyTo(view, faint_part);
  const cv::Scalar skin(120, 150, 210);
  cv::rectangle(view, Px(-80, 200), Px(20, 240), skin, cv::FILLED);
  cv::rectangle(view, Px(150, 195), Px(200, 245), skin, cv::FILLED);
  const HandDetection found = detector.Detect(view, empty, *view_);
  ASSERT_TRUE(found.found);
  ASSERT_EQ(found.outlines_mm.size(), 1u);
  // A wooden table looks like skin itself: there a region apart from the border is anything
  // that changed (a piece moved, a place the background has wrong), never joined to a hand.
  const bool joined = GetParam() != sim::TableMaterial::kWood;
  EXPECT_EQ(Inside(found.outlines_mm[0], {175, 220}), joined);  // the hand
  EXPECT_EQ(Inside(found.outlines_mm[0], {90, 220}), joined);   // the arm's faint part
  EXPECT_EQ(found.joined_regions, joined ? 1 : 0);
  EXPECT_EQ(found.rejected_regions, joined ? 0 : 1);
  // Faint change alone is no hand, however large (the light dimming, a soft shadow).
  cv::Mat faint_only = empty.clone();
  dimmed.copyTo(faint_only, faint_part);
  EXPECT_FALSE(detector.Detect(faint_only, empty, *view_).found);
  EXPECT_FALSE(detector.Detect(dimmed, empty, *view_).found);
  // Nor does faint change join a hand to what it does not reach: a coin sliding away clear of
  // the hand stays a piece.
  cv::circle(view, Px(260, 220), 5, cv::Scalar(40, 60, 200), cv::FILLED);
  const HandDetection with_coin = detector.Detect(view, empty, *view_);
  EXPECT_EQ(with_coin.mask.at<uchar>(Px(260, 220)), 0);
}

TEST_P(HandDetectorTest, AHandCutOffFromItsArmIsHeldWhereItReachedAFrameAgo) {
  // Held-out Ppolf seed 152: under the lamp's bright spot a wooden table looks like the arm
  // over it; from one frame to the next the hand at the arm's end was cut off from the part at
  // the border and its fingers taken for coins. Where the hand reached a frame ago, a region
  // of it is still the hand; a coin-sized change there is not.
  const HandDetector detector;
  const cv::Mat empty = Render(bodies_, std::nullopt, 1);
  const cv::Scalar skin(120, 150, 210);
  cv::Mat whole = empty.clone();
  cv::rectangle(whole, Px(-80, 200), Px(260, 240), skin, cv::FILLED);
  const HandDetection before = detector.Detect(whole, empty, *view_);
  ASSERT_TRUE(before.found);
  // The arm's middle now as the table (no change), the hand drawn back to 200 mm, and a coin
  // set down where the hand's fingers were.
  cv::Mat view = empty.clone();
  cv::rectangle(view, Px(-80, 200), Px(20, 240), skin, cv::FILLED);
  cv::rectangle(view, Px(150, 195), Px(200, 245), skin, cv::FILLED);
  cv::circle(view, Px(245, 220), 5, cv::Scalar(40, 60, 200), cv::FILLED);
  const HandDetection found = detector.Detect(view, empty, *view_, cv::Mat(), before.reach);
  ASSERT_TRUE(found.found);
  ASSERT_EQ(found.outlines_mm.size(), 1u);
  EXPECT_TRUE(Inside(found.outlines_mm[0], {175, 220}));
  EXPECT_EQ(found.mask.at<uchar>(Px(245, 220)), 0);
  // Off the table's own skin colour, skin joins the hand anyway (by faint change or not at
  // all); on wood only where the hand was.
  if (GetParam() == sim::TableMaterial::kWood) {
    EXPECT_EQ(found.held_regions, 1);
    EXPECT_FALSE(Inside(detector.Detect(view, empty, *view_).outlines_mm.at(0), {175, 220}));
  }
  // Nothing is held where no hand is found now.
  cv::Mat hand_alone = empty.clone();
  cv::rectangle(hand_alone, Px(150, 195), Px(200, 245), skin, cv::FILLED);
  if (GetParam() == sim::TableMaterial::kWood) {
    EXPECT_FALSE(detector.Detect(hand_alone, empty, *view_, cv::Mat(), before.reach).found);
  }
}

INSTANTIATE_TEST_SUITE_P(Tables, HandDetectorTest,
                         ::testing::Values(sim::TableMaterial::kWood, sim::TableMaterial::kFelt,
                                           sim::TableMaterial::kLaminate));

TEST(HandDetectorOptionsTest, FaintChangeIsAtMostTheChangeThatCounts) {
  HandDetectorOptions options;
  options.faint_change_threshold = options.change_threshold + 1;
  EXPECT_THROW(HandDetector{options}, std::invalid_argument);
  options.faint_change_threshold = 0;
  EXPECT_THROW(HandDetector{options}, std::invalid_argument);
  options.faint_change_threshold = options.change_threshold;
  EXPECT_NO_THROW(HandDetector{options});
}

TEST(ColourChangeTest, IsTheLargestChangeOfAnyChannel) {
  cv::Mat a(37, 53, CV_8UC3);
  cv::Mat b(37, 53, CV_8UC3);
  cv::randu(a, 0, 256);
  cv::randu(b, 0, 256);
  const cv::Mat change = ColourChange(a, b);
  ASSERT_EQ(change.type(), CV_8U);
  ASSERT_EQ(change.size(), a.size());
  for (int y = 0; y < a.rows; ++y) {
    for (int x = 0; x < a.cols; ++x) {
      int largest = 0;
      for (int c = 0; c < 3; ++c)
        largest = std::max(largest, std::abs(a.at<cv::Vec3b>(y, x)[c] - b.at<cv::Vec3b>(y, x)[c]));
      ASSERT_EQ(change.at<uchar>(y, x), largest) << x << ", " << y;
    }
  }
}

TEST(SkinTest, SkinIsSkinAndTheTableIsNot) {
  EXPECT_TRUE(SkinLike(cv::Vec3b(120, 150, 210)));   // light skin under a warm lamp (BGR)
  EXPECT_TRUE(SkinLike(cv::Vec3b(60, 90, 150)));     // darker skin
  EXPECT_FALSE(SkinLike(cv::Vec3b(60, 140, 40)));    // green felt
  EXPECT_FALSE(SkinLike(cv::Vec3b(200, 200, 200)));  // grey laminate
  EXPECT_FALSE(SkinLike(cv::Vec3b(20, 20, 20)));     // black ink
}

}  // namespace
}  // namespace tabref::vision
