#include "vision/track/camera_analyzer.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <memory>
#include <opencv2/imgproc.hpp>
#include <optional>
#include <utility>
#include <vector>

#include "calibration/table_mapping.h"
#include "tests/vision/track/scenario.h"
#include "vision/detect/top_view.h"
#include "vision/eval/truth_pieces.h"
#include "vision/pieces/piece_set.h"
#include "vision/sim/detection_scene.h"
#include "vision/sim/piece_body.h"
#include "vision/sim/renderer.h"
#include "vision/track/piece_tracker.h"

namespace tabref::vision {
namespace {

// An empty wooden table filmed at 30 fps (1280x720 from 15 degrees unless told): its camera,
// layout and light.
sim::DetectionScene EmptyTable(int width = 1280, int height = 720, std::uint64_t seed = 3,
                               double tilt_deg = 15) {
  sim::DetectionSceneOptions options = sim::BareTableOptions(width, height, seed);
  options.tilt_deg = tilt_deg;
  options.material = sim::TableMaterial::kWood;
  return sim::MakeDetectionScene(LoadPieceSet(DefaultPieceSetFile()), options);
}

sim::PieceLook Bowl(const std::string& suit) {
  sim::PieceLook look;
  look.suit = suit;
  look.rank = "ace";
  return look;
}

// A table filmed by the camera analysis and tracked, one frame at a time (30 fps).
class FilmedTable {
 public:
  explicit FilmedTable(TrackerOptions tracking = {}, CameraAnalyzerOptions analysis = {},
                       DetectionOptions detection = {}, sim::DetectionScene table = EmptyTable())
      : set_(LoadPieceSet(DefaultPieceSetFile())),
        table_(std::move(table)),
        renderer_(table_.camera, table_.layout, set_, table_.render),
        analyzer_(std::make_shared<PieceDetector>(set_, detection), analysis) {
    analyzer_.SetCalibration(TruthCalibration(table_.camera, table_.layout));
    tracking.area = analyzer_.Area();
    tracker_ = PieceTracker(tracking);
  }

  // One frame of `shown` at their bodies' places and speeds (and a hand over the table):
  // the camera's evidence.
  TrackerFrame Film(const std::vector<sim::PieceLook>& shown, const std::vector<sim::Body>& bodies,
                    const std::optional<sim::HandPose>& hand = std::nullopt) {
    const double time_s = frame_index_++ / kFps;
    const cv::Mat image = renderer_.Render(shown, bodies, time_s, hand);
    TrackerFrame evidence = analyzer_.Analyze(image, time_s, tracker_);
    tracker_.Update(evidence);
    return evidence;
  }
  // The camera's evidence of one frame of `shown` for `tracker` (not the table's own).
  TrackerFrame Analyze(const std::vector<sim::PieceLook>& shown,
                       const std::vector<sim::Body>& bodies, const PieceTracker& tracker) {
    const double time_s = frame_index_++ / kFps;
    return analyzer_.Analyze(renderer_.Render(shown, bodies, time_s), time_s, tracker);
  }
  // A second of `shown` at rest: the id of the one piece then tracked, or -1.
  int FilmAtRest(const std::vector<sim::PieceLook>& shown, const std::vector<sim::Body>& bodies) {
    for (int i = 0; i < 30; ++i) Film(shown, bodies);
    return tracker_.Tracks().size() == 1 ? tracker_.Tracks()[0].id : -1;
  }
  // A second of two pieces at rest, `looks[0]` at `first` and `looks[1]` at `second`: the ids of
  // the tracks at each place (-1 where none is).
  std::pair<int, int> FilmTwoAtRest(const std::vector<sim::PieceLook>& looks, cv::Vec2d first,
                                    cv::Vec2d second) {
    for (int i = 0; i < 30; ++i) Film(looks, {Body(looks[0], first), Body(looks[1], second)});
    const auto track_at = [&](cv::Vec2d at) {
      for (const Track& track : tracker_.Tracks()) {
        if (rules::Distance(track.rest, {at[0], at[1]}) < 10) return track.id;
      }
      return -1;
    };
    return {track_at(first), track_at(second)};
  }
  // One frame of what `paint` makes of the rendering of `shown` (with the table as nothing
  // covers it): the camera's evidence.
  TrackerFrame FilmPainted(const std::vector<sim::PieceLook>& shown,
                           const std::vector<sim::Body>& bodies,
                           const std::function<void(cv::Mat& frame, const cv::Mat& table)>& paint) {
    const double time_s = frame_index_++ / kFps;
    cv::Mat image = renderer_.Render(shown, bodies, time_s);
    paint(image, renderer_.Background());
    TrackerFrame evidence = analyzer_.Analyze(image, time_s, tracker_);
    tracker_.Update(evidence);
    return evidence;
  }
  // Where the camera sees a point of the table top (mm).
  cv::Point2d ToImage(cv::Vec2d at) const {
    return calibration::TableMapping(TruthCalibration(table_.camera, table_.layout))
        .TableToImage(cv::Vec3d(at[0], at[1], 0));
  }
  const PieceSet& set() const { return set_; }
  sim::Body Body(const sim::PieceLook& look, cv::Vec2d at, double speed_x = 0) const {
    sim::Body body = sim::MakeBody(look, set_, at, 0);
    body.velocity = {speed_x, 0};
    return body;
  }
  const PieceTracker& tracker() const { return tracker_; }
  const CameraAnalyzer& analyzer() const { return analyzer_; }
  // The table between the markers' centres (mm).
  cv::Rect2d BetweenMarkers() const {
    return TableViewArea(TruthCalibration(table_.camera, table_.layout), 0);
  }

 private:
  static constexpr double kFps = 30;
  PieceSet set_;
  sim::DetectionScene table_;
  sim::Renderer renderer_;
  CameraAnalyzer analyzer_;
  PieceTracker tracker_;
  int frame_index_ = 0;
};

// Held-out bocce seed 20: a bowl slides into one at rest and stops short of its place while
// the struck bowl flies on. The struck bowl's track (a resting piece whose place changed) is
// re-acquired anywhere near its place; when it was measured before the striker's, it took the
// striker's blob, the nearer one, and left the striker nothing within its reach.
TEST(CameraAnalyzerTest, AMovingPieceTakesItsBlobBeforeThePieceItStruckLooksForOne) {
  FilmedTable filmed;
  const PieceTracker& tracker = filmed.tracker();
  const cv::Vec2d struck_rest{450, 230};
  const cv::Vec2d striker_rest{200, 230};
  const std::vector<sim::PieceLook> looks = {Bowl("moons"), Bowl("suns")};
  // One frame with the struck bowl (and the striker, unless it is not on the table yet) at
  // these places and speeds (mm/s, along +x); returns the camera's evidence.
  const auto film = [&](cv::Vec2d struck, double struck_speed, std::optional<cv::Vec2d> striker,
                        double striker_speed) {
    if (!striker) return filmed.Film({looks[0]}, {filmed.Body(looks[0], struck, struck_speed)});
    return filmed.Film(looks, {filmed.Body(looks[0], struck, struck_speed),
                               filmed.Body(looks[1], *striker, striker_speed)});
  };

  // The struck bowl is on the table first, the striker is put down later: the struck bowl's
  // track comes first.
  for (int i = 0; i < 30; ++i) film(struck_rest, 0, std::nullopt, 0);
  for (int i = 0; i < 30; ++i) film(struck_rest, 0, striker_rest, 0);
  ASSERT_EQ(tracker.Tracks().size(), 2u);
  ASSERT_TRUE(tracker.Phase() == TrackerPhase::kSettled);
  const int struck = tracker.Tracks()[0].id;
  const int striker = tracker.Tracks()[1].id;
  ASSERT_LT(std::abs(tracker.Tracks()[0].rest.x - struck_rest[0]), 2.0);

  // The striker slides in at 1.2 m/s (40 mm a frame) ...
  constexpr double kSpeed = 1200;
  for (int k = 1; k <= 5; ++k) film(struck_rest, 0, striker_rest + cv::Vec2d(40.0 * k, 0), kSpeed);
  ASSERT_NE(tracker.FindTrack(striker), nullptr);
  ASSERT_TRUE(tracker.FindTrack(striker)->moving);
  // ... strikes and stops 20 mm short of the struck bowl's place, which flies on at its speed.
  const cv::Vec2d struck_now = struck_rest + cv::Vec2d(35, 0);
  const cv::Vec2d striker_now = struck_rest - cv::Vec2d(20, 0);
  const TrackerFrame evidence = film(struck_now, kSpeed, striker_now, 0);

  std::optional<rules::Vec2> struck_at, striker_at;
  for (const ObservedPiece& piece : evidence.pieces) {
    if (piece.track_id == struck) struck_at = piece.position_mm;
    if (piece.track_id == striker) striker_at = piece.position_mm;
  }
  ASSERT_TRUE(striker_at.has_value());
  EXPECT_LT(rules::Distance(*striker_at, {striker_now[0], striker_now[1]}), 5.0);
  // The struck bowl is measured on its own blob, or not at all: never on the striker's.
  if (struck_at) {
    EXPECT_GT(struck_at->x, struck_rest[0]);
  }
  // Its place changed: it is not said to be there still.
  EXPECT_EQ(std::count(evidence.in_place.begin(), evidence.in_place.end(), struck), 0);
}

// Held-out Ppolf seed 132: while a coin slid past another at rest, the resting coin's place
// looked as it did, and the tracker still gave a blob of the sliding coin 62 mm away to it.
// A resting piece whose place is unchanged while others move is reported in place (it is not
// measured: the blurs about change its place's look too often for that).
TEST(CameraAnalyzerTest, ACoinAtRestWhosePlaceIsUnchangedWhileAnotherSlidesIsInPlace) {
  FilmedTable filmed;
  const PieceTracker& tracker = filmed.tracker();
  const std::vector<sim::PieceLook> looks = {Bowl("moons"), Bowl("suns")};
  const cv::Vec2d rests_at{300, 300};
  const cv::Vec2d slides_from{150, 200};
  for (int i = 0; i < 30; ++i)
    filmed.Film(looks, {filmed.Body(looks[0], rests_at), filmed.Body(looks[1], slides_from)});
  ASSERT_EQ(tracker.Tracks().size(), 2u);
  const int rests = tracker.Tracks()[0].id;
  const int slides = tracker.Tracks()[1].id;
  int in_place = 0;
  for (int k = 1; k <= 8; ++k) {
    const TrackerFrame evidence =
        filmed.Film(looks, {filmed.Body(looks[0], rests_at),
                            filmed.Body(looks[1], slides_from + cv::Vec2d(30.0 * k, 0), 900)});
    in_place +=
        static_cast<int>(std::count(evidence.in_place.begin(), evidence.in_place.end(), rests));
    EXPECT_EQ(std::count(evidence.in_place.begin(), evidence.in_place.end(), slides), 0);
  }
  ASSERT_NE(tracker.FindTrack(slides), nullptr);
  EXPECT_TRUE(tracker.FindTrack(slides)->moving);
  EXPECT_GE(in_place, 6);
}

// Held-out Ppolf seed 7: a coin taken up while the only hand in view was far away. Its place,
// seen empty, is reported vacated and its track ends; once the camera's background has taken
// the empty place in, the coin is not "seen" there again. A coin left where it was is neither.
TEST(CameraAnalyzerTest, ACoinTakenUpWithNoHandOverItsPlaceIsReportedVacated) {
  FilmedTable filmed;
  const PieceTracker& tracker = filmed.tracker();
  const std::vector<sim::PieceLook> looks = {Bowl("moons"), Bowl("suns")};
  const cv::Vec2d taken_at{450, 230};
  const cv::Vec2d stays_at{200, 230};
  for (int i = 0; i < 30; ++i)
    filmed.Film(looks, {filmed.Body(looks[0], taken_at), filmed.Body(looks[1], stays_at)});
  ASSERT_EQ(tracker.Tracks().size(), 2u);
  const int taken = tracker.Tracks()[0].id;
  const int stays = tracker.Tracks()[1].id;
  bool reported = false;
  for (int i = 0; i < 60; ++i) {
    const TrackerFrame evidence = filmed.Film({looks[1]}, {filmed.Body(looks[1], stays_at)});
    reported |= std::count(evidence.vacated.begin(), evidence.vacated.end(), taken) > 0;
    EXPECT_EQ(std::count(evidence.vacated.begin(), evidence.vacated.end(), stays), 0);
    for (const ObservedPiece& piece : evidence.pieces) EXPECT_NE(piece.track_id, taken);
  }
  EXPECT_TRUE(reported);
  EXPECT_EQ(tracker.FindTrack(taken), nullptr);
  EXPECT_NE(tracker.FindTrack(stays), nullptr);
}

// Held-out Ppolf seed 112: the hand hid a coin at rest in one frame and had drawn back clear
// of it in the next, a full detection that missed the coin by the fingers beside it. Hidden
// a frame ago, it was not looked for where it rested, and not hidden now, it was lost. (Here
// the detection finds no coin at all.)
TEST(CameraAnalyzerTest, ACoinTheHandHidAFrameAgoAndNowClearOfIsLookedForWhereItRests) {
  DetectionOptions finds_no_coin;
  finds_no_coin.coins_enabled = false;
  FilmedTable filmed({}, {}, finds_no_coin);
  const std::vector<sim::PieceLook> looks = {Bowl("suns")};
  const cv::Vec2d at{300, 230};
  const std::vector<sim::Body> bodies = {filmed.Body(looks[0], at)};
  const rules::Vec2 rest{at[0], at[1]};
  TrackerOptions tracking;
  tracking.area = filmed.analyzer().Area();
  PieceTracker tracker(tracking);
  double time_s = 0;
  // The analysis films each frame for `tracker`, which is told what the frame showed.
  const auto film = [&](TrackerFrame told) {
    const TrackerFrame evidence = filmed.Analyze(looks, bodies, tracker);
    told.time_s = time_s;
    told.motion_measured = true;
    time_s += 1 / 30.0;
    tracker.Update(told);
    return evidence;
  };
  TrackerFrame found;
  found.complete = true;
  found.settled = true;
  found.pieces = {testing::Coin("suns", rest)};
  for (int i = 0; i < 10; ++i) film(found);
  ASSERT_EQ(tracker.Tracks().size(), 1u);
  const int coin = tracker.Tracks()[0].id;
  TrackerFrame hand;
  hand.hand_in_view = true;
  hand.hidden = {testing::Rectangle({rest.x - 20, rest.y - 20}, {rest.x + 60, rest.y + 20})};
  for (int i = 0; i < 30 && (i == 0 || !tracker.WantsFullDetection(time_s)); ++i) film(hand);
  ASSERT_TRUE(tracker.WantsFullDetection(time_s));
  ASSERT_TRUE(tracker.FindTrack(coin)->hidden);
  const TrackerFrame evidence = film({});  // the hand drawn back out of view
  ASSERT_TRUE(evidence.complete);
  const auto measured =
      std::find_if(evidence.pieces.begin(), evidence.pieces.end(),
                   [&](const ObservedPiece& piece) { return piece.track_id == coin; });
  ASSERT_NE(measured, evidence.pieces.end());
  EXPECT_LT(rules::Distance(measured->position_mm, rest), 1.0);
  EXPECT_NE(tracker.FindTrack(coin), nullptr);
}

// Held-out Ppolf seed 38: the holed coin was taken up as the next player's was set down, and
// it left so faint a change (a pale coin on a pale table) that its place never looked
// vacated; the next player's flick was then taken for that coin struck from its place. Where
// the faint change covers its place and no rim fits there, the coin is gone.
TEST(CameraAnalyzerTest, APaleCoinTakenFromAPaleTableIsReportedVacated) {
  sim::DetectionSceneOptions pale = sim::BareTableOptions(1920, 1080, 4);
  pale.tilt_deg = 20;
  pale.material = sim::TableMaterial::kLaminate;
  pale.vary_lighting = true;
  FilmedTable filmed({}, {}, {},
                     sim::MakeDetectionScene(LoadPieceSet(DefaultPieceSetFile()), pale));
  const PieceTracker& tracker = filmed.tracker();
  sim::PieceLook blank = Bowl("suns");
  blank.rank = "null";
  blank.face_up = false;
  for (int i = 0; i < 30; ++i) filmed.Film({blank}, {filmed.Body(blank, {450, 230})});
  ASSERT_EQ(tracker.Tracks().size(), 1u);
  const int taken = tracker.Tracks()[0].id;
  const TrackerFrame evidence = filmed.Film({}, {});
  EXPECT_EQ(std::count(evidence.vacated.begin(), evidence.vacated.end(), taken), 1);
  for (int i = 0; i < 5; ++i) filmed.Film({}, {});
  EXPECT_EQ(tracker.FindTrack(taken), nullptr);
}

// Held-out Ppolf seed 45: an arm reaching in over the table's corner, beyond the markers,
// showed blobs the hand detector had not yet taken for it; they moved on as a flicked coin
// does and the tracker saw a shot end before the real tee shot. Nothing new comes in from
// beyond the markers but arms: a blob there starts no track; between them it does.
TEST(CameraAnalyzerTest, NoPieceIsTakenUpFromBlobsBeyondTheMarkers) {
  FilmedTable filmed;
  const PieceTracker& tracker = filmed.tracker();
  const cv::Rect2d between = filmed.BetweenMarkers();
  const sim::PieceLook coin = Bowl("suns");
  for (int i = 0; i < 30; ++i) filmed.Film({}, {});
  ASSERT_TRUE(tracker.Tracks().empty());
  // Sliding in from 40 mm beyond the markers' right side at 300 mm/s (10 mm a frame).
  constexpr double kStepMm = 10;
  const double y = between.y + 0.5 * between.height;
  double x = between.x + between.width + 40;
  bool tracked_between = false;
  for (int k = 0; k < 12; ++k, x -= kStepMm) {
    filmed.Film({coin}, {filmed.Body(coin, {x, y}, -kStepMm * 30)});
    const bool beyond = x - 0.5 * filmed.set().coin_diameter_mm > between.x + between.width;
    if (beyond) {
      EXPECT_TRUE(tracker.Tracks().empty()) << "at x " << x;
    }
    tracked_between |= !tracker.Tracks().empty();
  }
  EXPECT_TRUE(tracked_between);
}

// Fresh Ppolf seed 265: a coin flicked from under the hand at 5.1 m/s, 170 mm a frame. Each
// blob of its flight stood more than 150 mm from the one before, so none was confirmed and the
// flight went unseen. A blob is confirmed by one as far on as a flick goes in a frame.
TEST(CameraAnalyzerTest, AFastFlicksBlobsAreConfirmedFrameToFrame) {
  FilmedTable filmed;
  const cv::Rect2d between = filmed.BetweenMarkers();
  const sim::PieceLook coin = Bowl("suns");
  bool looked = false;
  for (int i = 0; i < 90 && !looked; ++i) looked = filmed.Film({}, {}).complete;
  ASSERT_TRUE(looked);
  constexpr double kSpeed = 5400;  // mm/s: 180 mm a frame
  const double y = between.y + 0.5 * between.height;
  double x = between.x + 60;
  ASSERT_LT(x + 2 * kSpeed / 30, between.x + between.width - 60) << "the table is too small";
  int blobs = 0;
  for (int k = 0; k < 3; ++k, x += kSpeed / 30) {
    const TrackerFrame evidence = filmed.Film({coin}, {filmed.Body(coin, {x, y}, kSpeed)});
    ASSERT_FALSE(evidence.complete) << "frame " << k;
    for (const ObservedPiece& piece : evidence.pieces) {
      if (piece.track_id < 0 && rules::Distance(piece.position_mm, {x, y}) < 20) ++blobs;
    }
  }
  EXPECT_GE(blobs, 1) << "the flight's blobs were confirmed";
}

// A coin at rest mid-table, filmed with a look in every quiet frame.
class CoinLookedAtTest : public ::testing::Test {
 protected:
  static TrackerOptions LookInEveryQuietFrame() {
    TrackerOptions tracking;
    tracking.refresh_s = 0.01;
    return tracking;
  }
  CoinLookedAtTest() : filmed_(LookInEveryQuietFrame()) {
    const cv::Rect2d between = filmed_.BetweenMarkers();
    place_ = {between.x + 0.5 * between.width, between.y + 0.5 * between.height};
    id_ = filmed_.FilmAtRest({coin_}, {filmed_.Body(coin_, place_)});
  }
  // One frame of the coin at `at` (and a hand over the table).
  TrackerFrame FilmCoinAt(cv::Vec2d at, const std::optional<sim::HandPose>& hand = std::nullopt) {
    return filmed_.Film({coin_}, {filmed_.Body(coin_, at)}, hand);
  }

  FilmedTable filmed_;
  const sim::PieceLook coin_ = Bowl("suns");
  cv::Vec2d place_;
  int id_ = -1;
};

// Fresh Ppolf seed 275: a coin flicked from under the hand was looked at in the frame it struck
// the hole's tile, sharp as it turned. The look was taken for one of a settled table, so the
// coin was put to rest there unseen moving, and its shot (a hit) began only on the way back.
TEST_F(CoinLookedAtTest, APieceCaughtOnItsWayByAFullDetectionIsNotSettledThere) {
  ASSERT_GE(id_, 0);
  const TrackerFrame at_rest = FilmCoinAt(place_);
  ASSERT_TRUE(at_rest.complete);
  EXPECT_TRUE(at_rest.settled) << "nothing moves on a table at rest";

  const TrackerFrame caught = FilmCoinAt(place_ + cv::Vec2d(40, 0));
  ASSERT_TRUE(caught.complete) << "the coin was looked at as it moved";
  EXPECT_FALSE(caught.settled) << "the coin was found where the image moved";
  const Track* track = filmed_.tracker().FindTrack(id_);
  ASSERT_NE(track, nullptr);
  EXPECT_TRUE(track->moving) << "the coin moves from its place, it was not put there unseen";
}

// Held-out Ppolf seed 248: the hand set the coin down at the tee and a look was made as its
// fingers let go, the coin's place changing from the frame before. That is a piece put there
// (or still in the fingers), not one caught on its way.
TEST_F(CoinLookedAtTest, APieceFoundMovingInTheHandsReachIsNotCaughtOnItsWay) {
  ASSERT_GE(id_, 0);
  sim::HandPose hand;
  hand.heading = -CV_PI / 2;
  hand.fingertip = place_ + cv::Vec2d(0, 16);
  bool looked = false;
  for (int i = 0; i < 60 && !looked; ++i) looked = FilmCoinAt(place_, hand).complete;
  ASSERT_TRUE(looked) << "a look with the hand still beside the coin";

  const cv::Vec2d set_down = place_ + cv::Vec2d(40, 0);
  hand.fingertip = set_down + cv::Vec2d(0, 16);
  const TrackerFrame look = FilmCoinAt(set_down, hand);
  ASSERT_TRUE(look.complete) << "the coin was looked at as the hand set it down";
  EXPECT_TRUE(look.settled) << "the coin moved in the hand's reach";
}

// Ppolf seed 22: a coin flicked from under the hand while another piece moved. Its place,
// seen empty, was reported vacated; half a second later the camera's background had taken the
// empty place in, and once the table was at rest the coin was "seen" there again as before.
TEST(CameraAnalyzerTest, APlaceFoundEmptyIsNotTakenForThePieceOnceTheBackgroundAbsorbsIt) {
  FilmedTable filmed;
  const PieceTracker& tracker = filmed.tracker();
  const std::vector<sim::PieceLook> looks = {Bowl("moons"), Bowl("suns")};
  const cv::Vec2d gone_from{450, 230};
  const cv::Vec2d mover_from{200, 230};
  const int gone = filmed.FilmTwoAtRest(looks, gone_from, mover_from).first;
  ASSERT_EQ(tracker.Tracks().size(), 2u);
  ASSERT_GE(gone, 0);
  // The other slides for longer than the background takes to absorb a change.
  constexpr int kSlideFrames = 25;
  constexpr double kStepMm = 5;
  bool reported = false;
  for (int k = 1; k <= kSlideFrames; ++k) {
    const TrackerFrame evidence = filmed.Film(
        {looks[1]}, {filmed.Body(looks[1], mover_from + cv::Vec2d(kStepMm * k, 0), kStepMm * 30)});
    reported |= std::count(evidence.vacated.begin(), evidence.vacated.end(), gone) > 0;
  }
  EXPECT_TRUE(reported);
  const cv::Vec2d mover_at = mover_from + cv::Vec2d(kStepMm * kSlideFrames, 0);
  for (int i = 0; i < 60; ++i) {
    const TrackerFrame evidence = filmed.Film({looks[1]}, {filmed.Body(looks[1], mover_at)});
    for (const ObservedPiece& piece : evidence.pieces) EXPECT_NE(piece.track_id, gone) << i;
  }
  EXPECT_EQ(tracker.FindTrack(gone), nullptr);
}

// Held-out Ppolf seed 91: a coin flicked from under the hand left its place changed in the
// first frame the hand no longer hid it, and a blob of the hand the tracker followed took that
// changed place for itself, then the flicked coin's blur for its own. A place the hand hid a
// frame ago and now shows changed throughout is no other piece's blob: a piece sliding at it
// (its motion predicting it there) is measured on its own blob.
TEST(CameraAnalyzerTest, APlaceLeftUnderTheHandIsNoOtherPiecesBlob) {
  FilmedTable filmed;
  const PieceTracker& tracker = filmed.tracker();
  const std::vector<sim::PieceLook> looks = {Bowl("moons"), Bowl("suns")};
  const cv::Vec2d flicked_from{450, 230};
  const cv::Vec2d slider_from{250, 230};
  const auto [flicked, slider] = filmed.FilmTwoAtRest(looks, flicked_from, slider_from);
  ASSERT_EQ(tracker.Tracks().size(), 2u);
  // A finger rests on the first coin, the arm reaching in from beyond it, while the other
  // slides at it at 1.2 m/s (40 mm a frame).
  sim::HandPose hand;
  hand.fingertip = flicked_from - cv::Vec2d(0, 12);
  hand.heading = -CV_PI / 2;
  for (int i = 0; i < 10; ++i)
    filmed.Film(looks, {filmed.Body(looks[0], flicked_from), filmed.Body(looks[1], slider_from)},
                hand);
  constexpr double kSpeed = 1200;
  for (int k = 1; k <= 4; ++k) {
    filmed.Film(looks,
                {filmed.Body(looks[0], flicked_from),
                 filmed.Body(looks[1], slider_from + cv::Vec2d(40.0 * k, 0), kSpeed)},
                hand);
  }
  ASSERT_NE(tracker.FindTrack(flicked), nullptr);
  ASSERT_TRUE(tracker.FindTrack(flicked)->hidden);
  ASSERT_TRUE(tracker.FindTrack(slider) != nullptr && tracker.FindTrack(slider)->moving);
  // The first coin is gone (flicked off), the hand drawn back off its place; the slider,
  // predicted at that place, turned aside 35 mm short of it.
  hand.fingertip = flicked_from + cv::Vec2d(0, 45);
  const cv::Vec2d slider_now = flicked_from + cv::Vec2d(-25, -25);
  const TrackerFrame evidence =
      filmed.Film({looks[1]}, {filmed.Body(looks[1], slider_now, kSpeed)}, hand);
  const auto measured =
      std::find_if(evidence.pieces.begin(), evidence.pieces.end(),
                   [&](const ObservedPiece& piece) { return piece.track_id == slider; });
  ASSERT_NE(measured, evidence.pieces.end());
  EXPECT_LT(rules::Distance(measured->position_mm, {slider_now[0], slider_now[1]}), 5.0)
      << measured->position_mm.x << ", " << measured->position_mm.y;
}

// Held-out Ice Boule seed 175 with the tidying hand, clearing an end: two pieces taken up, the
// place of the one far from the hand seen empty long enough to end its track, the other's
// kept (the hand near it); that one, its place changed, was re-acquired on the change where
// the first was taken from, 130 mm away, and taken for a shot. A change centred on a place seen
// empty since the last full detection is that place, no other piece's blob.
TEST(CameraAnalyzerTest, APlaceSeenEmptyIsNoBlobForAnotherPieceTakenUp) {
  FilmedTable filmed;
  const PieceTracker& tracker = filmed.tracker();
  const std::vector<sim::PieceLook> looks = {Bowl("moons"), Bowl("suns")};
  const cv::Vec2d far_from_hand{520, 230};
  const cv::Vec2d by_the_hand{390, 230};
  const auto [far, near] = filmed.FilmTwoAtRest(looks, far_from_hand, by_the_hand);
  ASSERT_EQ(tracker.Tracks().size(), 2u);
  // Both taken up; the hand stays by the second a moment, then draws back.
  sim::HandPose hand;
  hand.heading = 0;
  bool shot = false;
  bool far_ended = false;
  for (int i = 0; i < 12; ++i) {
    hand.fingertip = by_the_hand - cv::Vec2d(i < 3 ? 90 : 250, 0);
    const TrackerFrame evidence = filmed.Film({}, {}, hand);
    far_ended |= tracker.FindTrack(far) == nullptr;
    shot |= tracker.InShot();
    for (const ObservedPiece& piece : evidence.pieces) {
      if (piece.track_id != near) continue;
      EXPECT_GT(rules::Distance(piece.position_mm, {far_from_hand[0], far_from_hand[1]}), 20.0)
          << "frame " << i;
    }
  }
  EXPECT_TRUE(far_ended);
  EXPECT_FALSE(shot);
}

// Held-out Ice Boule seed 177 with the tidying hand: two pieces taken up under the arm, which
// drew back off one place a frame before the other. The first one's place, changed, was
// re-acquired on the change at the other's, just uncovered, 100 mm away. A change centred on
// a place the hand hid a frame ago is that place, for a piece re-acquired near its own too.
TEST(CameraAnalyzerTest, APlaceJustLeftUnderTheHandIsNoBlobForAnotherPieceTakenUp) {
  FilmedTable filmed;
  const PieceTracker& tracker = filmed.tracker();
  const std::vector<sim::PieceLook> looks = {Bowl("moons"), Bowl("suns")};
  const cv::Vec2d uncovered_last{200, 230};
  const cv::Vec2d uncovered_first{300, 230};
  const int first = filmed.FilmTwoAtRest(looks, uncovered_last, uncovered_first).second;
  ASSERT_EQ(tracker.Tracks().size(), 2u);
  // The arm over both, from the left; the pieces taken up under it.
  sim::HandPose hand;
  hand.heading = 0;
  hand.fingertip = uncovered_first + cv::Vec2d(40, 0);
  for (int i = 0; i < 4; ++i) {
    filmed.Film(looks,
                {filmed.Body(looks[0], uncovered_last), filmed.Body(looks[1], uncovered_first)},
                hand);
  }
  for (int i = 0; i < 3; ++i) filmed.Film({}, {}, hand);
  for (const double fingertip_x : {250.0, 150.0, 100.0, 60.0}) {
    hand.fingertip = {fingertip_x, 230};
    const TrackerFrame evidence = filmed.Film({}, {}, hand);
    for (const ObservedPiece& piece : evidence.pieces) {
      if (piece.track_id != first) continue;
      EXPECT_GT(rules::Distance(piece.position_mm, {uncovered_last[0], uncovered_last[1]}), 20.0)
          << "fingertip at " << fingertip_x;
    }
    EXPECT_FALSE(tracker.InShot()) << "fingertip at " << fingertip_x;
  }
}

// Held-out Ppolf seed 170: a putt's blur, back off the hole, broke in two; its track took the
// trailing part and the leading part, a moving blob nobody explained, was taken for the coin
// it had nudged a moment before, which then "touched" the hole. A blob nearer a moving piece's
// than two pieces' centres can be is a share of its blur.
TEST(CameraAnalyzerTest, AShareOfAMovingPiecesBlurBrokenOffIsNoOtherPiece) {
  FilmedTable filmed;
  const PieceTracker& tracker = filmed.tracker();
  const std::vector<sim::PieceLook> looks = {Bowl("moons")};
  cv::Vec2d at{200, 230};
  const int coin = filmed.FilmAtRest(looks, {filmed.Body(looks[0], at)});
  ASSERT_GE(coin, 0);
  constexpr double kSpeed = 750;  // mm/s: 25 mm a frame
  for (int k = 0; k < 3; ++k) {
    at += cv::Vec2d(kSpeed / 30, 0);
    filmed.Film(looks, {filmed.Body(looks[0], at, kSpeed)});
  }
  ASSERT_TRUE(tracker.FindTrack(coin) != nullptr && tracker.FindTrack(coin)->moving);
  // The table shows through a band across the middle of the blur, 6 mm wide.
  const auto broken = [&](cv::Mat& frame, const cv::Mat& table) {
    std::vector<cv::Point> band;
    for (const cv::Vec2d& corner :
         {cv::Vec2d(-3, -30), cv::Vec2d(3, -30), cv::Vec2d(3, 30), cv::Vec2d(-3, 30)})
      band.push_back(filmed.ToImage(at + corner));
    cv::Mat mask = cv::Mat::zeros(frame.size(), CV_8U);
    cv::fillConvexPoly(mask, band, cv::Scalar(255));
    table.copyTo(frame, mask);
  };
  int others = 0;
  for (int k = 0; k < 4; ++k) {
    at += cv::Vec2d(kSpeed / 30, 0);
    const TrackerFrame evidence =
        filmed.FilmPainted(looks, {filmed.Body(looks[0], at, kSpeed)}, broken);
    for (const ObservedPiece& piece : evidence.pieces) {
      if (piece.track_id != coin) ++others;
    }
  }
  EXPECT_EQ(others, 0);
  EXPECT_EQ(tracker.Tracks().size(), 1u);
}

// Ice Boule seed 1 with the tidying hand: the end's pieces were taken up one by one under
// the hand, and the looks while it was over the table skipped them, their places hidden by
// its outline though no longer covered; once it had gone, each place looked as it had at the
// last look, and the pieces were kept as still there. A piece the last look could not see is
// kept only where its place looks as it did when a look last saw it.
TEST(CameraAnalyzerTest, APieceTakenWhileTheHandHidItIsNotKeptOnceTheHandHasGone) {
  FilmedTable filmed;
  const PieceTracker& tracker = filmed.tracker();
  const std::vector<sim::PieceLook> looks = {Bowl("suns")};
  const cv::Vec2d at{300, 230};
  const std::vector<sim::Body> bodies = {filmed.Body(looks[0], at)};
  const int coin = filmed.FilmAtRest(looks, bodies);
  ASSERT_GE(coin, 0);
  const auto film_until_a_look = [&](const std::optional<sim::HandPose>& hand) {
    for (int i = 0; i < 60; ++i) {
      if (filmed.Film({}, {}, hand).complete) return true;
    }
    return false;
  };
  sim::HandPose hand;
  hand.fingertip = at - cv::Vec2d(0, 12);
  hand.heading = -CV_PI / 2;
  for (int i = 0; i < 5; ++i) filmed.Film(looks, bodies, hand);
  // Taken up under the finger, which then draws back to 16 mm beside its place.
  ASSERT_TRUE(film_until_a_look(hand));
  hand.fingertip = at + cv::Vec2d(0, 16);
  ASSERT_TRUE(film_until_a_look(hand));
  ASSERT_TRUE(film_until_a_look(hand));
  ASSERT_NE(tracker.FindTrack(coin), nullptr) << "the hand was over it at each look";
  ASSERT_TRUE(film_until_a_look(std::nullopt));
  EXPECT_EQ(tracker.FindTrack(coin), nullptr);
}

// Held-out Ppolf seed 152: a hand reaching in fast over a wooden table, its skin the wood's
// colour, differs from the table by the change of one frame to the next at its leading edge
// alone; those fingertips were taken for a coin carried in, then shot. Neither reaching in nor
// drawing back brings a piece onto the table.
TEST(CameraAnalyzerTest, AHandReachingInAndDrawingBackIsNoPiece) {
  FilmedTable filmed;
  const PieceTracker& tracker = filmed.tracker();
  const std::vector<sim::PieceLook> looks = {Bowl("suns")};
  const cv::Vec2d at{400, 230};
  const std::vector<sim::Body> bodies = {filmed.Body(looks[0], at)};
  const int coin = filmed.FilmAtRest(looks, bodies);
  ASSERT_GE(coin, 0);
  for (const double heading_deg : {90.0, 225.0}) {
    // The hand's moments around a flick 1 s after the first frame that never comes: it reaches
    // the coin and draws back.
    int in_view = 0;
    for (int k = 0; k <= 36; ++k) {
      const double flick_s = 0.8;
      const std::optional<sim::HandPose> hand =
          sim::FlickingHand(at, heading_deg * CV_PI / 180, flick_s, k / 30.0);
      in_view += hand.has_value() ? 1 : 0;
      filmed.Film(looks, bodies, hand);
      for (const Track& track : tracker.Tracks()) {
        EXPECT_EQ(track.id, coin) << "a piece at (" << track.piece.position_mm.x << ", "
                                  << track.piece.position_mm.y << ") from heading " << heading_deg
                                  << " at frame " << k;
        EXPECT_FALSE(track.moving && !track.carried) << heading_deg << " " << k;
      }
    }
    ASSERT_GT(in_view, 20);
    for (int i = 0; i < 20; ++i) filmed.Film(looks, bodies);
  }
}

// Held-out Ice Boule seed 34: a projectile slid to rest beside the upright target, 17 mm
// centre to centre, filmed at 31 degrees. Leaning in the top view, it changed part of the
// target's place: that is no place left empty, and the target is still there.
TEST(CameraAnalyzerTest, APyramidComeToRestBesideAnotherLeavesItsPlaceNotVacated) {
  CameraAnalyzerOptions pyramids;
  pyramids.tracked_kinds = {ObservedKind::kPyramid};
  FilmedTable filmed({}, pyramids, {}, EmptyTable(1920, 1080, 5, 31));
  const PieceTracker& tracker = filmed.tracker();
  const sim::PieceLook target = sim::PieceLook::Pyramid("red", "small");
  const sim::PieceLook projectile = sim::PieceLook::Pyramid("yellow", "small");
  const cv::Vec2d target_at{673.3, 325.3};
  const cv::Vec2d stops_at{662.9, 311.5};
  const sim::Body resting = filmed.Body(target, target_at);
  for (int i = 0; i < 30; ++i) filmed.Film({target}, {resting});
  ASSERT_EQ(tracker.Tracks().size(), 1u);
  const int target_id = tracker.Tracks()[0].id;
  // In from 100 mm to the left at 600 mm/s, slowing to rest.
  constexpr int kSlideFrames = 10;
  int vacated = 0;
  for (int k = 1; k <= kSlideFrames + 20; ++k) {
    const double left = std::max(0.0, 1.0 - static_cast<double>(k) / kSlideFrames);
    const double speed_x = 600 * left;
    const sim::Body moving =
        filmed.Body(projectile, stops_at - cv::Vec2d(100 * left * left, 0), speed_x);
    const TrackerFrame evidence = filmed.Film({target, projectile}, {resting, moving});
    vacated +=
        static_cast<int>(std::count(evidence.vacated.begin(), evidence.vacated.end(), target_id));
  }
  EXPECT_EQ(vacated, 0);
  const Track* kept = tracker.FindTrack(target_id);
  ASSERT_NE(kept, nullptr);
  EXPECT_LT(rules::Distance(kept->rest, {target_at[0], target_at[1]}), 2.0);
}

// Held-out Ice Boule seed 104: pieces come to rest in a shot change their places themselves
// until the background takes them in. Taken for disturbed there, the knocked target was
// re-acquired on what change lay near (half the projectile's blob, 120 mm away). Two pyramids
// come to rest side by side, their changes one blob: each stays where it came to rest.
TEST(CameraAnalyzerTest, PiecesComeToRestSideBySideStayWhereTheyCameToRest) {
  CameraAnalyzerOptions pyramids;
  pyramids.tracked_kinds = {ObservedKind::kPyramid};
  FilmedTable filmed({}, pyramids, {}, EmptyTable(1920, 1080, 5, 31));
  const PieceTracker& tracker = filmed.tracker();
  const std::vector<sim::PieceLook> looks = {sim::PieceLook::Pyramid("red", "small"),
                                             sim::PieceLook::Pyramid("yellow", "small")};
  const std::vector<cv::Vec2d> stops_at = {{560, 300}, {580, 300}};
  const std::vector<double> from_side = {-1, 1};
  // Each `left` of its way from 100 mm out (as the square of it), at 600 mm/s times `left`
  // when `sliding`.
  const auto film = [&](double left, bool sliding) {
    std::vector<sim::Body> bodies;
    for (size_t i = 0; i < looks.size(); ++i) {
      bodies.push_back(filmed.Body(looks[i],
                                   stops_at[i] + cv::Vec2d(from_side[i] * 100 * left * left, 0),
                                   sliding ? -from_side[i] * 600 * left : 0));
    }
    return filmed.Film(looks, bodies);
  };
  for (int i = 0; i < 30; ++i) film(1, false);
  ASSERT_EQ(tracker.Tracks().size(), 2u);
  constexpr int kSlideFrames = 10;
  for (int k = 1; k <= kSlideFrames; ++k) film(1.0 - static_cast<double>(k) / kSlideFrames, true);
  int at_rest_frames = 0;
  for (int k = 0; k < 20 && tracker.InShot(); ++k) {
    const TrackerFrame evidence = film(0, false);
    for (const ObservedPiece& piece : evidence.pieces) {
      const Track* track = tracker.FindTrack(piece.track_id);
      if (evidence.complete || track == nullptr || track->moving) continue;
      ++at_rest_frames;
      const size_t which = track->piece.colour == "red" ? 0 : 1;
      // (A blob's centre stands millimetres off a pyramid's, by its shadow and its height.)
      EXPECT_LT(rules::Distance(piece.position_mm, {stops_at[which][0], stops_at[which][1]}), 5.0)
          << *track->piece.colour << " measured at " << piece.position_mm.x << ", "
          << piece.position_mm.y;
    }
  }
  EXPECT_GT(at_rest_frames, 0);
  EXPECT_FALSE(tracker.InShot());
}

Track RestingTrack(ObservedKind kind, std::optional<std::string> colour, rules::Vec2 rest) {
  Track track;
  track.piece.kind = kind;
  track.piece.colour = colour;
  if (colour) track.identity_votes["seen"] = 1;
  track.rest = rest;
  track.piece.position_mm = rest;
  return track;
}

// Held-out Ice Boule seed 58: the projectile struck a red pyramid into the green target,
// which was pushed 6.4 mm; the red one's blurs followed the target's blob and left its track
// 5 mm from the target's new place. The detection closing the shot found the target there:
// no red pyramid's, so a piece that moved unseen, and the target was not kept at its old
// place (it was, and its end was scored from there).
TEST(UnexpectedPiecesTest, APyramidIsExpectedOnlyByATrackOfItsColour) {
  ObservedPiece target;
  target.kind = ObservedKind::kPyramid;
  target.colour = "green";
  target.position_mm = {394.7, 174.6};
  const Track red = RestingTrack(ObservedKind::kPyramid, "red", {398.9, 171.4});
  const Track green_far = RestingTrack(ObservedKind::kPyramid, "green", {389.7, 178.8});
  EXPECT_EQ(UnexpectedPieces({target}, {red, green_far}, 6).size(), 1u);
  // Its own colour's track near enough, or a blur that never said what it was, expects it.
  const Track green_near = RestingTrack(ObservedKind::kPyramid, "green", {392.0, 176.0});
  EXPECT_TRUE(UnexpectedPieces({target}, {red, green_near}, 6).empty());
  const Track blur = RestingTrack(ObservedKind::kPyramid, std::nullopt, {398.9, 171.4});
  EXPECT_TRUE(UnexpectedPieces({target}, {blur}, 6).empty());
  // A coin's track expects no pyramid.
  const Track coin = RestingTrack(ObservedKind::kCoin, std::nullopt, {394.7, 174.6});
  EXPECT_EQ(UnexpectedPieces({target}, {coin}, 6).size(), 1u);
}

sim::PieceLook FaceUpTile(const std::string& suit, const std::string& rank) {
  sim::PieceLook look;
  look.kind = sim::PieceKind::kTile;
  look.suit = suit;
  look.rank = rank;
  return look;
}

int Skipped(const Detection& detection) {
  return static_cast<int>(std::count_if(
      detection.rejected.begin(), detection.rejected.end(),
      [](const RejectedCandidate& r) { return r.reason == kUnchangedCoinMissReason; }));
}

bool FoundCoinAt(const Detection& detection, cv::Vec2d at) {
  return std::any_of(detection.pieces.begin(), detection.pieces.end(), [&](const ObservedPiece& p) {
    return p.kind == ObservedKind::kCoin && rules::Distance(p.position_mm, {at[0], at[1]}) < 3;
  });
}

// A Ppolf course: the tiles' printed suits make coin candidates that the fit turns down at
// every full detection (a hundred a frame on the whole course, each fitted twice). Turned
// down three times where nothing changed, they are not fitted again; a coin set down where
// candidates were skipped is found by the next full detection, its place having changed (the
// camera follows tiles only here, so that no coin's track vouches for it).
TEST(CameraAnalyzerTest, CoinCandidatesTurnedDownWhereNothingChangedAreNotFittedAgain) {
  TrackerOptions often;
  often.refresh_s = 0.1;  // a full detection every few frames
  CameraAnalyzerOptions tiles_only;
  tiles_only.tracked_kinds = {ObservedKind::kTile};
  FilmedTable filmed(often, tiles_only);
  std::vector<sim::PieceLook> looks = {FaceUpTile("moons", "3"), FaceUpTile("suns", "4"),
                                       FaceUpTile("crowns", "5"), FaceUpTile("arms", "2"),
                                       Bowl("arms")};
  const cv::Vec2d coin_at{450, 320};
  std::vector<sim::Body> bodies = {
      filmed.Body(looks[0], {250, 200}), filmed.Body(looks[1], {400, 200}),
      filmed.Body(looks[2], {550, 200}), filmed.Body(looks[3], {700, 200}),
      filmed.Body(looks[4], coin_at)};
  int full_detections = 0;
  for (int i = 0; i < 45; ++i) full_detections += filmed.Film(looks, bodies).complete ? 1 : 0;
  const Detection& detection = filmed.analyzer().LastDetection();
  ASSERT_GE(full_detections, 5);
  ASSERT_GT(Skipped(detection), 0);
  EXPECT_TRUE(FoundCoinAt(detection, coin_at));
  // A coin set down on a skipped place: that place changed.
  const auto skipped =
      std::find_if(detection.rejected.begin(), detection.rejected.end(),
                   [](const RejectedCandidate& r) { return r.reason == kUnchangedCoinMissReason; });
  const cv::Vec2d set_down{skipped->table_mm.x, skipped->table_mm.y};
  looks.push_back(Bowl("suns"));
  bodies.push_back(filmed.Body(looks.back(), set_down));
  bool detected = false;
  for (int i = 0; i < 20 && !detected; ++i) detected = filmed.Film(looks, bodies).complete;
  ASSERT_TRUE(detected);
  EXPECT_TRUE(FoundCoinAt(filmed.analyzer().LastDetection(), set_down));
  for (const rules::Vec2& skip : filmed.analyzer().LastHints().unchanged_coin_misses_mm)
    EXPECT_GT(rules::Distance(skip, {set_down[0], set_down[1]}), 10);
}

// Ice Boule seed 12: between shots, full detections read a single pyramid at rest as two of
// its size nested (a catapult), and the tracker took on a piece that was never there. Where
// it follows one single piece and nothing changed since the last full detection, no piece was
// put on it: the pair is that piece read twice. A catapult seen from the first look is two.
TEST(CameraAnalyzerTest, APairReadWhereOneSinglePieceRestsUnchangedIsThatPieceReadTwice) {
  DetectionOptions catapults;
  catapults.pyramids.nested_alike_pairs = true;
  CameraAnalyzerOptions pyramids;
  pyramids.tracked_kinds = {ObservedKind::kPyramid};
  // As CatapultDetection films a catapult it reads as a pair.
  FilmedTable filmed({}, pyramids, catapults, EmptyTable(1920, 1080, 5, 20));
  sim::PieceLook red;
  red.kind = sim::PieceKind::kPyramid;
  red.colour = "red";
  red.size = "large";
  const cv::Vec2d at{300, 330};
  const sim::Body lower = filmed.Body(red, at);
  sim::Body upper = lower;
  sim::NestOn(upper, red, lower, red, 0, filmed.set());
  const auto reds_near = [&](const std::vector<ObservedPiece>& pieces) {
    return std::count_if(pieces.begin(), pieces.end(), [&](const ObservedPiece& piece) {
      return piece.colour == "red" && rules::Distance(piece.position_mm, {at[0], at[1]}) < 10;
    });
  };
  // The catapult, filmed from the first look: two pieces.
  for (int i = 0; i < 30; ++i) filmed.Film({red, red}, {lower, upper});
  ASSERT_EQ(reds_near(filmed.tracker().Table(1).pieces), 2) << "the pair is not read here";

  // A tracker that follows one single piece there, the view unchanged since the last full
  // detection: one piece.
  PieceTracker single(filmed.tracker().Options());
  ObservedPiece piece = filmed.tracker().Table(1).pieces.front();
  piece.on_top_of.reset();
  for (int i = 0; i < 6; ++i) {
    TrackerFrame look;
    look.time_s = i / 30.0 - 1;
    look.pieces = {piece};
    look.complete = true;
    look.settled = true;
    single.Update(look);
  }
  ASSERT_EQ(single.Tracks().size(), 1u);
  ASSERT_TRUE(single.WantsFullDetection(1.0));
  const TrackerFrame evidence = filmed.Analyze({red, red}, {lower, upper}, single);
  ASSERT_TRUE(evidence.complete);
  EXPECT_EQ(reds_near(evidence.pieces), 1);
}

}  // namespace
}  // namespace tabref::vision
