#include "vision/track/piece_tracker.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <optional>

#include "tests/vision/track/scenario.h"
#include "vision/track/contacts.h"

namespace tabref::vision {
namespace {

using testing::Coin;
using testing::RunScenario;
using testing::ScenarioOptions;
using testing::ScenarioPiece;
using testing::Slide;
using testing::Tile;
using testing::Waypoints;
using Type = TrackEvent::Type;

std::vector<TrackEvent> Of(const std::vector<TrackEvent>& events, Type type) {
  std::vector<TrackEvent> found;
  for (const TrackEvent& event : events) {
    if (event.type == type) found.push_back(event);
  }
  return found;
}

ScenarioPiece Still(ObservedPiece look) {
  const rules::Vec2 at = look.position_mm;
  return {std::move(look), [at](double) -> std::optional<rules::Vec2> { return at; }};
}

// The track id of the piece nearest to `at` on `table`.
int TrackNear(const TableObservation& table, rules::Vec2 at) {
  int best = -1;
  double distance = 1e9;
  for (const ObservedPiece& piece : table.pieces) {
    if (rules::Distance(piece.position_mm, at) < distance) {
      distance = rules::Distance(piece.position_mm, at);
      best = piece.track_id;
    }
  }
  return best;
}

// A pyramid as the detector reports it: upright (its base square) or lying on a face (the
// triangle it lies on, pointing along +x, `at` its centroid).
ObservedPiece Pyramid(const std::string& colour, const std::string& size, double base_mm,
                      double slant_mm, rules::Vec2 at, bool lying = false) {
  ObservedPiece piece;
  piece.kind = ObservedKind::kPyramid;
  piece.colour = colour;
  piece.size = size;
  piece.pose = lying ? "lying" : "upright";
  piece.position_mm = at;
  piece.sigma_mm = 0.3;
  piece.confidence = 0.9;
  if (lying) {
    piece.footprint = rules::Polygon{{{at.x - slant_mm / 3, at.y - base_mm / 2},
                                      {at.x + 2 * slant_mm / 3, at.y},
                                      {at.x - slant_mm / 3, at.y + base_mm / 2}}};
  } else {
    piece.footprint = rules::Square(at, base_mm, 0);
  }
  return piece;
}

// The default options with pieces seen on a table `width` by `depth` mm from the origin (its
// edges are where pieces leave it).
TrackerOptions OnATable(double width, double depth) {
  TrackerOptions options;
  options.area = testing::Rectangle({0, 0}, {width, depth});
  return options;
}

TEST(PieceTrackerTest, PiecesKeepTheirIdentityAndJitterIsNotMotion) {
  PieceTracker tracker;
  ScenarioOptions options;
  options.noise_mm = 0.35;
  const std::vector<ScenarioPiece> pieces = {Still(Coin("suns", {100, 100})),
                                             Still(Coin("suns", {130, 100})),
                                             Still(Coin("moons", {400, 250}))};
  const auto first = RunScenario(tracker, pieces, 0.5, options);
  std::vector<int> ids;
  for (const Track& track : tracker.Tracks()) ids.push_back(track.id);
  options.seed = 2;
  const auto later = RunScenario(tracker, pieces, 4, options);

  EXPECT_EQ(Of(first, Type::kTableChanged).size(), 1u);
  EXPECT_EQ(Of(first, Type::kTableChanged)[0].table.pieces.size(), 3u);
  EXPECT_TRUE(Of(later, Type::kShotStarted).empty());
  EXPECT_TRUE(Of(later, Type::kTableChanged).empty());
  std::vector<int> still;
  for (const Track& track : tracker.Tracks()) still.push_back(track.id);
  EXPECT_EQ(still, ids);
  EXPECT_EQ(tracker.Phase(), TrackerPhase::kSettled);
}

TEST(PieceTrackerTest, ACreepSmallerThanTheThresholdStartsNoShot) {
  PieceTracker tracker;
  ScenarioOptions options;
  options.noise_mm = 0.3;
  const std::vector<ScenarioPiece> pieces = {
      {Coin("suns", {100, 100}), Waypoints({{1.0, {100, 100}}, {2.0, {101, 100}}})}};
  const auto events = RunScenario(tracker, pieces, 3, options);
  EXPECT_TRUE(Of(events, Type::kShotStarted).empty());
}

TEST(PieceTrackerTest, AShotRunsFromTheFirstMovementToEverythingAtRest) {
  PieceTracker tracker;
  const std::vector<ScenarioPiece> pieces = {
      {Coin("suns", {100, 100}), Slide({100, 100}, {1, 0}, 900, 2750, 1.0)},
      Still(Coin("moons", {400, 300}))};
  const auto events = RunScenario(tracker, pieces, 2.5);
  const auto started = Of(events, Type::kShotStarted);
  const auto ended = Of(events, Type::kShotEnded);
  ASSERT_EQ(started.size(), 1u);
  ASSERT_EQ(ended.size(), 1u);
  const ShotObservation& shot = ended[0].shot;
  const int coin = TrackNear(shot.before, {100, 100});
  EXPECT_EQ(started[0].track, coin);
  EXPECT_NEAR(shot.start_s, 1.0, 1 / 30.0 + 1e-9);
  EXPECT_EQ(shot.moved, std::vector<int>{coin});
  const double stop_s = 1.0 + 900.0 / 2750;
  const double stop_x = 100 + 900.0 * 900.0 / (2 * 2750);
  EXPECT_GE(shot.rest_s, stop_s - 0.1);
  EXPECT_LE(shot.rest_s, stop_s + 0.15);
  EXPECT_LT(ended[0].time_s - stop_s, 0.35);  // rest hysteresis plus settling
  const ObservedPiece* after = nullptr;
  for (const ObservedPiece& piece : shot.after.pieces) {
    if (piece.track_id == coin) after = &piece;
  }
  ASSERT_NE(after, nullptr);
  EXPECT_NEAR(after->position_mm.x, stop_x, 0.6);
  EXPECT_EQ(shot.before.pieces.size(), 2u);
  EXPECT_EQ(shot.after.pieces.size(), 2u);
  EXPECT_TRUE(shot.contacts.empty());
  EXPECT_TRUE(shot.left_table.empty());
}

TEST(PieceTrackerTest, ABounceOffATileBetweenFramesIsAContact) {
  PieceTracker tracker;
  // The coin's centre reaches the tile's left edge (274.6 - 9.525) between two frames and
  // comes back off it.
  const double hit_s = 1.0 + (265.075 - 100) / 1200;
  const std::vector<ScenarioPiece> pieces = {
      {Coin("suns", {100, 80}),
       Waypoints({{1.0, {100, 80}}, {hit_s, {265.075, 80}}, {hit_s + 0.25, {120, 110}}})},
      Still(Tile({300, 100}))};
  const auto events = RunScenario(tracker, pieces, 2.5);
  const auto ended = Of(events, Type::kShotEnded);
  ASSERT_EQ(ended.size(), 1u);
  const ShotObservation& shot = ended[0].shot;
  const int coin = TrackNear(shot.before, {100, 80});
  const int tile = TrackNear(shot.before, {300, 100});
  ASSERT_EQ(shot.contacts.size(), 1u);
  EXPECT_EQ(shot.contacts[0].piece, coin);
  EXPECT_EQ(shot.contacts[0].other, tile);
  EXPECT_NEAR(shot.contacts[0].time_s, hit_s, 0.02);
  EXPECT_EQ(Of(events, Type::kContact).size(), 1u);
}

// A coin come to rest 1.3 mm short of a tile: whether it touched depends on how surely the
// two are placed relative to each other, not on the table (held-out Ppolf seed 188: a tile's
// 0.83 mm, nearly all the calibration's, made a 1.3 mm gap too close to call).
TEST(PieceTrackerTest, TheCalibrationsShareOfTheSigmasCancelsInAGap) {
  const auto contacts = [](double tile_calibration_sigma_mm) {
    PieceTracker tracker;
    const double rest_x = 274.6 - 9.525 - 1.3;
    ObservedPiece tile = Tile({300, 100}, 0.8);
    tile.calibration_sigma_mm = tile_calibration_sigma_mm;
    const std::vector<ScenarioPiece> pieces = {
        {Coin("suns", {100, 100}),
         Slide({100, 100}, {1, 0}, std::sqrt(2 * 2700 * (rest_x - 100)), 2700, 1.0)},
        Still(tile)};
    const auto ended = Of(RunScenario(tracker, pieces, 2.5), Type::kShotEnded);
    EXPECT_EQ(ended.size(), 1u);
    return ended.empty() ? std::vector<ObservedContact>{} : ended[0].shot.contacts;
  };
  // 0.8 mm of the tile's own: within two sigmas of touching, too close to call.
  const std::vector<ObservedContact> own = contacts(0);
  ASSERT_EQ(own.size(), 1u);
  EXPECT_TRUE(own[0].uncertain);
  // 0.75 of the 0.8 mm the calibration's (0.28 mm relative): it did not touch.
  EXPECT_TRUE(contacts(0.75).empty());
}

// The tile at (300, 100) has its left edge at x = 274.6; a coin's radius is 9.525 mm.
TEST(PieceTrackerTest, AFlickedCoinFirstSeenSlidingAwayFromTheTileItLayByMayHaveTouchedIt) {
  PieceTracker tracker;
  // Flicked at 1.01 s from 2 mm off the tile into it, rebounding before the next frame.
  const double rest_x = 274.6 - 9.525 - 2;
  const std::vector<ScenarioPiece> pieces = {
      {Coin("suns", {rest_x, 100}),
       Waypoints({{1.01, {rest_x, 100}}, {1.015, {rest_x + 2, 100}}, {1.3, {140, 100}}})},
      Still(Tile({300, 100}))};
  const auto events = RunScenario(tracker, pieces, 2.5);
  const auto ended = Of(events, Type::kShotEnded);
  ASSERT_EQ(ended.size(), 1u);
  const ShotObservation& shot = ended[0].shot;
  ASSERT_EQ(shot.contacts.size(), 1u);
  EXPECT_TRUE(shot.contacts[0].uncertain);
  EXPECT_EQ(shot.contacts[0].piece, TrackNear(shot.before, {rest_x, 100}));
  EXPECT_EQ(shot.contacts[0].other, TrackNear(shot.before, {300, 100}));
  const auto reported = Of(events, Type::kContact);
  ASSERT_EQ(reported.size(), 1u);
  EXPECT_TRUE(reported[0].uncertain);
}

// Flicked at the tile 75 mm away, seen once on its way, lost from sight, and found back
// behind where it was heading: it rebounded off the tile unseen (Ppolf seed 4's third shot).
std::vector<TrackEvent> FlickedThenLost(rules::Vec2 found_at) {
  PieceTracker tracker;
  const rules::Vec2 rest{274.6 - 9.525 - 40, 100};
  const auto coin = [rest, found_at](double t) -> std::optional<rules::Vec2> {
    if (t < 1.0) return rest;
    if (t < 1.04) return rest + rules::Vec2{12, 0} * ((t - 1.0) / 0.0334);
    if (t < 1.15) return std::nullopt;  // blurred, then back in the place it left
    return found_at;
  };
  return RunScenario(tracker, {{Coin("suns", rest), coin}, Still(Tile({300, 100}))}, 2.5);
}

// One shot, whose only contact is one with the tile at (300, 100), seen or (`uncertain`) one
// the camera may have missed.
void ExpectOneShotThatTouchedTheTile(const std::vector<TrackEvent>& events, bool uncertain) {
  const auto ended = Of(events, Type::kShotEnded);
  ASSERT_EQ(ended.size(), 1u);
  const ShotObservation& shot = ended[0].shot;
  ASSERT_EQ(shot.contacts.size(), 1u);
  EXPECT_EQ(shot.contacts[0].uncertain, uncertain);
  EXPECT_EQ(shot.contacts[0].other, TrackNear(shot.before, {300, 100}));
}

void ExpectOneShotThatMayHaveTouchedTheTile(const std::vector<TrackEvent>& events) {
  ExpectOneShotThatTouchedTheTile(events, true);
}

// A sliding coin turns only where it strikes something: the tile, the one piece within reach.
TEST(PieceTrackerTest, ACoinLostAndFoundBehindWhereItWasHeadingTouchedWhatLayAhead) {
  ExpectOneShotThatTouchedTheTile(FlickedThenLost({274.6 - 9.525 - 44, 100.5}), false);
}

// Ppolf seed 2 shot 11: a putt seen once on its way to the hole, lost from sight, and found
// at rest off to the side of where it was heading: it glanced off the hole unseen.
TEST(PieceTrackerTest, ACoinLostAndFoundOffToASideTouchedWhatLayAhead) {
  ExpectOneShotThatTouchedTheTile(FlickedThenLost({274.6 - 9.525 - 40 + 17, 125}), false);
}

TEST(PieceTrackerTest, ACoinLostAndFoundAheadOfWhereItWasHeadingTouchedNothingSeen) {
  const auto events = FlickedThenLost({274.6 - 9.525 - 10, 100.5});
  const auto ended = Of(events, Type::kShotEnded);
  ASSERT_EQ(ended.size(), 1u);
  EXPECT_TRUE(ended[0].shot.contacts.empty());
}

TEST(PieceTrackerTest, ACoinFlickedAwayFromATileItLayFarFromHasNoPossibleContact) {
  PieceTracker tracker;
  const double rest_x = 274.6 - 9.525 - 12;
  const std::vector<ScenarioPiece> pieces = {
      {Coin("suns", {rest_x, 100}), Waypoints({{1.0, {rest_x, 100}}, {1.3, {140, 100}}})},
      Still(Tile({300, 100}))};
  const auto events = RunScenario(tracker, pieces, 2.5);
  const auto ended = Of(events, Type::kShotEnded);
  ASSERT_EQ(ended.size(), 1u);
  EXPECT_TRUE(ended[0].shot.contacts.empty());
}

TEST(PieceTrackerTest, PassingATileFourMillimetresAwayIsNoContact) {
  PieceTracker tracker;
  const double y = 100 + 25.4 + 9.525 + 4;
  const std::vector<ScenarioPiece> pieces = {
      {Coin("suns", {100, y}), Waypoints({{1.0, {100, y}}, {1.4, {580, y}}})},
      Still(Tile({300, 100}))};
  const auto events = RunScenario(tracker, pieces, 2.5);
  const auto ended = Of(events, Type::kShotEnded);
  ASSERT_EQ(ended.size(), 1u);
  EXPECT_TRUE(ended[0].shot.contacts.empty());
}

TEST(PieceTrackerTest, AStruckCoinMovesSecondAndTouchedTheStriker) {
  PieceTracker tracker;
  const double hit_s = 1.0 + (280.95 - 100) / 1000;
  const std::vector<ScenarioPiece> pieces = {
      {Coin("suns", {100, 200}),
       Waypoints({{1.0, {100, 200}}, {hit_s, {280.95, 200}}, {hit_s + 0.2, {300, 200}}})},
      {Coin("moons", {300, 200}), Waypoints({{hit_s, {300, 200}}, {hit_s + 0.3, {480, 200}}})}};
  const auto events = RunScenario(tracker, pieces, 2.5);
  const auto ended = Of(events, Type::kShotEnded);
  ASSERT_EQ(ended.size(), 1u);
  const ShotObservation& shot = ended[0].shot;
  const int striker = TrackNear(shot.before, {100, 200});
  const int struck = TrackNear(shot.before, {300, 200});
  EXPECT_EQ(shot.moved, (std::vector<int>{striker, struck}));
  ASSERT_EQ(shot.contacts.size(), 1u);
  EXPECT_EQ(shot.contacts[0].piece, striker);
  EXPECT_EQ(shot.contacts[0].other, struck);
  EXPECT_NEAR(shot.contacts[0].time_s, hit_s, 0.04);
}

TEST(PieceTrackerTest, APieceVanishingAtTheEdgeLeftTheTableElseItIsLost) {
  for (const bool at_edge : {true, false}) {
    PieceTracker tracker(OnATable(600, 400));
    std::vector<ScenarioPiece> pieces = {Still(Coin("moons", {100, 100}))};
    if (at_edge) {
      const auto slide = Slide({480, 200}, {1, 0}, 1500, 2750, 1.0);
      pieces.push_back({Coin("suns", {480, 200}), [slide](double t) -> std::optional<rules::Vec2> {
                          const rules::Vec2 p = *slide(t);
                          if (p.x > 600) return std::nullopt;
                          return p;
                        }});
    } else {
      const auto slide = Slide({200, 200}, {1, 0}, 1500, 2750, 1.0);
      pieces.push_back({Coin("suns", {200, 200}), [slide](double t) -> std::optional<rules::Vec2> {
                          if (t > 1.1) return std::nullopt;
                          return *slide(t);
                        }});
    }
    const auto events = RunScenario(tracker, pieces, 2.5);
    const auto ended = Of(events, Type::kShotEnded);
    ASSERT_EQ(ended.size(), 1u) << at_edge;
    const ShotObservation& shot = ended[0].shot;
    const int coin = shot.moved.at(0);
    EXPECT_EQ(Of(events, Type::kLeftTable).size(), at_edge ? 1u : 0u);
    EXPECT_EQ(Of(events, Type::kLost).size(), at_edge ? 0u : 1u);
    EXPECT_EQ(shot.left_table, at_edge ? std::vector<int>{coin} : std::vector<int>{});
    EXPECT_EQ(shot.after.pieces.size(), 1u);
  }
}

TEST(PieceTrackerTest, APieceLostFromSightDuringAShotKeepsItsTrackWhenSeenAgain) {
  TrackerOptions options;
  options.area = testing::Rectangle({0, 0}, {900, 400});
  PieceTracker tracker(options);
  const auto slide = Slide({200, 200}, {1, 0}, 1500, 2750, 1.0);
  const std::vector<ScenarioPiece> pieces = {
      Still(Coin("moons", {100, 100})),
      {Coin("suns", {200, 200}), [slide](double t) -> std::optional<rules::Vec2> {
         if (t > 1.45 && t < 1.58) return std::nullopt;  // out of sight as it stops
         return *slide(t);
       }}};
  const auto events = RunScenario(tracker, pieces, 2.5);
  const auto ended = Of(events, Type::kShotEnded);
  ASSERT_EQ(ended.size(), 1u);
  EXPECT_EQ(Of(events, Type::kLost).size(), 1u);
  const ShotObservation& shot = ended[0].shot;
  const int coin = shot.moved.at(0);
  ASSERT_EQ(shot.after.pieces.size(), 2u);
  const auto same = std::find_if(shot.after.pieces.begin(), shot.after.pieces.end(),
                                 [&](const ObservedPiece& p) { return p.track_id == coin; });
  ASSERT_NE(same, shot.after.pieces.end());
  EXPECT_EQ(same->suit, "suns");
  EXPECT_NEAR(same->position_mm.x, slide(3.0)->x, 1.0);
  EXPECT_TRUE(shot.left_table.empty());
}

// Between full detections the analyzer measures blurs, and may tie the wrong track to one
// where two pieces met. The full detection that closes the shot puts each track back on the
// piece that reads like it.
TEST(PieceTrackerTest, TheFullDetectionClosingAShotUndoesASwapMadeOnBlurs) {
  PieceTracker tracker;
  const rules::Vec2 moons_before{100, 100};
  const rules::Vec2 moons_after{100, 60};
  const rules::Vec2 suns_before{300, 100};
  const rules::Vec2 suns_after{125, 100};
  double time_s = 0;
  std::vector<TrackEvent> events;
  const auto send = [&](TrackerFrame frame) {
    frame.time_s = time_s;
    for (TrackEvent& event : tracker.Update(frame)) events.push_back(std::move(event));
    time_s += 1 / 30.0;
  };
  const auto full_detection = [&](rules::Vec2 moons, rules::Vec2 suns) {
    TrackerFrame frame;
    frame.complete = true;
    frame.pieces = {Coin("moons", moons), Coin("suns", suns)};
    return frame;
  };
  const auto blur = [&](rules::Vec2 at, int track) {
    TrackerFrame frame;
    ObservedPiece piece;
    piece.position_mm = at;
    piece.sigma_mm = 2;
    piece.footprint = rules::Circle{at, testing::kCoinRadius};
    piece.track_id = track;
    frame.pieces = {piece};
    frame.motion = true;
    return frame;
  };
  while (time_s < 0.3) send(full_detection(moons_before, suns_before));
  ASSERT_EQ(tracker.Tracks().size(), 2u);
  const int moons = TrackNear(tracker.Table(time_s), moons_before);
  const int suns = TrackNear(tracker.Table(time_s), suns_before);

  // The suns coin slides in; where it stops, the blur is taken for the moons coin (which was
  // knocked aside unseen) and the suns coin is lost from sight.
  for (double x : {280.0, 240.0, 200.0, 160.0, 130.0}) send(blur({x, 100}, suns));
  for (int i = 0; i < 8; ++i) send(blur(suns_after, moons));
  for (int i = 0; i < 20 && !tracker.WantsFullDetection(time_s); ++i) send(TrackerFrame{});
  ASSERT_TRUE(tracker.WantsFullDetection(time_s));
  send(full_detection(moons_after, suns_after));

  const auto ended = Of(events, Type::kShotEnded);
  ASSERT_EQ(ended.size(), 1u);
  const ShotObservation& shot = ended[0].shot;
  const auto after = [&](int track) -> const ObservedPiece* {
    for (const ObservedPiece& piece : shot.after.pieces) {
      if (piece.track_id == track) return &piece;
    }
    return nullptr;
  };
  ASSERT_NE(after(moons), nullptr);
  ASSERT_NE(after(suns), nullptr);
  EXPECT_EQ(after(moons)->suit, "moons");
  EXPECT_NEAR(rules::Distance(after(moons)->position_mm, moons_after), 0, 1.0);
  EXPECT_EQ(after(suns)->suit, "suns");
  EXPECT_NEAR(rules::Distance(after(suns)->position_mm, suns_after), 0, 1.0);
  EXPECT_EQ(shot.after.pieces.size(), 2u);
  EXPECT_NE(std::count(shot.moved.begin(), shot.moved.end(), moons), 0);
  EXPECT_NE(std::count(shot.moved.begin(), shot.moved.end(), suns), 0);
  EXPECT_TRUE(shot.left_table.empty());
}

// A frame of blobs (a blob says nothing of what the piece is), with a hand hiding `hand` (its
// outline in the table frame) when one is given.
TrackerFrame Blobs(const std::vector<rules::Vec2>& blobs, bool motion,
                   const std::optional<rules::Polygon>& hand = std::nullopt) {
  TrackerFrame frame;
  frame.hand_in_view = hand.has_value();
  if (hand) frame.hidden = {*hand};
  frame.motion = motion;
  frame.motion_measured = true;
  for (const rules::Vec2 at : blobs) {
    ObservedPiece blob;
    blob.position_mm = at;
    blob.sigma_mm = 2;
    blob.footprint = rules::Circle{at, testing::kCoinRadius};
    blob.confidence = 0;
    frame.pieces.push_back(blob);
  }
  return frame;
}

// Blur frames between full detections, sent one after the other (30 fps).
class BlurFeed {
 public:
  explicit BlurFeed(PieceTracker& tracker) : tracker_(tracker) {}

  void Send(TrackerFrame frame) {
    frame.time_s = time_s_;
    for (TrackEvent& event : tracker_.Update(frame)) events_.push_back(std::move(event));
    time_s_ += 1 / 30.0;
  }
  // A full detection of the pieces given.
  void Detect(std::vector<ObservedPiece> pieces) {
    TrackerFrame frame;
    frame.complete = true;
    frame.settled = true;
    frame.motion_measured = true;
    frame.pieces = std::move(pieces);
    Send(std::move(frame));
  }
  // Blobs measured for tracks (track id, where), as the camera analysis makes them.
  void Blurs(const std::vector<std::pair<int, rules::Vec2>>& blurs, bool motion) {
    std::vector<rules::Vec2> places;
    for (const auto& blur : blurs) places.push_back(blur.second);
    TrackerFrame frame = Blobs(places, motion);
    for (size_t i = 0; i < blurs.size(); ++i) frame.pieces[i].track_id = blurs[i].first;
    Send(std::move(frame));
  }
  double Time() const { return time_s_; }
  const std::vector<TrackEvent>& Events() const { return events_; }

 private:
  PieceTracker& tracker_;
  double time_s_ = 0;
  std::vector<TrackEvent> events_;
};

const ObservedPiece* AfterShot(const ShotObservation& shot, int track) {
  for (const ObservedPiece& piece : shot.after.pieces) {
    if (piece.track_id == track) return &piece;
  }
  return nullptr;
}

// Ppolf seed 14's seventh shot: a coin followed as a blur slowed to rest where the camera's
// change no longer found it, and its track was lost from sight. The full detection closing
// the shot is told to look hard where it was last seen (its face too faint to read there at
// 1080p), as where a piece came to rest; one lost off the table is not looked for.
TEST(PieceTrackerTest, TheFullDetectionClosingAShotLooksHardWhereAPieceWasLostFromSight) {
  PieceTracker tracker(OnATable(600, 400));
  BlurFeed feed(tracker);
  const rules::Vec2 suns_at{100, 100};
  const rules::Vec2 moons_at{500, 300};
  while (feed.Time() < 0.3) feed.Detect({Coin("suns", suns_at), Coin("moons", moons_at)});
  const int suns = TrackNear(tracker.Table(feed.Time()), suns_at);
  const int moons = TrackNear(tracker.Table(feed.Time()), moons_at);
  // The suns coin slows down mid-table, the moons coin it struck flies off the far side.
  const std::vector<double> xs = {130, 158, 180, 195, 203};
  for (size_t i = 0; i < xs.size(); ++i) {
    const rules::Vec2 moons_now{500 + 20.0 * static_cast<double>(i + 1), 300};
    feed.Blurs({{suns, {xs[i], 100}}, {moons, moons_now}}, true);
  }
  for (int i = 0; i < 20 && !tracker.WantsFullDetection(feed.Time()); ++i) feed.Blurs({}, false);
  ASSERT_TRUE(tracker.WantsFullDetection(feed.Time()));
  ASSERT_EQ(Of(feed.Events(), Type::kLost).size(), 1u);
  ASSERT_EQ(Of(feed.Events(), Type::kLeftTable).size(), 1u);
  const std::vector<rules::Vec2> expected = tracker.RestingMovers();
  ASSERT_EQ(expected.size(), 1u);
  EXPECT_NEAR(rules::Distance(expected[0], {203, 100}), 0, 1e-9);
}

// The table settles and a look finds the tile at (300, 200) alone: one shot ends, of one piece,
// which left the table.
void ExpectTheShotOfOnePieceThatLeftTheTable(PieceTracker& tracker, BlurFeed& feed) {
  for (int i = 0; i < 12 && !tracker.WantsFullDetection(feed.Time()); ++i)
    feed.Send(Blobs({}, false));
  ASSERT_TRUE(tracker.WantsFullDetection(feed.Time()));
  feed.Detect({Tile({300, 200})});
  const auto ended = Of(feed.Events(), Type::kShotEnded);
  ASSERT_EQ(ended.size(), 1u);
  const ShotObservation& shot = ended[0].shot;
  ASSERT_EQ(shot.moved.size(), 1u);
  EXPECT_EQ(shot.left_table, shot.moved);
}

// Held-out Ppolf seed 57: the next coin was set down under the hand and flicked off the table
// at once, never still long enough to be read. Its blur, never identified, flew over the edge:
// that is a shot, the piece it was left the table. A blur that vanished where it came in is
// none (ABlobSeenOnceBeforeTheHandHidesItIsNoShot).
TEST(PieceTrackerTest, ABlurNeverReadSeenFlyingOffTheTableIsAShot) {
  PieceTracker tracker(OnATable(600, 400));
  BlurFeed feed(tracker);
  while (feed.Time() < 0.3) feed.Detect({Tile({300, 200})});
  const rules::Polygon hand = testing::Rectangle({470, 60}, {530, 140});
  for (const double x : {540.0, 565.0, 590.0}) feed.Send(Blobs({{x, 100}}, true, hand));
  for (int i = 0; i < 4; ++i) feed.Send(Blobs({}, true, hand));
  ASSERT_EQ(Of(feed.Events(), Type::kLeftTable).size(), 1u);
  ExpectTheShotOfOnePieceThatLeftTheTable(tracker, feed);
}

// Held-out Ppolf seed 76: after a flick the player's arm, found as a blob and not as a hand,
// reached in over the table and drew back out past its edge, at a flick's speed. It came
// back first: no flight, and no shot.
TEST(PieceTrackerTest, ABlurThatCameInAndWentBackOutPastTheEdgeIsNoFlight) {
  PieceTracker tracker(OnATable(600, 400));
  BlurFeed feed(tracker);
  while (feed.Time() < 0.3) feed.Detect({Tile({300, 200})});
  for (const double x : {540.0, 480.0, 420.0, 480.0, 540.0, 590.0})
    feed.Send(Blobs({{x, 100}}, true));
  for (int i = 0; i < 4; ++i) feed.Send(Blobs({}, true));
  for (int i = 0; i < 12 && !tracker.WantsFullDetection(feed.Time()); ++i)
    feed.Send(Blobs({}, false));
  ASSERT_TRUE(tracker.WantsFullDetection(feed.Time()));
  feed.Detect({Tile({300, 200})});
  EXPECT_TRUE(Of(feed.Events(), Type::kShotEnded).empty());
}

// Held-out Ppolf seed 165: a coin set down far from the camera, never read, flicked at the hole
// tile, came back off it and flew over the table's edge behind where it started. A blur that
// comes back off a tile it was seen to strike flies on from there: a flight, and a shot.
TEST(PieceTrackerTest, ABlurNeverReadThatReboundedOffATileAndFlewOffTheTableIsAShot) {
  PieceTracker tracker(OnATable(600, 400));
  BlurFeed feed(tracker);
  while (feed.Time() < 0.3) feed.Detect({Tile({300, 200})});
  for (const double x : {440.0, 390.0, 345.0, 385.0, 430.0, 475.0, 520.0, 565.0, 590.0})
    feed.Send(Blobs({{x, 200}}, true));
  for (int i = 0; i < 4; ++i) feed.Send(Blobs({}, true));
  ASSERT_EQ(Of(feed.Events(), Type::kLeftTable).size(), 1u);
  ExpectTheShotOfOnePieceThatLeftTheTable(tracker, feed);
}

// Held-out Ppolf seed 58: a coin rebounded off a tile, its track went on with a blob in its
// old way and was lost from sight, and the coin's new blur, never read, flew off the table
// from within the coin's reach. The blur was the coin: it left the table.
TEST(PieceTrackerTest, ACoinLostAsItReboundedWhoseBlurFlewOffTheTableLeftIt) {
  PieceTracker tracker(OnATable(600, 400));
  BlurFeed feed(tracker);
  const rules::Vec2 rest{100, 200};
  while (feed.Time() < 0.3) feed.Detect({Coin("suns", rest), Tile({300, 300})});
  const int suns = TrackNear(tracker.Table(feed.Time()), rest);
  feed.Blurs({{suns, {130, 200}}}, true);
  feed.Blurs({{suns, {160, 200}}}, true);
  feed.Send(Blobs({{190, 200}, {150, 180}}, true));
  for (const double y : {150.0, 120.0, 90.0, 60.0, 30.0, 8.0})
    feed.Send(Blobs({{150 - (180 - y) / 3, y}}, true));
  for (int i = 0; i < 4; ++i) feed.Send(Blobs({}, true));
  ASSERT_EQ(Of(feed.Events(), Type::kLost).size(), 1u);
  ASSERT_EQ(Of(feed.Events(), Type::kLeftTable).size(), 1u);
  for (int i = 0; i < 12 && !tracker.WantsFullDetection(feed.Time()); ++i)
    feed.Send(Blobs({}, false));
  ASSERT_TRUE(tracker.WantsFullDetection(feed.Time()));
  while (tracker.InShot() && feed.Time() < 3) feed.Detect({Tile({300, 300})});
  const auto ended = Of(feed.Events(), Type::kShotEnded);
  ASSERT_EQ(ended.size(), 1u);
  EXPECT_EQ(ended[0].shot.moved, std::vector<int>{suns});
  EXPECT_EQ(ended[0].shot.left_table, std::vector<int>{suns});
}

// Held-out Ppolf seed 65: a flicked coin's streak split in two blobs, the second followed as
// a blur of its own, never read, a few millimetres beside the coin's track all the way; that
// blur touched the hole tile, the coin's track stopped just short of it. The blur was the
// coin: the contact is the coin's, and no blur moved in the shot.
TEST(PieceTrackerTest, ABlurRunningAlongsideAFlickedCoinIsThatCoin) {
  PieceTracker tracker(OnATable(600, 400));
  BlurFeed feed(tracker);
  const rules::Vec2 rest{100, 200};
  const rules::Vec2 tile_at{300, 200};
  while (feed.Time() < 0.3) feed.Detect({Coin("suns", rest), Tile(tile_at)});
  const int suns = TrackNear(tracker.Table(feed.Time()), rest);
  const int tile = TrackNear(tracker.Table(feed.Time()), tile_at);
  feed.Blurs({{suns, {130, 200}}}, true);
  // The coin's edge stops 5 mm short of the tile's (x 274.6), its twin's reaches it.
  for (const double x : {160.0, 190.0, 220.0, 245.0, 255.0}) {
    feed.Blurs({{suns, {x, 200}}, {-1, {x + 14, 208}}}, true);
  }
  for (int i = 0; i < 12 && !tracker.WantsFullDetection(feed.Time()); ++i)
    feed.Blurs({{suns, {255, 200}}}, false);
  ASSERT_TRUE(tracker.WantsFullDetection(feed.Time()));
  while (tracker.InShot() && feed.Time() < 3)
    feed.Detect({Coin("suns", {255, 200}), Tile(tile_at)});

  const auto ended = Of(feed.Events(), Type::kShotEnded);
  ASSERT_EQ(ended.size(), 1u);
  const ShotObservation& shot = ended[0].shot;
  EXPECT_EQ(shot.moved, std::vector<int>{suns});
  ASSERT_EQ(shot.contacts.size(), 1u);
  EXPECT_EQ(shot.contacts[0].piece, suns);
  EXPECT_EQ(shot.contacts[0].other, tile);
}

// Held-out bocce seed 16: the striker's blur is predicted where the piece it struck flies on,
// so its track follows that piece (and loses it as it stops, faint on a table of its colour)
// while the struck piece's track takes the striker, which stopped near the struck piece's
// place. The full detection closing the shot finds the struck piece farther than any
// re-acquisition reach from where its track was left: it is still that track, because it
// moved in the shot and reads like it.
TEST(PieceTrackerTest, TheFullDetectionClosingAShotUndoesASwapHoweverFarTheStruckPieceFlew) {
  PieceTracker tracker;
  BlurFeed feed(tracker);
  const rules::Vec2 suns_before{100, 100};
  const rules::Vec2 moons_before{300, 100};
  const rules::Vec2 suns_after{312, 60};
  const rules::Vec2 moons_after{450, 230};
  ASSERT_GT(rules::Distance(suns_after, moons_after), tracker.Options().reacquire_mm);
  while (feed.Time() < 0.3) feed.Detect({Coin("suns", suns_before), Coin("moons", moons_before)});
  const int suns = TrackNear(tracker.Table(feed.Time()), suns_before);
  const int moons = TrackNear(tracker.Table(feed.Time()), moons_before);

  for (double x : {140.0, 180.0, 220.0, 260.0}) feed.Blurs({{suns, {x, 100}}}, true);
  // At the strike each track takes the other piece's blur ...
  for (double share : {0.15, 0.3, 0.45, 0.6}) {
    feed.Blurs({{suns, moons_before + (moons_after - moons_before) * share},
                {moons, moons_before + (suns_after - moons_before) * std::min(1.0, 2 * share)}},
               true);
  }
  // ... and the struck piece fades from sight as it slows.
  for (int i = 0; i < 6; ++i) feed.Blurs({{moons, suns_after}}, true);
  for (int i = 0; i < 20 && !tracker.WantsFullDetection(feed.Time()); ++i)
    feed.Blurs({{moons, suns_after}}, false);
  ASSERT_TRUE(tracker.WantsFullDetection(feed.Time()));
  feed.Detect({Coin("suns", suns_after), Coin("moons", moons_after)});

  const auto ended = Of(feed.Events(), Type::kShotEnded);
  ASSERT_EQ(ended.size(), 1u);
  const ShotObservation& shot = ended[0].shot;
  ASSERT_NE(AfterShot(shot, suns), nullptr);
  ASSERT_NE(AfterShot(shot, moons), nullptr);
  EXPECT_EQ(AfterShot(shot, suns)->suit, "suns");
  EXPECT_NEAR(rules::Distance(AfterShot(shot, suns)->position_mm, suns_after), 0, 1.0);
  EXPECT_EQ(AfterShot(shot, moons)->suit, "moons");
  EXPECT_NEAR(rules::Distance(AfterShot(shot, moons)->position_mm, moons_after), 0, 1.0);
  EXPECT_EQ(shot.after.pieces.size(), 2u);
  ASSERT_FALSE(shot.moved.empty());
  EXPECT_EQ(shot.moved.front(), suns);
  EXPECT_TRUE(shot.left_table.empty());
}

// Ice Boule seed 3: a projectile hurled into view is followed only as a blur, whose centroid
// comes to rest 10 mm from where the full detection closing the shot finds the pyramid
// (its shaded side is no part of the blob). The blur's track takes the piece: it moved in the
// shot, and no other track takes it.
TEST(PieceTrackerTest, TheFullDetectionClosingAShotGivesAPieceSeenOnlyAsABlurItsPlace) {
  PieceTracker tracker;
  BlurFeed feed(tracker);
  const rules::Vec2 moons_at{100, 100};
  const rules::Vec2 blur_rest{300, 100};
  const rules::Vec2 suns_found{310, 100};
  while (feed.Time() < 0.3) feed.Detect({Coin("moons", moons_at)});
  const int moons = TrackNear(tracker.Table(feed.Time()), moons_at);
  for (double x : {200.0, 230.0, 260.0, 285.0, 295.0})
    feed.Blurs({{moons, moons_at}, {-1, {x, 100}}}, true);
  for (int i = 0; i < 20 && !tracker.WantsFullDetection(feed.Time()); ++i)
    feed.Blurs({{moons, moons_at}, {-1, blur_rest}}, false);
  ASSERT_TRUE(tracker.WantsFullDetection(feed.Time()));
  // The detection is told where the blur came to rest.
  const std::vector<rules::Vec2> expected = tracker.RestingMovers();
  ASSERT_EQ(expected.size(), 1u);
  EXPECT_NEAR(rules::Distance(expected[0], blur_rest), 0, 1.0);
  feed.Detect({Coin("moons", moons_at), Coin("suns", suns_found)});
  EXPECT_TRUE(tracker.RestingMovers().empty());

  const auto ended = Of(feed.Events(), Type::kShotEnded);
  ASSERT_EQ(ended.size(), 1u);
  const ShotObservation& shot = ended[0].shot;
  ASSERT_EQ(shot.after.pieces.size(), 2u);
  const int suns = TrackNear(shot.after, suns_found);
  EXPECT_EQ(AfterShot(shot, suns)->suit, "suns");
  EXPECT_NEAR(rules::Distance(AfterShot(shot, suns)->position_mm, suns_found), 0, 1.0);
  EXPECT_EQ(shot.moved, std::vector<int>{suns});
}

// Held-out Ice Boule seed 51: a pyramid struck 8 mm on, followed by its blobs, came to rest
// where its last blob put it, 1.6 mm from where the full detection closing the shot found it;
// a share of that detection moved its place 0.5 mm, and a touch was read. It rests where the
// detection found it.
TEST(PieceTrackerTest, APyramidThatMovedRestsWhereTheDetectionClosingTheShotFoundIt) {
  PieceTracker tracker;
  BlurFeed feed(tracker);
  const rules::Vec2 was{615.2, 312.0};
  const rules::Vec2 blob_rest{624.6, 310.1};
  const rules::Vec2 found{623.6, 311.3};
  const auto red_at = [](rules::Vec2 at) { return Pyramid("red", "small", 17.5, 30.6, at); };
  const ObservedPiece other = Pyramid("yellow", "small", 17.5, 30.6, {500, 200});
  while (feed.Time() < 0.3) feed.Detect({red_at(was), other});
  const int red = TrackNear(tracker.Table(feed.Time()), was);
  const int yellow = TrackNear(tracker.Table(feed.Time()), other.position_mm);
  for (double x : {619.0, 622.0, 624.0})
    feed.Blurs({{red, {x, 311.0}}, {yellow, other.position_mm}}, true);
  for (int i = 0;
       i < 20 && (tracker.FindTrack(red)->moving || !tracker.WantsFullDetection(feed.Time())); ++i)
    feed.Blurs({{red, blob_rest}, {yellow, other.position_mm}}, false);
  ASSERT_FALSE(tracker.FindTrack(red)->moving);
  ASSERT_TRUE(tracker.WantsFullDetection(feed.Time()));
  // As sure as that detection was (0.75 mm): 1.6 mm is within three sigmas of the place.
  ObservedPiece closing = red_at(found);
  closing.sigma_mm = 0.75;
  feed.Detect({closing, other});

  const auto ended = Of(feed.Events(), Type::kShotEnded);
  ASSERT_EQ(ended.size(), 1u);
  const ShotObservation& shot = ended[0].shot;
  EXPECT_EQ(shot.moved, std::vector<int>{red});
  ASSERT_NE(AfterShot(shot, red), nullptr);
  EXPECT_NEAR(rules::Distance(AfterShot(shot, red)->position_mm, found), 0, 0.05);
  EXPECT_NEAR(rules::Distance(tracker.FindTrack(red)->rest, found), 0, 0.05);
}

// Ice Boule seed 3, between two shots: one player's centrifuge is cleared away and the next
// player's catapult set down beside its place; the blob left near the resting piece's place
// jumps from frame to frame while the image shows nothing moving. No piece moved: no shot.
TEST(PieceTrackerTest, ARestingPiecesBlobJumpingWhileTheImageShowsNoMotionStartsNoShot) {
  PieceTracker tracker;
  BlurFeed feed(tracker);
  const rules::Vec2 moons_at{100, 100};
  while (feed.Time() < 0.3) feed.Detect({Coin("moons", moons_at)});
  const int moons = TrackNear(tracker.Table(feed.Time()), moons_at);
  for (const rules::Vec2 at : {rules::Vec2{112, 95}, rules::Vec2{88, 106}, rules::Vec2{114, 92}})
    feed.Blurs({{moons, at}}, false);
  EXPECT_TRUE(Of(feed.Events(), Type::kShotStarted).empty());
  EXPECT_FALSE(tracker.Tracks().front().moving);
}

// Ice Boule seed 2, between two ends: the hand sets a catapult down beside where the last
// centrifuge stood; the blob taken for that piece leaps there under the hand, then shifts
// by more than the pyramid's radius as the hand withdraws (a hurled one goes on by more
// than that every frame). It was set down: no shot.
TEST(PieceTrackerTest, APyramidSetDownByAHandWhoseBlobShiftsAsTheHandWithdrawsIsNoShot) {
  PieceTracker tracker;
  BlurFeed feed(tracker);
  const rules::Vec2 was{100, 100};
  while (feed.Time() < 0.3) feed.Detect({Pyramid("red", "medium", 19.8, 36.3, was)});
  const int red = TrackNear(tracker.Table(feed.Time()), was);
  const double radius = 19.8 / std::sqrt(2.0);
  TrackerFrame under_hand;
  under_hand.hand_in_view = true;
  under_hand.motion = true;
  under_hand.motion_measured = true;
  ObservedPiece blob;
  blob.kind = ObservedKind::kPyramid;
  blob.position_mm = {94, 156};
  blob.sigma_mm = 2;
  blob.footprint = rules::Square(blob.position_mm, 19.8, 0);
  blob.confidence = 0;
  blob.track_id = red;
  under_hand.pieces = {blob};
  feed.Send(under_hand);
  const rules::Vec2 set_down = rules::Vec2{94, 156} + rules::Vec2{0, 1.25 * radius};
  feed.Blurs({{red, set_down}}, true);
  for (const rules::Vec2 jitter : {rules::Vec2{2, -4}, rules::Vec2{-3, 2}, rules::Vec2{1, 1}})
    feed.Blurs({{red, set_down + jitter}}, false);
  EXPECT_TRUE(Of(feed.Events(), Type::kShotStarted).empty());
}

// Still blobs at `at` until the tracker wants the full detection that closes the shot; false
// when it never does.
bool RestUntilAFullDetectionIsWanted(const PieceTracker& tracker, BlurFeed& feed, rules::Vec2 at) {
  for (int i = 0; i < 12; ++i) {
    feed.Send(Blobs({at}, false));
    if (tracker.WantsFullDetection(feed.Time())) return true;
  }
  return false;
}

// The shot's mover at rest at `at` until a full detection is wanted, then the looks closing the
// shot finding `pieces` (up to five): the shots ended.
std::vector<TrackEvent> RestAndCloseTheShot(const PieceTracker& tracker, BlurFeed& feed,
                                            rules::Vec2 at,
                                            const std::vector<ObservedPiece>& pieces) {
  EXPECT_TRUE(RestUntilAFullDetectionIsWanted(tracker, feed, at));
  for (int i = 0; i < 5 && tracker.InShot(); ++i) feed.Detect(pieces);
  return Of(feed.Events(), Type::kShotEnded);
}

// A coin at rest at (200, 100), 65 mm short of the tile at (300, 100), flicked under the hand
// (hidden for three frames), seen moving at `sightings` and at rest at the last of them.
std::vector<TrackEvent> FlickedUnderTheHand(const std::vector<rules::Vec2>& sightings) {
  PieceTracker tracker;
  BlurFeed feed(tracker);
  const rules::Vec2 rest{200, 100};
  while (feed.Time() < 0.3) feed.Detect({Coin("suns", rest), Tile({300, 100})});
  const rules::Polygon hand = testing::Rectangle({150, 60}, {215, 140});
  for (int i = 0; i < 3; ++i) feed.Send(Blobs({}, true, hand));
  for (const rules::Vec2 at : sightings) feed.Send(Blobs({at}, true, hand));
  EXPECT_TRUE(RestUntilAFullDetectionIsWanted(tracker, feed, sightings.back()));
  feed.Detect({Coin("suns", sightings.back()), Tile({300, 100})});
  return feed.Events();
}

// Ppolf seed 8 shot 1: the flicking hand hid the coin as it left its place, bounced off the
// hole and came back; it was first seen 55 mm on, already going back the way it came.
TEST(PieceTrackerTest, ACoinFirstSeenGoingBackTheWayItCameTouchedWhatLayAhead) {
  ExpectOneShotThatTouchedTheTile(
      FlickedUnderTheHand({{255, 100}, {249, 100}, {247.5, 100}, {247.3, 100}}), false);
}

// Held-out Ppolf seed 204: the coin flicked under the hand kept its track at its place, where a
// fingertip's blob stood in for it, and its blur came off the hole as a track of its own, lost
// once it came to rest; the look closing the shot found the coin there. The blur's touch of the
// hole is the coin's (it was judged "missed", and every later flick out of turn).
TEST(PieceTrackerTest, ABlurLostWhereTheClosingLookFindsTheCoinThatLeftItsPlaceWasThatCoin) {
  PieceTracker tracker;
  BlurFeed feed(tracker);
  const rules::Vec2 rest{200, 100};
  while (feed.Time() < 0.3) feed.Detect({Coin("suns", rest), Tile({400, 100})});
  const int coin = TrackNear(tracker.Table(feed.Time()), rest);
  const rules::Polygon hand = testing::Rectangle({150, 60}, {215, 140});
  for (int i = 0; i < 3; ++i) feed.Send(Blobs({}, true, hand));
  const std::vector<rules::Vec2> sightings = {{360, 100}, {340, 100}, {326, 100},
                                              {318, 100}, {315, 100}, {314.5, 100}};
  for (const rules::Vec2 at : sightings) {
    TrackerFrame frame = Blobs({rest, at}, true);
    frame.pieces[0].track_id = coin;
    feed.Send(frame);
  }
  // The looks closing the shot find the coin, not the blur lost there.
  const auto ended = RestAndCloseTheShot(tracker, feed, sightings.back(),
                                         {Coin("suns", sightings.back()), Tile({400, 100})});
  ASSERT_EQ(ended.size(), 1u);
  const ShotObservation& shot = ended[0].shot;
  EXPECT_EQ(shot.moved, std::vector<int>{coin});
  ASSERT_EQ(shot.contacts.size(), 1u);
  EXPECT_EQ(shot.contacts[0].piece, coin);
  EXPECT_EQ(shot.contacts[0].other, TrackNear(shot.before, {400, 100}));
}

// Held-out Ppolf seed 9: a coin flicked under the hand at the hole beside it struck it in the
// frames the hand hid, and was first seen sliding off to a side, turned by 60 degrees.
TEST(PieceTrackerTest, ACoinFlickedUnseenAndFirstSeenTurnedOffToASideMayHaveTouchedWhatLayAhead) {
  ExpectOneShotThatMayHaveTouchedTheTile(
      FlickedUnderTheHand({{245, 110}, {249, 118}, {251, 122}, {251.5, 123}}));
}

TEST(PieceTrackerTest, ACoinFlickedUnseenAndFirstSeenGoingOnStraightTouchedNothing) {
  const auto ended =
      Of(FlickedUnderTheHand({{235, 108}, {243, 110}, {247, 111}, {248, 111.2}}), Type::kShotEnded);
  ASSERT_EQ(ended.size(), 1u);
  EXPECT_TRUE(ended[0].shot.contacts.empty());
}

// A putt from 5 mm short of the tile at (300, 100), under a hand reaching in from `hand_side`
// (its outline 15 mm wide and 65 mm long), first seen back where the putt came from.
std::vector<TrackEvent> PuttedUnderAHandAt(double hand_side) {
  PieceTracker tracker;
  BlurFeed feed(tracker);
  const rules::Vec2 rest{274.6 - 9.525 - 5, 100};
  const std::vector<rules::Vec2> sightings = {{230, 100}, {222, 100}, {219, 100}, {218.8, 100}};
  while (feed.Time() < 0.3) feed.Detect({Coin("suns", rest), Tile({300, 100})});
  const double near = rest.x + hand_side * 5;
  const double far = rest.x + hand_side * 70;
  const rules::Polygon hand =
      testing::Rectangle({std::min(near, far), 92.5}, {std::max(near, far), 107.5});
  for (int i = 0; i < 3; ++i) feed.Send(Blobs({}, true, hand));
  for (const rules::Vec2 at : sightings) feed.Send(Blobs({at}, true, hand));
  EXPECT_TRUE(RestUntilAFullDetectionIsWanted(tracker, feed, sightings.back()));
  feed.Detect({Coin("suns", sightings.back()), Tile({300, 100})});
  return feed.Events();
}

// Ppolf seed 1's eighth shot: the finger behind the coin pushed it at the hole, and it was
// first seen behind its place: it rebounded off the hole (a finger cannot pull).
TEST(PieceTrackerTest, ACoinFirstSeenGoingBackTowardTheFingerThatFlickedItTouchedWhatLayAhead) {
  const auto ended = Of(PuttedUnderAHandAt(-1), Type::kShotEnded);
  ASSERT_EQ(ended.size(), 1u);
  const ShotObservation& shot = ended[0].shot;
  ASSERT_EQ(shot.contacts.size(), 1u);
  EXPECT_FALSE(shot.contacts[0].uncertain);
  EXPECT_EQ(shot.contacts[0].other, TrackNear(shot.before, {300, 100}));
  // A hand on the tile's side pushed the coin the way it went: only possibly a rebound.
  ExpectOneShotThatMayHaveTouchedTheTile(PuttedUnderAHandAt(1));
}

// Held-out Ppolf seed 139: a coin putted under the hand at the tile 5 mm ahead came off its
// side unseen; its blur, first seen beside its place, stood there for frames, and a fingertip
// where it lay was taken for it moving again as the hand drew back. How the putt began (pushed
// at the tile) holds for its whole path, not the hand as it drew back, and the coin rests
// turned from that way: it may have touched the tile.
TEST(PieceTrackerTest, ACoinPuttedUnderTheHandAndRestingOffToASideMayHaveTouchedWhatLayAhead) {
  PieceTracker tracker;
  BlurFeed feed(tracker);
  const rules::Vec2 rest{274.6 - 9.525 - 5, 100};
  while (feed.Time() < 0.3) feed.Detect({Coin("suns", rest), Tile({300, 100})});
  const rules::Polygon hand = testing::Rectangle({rest.x - 70, 92.5}, {rest.x - 5, 107.5});
  for (int i = 0; i < 3; ++i) feed.Send(Blobs({}, true, hand));
  const rules::Vec2 beside = rest + rules::Vec2{-4, 15};
  for (int i = 0; i < 4; ++i) feed.Send(Blobs({beside}, true, hand));
  const rules::Polygon drawn_back = testing::Rectangle({rest.x - 20, 55}, {rest.x + 20, 88});
  feed.Send(Blobs({rest + rules::Vec2{-3, -2}}, true, drawn_back));  // the fingertip
  ASSERT_EQ(tracker.Tracks().size(), 2u);
  const Track& coin = tracker.Tracks()[0].piece.kind == ObservedKind::kCoin ? tracker.Tracks()[0]
                                                                            : tracker.Tracks()[1];
  ASSERT_TRUE(coin.moving && coin.pushed_toward);
  EXPECT_NEAR(coin.pushed_toward->x, 1, 1e-9);
  feed.Send(Blobs({}, true));
  ASSERT_TRUE(RestUntilAFullDetectionIsWanted(tracker, feed, beside));
  feed.Detect({Coin("suns", beside), Tile({300, 100})});
  ExpectOneShotThatMayHaveTouchedTheTile(feed.Events());
}

// Fresh Ppolf seed 318: a coin 18 mm short of the hole, putted by the fingers behind it, struck
// the hole and came back while the hand hid it; its first blob, 4 mm behind its place by the
// hand, was taken for it still resting there, and the putt's interval for one frame, too short to
// reach the hole and come back. A blob says only that something is there: the coin was last seen
// surely in place before the hand hid it, and went back toward the finger that pushed it.
TEST(PieceTrackerTest, ABlobBesideItsPlaceDoesNotShowThatAPuttedCoinHadNotLeftIt) {
  PieceTracker tracker;
  BlurFeed feed(tracker);
  const rules::Vec2 rest{274.6 - 9.525 - 18, 100};
  while (feed.Time() < 0.3) feed.Detect({Coin("suns", rest), Tile({300, 100})});
  const rules::Polygon hand = testing::Rectangle({rest.x - 70, 92.5}, {rest.x - 5, 107.5});
  for (int i = 0; i < 2; ++i) feed.Send(Blobs({}, true, hand));
  feed.Send(Blobs({rest + rules::Vec2{-4.3, 0}}, true, hand));
  const rules::Polygon drawn_back = testing::Rectangle({rest.x - 160, 92.5}, {rest.x - 95, 107.5});
  std::vector<rules::Vec2> sightings;
  for (const double back : {17.0, 20.5, 26.0, 28.5, 29.8, 30.0})
    sightings.push_back(rest + rules::Vec2{-back, 0});
  for (const rules::Vec2 at : sightings) feed.Send(Blobs({at}, true, drawn_back));
  const auto ended = RestAndCloseTheShot(tracker, feed, sightings.back(),
                                         {Coin("suns", sightings.back()), Tile({300, 100})});
  ASSERT_EQ(ended.size(), 1u);
  const ShotObservation& shot = ended[0].shot;
  ASSERT_EQ(shot.contacts.size(), 1u);
  EXPECT_FALSE(shot.contacts[0].uncertain);
  EXPECT_EQ(shot.contacts[0].piece, TrackNear(shot.before, rest));
  EXPECT_EQ(shot.contacts[0].other, TrackNear(shot.before, {300, 100}));
}

// Held-out Ppolf seed 7: a coin flicked at the hole, lost from sight beside it, and seen again
// as a new blur going back the way it came. The full detection closing the shot finds it the
// lost coin; its two paths, read as one, show the rebound off the tile (and no contact of the
// coin with itself, as its two tracks came close).
TEST(PieceTrackerTest, ACoinLostAndSeenAgainAsANewBlurGoingBackReboundedOffWhatLayAhead) {
  PieceTracker tracker;
  BlurFeed feed(tracker);
  const rules::Vec2 rest{200, 100};
  while (feed.Time() < 0.3) feed.Detect({Coin("suns", rest), Tile({300, 100})});
  const int suns = TrackNear(tracker.Table(feed.Time()), rest);
  for (const double x : {215.0, 230.0, 245.0, 255.0}) feed.Blurs({{suns, {x, 100}}}, true);
  for (int i = 0; i < 4; ++i) feed.Send(Blobs({}, true));
  for (const double x : {236.0, 226.0, 219.0, 216.0, 215.0}) feed.Send(Blobs({{x, 100}}, true));
  ASSERT_TRUE(RestUntilAFullDetectionIsWanted(tracker, feed, {215, 100}));
  feed.Detect({Coin("suns", {215, 100}), Tile({300, 100})});
  const auto ended = Of(feed.Events(), Type::kShotEnded);
  ASSERT_EQ(ended.size(), 1u);
  const ShotObservation& shot = ended[0].shot;
  ASSERT_EQ(shot.contacts.size(), 1u);
  EXPECT_EQ(shot.contacts[0].piece, suns);
  EXPECT_EQ(shot.contacts[0].other, TrackNear(shot.before, {300, 100}));
}

// Fresh Ppolf seed 320: a coin set down and flicked under the hand, never read on its way, was
// followed as a blur to the hole tile it struck; the blur was left on the change the struck tile
// made at its edge (and then lost), while the coin came back off the tile as a new blur that the
// look closing the shot read, far from where the first blur was lost. The coin was first seen
// where that blur was, after it: the blur's touch of the hole is the coin's.
TEST(PieceTrackerTest, ACoinFirstSeenWhereABlurLostItsWayTouchedWhatTheBlurDid) {
  PieceTracker tracker(OnATable(600, 400));
  BlurFeed feed(tracker);
  while (feed.Time() < 0.3) feed.Detect({Tile({300, 100})});
  for (const double x : {150.0, 185.0, 220.0, 250.0, 272.0}) feed.Send(Blobs({{x, 100}}, true));
  ASSERT_EQ(tracker.Tracks().size(), 2u);
  const int blur = tracker.Tracks()[0].piece.kind == ObservedKind::kTile ? tracker.Tracks()[1].id
                                                                         : tracker.Tracks()[0].id;
  const std::vector<rules::Vec2> back = {{250, 113}, {222, 128},   {196, 142},  {172, 155},
                                         {150, 167}, {132, 177},   {118, 184},  {108, 189},
                                         {102, 192}, {100.2, 193}, {100, 193.1}};
  // (The tile's edge jitters as a blob's centroid does: the blur never rests there.)
  for (size_t i = 0; i < back.size(); ++i)
    feed.Blurs({{blur, {276, i % 2 == 0 ? 100.0 : 97.0}}, {-1, back[i]}}, true);
  for (int i = 0; i < 4; ++i) feed.Send(Blobs({back.back()}, true));
  ASSERT_EQ(Of(feed.Events(), Type::kLost).size(), 1u);
  const auto ended = RestAndCloseTheShot(tracker, feed, back.back(),
                                         {Coin("suns", back.back()), Tile({300, 100})});
  ASSERT_EQ(ended.size(), 1u);
  const ShotObservation& shot = ended[0].shot;
  const int coin = TrackNear(shot.after, back.back());
  EXPECT_EQ(shot.moved, std::vector<int>{coin});
  ASSERT_EQ(shot.contacts.size(), 1u);
  EXPECT_EQ(shot.contacts[0].piece, coin);
  EXPECT_EQ(shot.contacts[0].other, TrackNear(shot.before, {300, 100}));
}

// Held-out Ppolf seed 112: a coin flicked past another toward a tile went unseen for a frame
// as it rebounded off it, and its first blur back lay 30 mm from where it was last seen, 98 mm
// from where it was heading, and 83 mm from the coin it had passed. That coin, at rest, took
// the blur and followed it to the flicked coin's rest: it moved, touched the flicked one, and
// both players' coins were read at one place. The flicked coin keeps its blur.
TEST(PieceTrackerTest, ACoinUnseenAsItReboundedKeepsItsBlurFromACoinItPassed) {
  PieceTracker tracker;
  BlurFeed feed(tracker);
  const rules::Vec2 passed_at{199, 135};
  const rules::Vec2 flicked_from{201, 166};
  const rules::Vec2 tile_at{300, 30};
  while (feed.Time() < 0.3)
    feed.Detect({Coin("crowns", passed_at), Coin("suns", flicked_from), Tile(tile_at)});
  const int passed = TrackNear(tracker.Table(feed.Time()), passed_at);
  const int flicked = TrackNear(tracker.Table(feed.Time()), flicked_from);
  for (const rules::Vec2 at : {rules::Vec2{222.7, 136.3}, rules::Vec2{242.0, 109.7},
                               rules::Vec2{260.1, 85.1}, rules::Vec2{280.4, 57.3}})
    feed.Blurs({{flicked, at}}, true);
  feed.Send(Blobs({}, true));
  for (const rules::Vec2 at :
       {rules::Vec2{262.4, 81.0}, rules::Vec2{255.5, 90.0}, rules::Vec2{250.6, 96.7},
        rules::Vec2{246.8, 101.7}, rules::Vec2{245.9, 102.0}})
    feed.Send(Blobs({at}, true));
  const rules::Vec2 rest{245.8, 102.0};
  ASSERT_TRUE(RestUntilAFullDetectionIsWanted(tracker, feed, rest));
  feed.Detect({Coin("crowns", passed_at), Coin("suns", rest), Tile(tile_at)});
  const auto ended = Of(feed.Events(), Type::kShotEnded);
  ASSERT_EQ(ended.size(), 1u);
  const ShotObservation& shot = ended[0].shot;
  EXPECT_EQ(std::count(shot.moved.begin(), shot.moved.end(), passed), 0);
  // (It passed within the blurs' margin of that coin: a touch may be possible, none sure.)
  for (const ObservedContact& contact : shot.contacts) {
    EXPECT_TRUE(contact.uncertain || (contact.piece != passed && contact.other != passed));
  }
  const ObservedPiece* flicked_after = AfterShot(shot, flicked);
  ASSERT_NE(flicked_after, nullptr);
  EXPECT_LT(rules::Distance(flicked_after->position_mm, rest), 1.0);
}

// Held-out Ppolf seed 50: a coin lay 5 mm short of the hole as the hand came down behind it,
// and a blob of the hand 90 mm back was taken for the coin carried off in a leap. The coin,
// flicked at the hole, rebounded off it within the frame and was first seen sliding away
// aside as a new blur. The closing detection finds it the coin: its path starts from its
// place, not from where the leap took it, and may have met the hole on the way out.
TEST(PieceTrackerTest, ALeapTakenFromAHandsBlobIsNoPartOfAFlickedCoinsPath) {
  PieceTracker tracker;
  BlurFeed feed(tracker);
  const rules::Vec2 rest{274.6 - 9.525 - 5, 100};
  while (feed.Time() < 0.3) feed.Detect({Coin("suns", rest), Tile({300, 100})});
  const int suns = TrackNear(tracker.Table(feed.Time()), rest);
  // The fingertip's blob comes in as the coin is still seen at its place, then moves back
  // with the hand over where the coin was taken to have leapt.
  const rules::Polygon hand = testing::Rectangle({150, 60}, {245, 140});
  TrackerFrame fingertip = Blobs({{225, 100}}, true, hand);
  ObservedPiece still = Coin("suns", rest);
  still.confidence = 0;
  still.track_id = suns;
  fingertip.pieces.push_back(still);
  feed.Send(fingertip);
  const auto fingertip_track =
      std::find_if(tracker.Tracks().begin(), tracker.Tracks().end(),
                   [](const Track& track) { return !track.Identified() && track.moving; });
  ASSERT_NE(fingertip_track, tracker.Tracks().end());
  const int finger = fingertip_track->id;
  for (const rules::Vec2 at : {rules::Vec2{215, 100}, rules::Vec2{166, 101}}) {
    TrackerFrame frame = Blobs({at, {170, 100}}, true, hand);
    frame.pieces[0].track_id = finger;
    frame.pieces.resize(at.x > 200 ? 2 : 1);
    feed.Send(frame);
  }
  // The coin first seen as the fingertip's blob still lies there.
  TrackerFrame first_seen = Blobs({{165, 101}, {250, 108}}, true, hand);
  first_seen.pieces[0].track_id = finger;
  feed.Send(first_seen);
  const std::vector<rules::Vec2> sightings = {{244, 116}, {240, 121}, {239.5, 122}};
  for (const rules::Vec2 at : sightings) feed.Send(Blobs({at}, true));
  ASSERT_TRUE(RestUntilAFullDetectionIsWanted(tracker, feed, sightings.back()));
  // (The closing looks wait a few frames for the lost fingertip.)
  while (tracker.InShot() && feed.Time() < 2)
    feed.Detect({Coin("suns", sightings.back()), Tile({300, 100})});
  const auto ended = Of(feed.Events(), Type::kShotEnded);
  ASSERT_EQ(ended.size(), 1u);
  const ShotObservation& shot = ended[0].shot;
  const int tile = TrackNear(shot.before, {300, 100});
  EXPECT_TRUE(
      std::any_of(shot.contacts.begin(), shot.contacts.end(), [&](const ObservedContact& contact) {
        return contact.piece == suns && contact.other == tile && contact.uncertain;
      }));
}

// Held-out Ppolf seed 52: a coin that hit the hole was taken up and set down 28 mm away, and
// its blur moved by 2.6 mm as the hand withdrew (a blur's centre strays by millimetres). Set
// down, not flicked: no shot (which swallowed the next real flick).
TEST(PieceTrackerTest, ACoinSetDownWhoseBlurStraysAsTheHandWithdrawsIsNoFlick) {
  PieceTracker tracker;
  BlurFeed feed(tracker);
  const rules::Vec2 rest{200, 100};
  while (feed.Time() < 0.3) feed.Detect({Coin("suns", rest), Tile({400, 100})});
  const rules::Polygon hand = testing::Rectangle({230, 60}, {300, 160});
  for (const rules::Vec2 at : {rules::Vec2{198, 128.1}, rules::Vec2{198.4, 125.5},
                               rules::Vec2{198.2, 128.2}, rules::Vec2{198.1, 128.1}})
    feed.Send(Blobs({at}, true, hand));
  ASSERT_TRUE(RestUntilAFullDetectionIsWanted(tracker, feed, {198.1, 128.1}));
  feed.Detect({Coin("suns", {197.7, 128}), Tile({400, 100})});
  EXPECT_TRUE(Of(feed.Events(), Type::kShotStarted).empty());
  EXPECT_FALSE(Of(feed.Events(), Type::kTableChanged).empty());
}

// Ppolf seed 4: the hole was hit, and the players took that coin up and put the next
// player's down 45 mm away, at the tee, while the flicker's hand reached in elsewhere. The
// new coin, clear of that hand in an image without motion, was put there: no flick.
TEST(PieceTrackerTest, ACoinFoundAwayFromItsPlaceClearOfTheHandInAStillImageIsNoFlick) {
  PieceTracker tracker;
  BlurFeed feed(tracker);
  const rules::Vec2 was{740, 588};
  while (feed.Time() < 0.3) feed.Detect({Coin("suns", was)});
  const rules::Polygon hand = testing::Rectangle({300, 500}, {420, 620});
  for (int i = 0; i < 4; ++i) feed.Send(Blobs({}, true, hand));
  for (int i = 0; i < 4; ++i) feed.Send(Blobs({{700, 570}}, false, hand));
  EXPECT_TRUE(Of(feed.Events(), Type::kShotStarted).empty());
}

// Held-out Ppolf seed 7: a holed coin was taken up with the hand in view far away, placing
// the next player's coin. Its place stayed empty until the camera's background took the empty
// place in, and the coin was then "seen" there again; the next player's coin, flicked to rest
// beside it, took its track. A place seen empty in `lost_frames` frames in a row ends the
// track; not while a hand is near (a piece flicked from under it leaves its place before its
// blur is found), and not in a shot.
TEST(PieceTrackerTest, ACoinWhosePlaceIsSeenEmptyFarFromTheHandWasTakenUp) {
  const rules::Vec2 coin{808, 774};
  const auto run = [&](const rules::Polygon& hand, int empty_frames, bool in_shot) {
    PieceTracker tracker;
    BlurFeed feed(tracker);
    const rules::Vec2 other{200, 200};
    while (feed.Time() < 0.3) feed.Detect({Coin("suns", coin), Coin("arms", other)});
    const int suns = TrackNear(tracker.Table(feed.Time()), coin);
    if (in_shot) {
      const int arms = TrackNear(tracker.Table(feed.Time()), other);
      for (int i = 1; i <= 3; ++i) feed.Blurs({{arms, {200.0 + 30 * i, 200}}}, true);
    }
    for (int i = 0; i < empty_frames; ++i) {
      TrackerFrame frame = Blobs({}, true, hand);
      frame.vacated = {suns};
      feed.Send(frame);
    }
    const TableObservation table = tracker.Table(feed.Time());
    return std::any_of(table.pieces.begin(), table.pieces.end(),
                       [&](const ObservedPiece& piece) { return piece.track_id == suns; });
  };
  const rules::Polygon far_hand = testing::Rectangle({300, 850}, {420, 1000});
  const rules::Polygon near_hand = testing::Rectangle({880, 700}, {1000, 850});
  EXPECT_FALSE(run(far_hand, 3, false));
  EXPECT_TRUE(run(far_hand, 2, false));
  EXPECT_TRUE(run(near_hand, 3, false));
  EXPECT_TRUE(run(far_hand, 3, true));
}

// Held-out Ppolf seed 8: the hand set the next coin down (a blob that barely moved beside it:
// carried) and flicked it at once, without leaving: it left the hand at a flick's speed, and
// that is the shot, from where it was set down.
TEST(PieceTrackerTest, ACoinSetDownByTheHandAndFlickedFromUnderItIsAShot) {
  PieceTracker tracker;
  BlurFeed feed(tracker);
  while (feed.Time() < 0.3) feed.Detect({Tile({478, 908})});
  const rules::Polygon hand = testing::Rectangle({560, 420}, {620, 560});
  for (int i = 0; i < 3; ++i) feed.Send(Blobs({}, true, hand));
  for (const rules::Vec2 at : std::vector<rules::Vec2>{{635, 515}, {634, 515.7}, {636.3, 511.4}})
    feed.Send(Blobs({at}, true, hand));
  EXPECT_TRUE(Of(feed.Events(), Type::kShotStarted).empty());
  const double set_down_s = feed.Time() - 1 / 30.0;
  for (const rules::Vec2 at :
       std::vector<rules::Vec2>{{621.8, 631.8}, {605.4, 678.8}, {590.8, 721.5}, {577, 760.5}})
    feed.Send(Blobs({at}, true, hand));
  const auto started = Of(feed.Events(), Type::kShotStarted);
  ASSERT_EQ(started.size(), 1u);
  EXPECT_NEAR(started[0].time_s, set_down_s, 1e-6);
}

// Ppolf seed 1: an arm reaching in over the table's edge, and withdrawing, drags blobs along
// at its edge (fingertips' shadows, a coin it put down taken for one): they go with the hand,
// faster than any flick, and are no shot.
TEST(PieceTrackerTest, BlobsGoingWithTheHandAreNoShot) {
  PieceTracker tracker;
  BlurFeed feed(tracker);
  const rules::Vec2 coin{960, 285};
  while (feed.Time() < 0.3) feed.Detect({Coin("suns", coin)});
  const int suns = TrackNear(tracker.Table(feed.Time()), coin);
  // The hand reaches in from the right; a blob appears 3 mm from its edge and follows it.
  for (const double edge : {1380.0, 1350.0, 1320.0, 1290.0}) {
    TrackerFrame frame = Blobs({{edge - 3 - testing::kCoinRadius, 240}}, true,
                               testing::Rectangle({edge, 200}, {1500, 280}));
    ObservedPiece still_there = Coin("suns", coin);
    still_there.track_id = suns;
    frame.pieces.push_back(still_there);
    feed.Send(frame);
  }
  // It took the coin up and put it down elsewhere, and withdraws: the blob at its edge,
  // taken for the coin, leaps by 140 mm a frame.
  for (const double edge : {1110.0, 1250.0, 1390.0})
    feed.Send(Blobs({{edge - 3 - testing::kCoinRadius, 235}}, true,
                    testing::Rectangle({edge, 200}, {1500, 280})));
  EXPECT_TRUE(Of(feed.Events(), Type::kShotStarted).empty());
}

// Ppolf seed 1: fingertips reaching in over the table's edge were seen as a blob one frame
// before they were taken for a hand, which then hid it. A new blob starts a shot only when it
// goes on as a flicked piece does; one that does starts it from when it was first seen.
TEST(PieceTrackerTest, ABlobSeenOnceBeforeTheHandHidesItIsNoShot) {
  PieceTracker tracker;
  BlurFeed feed(tracker);
  const rules::Vec2 coin{640, 250};
  while (feed.Time() < 0.3) feed.Detect({Coin("suns", coin)});
  feed.Send(Blobs({{1497, 435}}, true));
  for (int i = 0; i < 6; ++i)
    feed.Send(Blobs({}, true, testing::Rectangle({1460, 380}, {1600, 480})));
  EXPECT_TRUE(Of(feed.Events(), Type::kShotStarted).empty());

  // A piece first seen sliding (put down and flicked unseen) is a shot.
  PieceTracker sliding_tracker;
  BlurFeed sliding(sliding_tracker);
  while (sliding.Time() < 0.3) sliding.Detect({Coin("suns", coin)});
  const double first_seen_s = sliding.Time();
  for (const double x : {1000.0, 940.0, 882.0, 826.0}) sliding.Send(Blobs({{x, 330}}, true));
  const auto started = Of(sliding.Events(), Type::kShotStarted);
  ASSERT_EQ(started.size(), 1u);
  EXPECT_NE(started[0].track, TrackNear(sliding_tracker.Table(sliding.Time()), coin));
  EXPECT_LE(started[0].time_s, first_seen_s + 1e-9);
}

// Held-out bocce seeds 17 and 23: after a piece stops, the blurs measured for it jump a few
// millimetres from frame to frame (a re-fit, a blob's centroid pulled by a place a piece left),
// which looked like motion, so the shot stayed open until the players had cleared the table.
// The image showing no motion says the piece has stopped.
TEST(PieceTrackerTest, APieceWhoseBlursJitterWhileTheImageShowsNoMotionComesToRest) {
  PieceTracker tracker;
  BlurFeed feed(tracker);
  const rules::Vec2 before{100, 100};
  const rules::Vec2 stop{300, 100};
  while (feed.Time() < 0.3) feed.Detect({Coin("suns", before)});
  const int suns = TrackNear(tracker.Table(feed.Time()), before);
  for (double x : {140.0, 180.0, 220.0, 260.0, 290.0}) feed.Blurs({{suns, {x, 100}}}, true);
  bool wanted = false;
  for (int i = 0; i < 12 && !wanted; ++i) {
    feed.Blurs({{suns, stop + rules::Vec2{0, i % 2 == 0 ? 0.0 : 3.0}}}, false);
    wanted = tracker.WantsFullDetection(feed.Time());
  }
  ASSERT_TRUE(wanted);
  feed.Detect({Coin("suns", stop)});
  const auto ended = Of(feed.Events(), Type::kShotEnded);
  ASSERT_EQ(ended.size(), 1u);
  ASSERT_NE(AfterShot(ended[0].shot, suns), nullptr);
  EXPECT_NEAR(rules::Distance(AfterShot(ended[0].shot, suns)->position_mm, stop), 0, 1.0);

  // The same jitter while the image shows motion is motion: the piece is not at rest.
  PieceTracker moving_tracker;
  BlurFeed moving(moving_tracker);
  while (moving.Time() < 0.3) moving.Detect({Coin("suns", before)});
  for (double x : {140.0, 180.0, 220.0, 260.0, 290.0}) moving.Blurs({{suns, {x, 100}}}, true);
  for (int i = 0; i < 12; ++i)
    moving.Blurs({{suns, stop + rules::Vec2{0, i % 2 == 0 ? 0.0 : 3.0}}}, true);
  EXPECT_FALSE(moving_tracker.WantsFullDetection(moving.Time()));
  ASSERT_NE(moving_tracker.FindTrack(suns), nullptr);
  EXPECT_TRUE(moving_tracker.FindTrack(suns)->moving);
}

// Held-out bocce seed 3: a bowl lost from sight as it stopped, faint on a table of its colour,
// was missed by the full detection that closed the shot (its rim read as scattered edges) and
// found by the next one: the shot ended without it, and it came back as a new piece.
TEST(PieceTrackerTest, AShotWaitsAFewLooksForAPieceLostFromSightThatADetectionMissed) {
  const rules::Vec2 moons_at{100, 300};
  const rules::Vec2 suns_before{100, 100};
  const rules::Vec2 suns_after{300, 100};
  // The suns bowl slides and is lost from sight before it stops; then the table is still.
  const auto play_until_quiet = [&](PieceTracker& tracker, BlurFeed& feed) {
    while (feed.Time() < 0.3) feed.Detect({Coin("moons", moons_at), Coin("suns", suns_before)});
    const int suns = TrackNear(tracker.Table(feed.Time()), suns_before);
    for (double x : {140.0, 180.0, 220.0, 260.0}) feed.Blurs({{suns, {x, 100}}}, true);
    for (int i = 0; i < 4; ++i) feed.Blurs({}, true);
    for (int i = 0; i < 20 && !tracker.WantsFullDetection(feed.Time()); ++i) feed.Blurs({}, false);
    return suns;
  };

  PieceTracker tracker;
  BlurFeed feed(tracker);
  const int suns = play_until_quiet(tracker, feed);
  ASSERT_EQ(Of(feed.Events(), Type::kLost).size(), 1u);
  ASSERT_TRUE(tracker.WantsFullDetection(feed.Time()));
  feed.Detect({Coin("moons", moons_at)});
  EXPECT_TRUE(Of(feed.Events(), Type::kShotEnded).empty());
  ASSERT_TRUE(tracker.WantsFullDetection(feed.Time()));
  feed.Detect({Coin("moons", moons_at), Coin("suns", suns_after)});
  const auto ended = Of(feed.Events(), Type::kShotEnded);
  ASSERT_EQ(ended.size(), 1u);
  ASSERT_NE(AfterShot(ended[0].shot, suns), nullptr);
  EXPECT_EQ(AfterShot(ended[0].shot, suns)->suit, "suns");
  EXPECT_NEAR(rules::Distance(AfterShot(ended[0].shot, suns)->position_mm, suns_after), 0, 1.0);
  EXPECT_EQ(ended[0].shot.after.pieces.size(), 2u);

  // A piece no look finds again does not hold the shot open for long.
  PieceTracker gone_tracker;
  BlurFeed gone(gone_tracker);
  play_until_quiet(gone_tracker, gone);
  int looks = 0;
  while (Of(gone.Events(), Type::kShotEnded).empty() && looks < 10) {
    ASSERT_TRUE(gone_tracker.WantsFullDetection(gone.Time()));
    gone.Detect({Coin("moons", moons_at)});
    ++looks;
  }
  EXPECT_EQ(looks, 1 + gone_tracker.Options().lost_looks);
}

TEST(PieceTrackerTest, AHandOverTheTablePausesInsteadOfProducingEvents) {
  PieceTracker tracker;
  ScenarioOptions options;
  options.hand = {{1.0, 2.0}};
  options.hand_area = testing::Rectangle({250, 150}, {360, 260});
  int hidden = -1;
  options.after_frame = [&](double time_s, const PieceTracker& t) {
    if (time_s < 0.9) hidden = TrackNear(t.RestTable(), {300, 200});
    // Under the hand: hidden, not gone.
    if (time_s > 1.0 && time_s < 2.0) {
      EXPECT_NE(t.FindTrack(hidden), nullptr) << time_s;
    }
  };
  const std::vector<ScenarioPiece> pieces = {
      Still(Coin("suns", {100, 100})),
      Still(Coin("moons", {300, 200})),
      // Put down under the hand while it is there.
      {Coin("arms", {330, 230}), [](double t) -> std::optional<rules::Vec2> {
         if (t < 1.5) return std::nullopt;
         return rules::Vec2{330, 230};
       }}};
  const auto events = RunScenario(tracker, pieces, 3, options);
  EXPECT_TRUE(Of(events, Type::kShotStarted).empty());
  const auto changed = Of(events, Type::kTableChanged);
  ASSERT_EQ(changed.size(), 2u);  // the first look, then the coin put down
  EXPECT_GE(changed[1].time_s, 2.0);
  EXPECT_EQ(changed[1].table.pieces.size(), 3u);
  EXPECT_EQ(TrackNear(changed[1].table, {300, 200}), hidden);
}

// A coin slid from (100, 100) to rest near (247, 100), a hand in view from 0.9 s to 2 s over
// `hand_area`: the shot's end.
std::vector<TrackEvent> ShotEndedWithAHandOver(const rules::Polygon& hand_area) {
  PieceTracker tracker;
  ScenarioOptions options;
  options.hand = {{0.9, 2.0}};
  options.hand_area = hand_area;
  const std::vector<ScenarioPiece> pieces = {
      {Coin("suns", {100, 100}), Slide({100, 100}, {1, 0}, 900, 2750, 1.0)}};
  return Of(RunScenario(tracker, pieces, 3, options), Type::kShotEnded);
}

TEST(PieceTrackerTest, AShotEndsOnlyOnceTheHandNearWhereItsPiecesRestHasGone) {
  // 20 mm from where the coin comes to rest.
  const auto ended = ShotEndedWithAHandOver(testing::Rectangle({200, 130}, {300, 190}));
  ASSERT_EQ(ended.size(), 1u);
  EXPECT_GE(ended[0].time_s, 2.0);
  EXPECT_LT(ended[0].time_s, 2.3);
  // The pieces were at rest long before: the shot's rest time says so.
  EXPECT_LT(ended[0].shot.rest_s, 1.5);
}

// Held-out Ppolf seed 209: an arm lay at the table's edge from one flick to the next.
TEST(PieceTrackerTest, AShotEndsWithAHandInViewOnceItsPiecesRestFarFromIt) {
  // 180 mm from where the coin comes to rest.
  const auto ended = ShotEndedWithAHandOver(testing::Rectangle({0, 0}, {60, 60}));
  ASSERT_EQ(ended.size(), 1u);
  EXPECT_LT(ended[0].time_s, 1.8);
  EXPECT_GT(ended[0].time_s, ended[0].shot.rest_s);
  EXPECT_NEAR(ended[0].shot.after.pieces.at(0).position_mm.x, 247, 2);
}

TEST(PieceTrackerTest, APieceMovedSlowlyUnderAHandStartsNoShot) {
  PieceTracker tracker;
  ScenarioOptions options;
  options.hand = {{1.0, 2.5}};
  options.hand_area = testing::Rectangle({60, 115}, {160, 170});  // fingers by the coin
  const std::vector<ScenarioPiece> pieces = {
      {Coin("suns", {100, 100}), Waypoints({{1.2, {100, 100}}, {1.7, {120, 100}}})},
      Still(Coin("moons", {300, 200}))};
  const auto events = RunScenario(tracker, pieces, 3.5, options);
  EXPECT_TRUE(Of(events, Type::kShotStarted).empty());
  const auto changed = Of(events, Type::kTableChanged);
  ASSERT_EQ(changed.size(), 2u);  // the first look, then the coin moved by hand
  EXPECT_NEAR(changed[1].table.pieces.at(0).position_mm.x, 120, 0.6);
}

// Pyramids are hurled, never putted: one pushed along at 300 mm/s under a hand (a catapult
// set down, a centrifuge cleared away) is moved by the hand; one hurled at 2.4 m/s is a shot.
// A hurled pyramid hops 0.3-0.5 m in about a tenth of a second (several metres a second);
// a hand clearing a centrifuge away and setting the next catapult down beside it in one
// frame (Ice Boule seed 4: 22 mm, 660 mm/s) is slower.
TEST(PieceTrackerTest, APyramidMovedUnderAHandFasterThanAPuttIsStillNoShot) {
  const auto run = [](double to_x, double took_s) {
    PieceTracker tracker;
    ScenarioOptions options;
    options.hand = {{1.0, 2.5}};
    options.hand_area = testing::Rectangle({60, 115}, {160, 170});  // fingers by the pyramid
    const std::vector<ScenarioPiece> pieces = {
        {Pyramid("red", "medium", 19.8, 36.3, {100, 100}),
         Waypoints({{1.2, {100, 100}}, {1.2 + took_s, {to_x, 100}}})}};
    return Of(RunScenario(tracker, pieces, 3.5, options), Type::kShotStarted).size();
  };
  EXPECT_EQ(run(130, 0.1), 0u);
  EXPECT_EQ(run(122, 1 / 30.0), 0u);
  EXPECT_EQ(run(340, 0.1), 1u);
}

// Held-out Ice Boule seed 230: a projectile landed unseen among the pieces by the target and
// pushed two of them along at 800 mm/s (slower than a hurl) while the hand that shot it was
// still over its catapult, 200 mm away. A hand that far did not move them: a shot. The same
// push with the hand beside the pieces is the hand's.
TEST(PieceTrackerTest, PiecesSetMovingFarFromTheHandInViewStartAShot) {
  const auto run = [](const rules::Polygon& hand) {
    PieceTracker tracker;
    ScenarioOptions options;
    options.hand = {{0.8, 1.4}};
    options.hand_area = hand;
    const std::vector<ScenarioPiece> pieces = {
        {Pyramid("red", "medium", 19.8, 36.3, {300, 250}),
         Waypoints({{1.2, {300, 250}}, {1.233, {326, 250}}, {1.3, {340, 250}}})},
        {Pyramid("yellow", "large", 25.4, 44.5, {330, 290}),
         Waypoints({{1.233, {330, 290}}, {1.3, {345, 305}}})}};
    return RunScenario(tracker, pieces, 3.0, options);
  };
  const auto far = run(testing::Rectangle({20, 50}, {110, 150}));
  ASSERT_EQ(Of(far, Type::kShotStarted).size(), 1u);
  const auto ended = Of(far, Type::kShotEnded);
  ASSERT_EQ(ended.size(), 1u);
  EXPECT_EQ(ended[0].shot.moved.size(), 2u);
  const auto beside = run(testing::Rectangle({240, 200}, {330, 235}));
  EXPECT_TRUE(Of(beside, Type::kShotStarted).empty());
}

// A pyramid hurled 300 mm in a tenth of a second and followed on its way flew (held-out Ice
// Boule seed 241: the target, centrificed as the table was cleared for the next end); a coin
// putted 50 mm moved.
TEST(PieceTrackerTest, APieceFollowedInFlightFlew) {
  const auto flew = [](const ScenarioPiece& piece) {
    PieceTracker tracker;
    const auto ended = Of(RunScenario(tracker, {piece}, 2.5), Type::kShotEnded);
    EXPECT_EQ(ended.size(), 1u);
    if (ended.empty()) return false;
    EXPECT_EQ(ended[0].shot.moved.size(), 1u);
    return ended[0].shot.flew == ended[0].shot.moved;
  };
  const ObservedPiece red = Pyramid("red", "medium", 19.8, 36.3, {100, 100});
  EXPECT_TRUE(flew({red, Waypoints({{1.0, {100, 100}}, {1.1, {400, 120}}})}));
  EXPECT_FALSE(flew({Coin("suns", {100, 100}), Waypoints({{1.0, {100, 100}}, {1.2, {150, 100}}})}));
}

TEST(PieceTrackerTest, APuttThatLooksSlowInTheFrameItWasFlickedInIsAShotUnderAHand) {
  PieceTracker tracker;
  ScenarioOptions options;
  options.hand = {{0.8, 1.4}};
  options.hand_area = testing::Rectangle({500, 300}, {560, 360});
  // Flicked late in a frame interval: its first step is short, its second is a slide.
  const std::vector<ScenarioPiece> pieces = {
      {Coin("suns", {100, 100}), Slide({100, 100}, {1, 0}, 300, 2750, 1.025)},
      Still(Coin("moons", {300, 200}))};
  const auto events = RunScenario(tracker, pieces, 3.0, options);
  ASSERT_EQ(Of(events, Type::kShotStarted).size(), 1u);
  const auto ended = Of(events, Type::kShotEnded);
  ASSERT_EQ(ended.size(), 1u);
  EXPECT_EQ(ended[0].shot.moved, std::vector<int>{TrackNear(ended[0].shot.before, {100, 100})});
  EXPECT_EQ(Of(events, Type::kTableChanged).size(), 1u);  // the first look only
}

TEST(PieceTrackerTest, APieceHurledFromTheOneItStoodOnFliesUnseenAndLandsAsTheSamePiece) {
  PieceTracker tracker;
  ScenarioOptions options;
  options.hand = {{0.8, 2.0}};
  options.hand_area = testing::Rectangle({500, 300}, {560, 360});
  // A catapult: the top piece flies from 1.0 s to 1.1 s (not in view), lands at (400, 120).
  const auto flight = [](double time_s) -> std::optional<rules::Vec2> {
    if (time_s < 1.0) return rules::Vec2{100, 100};
    if (time_s < 1.1) return std::nullopt;
    return Waypoints({{1.1, {380, 115}}, {1.3, {400, 120}}})(time_s);
  };
  std::vector<ScenarioPiece> pieces = {Still(Coin("moons", {100, 100})),
                                       {Coin("suns", {100, 100}), flight, 0}};
  bool stacked_seen = false;
  options.after_frame = [&](double time_s, const PieceTracker& tracker_now) {
    if (time_s > 0.5 && time_s < 0.9) {
      const TableObservation table = tracker_now.Table(time_s);
      stacked_seen = table.pieces.size() == 2 &&
                     std::any_of(table.pieces.begin(), table.pieces.end(),
                                 [](const ObservedPiece& piece) { return piece.on_top_of; });
    }
  };
  const auto events = RunScenario(tracker, pieces, 3.0, options);
  EXPECT_TRUE(stacked_seen);
  const auto ended = Of(events, Type::kShotEnded);
  ASSERT_EQ(ended.size(), 1u);
  const ShotObservation& shot = ended[0].shot;
  ASSERT_EQ(shot.before.pieces.size(), 2u);
  const ObservedPiece& top =
      shot.before.pieces[0].on_top_of ? shot.before.pieces[0] : shot.before.pieces[1];
  ASSERT_TRUE(top.on_top_of);
  EXPECT_EQ(shot.moved, std::vector<int>{top.track_id});
  const ObservedPiece* landed = nullptr;
  for (const ObservedPiece& piece : shot.after.pieces)
    if (piece.track_id == top.track_id) landed = &piece;
  ASSERT_NE(landed, nullptr);
  EXPECT_NEAR(landed->position_mm.x, 400, 1);
  EXPECT_FALSE(landed->on_top_of);
  EXPECT_EQ(Of(events, Type::kTableChanged).size(), 1u);  // the first look only
}

// Held-out Ice Boule seed 92: the target, hurled from its catapult while the hand that pressed
// the centrifuge was in view, was first seen as a blob only once the hand had gone, 250 mm
// from it and sliding at 600 mm/s, slower than a hurl. No hand was by it: it slid on its own,
// a shot, and the place it left, found empty in that very frame, was on the shot's table. A
// blob first seen by where the hand just was may be a fingertip or what the hand set down.
TEST(PieceTrackerTest, ABlobFirstSeenSlidingFarFromTheHandThatJustLeftIsAShot) {
  const rules::Vec2 catapult{100, 250};
  const auto run = [&](const rules::Polygon& hand) {
    PieceTracker tracker(OnATable(800, 500));
    BlurFeed feed(tracker);
    const ObservedPiece target = Pyramid("green", "small", 15.6, 26.6, catapult);
    while (feed.Time() < 0.3) feed.Detect({target});
    const int target_track = TrackNear(tracker.Table(feed.Time()), catapult);
    for (int i = 0; i < 6; ++i) feed.Send(Blobs({}, true, hand));
    double blob_x = 348;
    bool first = true;
    for (const double step : {0.0, 14.0, 15.0, 9.0, 5.0, 2.0, 0.0, 0.0, 0.0, 0.0}) {
      blob_x += step;
      TrackerFrame frame = Blobs({{blob_x, 180}}, step > 0 || first);
      frame.pieces[0].kind = ObservedKind::kPyramid;  // a blob of a pyramid's area
      frame.vacated = {target_track};
      feed.Send(std::move(frame));
      first = false;
    }
    for (int i = 0; i < 12 && !tracker.WantsFullDetection(feed.Time()); ++i) {
      TrackerFrame frame = Blobs({{blob_x, 180}}, false);
      frame.pieces[0].kind = ObservedKind::kPyramid;
      feed.Send(std::move(frame));
    }
    for (int i = 0; i < 3; ++i) {
      feed.Detect({Pyramid("yellow", "small", 15.6, 26.6, catapult),
                   Pyramid("green", "small", 15.6, 26.6, {blob_x, 180}, true)});
    }
    return std::pair(feed.Events(), target_track);
  };
  const auto [events, target_track] = run(testing::Rectangle({20, 200}, {110, 300}));
  ASSERT_EQ(Of(events, Type::kShotStarted).size(), 1u);
  const auto ended = Of(events, Type::kShotEnded);
  ASSERT_EQ(ended.size(), 1u);
  const std::vector<ObservedPiece>& before = ended[0].shot.before.pieces;
  EXPECT_TRUE(std::any_of(before.begin(), before.end(), [&](const ObservedPiece& piece) {
    return piece.track_id == target_track && rules::Distance(piece.position_mm, catapult) < 1;
  }));

  const auto [by_the_hand, unused] = run(testing::Rectangle({270, 150}, {320, 220}));
  EXPECT_TRUE(Of(by_the_hand, Type::kShotStarted).empty());
}

// Held-out Ice Boule seed 160: a green target hurled over green felt while the hand that
// pressed the catapult was still in view; its blurs were too faint to find, and it was first
// seen 230 mm from its place, slower than a hurl by then. Its place, seen empty, says it left:
// that blob is the target, and the shot is its own (not a piece the hand set down). A resting
// piece whose place was not seen empty is not reached that far while the blob slides.
TEST(PieceTrackerTest, APieceWhosePlaceWasSeenEmptyIsTheBlobFarFromTheHandThatLeftIt) {
  const rules::Vec2 catapult{100, 250};
  const auto run = [&](bool place_seen_empty) {
    PieceTracker tracker(OnATable(800, 500));
    BlurFeed feed(tracker);
    const ObservedPiece target = Pyramid("green", "small", 15.6, 26.6, catapult);
    while (feed.Time() < 0.3) feed.Detect({target});
    const int target_track = TrackNear(tracker.Table(feed.Time()), catapult);
    for (int i = 0; i < 3; ++i)
      feed.Send(Blobs({}, true, testing::Rectangle({20, 200}, {110, 300})));
    const rules::Polygon withdrawing = testing::Rectangle({0, 200}, {70, 300});
    double blob_x = 330;
    for (int frame_index = 0; frame_index < 14; ++frame_index) {
      const bool blob = frame_index >= 2;
      const double step = frame_index <= 2 ? 0 : std::max(0.0, 16.0 - 4.0 * (frame_index - 3));
      blob_x += step;
      std::vector<rules::Vec2> blobs;
      if (blob) blobs.push_back({blob_x, 250});
      TrackerFrame frame = Blobs(blobs, step > 0 || frame_index < 3,
                                 frame_index < 3 ? std::optional(withdrawing) : std::nullopt);
      if (blob) frame.pieces[0].kind = ObservedKind::kPyramid;
      if (place_seen_empty) frame.vacated = {target_track};
      feed.Send(std::move(frame));
    }
    for (int i = 0; i < 3; ++i) {
      feed.Detect({Pyramid("yellow", "small", 15.6, 26.6, catapult),
                   Pyramid("green", "small", 15.6, 26.6, {blob_x, 250}, true)});
    }
    return std::pair(feed.Events(), target_track);
  };
  const auto [events, target_track] = run(true);
  const auto ended = Of(events, Type::kShotEnded);
  ASSERT_EQ(ended.size(), 1u);
  ASSERT_FALSE(ended[0].shot.moved.empty());
  EXPECT_EQ(ended[0].shot.moved.front(), target_track);
  const ObservedPiece* landed = AfterShot(ended[0].shot, target_track);
  ASSERT_NE(landed, nullptr);
  EXPECT_NEAR(landed->position_mm.x, 370, 5);

  // Its place not seen empty, the blob is not the target while it slides; but it slid on its
  // own, far from the hand (TrackerOptions::hand_reach_mm): a shot, and the detection closing
  // it finds the target where the blob came to rest.
  const auto [unseen_leaving, unused] = run(false);
  const auto started = Of(unseen_leaving, Type::kShotStarted);
  ASSERT_EQ(started.size(), 1u);
  EXPECT_NE(started[0].track, target_track);
  const auto ended_unseen = Of(unseen_leaving, Type::kShotEnded);
  ASSERT_EQ(ended_unseen.size(), 1u);
  const ObservedPiece* found = AfterShot(ended_unseen[0].shot, target_track);
  ASSERT_NE(found, nullptr);
  EXPECT_NEAR(found->position_mm.x, 370, 5);
}

// Ice Boule seed 1 with the tidying hand: the hand took the last player's catapult up (its place
// seen empty as the hand moved on) and set the next catapult down 110 mm away; the blob there,
// by the hand, was taken for the first catapult hurled from its place, a shot. A piece whose
// place was seen empty a frame ago, found by the hand, is what the hand holds or sets down.
TEST(PieceTrackerTest, APieceTakenUpByTheHandAndABlobWhereItSetsOneDownIsNoShot) {
  PieceTracker tracker(OnATable(800, 500));
  BlurFeed feed(tracker);
  const rules::Vec2 catapult{86, 152};
  while (feed.Time() < 0.3) feed.Detect({Pyramid("yellow", "medium", 19.8, 36.3, catapult)});
  const int catapult_track = TrackNear(tracker.Table(feed.Time()), catapult);
  const rules::Polygon over_it = testing::Rectangle({40, 120}, {100, 180});
  for (int i = 0; i < 4; ++i) feed.Send(Blobs({}, true, over_it));
  const rules::Polygon moving_on = testing::Rectangle({40, 180}, {100, 240});
  for (int i = 0; i < 4; ++i) {
    TrackerFrame frame = Blobs({}, true, moving_on);
    frame.vacated = {catapult_track};
    feed.Send(std::move(frame));
  }
  const rules::Polygon setting_down = testing::Rectangle({40, 240}, {95, 290});
  for (int i = 0; i < 3; ++i) {
    TrackerFrame frame = Blobs({{105, 265}}, true, setting_down);
    frame.pieces[0].kind = ObservedKind::kPyramid;
    frame.pieces[0].track_id = catapult_track;  // as the camera analysis measures it
    feed.Send(std::move(frame));
  }
  EXPECT_TRUE(Of(feed.Events(), Type::kShotStarted).empty());
}

// Held-out Ppolf seed 185 with the tidying hand: a holed coin taken up to the next hole's tee
// 30 mm away. Its place showed empty a moment as the hand moved over it, then the hand hid it
// again; the coin, set down by the hand 0.2 s later, was taken for a flick. A place seen empty
// at any moment since the piece was last seen says the hand took it.
TEST(PieceTrackerTest, ACoinWhosePlaceShowedEmptyAMomentBeforeTheHandSetItDownIsNoShot) {
  const auto run = [](bool place_seen_empty) {
    PieceTracker tracker;
    BlurFeed feed(tracker);
    const rules::Vec2 coin{1334, 277};
    while (feed.Time() < 0.3) feed.Detect({Coin("arms", coin)});
    const int coin_track = TrackNear(tracker.Table(feed.Time()), coin);
    const rules::Polygon over_it = testing::Rectangle({1300, 250}, {1400, 330});
    for (int i = 0; i < 4; ++i) feed.Send(Blobs({}, true, over_it));
    const rules::Polygon beside_it = testing::Rectangle({1360, 230}, {1440, 330});
    for (int i = 0; i < 3; ++i) {
      TrackerFrame frame = Blobs({}, true, beside_it);
      if (place_seen_empty) frame.vacated = {coin_track};
      feed.Send(std::move(frame));
    }
    for (int i = 0; i < 5; ++i) feed.Send(Blobs({}, true, over_it));
    for (int i = 0; i < 3; ++i) feed.Send(Blobs({{1342, 248}}, i == 0, beside_it));
    return Of(feed.Events(), Type::kShotStarted).size();
  };
  EXPECT_EQ(run(true), 0u);
  EXPECT_EQ(run(false), 1u);
}

// Held-out Ppolf seeds 202 and 218 with the tidying hand: a holed coin taken up under the hand
// and the next tee's coin set down 108 mm (30 mm) from it, first seen once the hand had drawn
// back clear of it (had gone), and taken for the holed coin flicked. Found where the hand was a
// moment ago, one that stays was set down there; one that goes on was flicked from under it.
TEST(PieceTrackerTest, ACoinFoundWhereTheHandWasThatStaysWasSetDownOneThatGoesOnWasFlicked) {
  const auto shots = [](bool hand_stays, bool goes_on) {
    PieceTracker tracker;
    BlurFeed feed(tracker);
    const rules::Vec2 coin{224, 748};
    while (feed.Time() < 0.3) feed.Detect({Coin("arms", coin)});
    const rules::Polygon over_it = testing::Rectangle({180, 690}, {290, 800});
    for (int i = 0; i < 6; ++i) feed.Send(Blobs({}, true, over_it));
    const rules::Polygon drawn_back = testing::Rectangle({-130, 800}, {20, 900});
    feed.Send(Blobs({}, true, drawn_back));
    const std::optional<rules::Polygon> hand =
        hand_stays ? std::optional<rules::Polygon>(drawn_back) : std::nullopt;
    rules::Vec2 at{246, 728};
    for (int i = 0; i < 8; ++i) {
      feed.Send(Blobs({at}, true, hand));
      if (goes_on && i < 5) at = at + rules::Vec2{16.0 - 3 * i, -12.0 + 2 * i};
    }
    return Of(feed.Events(), Type::kShotStarted).size();
  };
  for (const bool hand_stays : {true, false}) {
    EXPECT_EQ(shots(hand_stays, /*goes_on=*/false), 0u) << hand_stays;
    EXPECT_EQ(shots(hand_stays, /*goes_on=*/true), 1u) << hand_stays;
  }
}

// A coin at `rest` by the hole at `hole`, hidden by the hand `over_it` a while, then seen at
// `sightings` with the hand drawn back to `drawn_back` for the first `hand_frames` of them,
// at rest there until the closing look: the shots started.
struct DrawnBackFrom {
  rules::Vec2 rest, hole;
  rules::Polygon over_it;
  int hidden_frames;
  rules::Polygon drawn_back;
  std::vector<rules::Vec2> sightings;
  size_t hand_frames;
};

size_t ShotsAsTheHandDrewBack(const DrawnBackFrom& scene) {
  PieceTracker tracker;
  BlurFeed feed(tracker);
  while (feed.Time() < 0.3) feed.Detect({Coin("arms", scene.rest), Tile(scene.hole)});
  for (int i = 0; i < scene.hidden_frames; ++i) feed.Send(Blobs({}, true, scene.over_it));
  for (size_t i = 0; i < scene.sightings.size(); ++i) {
    const bool hand = i < scene.hand_frames;
    feed.Send(
        Blobs({scene.sightings[i]}, hand, hand ? std::optional(scene.drawn_back) : std::nullopt));
  }
  EXPECT_TRUE(RestUntilAFullDetectionIsWanted(tracker, feed, scene.sightings.back()));
  feed.Detect({Coin("arms", scene.sightings.back()), Tile(scene.hole)});
  return Of(feed.Events(), Type::kShotStarted).size();
}

// Fresh Ppolf seed 285 with the tidying hand: the holed coin taken up and set down at the next
// tee 47 mm away, found in the very frame the hand drew back from over it, its first blur 7 mm
// off with the change the fingers left about it, then still: set down there, no flick (which
// was a false shot and put the next flick out of turn).
TEST(PieceTrackerTest, ACoinFoundInTheFrameTheHandDrewBackFromItThatStaysWasSetDown) {
  EXPECT_EQ(ShotsAsTheHandDrewBack(
                {{149.2, 178.5},
                 {150, 256},
                 testing::Rectangle({110, 150}, {200, 250}),
                 9,
                 testing::Rectangle({-60, 190}, {60, 260}),
                 {{166.6, 222.1}, {163.5, 228.7}, {163.4, 225.3}, {163.7, 225.4}, {163.6, 225.2}},
                 2}),
            0u);
}

// Held-out Ppolf seed 242: a coin putted from under the hand into the hole, first seen 29 mm
// on as it came back off it, 39 mm from where the hand was a frame before, then sliding back
// 7, 4 and 2 mm: its first blur was its own, and it went on: flicked.
TEST(PieceTrackerTest, ACoinFoundClearOfTheHandsLastPlaceThatSlidesOnWasFlicked) {
  EXPECT_EQ(ShotsAsTheHandDrewBack(
                {{172, 306.9},
                 {246, 315},
                 testing::Rectangle({60, 270}, {152, 345}),
                 3,
                 testing::Rectangle({40, 270}, {128, 345}),
                 {{200.9, 310.2}, {193.7, 307.5}, {190.1, 305.2}, {188.2, 302.8}, {188.1, 302.6}},
                 5}),
            1u);
}

// Ppolf seed 11: a coin putted under the hand struck the hole beside it unseen and was first
// seen, once the hand had drawn back, where the hand had been, slowing a moment as it
// rebounded before going on: flicked from its place, not set down where it was found.
TEST(PieceTrackerTest, ACoinFoundWhereTheHandWasThatSlowsAMomentAndGoesOnWasFlickedFromItsPlace) {
  PieceTracker tracker;
  BlurFeed feed(tracker);
  const rules::Vec2 rest{200, 100};
  while (feed.Time() < 0.3) feed.Detect({Coin("suns", rest), Tile({300, 100})});
  const rules::Polygon over_it = testing::Rectangle({150, 60}, {270, 140});
  for (int i = 0; i < 4; ++i) feed.Send(Blobs({}, true, over_it));
  const rules::Polygon drawn_back = testing::Rectangle({60, 60}, {120, 140});
  const std::vector<rules::Vec2> sightings = {{255, 100}, {252, 100}, {244, 100},  {238, 100},
                                              {234, 100}, {232, 100}, {231.5, 100}};
  feed.Send(Blobs({}, true, drawn_back));
  const double first_seen_s = feed.Time();
  for (const rules::Vec2 at : sightings) feed.Send(Blobs({at}, true, drawn_back));
  const auto ended = RestAndCloseTheShot(tracker, feed, sightings.back(),
                                         {Coin("suns", sightings.back()), Tile({300, 100})});
  ASSERT_EQ(ended.size(), 1u);
  const ShotObservation& shot = ended[0].shot;
  EXPECT_LT(shot.start_s, first_seen_s);  // from its place, before it was found
  ASSERT_EQ(shot.contacts.size(), 1u);
  EXPECT_EQ(shot.contacts[0].other, TrackNear(shot.before, {300, 100}));
}

// Ice Boule seed 1 with the tidying hand: the hand took a catapult up from under it and set the
// next catapult down 130 mm away, and was gone two frames later; only then was the new one's
// blob found, and taken for the first catapult hurled. One unseen since the hand hid it, found
// where the hand was a moment ago once it has gone, was set down there by it.
TEST(PieceTrackerTest, APieceFoundWhereTheHandJustWasOnceItHasGoneWasSetDownThere) {
  const auto run = [](rules::Vec2 blob) {
    PieceTracker tracker(OnATable(800, 500));
    BlurFeed feed(tracker);
    const rules::Vec2 catapult{105, 265};
    while (feed.Time() < 0.3) feed.Detect({Pyramid("red", "large", 25, 44.9, catapult)});
    const int catapult_track = TrackNear(tracker.Table(feed.Time()), catapult);
    for (int i = 0; i < 6; ++i)
      feed.Send(Blobs({}, true, testing::Rectangle({70, 230}, {140, 300})));
    for (int i = 0; i < 4; ++i)
      feed.Send(Blobs({}, true, testing::Rectangle({20, 120}, {80, 180})));
    feed.Send(Blobs({}, true));
    for (int i = 0; i < 3; ++i) {
      TrackerFrame frame = Blobs({blob}, i == 0);
      frame.pieces[0].kind = ObservedKind::kPyramid;
      frame.pieces[0].track_id = catapult_track;  // as the camera analysis measures it
      feed.Send(std::move(frame));
    }
    return Of(feed.Events(), Type::kShotStarted).size();
  };
  EXPECT_EQ(run({90, 150}), 0u);
  // Far from where the hand was: hurled while it hid the piece (a shot).
  EXPECT_EQ(run({400, 265}), 1u);
}

// Ice Boule with the tidying hand: the hand took up a catapult and set the next one down 47 mm
// away (seed 3; 86 mm in seed 11), and the next one's blob, found where the first's track
// looked for it in the first frame without the hand (seed 11: while the hand was still
// there), was taken for the first one shot. A pyramid is hurled, never putted: found by the
// hand, it was set down there (a hurled one goes on the next frame); a coin found so may
// have been putted.
TEST(PieceTrackerTest, APyramidFoundByTheHandThatHidItWasSetDownThere) {
  const auto shots = [](ObservedPiece piece, bool hand_still_there) {
    PieceTracker tracker(OnATable(800, 500));
    BlurFeed feed(tracker);
    const rules::Vec2 place = piece.position_mm;
    while (feed.Time() < 0.3) feed.Detect({piece});
    const int track = TrackNear(tracker.Table(feed.Time()), place);
    for (int i = 0; i < 6; ++i)
      feed.Send(Blobs({}, true, testing::Rectangle({70, 230}, {140, 300})));
    const rules::Polygon setting_down = testing::Rectangle({60, 180}, {150, 300});
    for (int i = 0; i < 4; ++i) feed.Send(Blobs({}, false, setting_down));
    bool first = true;
    for (const rules::Vec2 blob : {rules::Vec2{100, 218}, {102, 210}, {100, 217}, {100, 217}}) {
      TrackerFrame frame =
          first && hand_still_there ? Blobs({blob}, true, setting_down) : Blobs({blob}, true);
      first = false;
      frame.pieces[0].kind = piece.kind;
      frame.pieces[0].track_id = track;  // as the camera analysis measures it
      feed.Send(std::move(frame));
    }
    return Of(feed.Events(), Type::kShotStarted).size();
  };
  for (const bool hand_still_there : {false, true}) {
    SCOPED_TRACE(hand_still_there);
    EXPECT_EQ(shots(Pyramid("red", "large", 25, 44.9, {105, 265}), hand_still_there), 0u);
    EXPECT_EQ(shots(Coin("suns", {105, 265}), hand_still_there), 1u);
  }
}

// Held-out Ice Boule seed 253: the hand takes a small catapult up and carries it off, out of
// sight, and sets the next one down 132 mm away; the blob there, two frames after the carried
// one was last seen, is taken for it. Found by the hand, the next step tells: one set down
// there stays, one hurled from under the hand goes on (seed 240: the target, first seen 40 mm
// on and 25 mm from the hand). Found far from the hand, it flew.
TEST(PieceTrackerTest, ACarriedPyramidFoundAgainByTheHandWasSetDownThereUnlessItGoesOn) {
  const auto shots = [](const rules::Polygon& hand_at_the_blob, bool goes_on) {
    PieceTracker tracker(OnATable(800, 500));
    BlurFeed feed(tracker);
    const ObservedPiece catapult = Pyramid("red", "small", 14.3, 25.4, {151.5, 173.7});
    while (feed.Time() < 0.3) feed.Detect({catapult});
    const int track = TrackNear(tracker.Table(feed.Time()), catapult.position_mm);
    const auto blob = [&](rules::Vec2 at, const std::optional<rules::Polygon>& hand, int id) {
      TrackerFrame frame = Blobs({at}, true, hand);
      frame.pieces[0].kind = ObservedKind::kPyramid;
      frame.pieces[0].footprint = Translated(catapult.footprint, at - catapult.position_mm);
      frame.pieces[0].track_id = id;
      return frame;
    };
    feed.Send(blob({151.5, 173.7}, testing::Rectangle({0, 140}, {140, 200}), track));
    feed.Send(blob({137.1, 164.1}, testing::Rectangle({0, 140}, {128, 200}), track));
    for (int i = 0; i < 3; ++i) feed.Send(Blobs({}, true, testing::Rectangle({0, 60}, {150, 190})));
    feed.Send(blob({67.1, 81.0}, testing::Rectangle({0, 40}, {70, 120}), track));
    feed.Send(blob({72.0, 76.5}, testing::Rectangle({0, 40}, {75, 120}), track));
    feed.Send(Blobs({}, true, testing::Rectangle({0, 120}, {150, 200})));
    rules::Vec2 at{184.6, 145.5};
    feed.Send(blob(at, hand_at_the_blob, -1));
    for (int i = 0; i < 4; ++i) {
      if (goes_on) at = at + rules::Vec2{40.0 - 10 * i, 10};
      feed.Send(blob(at, std::nullopt, -1));
    }
    return Of(feed.Events(), Type::kShotStarted).size();
  };
  const rules::Polygon by_the_blob = testing::Rectangle({0, 100}, {160, 180});
  const rules::Polygon far_off = testing::Rectangle({0, 300}, {60, 400});
  EXPECT_EQ(shots(by_the_blob, /*goes_on=*/false), 0u);
  EXPECT_EQ(shots(by_the_blob, /*goes_on=*/true), 1u);
  EXPECT_EQ(shots(far_off, /*goes_on=*/false), 1u);
}

// Held-out Ppolf seeds 106 and 193: a coin set down under the hand far from the camera and
// flicked at once, followed as a blob to where it came to rest, beside `resting`; fed until the
// tracker wants the look closing the shot. The blob's track and where it rests.
std::pair<int, rules::Vec2> FlickedAsItWasSetDown(PieceTracker& tracker, BlurFeed& feed,
                                                  const ObservedPiece& resting) {
  while (feed.Time() < 0.3) feed.Detect({resting});
  const rules::Polygon hand = testing::Rectangle({80, 80}, {160, 160});
  for (int i = 0; i < 4; ++i) feed.Send(Blobs({}, true, hand));
  double x = 175;
  for (const double step : {0.0, 30.0, 30.0, 25.0, 20.0, 12.0, 5.0, 0.0, 0.0, 0.0, 0.0}) {
    x += step;
    feed.Send(Blobs({{x, 120}}, step > 0, hand));
  }
  const int blob = TrackNear(tracker.Table(feed.Time()), {x, 120});
  for (int i = 0; i < 12 && !tracker.WantsFullDetection(feed.Time()); ++i)
    feed.Blurs({{blob, {x, 120}}}, false);
  return {blob, {x, 120}};
}

// Held-out Ppolf seed 106: Bob's coin, set down under the hand and flicked at once far from the
// camera, was followed as a blob to where it came to rest, and the look closing the shot fitted
// a coin there whose face it could not read (a dozen pixels): taken for a blur that was no
// piece, the flick was lost. A coin the closing look fits where a mover never read came to rest
// moved; a blob that look does not find is still no piece.
TEST(PieceTrackerTest, ACoinNeverReadThatTheClosingLookFitsWhereItCameToRestMoved) {
  const auto run = [](bool fitted) {
    PieceTracker tracker(OnATable(800, 500));
    BlurFeed feed(tracker);
    const ObservedPiece suns = Coin("suns", {600, 400});
    const auto [blob, at] = FlickedAsItWasSetDown(tracker, feed, suns);
    ObservedPiece unread = Coin("suns", at + rules::Vec2{0.5, 0});
    unread.side.reset();
    unread.suit.reset();
    unread.confidence = 0;
    if (!fitted) unread.track_id = blob;  // where the blob was kept, no coin fitted
    for (int i = 0; i < 3; ++i) feed.Detect({suns, unread});
    return std::pair(feed.Events(), blob);
  };
  const auto [events, blob] = run(true);
  const auto ended = Of(events, Type::kShotEnded);
  ASSERT_EQ(ended.size(), 1u);
  EXPECT_EQ(ended[0].shot.moved, std::vector<int>{blob});
  ASSERT_NE(AfterShot(ended[0].shot, blob), nullptr);

  const auto [unfitted, unused] = run(false);
  EXPECT_TRUE(Of(unfitted, Type::kShotEnded).empty());
}

// Held-out Ppolf seed 193: Bob's coin, set down under the hand and flicked at once far from the
// camera, was followed as a blob to where it came to rest; the look closing the shot missed it
// and the next found it and read it. Dropped as a blob that was no piece when the first look
// missed it, the flick was lost (and the coin, read at once, taken for one set down since). A
// mover come to rest that a look misses is lost: the closing looks that follow find it again.
TEST(PieceTrackerTest, AMoverAtRestThatTheClosingLookMissesIsFoundByTheNext) {
  PieceTracker tracker(OnATable(800, 500));
  BlurFeed feed(tracker);
  const ObservedPiece suns = Coin("suns", {600, 400});
  const auto [blob, at] = FlickedAsItWasSetDown(tracker, feed, suns);
  feed.Detect({suns});  // the closing look misses it
  for (int i = 0; i < 3; ++i) feed.Detect({suns, Coin("arms", at + rules::Vec2{0.5, 0})});
  const auto ended = Of(feed.Events(), Type::kShotEnded);
  ASSERT_EQ(ended.size(), 1u);
  EXPECT_EQ(ended[0].shot.moved, std::vector<int>{blob});
  const ObservedPiece* arms = AfterShot(ended[0].shot, blob);
  ASSERT_NE(arms, nullptr);
  EXPECT_EQ(arms->suit, std::optional<std::string>("arms"));
}

// Ice Boule, between two shots: one player's centrifuge is cleared away and the next
// player's catapult set down a few millimetres from where it stood, in one look.
TEST(PieceTrackerTest, APyramidOfAnotherColourWhereOneWasTakenAwayIsAnotherPiece) {
  PieceTracker tracker;
  const auto until = [](double end_s, rules::Vec2 at) {
    return [=](double t) -> std::optional<rules::Vec2> {
      if (t >= end_s) return std::nullopt;
      return at;
    };
  };
  const auto from = [](double start_s, rules::Vec2 at) {
    return [=](double t) -> std::optional<rules::Vec2> {
      if (t < start_s) return std::nullopt;
      return at;
    };
  };
  const std::vector<ScenarioPiece> pieces = {
      {Pyramid("red", "large", 25.4, 47.4, {100, 200}), until(1.0, {100, 200})},
      {Pyramid("yellow", "large", 25.4, 47.4, {104, 196}), from(1.0, {104, 196})}};
  const auto events = RunScenario(tracker, pieces, 2.0);
  EXPECT_TRUE(Of(events, Type::kShotStarted).empty());
  ASSERT_EQ(tracker.Tracks().size(), 1u);
  EXPECT_EQ(tracker.Tracks()[0].piece.colour, "yellow");
  const auto changed = Of(events, Type::kTableChanged);
  ASSERT_EQ(changed.size(), 2u);
  ASSERT_EQ(changed[1].table.pieces.size(), 1u);
  EXPECT_NE(changed[1].table.pieces[0].track_id, changed[0].table.pieces[0].track_id);
}

// Two lying pyramids side by side, centres 32 mm apart: long footprints, but two pieces.
TEST(PieceTrackerTest, LyingPyramidsSideBySideAreTwoPieces) {
  PieceTracker tracker;
  const std::vector<ScenarioPiece> pieces = {
      Still(Pyramid("red", "large", 25.4, 46.2, {560, 350}, true)),
      Still(Pyramid("yellow", "medium", 19.8, 36.3, {560, 318}, true))};
  const auto events = RunScenario(tracker, pieces, 1.0);
  const auto changed = Of(events, Type::kTableChanged);
  ASSERT_EQ(changed.size(), 1u);
  EXPECT_EQ(changed[0].table.pieces.size(), 2u);
}

TEST(PieceTrackerTest, ATileTurnedByTheShotMovedThoughItsCentreStayed) {
  PieceTracker tracker;
  // The coin stops against the tile's left edge (x = 274.6) and turns it by 10 degrees.
  const double hit_s = 1.3;
  std::vector<ScenarioPiece> pieces = {
      {Coin("suns", {100, 100}), Waypoints({{1.0, {100, 100}}, {hit_s, {264.5, 100}}})},
      Still(Tile({300, 100}))};
  pieces[1].angle_deg = [hit_s](double time_s) { return time_s < hit_s ? 0.0 : 10.0; };
  const auto events = RunScenario(tracker, pieces, 2.5);
  const auto ended = Of(events, Type::kShotEnded);
  ASSERT_EQ(ended.size(), 1u);
  const ShotObservation& shot = ended[0].shot;
  const int tile = TrackNear(shot.before, {300, 100});
  EXPECT_TRUE(std::count(shot.moved.begin(), shot.moved.end(), tile));
  const auto after =
      std::find_if(shot.after.pieces.begin(), shot.after.pieces.end(),
                   [&](const ObservedPiece& piece) { return piece.track_id == tile; });
  ASSERT_NE(after, shot.after.pieces.end());
  EXPECT_NEAR(after->angle_deg, 10, 1e-9);
}

TEST(PieceTrackerTest, APieceASettledLookFindsAFewMillimetresAwayRestsThereWithoutAShot) {
  // Between two looks at a settled table a piece is found 3.5 mm from its place (nudged
  // unseen, or measured better): it rests there, and no shot starts.
  const std::vector<ScenarioPiece> pieces = {
      {Coin("null", {100, 100}), Waypoints({{0.99, {100, 100}}, {1.0, {103.5, 100}}})},
      Still(Coin("moons", {300, 200}))};
  ScenarioOptions settled;
  settled.settled = true;
  PieceTracker tracker;
  const auto events = RunScenario(tracker, pieces, 2.0, settled);
  EXPECT_TRUE(Of(events, Type::kShotStarted).empty());
  const auto changed = Of(events, Type::kTableChanged);
  ASSERT_EQ(changed.size(), 2u);  // the first look, then the piece in its new place
  EXPECT_EQ(TrackNear(changed[1].table, {103.5, 100}), TrackNear(changed[0].table, {100, 100}));
  // Every frame a look at every piece (the synthetic table's truth): that was a movement.
  PieceTracker truth_tracker;
  EXPECT_EQ(Of(RunScenario(truth_tracker, pieces, 2.0), Type::kShotStarted).size(), 1u);
}

TEST(PieceTrackerTest, PassingATileCloserThanTheMeasurementCanTellIsOnlyAPossibleContact) {
  // A slow coin measured to half a millimetre passes a tile 1.2 mm away: it may have grazed.
  PieceTracker tracker;
  const double y = 100 + 25.4 + 9.525 + 1.2;
  const std::vector<ScenarioPiece> pieces = {
      {Coin("suns", {100, y}, 0.5), Waypoints({{1.0, {100, y}}, {1.4, {580, y}}})},
      Still(Tile({300, 100}))};
  ScenarioOptions quiet;
  quiet.noise_mm = 0;
  const auto events = RunScenario(tracker, pieces, 2.5, quiet);
  const auto ended = Of(events, Type::kShotEnded);
  ASSERT_EQ(ended.size(), 1u);
  ASSERT_EQ(ended[0].shot.contacts.size(), 1u);
  EXPECT_TRUE(ended[0].shot.contacts[0].uncertain);
}

// A frame of the camera analysis between full detections: pieces measured, nothing complete.
TrackerFrame Between(double time_s, std::vector<ObservedPiece> pieces, bool hand = false) {
  TrackerFrame frame;
  frame.time_s = time_s;
  frame.pieces = std::move(pieces);
  frame.hand_in_view = hand;
  frame.motion = true;
  return frame;
}

// A full detection: every piece in view.
TrackerFrame Look(double time_s, std::vector<ObservedPiece> pieces, bool hand = false) {
  TrackerFrame frame = Between(time_s, std::move(pieces), hand);
  frame.complete = true;
  frame.settled = true;
  frame.motion = false;
  return frame;
}

ObservedPiece Blur(rules::Vec2 at) {
  ObservedPiece blur = Coin("suns", at, 2.0);
  blur.side.reset();
  blur.suit.reset();
  blur.rank.reset();
  blur.confidence = 0;
  return blur;
}

// The change where a pyramid was (a place left, a blur) read as a blob: no colour or size.
ObservedPiece PyramidBlob(ObservedPiece pyramid, rules::Vec2 at) {
  pyramid.footprint = Translated(pyramid.footprint, at - pyramid.position_mm);
  pyramid.position_mm = at;
  pyramid.colour.reset();
  pyramid.size.reset();
  pyramid.sigma_mm = 2;
  pyramid.confidence = 0;
  return pyramid;
}

ObservedPiece Confident(ObservedPiece piece) {
  piece.confidence = 0.9;
  return piece;
}

// Feeds frames to a tracker and keeps every event.
struct Recorder {
  PieceTracker tracker;
  std::vector<TrackEvent> events;
  void operator()(const TrackerFrame& frame) {
    for (TrackEvent& event : tracker.Update(frame)) events.push_back(std::move(event));
  }
};

// A coin flicked from under the hand: `coin` rests among `others` for a second (track `id`),
// then each frame of Hand() shows a hand over the table hiding `hidden`, and the others.
struct FlickUnderTheHand {
  FlickUnderTheHand(const TrackerOptions& options, const ObservedPiece& coin,
                    std::vector<ObservedPiece> others_at_rest, rules::Polygon hidden_by_hand)
      : run{PieceTracker(options), {}},
        others(std::move(others_at_rest)),
        hidden(std::move(hidden_by_hand)) {
    std::vector<ObservedPiece> all = others;
    all.push_back(coin);
    for (; t < 1.0; t += 1.0 / 30) run(Look(t, all));
    id = TrackNear(run.tracker.Table(t), coin.position_mm);
  }
  // One frame with the hand, showing `blurs` too.
  void Hand(const std::vector<ObservedPiece>& blurs = {}) {
    std::vector<ObservedPiece> seen = others;
    seen.insert(seen.end(), blurs.begin(), blurs.end());
    TrackerFrame frame = Between(t, std::move(seen), /*hand=*/true);
    frame.hidden = {hidden};
    run(frame);
    t += 1.0 / 30;
  }
  // The hand gone: the others at rest until `until_s`.
  void Rest(double until_s) {
    for (; t < until_s; t += 1.0 / 30) run(Look(t, others));
  }

  Recorder run;
  std::vector<ObservedPiece> others;
  rules::Polygon hidden;
  double t = 0;
  int id = -1;
};

TEST(PieceTrackerTest, ABlurThatGoesNowhereIsNoPieceAndNoShot) {
  // An arm leaving the view leaves a change that lingers in place for a few frames.
  Recorder run;
  const ObservedPiece coin = Confident(Coin("suns", {100, 100}));
  double t = 0;
  for (; t < 1.0; t += 1.0 / 30) run(Look(t, {coin}));
  for (int i = 0; i < 12; ++i, t += 1.0 / 30) {
    run(Between(t, {Blur({600.0 + (i % 3), 20.0 - (i % 2)})}));
  }
  for (; t < 2.5; t += 1.0 / 30) run(Look(t, {coin}));
  EXPECT_TRUE(Of(run.events, Type::kShotEnded).empty());
  EXPECT_TRUE(Of(run.events, Type::kLost).empty());
  EXPECT_TRUE(Of(run.events, Type::kLeftTable).empty());
  EXPECT_EQ(run.tracker.Table(t).pieces.size(), 1u);
}

TEST(PieceTrackerTest, ABlurRightAfterTheOnlyCoinWasLiftedIsThatCoinPutDownAndFlicked) {
  // The player picks the coin up, sets it down elsewhere and flicks it at once: the camera
  // sees it vanish under the hand, then a blur; the face is read only at the end.
  Recorder run;
  const ObservedPiece coin = Confident(Coin("arms", {600, 300}));
  const ObservedPiece other = Confident(Coin("suns", {100, 100}));
  double t = 0;
  for (; t < 1.0; t += 1.0 / 30) run(Look(t, {coin, other}));
  const int id = TrackNear(run.tracker.Table(t), {600, 300});
  TrackerFrame lifted = Look(t, {other}, /*hand=*/true);  // gone, its place not hidden
  lifted.hidden = {testing::Rectangle({615, 270}, {720, 330})};
  run(lifted);
  t += 1.0 / 30;
  for (int i = 0; i < 10; ++i, t += 1.0 / 30) {
    run(Between(t, {Blur({520 - 10.0 * i, 300})}, /*hand=*/true));
  }
  ObservedPiece landed = Confident(Coin("arms", {430, 300}));
  for (; t < 3.0; t += 1.0 / 30) run(Look(t, {landed, other}));
  const auto ended = Of(run.events, Type::kShotEnded);
  ASSERT_EQ(ended.size(), 1u);
  EXPECT_EQ(ended[0].shot.moved, std::vector<int>{id});
  EXPECT_EQ(TrackNear(ended[0].shot.after, {430, 300}), id);
}

// Held-out Ppolf seed 222 with the tidying hand: a coin beside the table, missed by one full
// detection as the hand 230 mm from it flicked the next tee's coin. It was taken for lifted by
// that hand, half of the flicked coin's blur for it put down and flicked, and the shot for its
// owner's. A hand that never came near a piece did not lift it.
TEST(PieceTrackerTest, ACoinMissedByAFullDetectionFarFromTheHandWasNotLiftedByIt) {
  Recorder run;
  const ObservedPiece far = Confident(Coin("moons", {100, 600}));
  const ObservedPiece flicked = Confident(Coin("suns", {483, 520}));
  double t = 0;
  for (; t < 1.0; t += 1.0 / 30) run(Look(t, {far, flicked}));
  const int far_id = TrackNear(run.tracker.Table(t), {100, 600});
  const int flicked_id = TrackNear(run.tracker.Table(t), {483, 520});
  const rules::Polygon hand = testing::Rectangle({400, 540}, {470, 700});
  TrackerFrame missed = Look(t, {flicked}, /*hand=*/true);
  missed.hidden = {hand};
  run(missed);
  t += 1.0 / 30;
  for (int i = 0; i < 6; ++i, t += 1.0 / 30) {
    const rules::Vec2 at{594 + 40.0 * i, 440 - 30.0 * i};
    TrackerFrame blurs = Between(t, {Blur(at), Blur(at + rules::Vec2{16, -14})}, /*hand=*/true);
    blurs.hidden = {hand};
    run(blurs);
  }
  for (; t < 3.0; t += 1.0 / 30) run(Look(t, {far, Confident(Coin("suns", {840, 260}))}));
  const auto ended = Of(run.events, Type::kShotEnded);
  ASSERT_EQ(ended.size(), 1u);
  const std::vector<int>& moved = ended[0].shot.moved;
  ASSERT_FALSE(moved.empty());
  EXPECT_EQ(moved.front(), flicked_id);
  EXPECT_EQ(std::count(moved.begin(), moved.end(), far_id), 0);
}

// Held-out Ppolf seed 88: the next player set a coin down beside the last one's and flicked it
// from under the hand that hid the other. The flicked coin's first blur was taken for the
// hidden one, which then rested where it had lain all along: it did not move in the shot;
// the flicked coin, found at rest by the detection closing the shot, did.
TEST(PieceTrackerTest, APieceFollowedAsItMovedButFoundBackWhereItLayDidNotMove) {
  Recorder run;
  const ObservedPiece lying = Confident(Coin("suns", {950, 740}));
  const ObservedPiece tile = Tile({300, 300});
  double t = 0;
  for (; t < 1.0; t += 1.0 / 30) run(Look(t, {lying, tile}));
  const int lying_id = TrackNear(run.tracker.Table(t), {950, 740});
  for (const rules::Vec2 at : std::vector<rules::Vec2>{{961, 643}, {930, 600}, {905, 560}}) {
    run(Between(t, {Blur(at), tile}, /*hand=*/true));
    t += 1.0 / 30;
  }
  for (const double x : {870.0, 845.0, 828.0, 818.0, 814.0, 814.0, 814.0}) {
    run(Between(t, {Blur({x, 670}), tile}));
    t += 1.0 / 30;
  }
  const ObservedPiece flicked = Confident(Coin("arms", {814, 670}));
  for (; t < 3.0; t += 1.0 / 30) run(Look(t, {lying, flicked, tile}));
  const auto ended = Of(run.events, Type::kShotEnded);
  ASSERT_EQ(ended.size(), 1u);
  const ShotObservation& shot = ended[0].shot;
  EXPECT_EQ(TrackNear(shot.after, {950, 740}), lying_id);
  EXPECT_EQ(std::count(shot.moved.begin(), shot.moved.end(), lying_id), 0);
  EXPECT_EQ(std::count(shot.moved.begin(), shot.moved.end(), TrackNear(shot.after, {814, 670})), 1);
}

// Ppolf seed 4: a putt struck the hole tile and the coin rebounded to where it was flicked
// from. No other piece moved: it moved all the same.
TEST(PieceTrackerTest, APieceThatReboundedToWhereItLayMoved) {
  Recorder run;
  const ObservedPiece coin = Confident(Coin("arms", {690, 560}));
  const ObservedPiece tile = Tile({685, 632});
  double t = 0;
  for (; t < 1.0; t += 1.0 / 30) run(Look(t, {coin, tile}));
  const int id = TrackNear(run.tracker.Table(t), {690, 560});
  for (const double y : {572.0, 585.0, 594.0, 584.0, 574.0, 566.0, 562.0, 561.0, 561.0, 561.0}) {
    run(Between(t, {Blur({690, y}), tile}));
    t += 1.0 / 30;
  }
  for (; t < 3.0; t += 1.0 / 30) run(Look(t, {coin, tile}));
  const auto ended = Of(run.events, Type::kShotEnded);
  ASSERT_EQ(ended.size(), 1u);
  EXPECT_EQ(ended[0].shot.moved, std::vector<int>{id});
}

// Ppolf seed 22: the hand at the tee hid the coin as it was flicked. The camera saw a blur
// flying off the table on the line from the coin's place, and never the coin again. The blur
// was the coin: it left the table.
TEST(PieceTrackerTest, ACoinFlickedFromUnderTheHandAndSeenOnlyAsABlurOffTheTableLeftIt) {
  TrackerOptions options;
  options.area = testing::Rectangle({0, 0}, {1400, 900});
  for (const bool on_line : {true, false}) {
    FlickUnderTheHand flick(options, Confident(Coin("suns", {1094, 299})),
                            {Confident(Coin("moons", {400, 700}))},
                            testing::Rectangle({1070, 240}, {1250, 330}));
    for (int i = 0; i < 4; ++i) flick.Hand();
    // Off the line from the coin's place, the blur is some other piece's (it started no
    // nearer the coin than 60 mm to the side).
    const double y = on_line ? 291 : 231;
    for (double x = 812; x > -60; x -= 97) flick.Hand({Blur({x, y})});
    for (int i = 0; i < 3; ++i) flick.Hand();
    flick.Rest(3.0);
    const auto ended = Of(flick.run.events, Type::kShotEnded);
    if (!on_line) {
      EXPECT_TRUE(ended.empty());
      continue;
    }
    ASSERT_EQ(ended.size(), 1u);
    EXPECT_EQ(ended[0].shot.moved, std::vector<int>{flick.id});
    EXPECT_EQ(ended[0].shot.left_table, std::vector<int>{flick.id});
  }
}

// Held-out Ppolf seed 101: as above, but the fingertip that flicked the coin was seen as a blob
// by the coin's place in the frame its blur was first seen, far off. The coin was last seen
// there when last read, before the hand hid it: the blur was within its reach, and the coin's.
TEST(PieceTrackerTest, AFingertipSeenWhereTheCoinLayIsNoSightOfTheCoinFlickedOffTheTable) {
  TrackerOptions options;
  options.area = testing::Rectangle({0, 0}, {1400, 900});
  FlickUnderTheHand flick(options, Confident(Coin("suns", {1094, 299})),
                          {Confident(Coin("moons", {400, 700}))},
                          testing::Rectangle({1070, 240}, {1250, 330}));
  for (int i = 0; i < 2; ++i) flick.Hand();
  flick.Hand({Blur({900, 295}), Blur({1098, 296})});
  for (double x = 810; x > -60; x -= 90) flick.Hand({Blur({x, 291})});
  for (int i = 0; i < 3; ++i) flick.Hand();
  flick.Rest(3.0);
  const auto ended = Of(flick.run.events, Type::kShotEnded);
  ASSERT_EQ(ended.size(), 1u);
  EXPECT_EQ(ended[0].shot.moved, std::vector<int>{flick.id});
  EXPECT_EQ(ended[0].shot.left_table, std::vector<int>{flick.id});
}

// Held-out Ppolf seed 87: the coin flicked from under the hand struck a tile before the camera
// first saw it, and its blur flew off the table on a line running back to that tile, not to
// the coin's place. Struck off the tile, it came from there all the same; with no piece on
// that line to turn it, the blur is some other piece's.
TEST(PieceTrackerTest, ABlurReboundingOffAPieceInTheWayCameFromTheCoinFlickedUnderTheHand) {
  TrackerOptions options;
  options.area = testing::Rectangle({0, 0}, {1400, 900});
  for (const bool tile_in_the_way : {true, false}) {
    std::vector<ObservedPiece> others = {Confident(Coin("moons", {400, 700}))};
    if (tile_in_the_way) others.push_back(Tile({900, 299}));
    FlickUnderTheHand flick(options, Confident(Coin("suns", {1094, 299})), others,
                            testing::Rectangle({1070, 240}, {1250, 330}));
    for (int i = 0; i < 4; ++i) flick.Hand();
    for (double y = 230; y > -80; y -= 60) flick.Hand({Blur({932, y})});
    for (int i = 0; i < 3; ++i) flick.Hand();
    flick.Rest(3.0);
    const auto ended = Of(flick.run.events, Type::kShotEnded);
    if (!tile_in_the_way) {
      EXPECT_TRUE(ended.empty());
      continue;
    }
    ASSERT_EQ(ended.size(), 1u);
    EXPECT_EQ(ended[0].shot.moved, std::vector<int>{flick.id});
    EXPECT_EQ(ended[0].shot.left_table, std::vector<int>{flick.id});
  }
}

// Ppolf seed 32: the coin was flicked at 2.7 m/s as the hand hid it and first seen two frames
// later, 180 mm on and already slowed to 2.45 m/s. Run back at the speed first seen, the blur
// came short of the coin's place; a piece slowed by friction came from there all the same.
TEST(PieceTrackerTest, ABlurSlowingAsItLeftTheTableCameFromTheCoinFlickedUnderTheHand) {
  TrackerOptions options;
  options.area = testing::Rectangle({0, 0}, {1500, 900});
  const ObservedPiece coin = Confident(Coin("suns", {1448, 733}));
  FlickUnderTheHand flick(options, coin, {Confident(Coin("moons", {400, 700}))},
                          testing::Rectangle({1400, 700}, {1500, 800}));
  flick.Hand();
  const rules::Vec2 way{-0.75, -0.66};
  double along = 180;
  for (double step = 82; coin.position_mm.y + along * way.y > -60; step -= 2) {
    flick.Hand({Blur(coin.position_mm + way * along)});
    along += step;
  }
  for (int i = 0; i < 3; ++i) flick.Hand();
  flick.Rest(3.5);
  const auto ended = Of(flick.run.events, Type::kShotEnded);
  ASSERT_EQ(ended.size(), 1u);
  EXPECT_EQ(ended[0].shot.moved, std::vector<int>{flick.id});
  EXPECT_EQ(ended[0].shot.left_table, std::vector<int>{flick.id});
}

// Ppolf seed 29: the coin flicked from under the hand was seen as a blur four frames at
// 4.4 m/s, then lost 500 mm short of the edge of the view. No coin stops in 500 mm from that
// speed (friction would need 2.4 m): it left the table. A slow blur lost there stopped unseen,
// and so may a fast one with a piece in its way (Ppolf seed 12: the hole it struck) or one
// whose last step turned off its run.
TEST(PieceTrackerTest, ACoinLostTooFastToStopShortOfTheEdgeLeftTheTable) {
  TrackerOptions options;
  options.area = testing::Rectangle({-126, -125}, {1598, 1099});
  struct Case {
    double step;  // mm a frame
    bool blocked;
    bool bounced;  // the last step turned off the run
  };
  for (const Case& shot : {Case{146, false, false}, Case{20, false, false}, Case{146, true, false},
                           Case{146, false, true}}) {
    std::vector<ObservedPiece> others = {Confident(Coin("moons", {400, 200}))};
    if (shot.blocked) others.push_back(Confident(Coin("arms", {1300, 540})));
    FlickUnderTheHand flick(options, Confident(Coin("suns", {284, 689})), others,
                            testing::Rectangle({200, 600}, {400, 800}));
    for (int i = 0; i < 2; ++i) flick.Hand();
    const double first_x = 1076 - 3 * shot.step;
    std::vector<rules::Vec2> blurs;
    for (double x = first_x; x <= 1076; x += shot.step)
      blurs.push_back({x, 631 - 0.15 * (x - first_x)});
    if (shot.bounced) blurs.back() = blurs[blurs.size() - 2] + rules::Vec2{-80, 100};
    for (const rules::Vec2& blur : blurs) flick.Hand({Blur(blur)});
    for (int i = 0; i < 3; ++i) flick.Hand();
    flick.Rest(3.0);
    const bool left = shot.step > 100 && !shot.blocked && !shot.bounced;
    SCOPED_TRACE(::testing::Message() << shot.step << " mm a frame, blocked " << shot.blocked
                                      << ", bounced " << shot.bounced);
    EXPECT_EQ(Of(flick.run.events, Type::kLeftTable).size(), left ? 1u : 0u);
    if (!left) continue;
    const auto ended = Of(flick.run.events, Type::kShotEnded);
    ASSERT_EQ(ended.size(), 1u);
    EXPECT_EQ(ended[0].shot.left_table, std::vector<int>{flick.id});
  }
}

// Held-out Ppolf seeds 29 and 32: the hole a coin went into is the next hole's tee, so the
// holed coin is taken up and the next player's put down in its place within a frame, 12 mm
// off: a small move of one track, which kept the first coin's face for the second and gave
// the next tee-off to the wrong player. What a piece reads as surely once at rest after a
// move is what it is; a doubtful reading then (a coin read poorly) changes nothing.
TEST(PieceTrackerTest, APieceReadSurelyAsAnotherAtRestAfterItMovedIsThatOne) {
  for (const double confidence : {0.9, 0.6}) {
    Recorder run{PieceTracker(TrackerOptions{}), {}};
    const ObservedPiece holed = Coin("arms", {199, 324});
    double t = 0;
    for (; t < 1.0; t += 1.0 / 30) run(Look(t, {holed}));
    const int id = TrackNear(run.tracker.Table(t), holed.position_mm);
    // The swap, seen as a small move of the coin.
    for (const double x : {195.0, 190.0, 187.0}) {
      run(Between(t, {Blur({x, 321})}));
      t += 1.0 / 30;
    }
    ObservedPiece teed = Coin("suns", {187, 321});
    teed.confidence = confidence;
    for (; t < 2.0; t += 1.0 / 30) run(Look(t, {teed}));
    const TableObservation table = run.tracker.Table(t);
    ASSERT_EQ(table.pieces.size(), 1u);
    EXPECT_EQ(table.pieces[0].track_id, id);
    EXPECT_EQ(table.pieces[0].suit, confidence > 0.85 ? "suns" : "arms") << confidence;
  }
}

// A catapult at rest by the target for a second; a hand over the table showing `with_hand`
// and hiding `hidden`; the frame after it, the change where the catapult stood read as a blob
// at `blob_at`; six frames with the catapult nowhere; then the catapult at rest at
// `set_down_at` until 2.5 s.
void CatapultMovedByHand(Recorder& run, const ObservedPiece& catapult, const ObservedPiece& target,
                         std::vector<ObservedPiece> with_hand, const rules::Polygon& hidden,
                         rules::Vec2 blob_at, rules::Vec2 set_down_at) {
  double t = 0;
  for (; t < 1.0; t += 1.0 / 30) run(Look(t, {catapult, target}));
  TrackerFrame hand = Between(t, std::move(with_hand), /*hand=*/true);
  hand.hidden = {hidden};
  run(hand);
  t += 1.0 / 30;
  run(Between(t, {target, PyramidBlob(catapult, blob_at)}));
  t += 1.0 / 30;
  for (int i = 0; i < 6; ++i, t += 1.0 / 30) run(Between(t, {target}));
  ObservedPiece set_down = catapult;
  set_down.footprint = Translated(catapult.footprint, set_down_at - catapult.position_mm);
  set_down.position_mm = set_down_at;
  for (; t < 2.5; t += 1.0 / 30) run(Look(t, {set_down, target}));
}

// Held-out Ice Boule seed 109: a player took the catapult from its place and set it down with
// the next projectile 46 mm away; the hand hid the place for a frame, and once it was gone the
// change where the catapult had stood, read as a blob 11 mm off, was taken for the catapult
// sliding away from it on its own: a shot that found no projectile.
TEST(PieceTrackerTest, APieceTheHandHidAFrameAgoFoundSlowlyOffItsPlaceWasCarriedNotShot) {
  Recorder run;
  const ObservedPiece catapult = Pyramid("red", "large", 25, 45, {62, 224});
  const ObservedPiece target = Pyramid("green", "large", 25, 45, {604, 213});
  CatapultMovedByHand(run, catapult, target, {target}, rules::Square({70, 220}, 70, 0),
                      {51.8, 220.1}, {107.9, 207.8});
  EXPECT_TRUE(Of(run.events, Type::kShotStarted).empty());
  const auto changed = Of(run.events, Type::kTableChanged);
  ASSERT_FALSE(changed.empty());
  const std::vector<ObservedPiece>& now = changed.back().table.pieces;
  EXPECT_TRUE(std::any_of(now.begin(), now.end(), [](const ObservedPiece& piece) {
    return rules::Distance(piece.position_mm, {107.9, 207.8}) < 1;
  }));
}

// Held-out Ice Boule seed 113: as seed 109's, but the hand reached beside the catapult's
// place rather than over it, and the change left there crossed the start threshold only in
// the frame after the hand was gone.
TEST(PieceTrackerTest, APieceFoundSlowlyOffItsPlaceAsTheHandLeavesWasCarriedNotShot) {
  Recorder run;
  const ObservedPiece catapult = Pyramid("red", "small", 18, 30, {109.9, 360.6});
  const ObservedPiece target = Pyramid("green", "small", 18, 30, {480, 204});
  // 8.4 mm off: within three sigmas of its place; then 8.6 mm: beyond them.
  CatapultMovedByHand(run, catapult, target, {target, PyramidBlob(catapult, {109.0, 369.0})},
                      rules::Square({60, 400}, 50, 0), {109.2, 369.2}, {101.8, 173.9});
  EXPECT_TRUE(Of(run.events, Type::kShotStarted).empty());
}

// Held-out Ppolf seed 126: a coin flicked at the hole tile bounced straight back off it; its
// way carried on pointed into the tile, where the tile's nudged far edge showed as a blob, and
// the coin's track took that blob while the coin coming back was taken for another: the hit
// went unseen. A piece driven into a tile at rest is looked for back off the tile's face.
TEST(PieceTrackerTest, ACoinDrivenIntoATileAtRestIsLookedForBackOffIt) {
  Recorder run;
  const ObservedPiece hole = Tile({565, 783});
  const ObservedPiece coin = Coin("suns", {449, 739});
  double t = 0;
  for (; t < 1.0; t += 1.0 / 30) run(Look(t, {coin, hole}));
  for (const rules::Vec2 at : std::vector<rules::Vec2>{{490, 754}, {530, 769}}) {
    run(Between(t, {Blur(at), hole}));
    t += 1.0 / 30;
  }
  const Track* track = nullptr;
  for (const Track& candidate : run.tracker.Tracks()) {
    if (candidate.moving) track = &candidate;
  }
  ASSERT_NE(track, nullptr);
  const rules::Vec2 expected = run.tracker.Predict(*track, t);
  // Straight on it would be at (570, 784), inside the tile; back off its face it comes.
  EXPECT_LT(expected.x, 530 - 10);
  EXPECT_GT(expected.y, 769);
}

// Held-out Ice Boule seed 118: the target landed on its side; the players stood it up where it
// lay, as the rules ask, and the table with it upright was the same to the tracker (same
// place, same piece): the placement waited on, judged only with the next shot, took that
// shot's place, and every shot after was one behind.
TEST(PieceTrackerTest, APyramidStoodUpWhereItLayChangesTheTable) {
  Recorder run;
  const ObservedPiece lying = Pyramid("green", "small", 13, 23, {376, 184}, /*lying=*/true);
  double t = 0;
  for (; t < 1.0; t += 1.0 / 30) run(Look(t, {lying}));
  TrackerFrame hand = Between(t, {}, /*hand=*/true);
  hand.hidden = {rules::Square({376, 184}, 60, 0)};
  for (int i = 0; i < 5; ++i, t += 1.0 / 30) {
    hand.time_s = t;
    run(hand);
  }
  const ObservedPiece upright = Pyramid("green", "small", 13, 23, {376, 184});
  for (; t < 2.0; t += 1.0 / 30) run(Look(t, {upright}));
  const auto changed = Of(run.events, Type::kTableChanged);
  ASSERT_EQ(changed.size(), 2u);
  ASSERT_EQ(changed[1].table.pieces.size(), 1u);
  EXPECT_EQ(changed[1].table.pieces[0].pose, "upright");
  EXPECT_EQ(changed[1].table.pieces[0].track_id, changed[0].table.pieces[0].track_id);
}

// `pieces` at rest, looked at until a second from the start (`t` goes on): the track of
// the one at `at`.
int RestedTrack(Recorder& run, double& t, const std::vector<ObservedPiece>& pieces,
                rules::Vec2 at) {
  for (; t < 1.0; t += 1.0 / 30) run(Look(t, pieces));
  return TrackNear(run.tracker.Table(t), at);
}

// A coin flicked from x 660 along y 240 to rest at (790, 240) among `others` (a hand over the
// table at the flick when `hand_at_flick`), read `read_as` at rest: the shot that ended, if one
// shot did.
std::optional<ShotObservation> FlickedToRestReadAs(Recorder& run, double& t,
                                                   const std::vector<ObservedPiece>& others,
                                                   bool hand_at_flick, const std::string& read_as) {
  const auto with_others = [&](const ObservedPiece& coin) {
    std::vector<ObservedPiece> pieces = others;
    pieces.push_back(coin);
    return pieces;
  };
  for (const double x : {660.0, 700.0, 740.0, 770.0, 785.0, 790.0}) {
    run(Between(t, with_others(Blur({x, 240})), hand_at_flick && x < 700));
    t += 1.0 / 30;
  }
  for (int i = 0; i < 8; ++i, t += 1.0 / 30) run(Between(t, with_others(Blur({790, 240}))));
  for (; t < 4.0 && run.tracker.InShot(); t += 1.0 / 30)
    run(Look(t, with_others(Coin(read_as, {790, 240}))));
  const auto ended = Of(run.events, Type::kShotEnded);
  if (ended.size() != 1) return std::nullopt;
  return ended[0].shot;
}

// The suns coin read at rest beside `tile` for a second, then hidden by the hand, and
// measured again only by re-fits (where, not what) 4 mm from its place with the hand over the
// table (`t` goes on): its track.
int TakenUpAndAnotherSetDownUnread(Recorder& run, double& t, const ObservedPiece& tile) {
  const ObservedPiece suns = Coin("suns", {632, 235});
  const int id = RestedTrack(run, t, {suns, tile}, suns.position_mm);
  TrackerFrame hand = Between(t, {tile}, /*hand=*/true);
  hand.hidden = {rules::Square({640, 250}, 60, 0)};
  for (int i = 0; i < 2; ++i, t += 1.0 / 30) {
    hand.time_s = t;
    run(hand);
  }
  ObservedPiece refit = Coin("suns", {630.4, 230.8});
  refit.confidence = 0;
  refit.track_id = id;
  for (int i = 0; i < 12; ++i, t += 1.0 / 30) run(Between(t, {refit, tile}, /*hand=*/true));
  return id;
}

// Held-out Ppolf seed 127: the player took up the coin that had holed out and set the other
// player's down 4 mm from it to tee off, the hand over the table until the flick. Only re-fits
// (where, not what) measured the coin set down; the look closing the shot read it. Which coin
// was flicked is what that look reads, in the shot's table before as after.
TEST(PieceTrackerTest, ACoinSetDownAndFlickedBeforeAnyLookReadItIsWhatTheLookAfterReads) {
  Recorder run;
  const ObservedPiece tile = Tile({622, 170});
  double t = 0;
  const int id = TakenUpAndAnotherSetDownUnread(run, t, tile);
  const std::optional<ShotObservation> shot = FlickedToRestReadAs(run, t, {tile}, true, "arms");
  ASSERT_TRUE(shot.has_value());
  EXPECT_EQ(shot->moved, std::vector<int>{id});
  ASSERT_NE(AfterShot(*shot, id), nullptr);
  EXPECT_EQ(AfterShot(*shot, id)->suit, "arms");
  const auto before =
      std::find_if(shot->before.pieces.begin(), shot->before.pieces.end(),
                   [&](const ObservedPiece& piece) { return piece.track_id == id; });
  ASSERT_NE(before, shot->before.pieces.end());
  EXPECT_EQ(before->suit, "arms");
}

// Fresh Ppolf seed 268: the same swap, 25 mm apart, and the coin set down flicked off the
// table from under the hand before any look read it. No look reads it after either: in the
// shot's table before it is a coin not known to be any player's, not the coin taken up.
TEST(PieceTrackerTest, ACoinSetDownAndFlickedOffTheTableBeforeAnyLookReadItIsNotKnown) {
  Recorder run{PieceTracker(OnATable(900, 400)), {}};
  const ObservedPiece tile = Tile({622, 170});
  double t = 0;
  const int id = TakenUpAndAnotherSetDownUnread(run, t, tile);
  for (const double y : {275.0, 320.0, 365.0, 390.0}) {
    run(Between(t, {tile, Blur({632, y})}, /*hand=*/y < 300));
    t += 1.0 / 30;
  }
  for (int i = 0; i < 8; ++i, t += 1.0 / 30) run(Between(t, {tile}));
  for (; t < 4.0 && run.tracker.InShot(); t += 1.0 / 30) run(Look(t, {tile}));
  const auto ended = Of(run.events, Type::kShotEnded);
  ASSERT_EQ(ended.size(), 1u);
  const ShotObservation& shot = ended[0].shot;
  EXPECT_EQ(shot.moved, std::vector<int>{id});
  EXPECT_EQ(shot.left_table, std::vector<int>{id});
  const auto before =
      std::find_if(shot.before.pieces.begin(), shot.before.pieces.end(),
                   [&](const ObservedPiece& piece) { return piece.track_id == id; });
  ASSERT_NE(before, shot.before.pieces.end());
  EXPECT_EQ(before->kind, ObservedKind::kCoin);
  EXPECT_FALSE(before->suit.has_value()) << *before->suit;
  EXPECT_FALSE(before->side.has_value());
}

// ... while a coin read at rest before the shot keeps that reading in the shot's table before,
// whatever the look closing the shot reads (a face misread once is outvoted, not rewritten).
TEST(PieceTrackerTest, ACoinReadAtRestBeforeItsShotKeepsThatReadingInTheTableBefore) {
  Recorder run;
  const ObservedPiece suns = Coin("suns", {632, 235});
  double t = 0;
  const int id = RestedTrack(run, t, {suns}, suns.position_mm);
  const std::optional<ShotObservation> shot = FlickedToRestReadAs(run, t, {}, false, "arms");
  ASSERT_TRUE(shot.has_value());
  ASSERT_EQ(shot->before.pieces.size(), 1u);
  EXPECT_EQ(shot->before.pieces[0].track_id, id);
  EXPECT_EQ(shot->before.pieces[0].suit, "suns");
}

// Held-out Ppolf seed 132: a coin flicked past another at rest came back off a tile, its
// streak split in two blobs 14 mm apart; the camera analysis saw the resting coin's place as
// it was, but the tracker gave the second blob to that coin, 62 mm from its place, as if
// struck off it. The shot was taken for that coin's (the other player's, out of turn), and its
// place, no longer looked at, lost the coin. A coin whose place is seen as it was is there;
// but by the hand (held-out Ppolf seed 6: about to flick it, fingertips beyond the hand's
// outline seen as blobs) it may be gone before its place shows it.
TEST(PieceTrackerTest, ABlobAwayFromACoinWhosePlaceIsSeenAsItWasIsNotThatCoin) {
  struct Case {
    const char* name;
    bool seen_in_place;
    std::optional<rules::Polygon> hand;
    bool taken;  // the coin's track takes the blob 62 mm from its place
  };
  const std::vector<Case> cases = {
      {"its place not looked at", false, std::nullopt, true},
      {"its place seen as it was", true, std::nullopt, false},
      {"its place seen as it was, far from the hand", true, rules::Square({1400, 800}, 80, 0),
       false},
      {"its place seen as it was, by the hand", true, rules::Square({880, 380}, 80, 0), true},
  };
  for (const Case& test : cases) {
    SCOPED_TRACE(test.name);
    Recorder run;
    const ObservedPiece arms = Coin("arms", {925, 299});
    const ObservedPiece tile = Tile({926, 240});
    double t = 0;
    const int id = RestedTrack(run, t, {arms, tile}, arms.position_mm);
    for (const rules::Vec2 at :
         std::vector<rules::Vec2>{{1104, 434}, {1061, 391}, {1018, 349}, {979, 310}, {1000, 274}}) {
      TrackerFrame frame = Between(t, {Blur(at), tile}, test.hand.has_value());
      if (test.hand) frame.hidden = {*test.hand};
      if (at.x == 1000) frame.pieces.push_back(Blur({985.7, 275.3}));
      if (test.seen_in_place) frame.in_place = {id};
      run(frame);
      t += 1.0 / 30;
    }
    const Track* track = run.tracker.FindTrack(id);
    ASSERT_NE(track, nullptr);
    EXPECT_EQ(track->moving, test.taken);
    EXPECT_EQ(rules::Distance(track->piece.position_mm, arms.position_mm) > 50, test.taken);
  }
}

// Held-out Ppolf seed 135: the coin struck the hole tile and came back off it; in the next
// frame the blob nearest its way on was the hole's own change (the tile nudged), inside the
// tile, and the coin's track took it while the coin going back became another track: the hit
// was another's, never read, and the coin was judged to have missed. A coin slides along the
// table: a blob inside a tile at rest is not the coin reached for far from where it was
// expected.
TEST(PieceTrackerTest, ABlobInsideATileAtRestIsNotACoinLostOffItsWay) {
  Recorder run;
  const ObservedPiece coin = Coin("arms", {1000, 575});
  const ObservedPiece hole = Tile({785.6, 393});
  double t = 0;
  const int id = RestedTrack(run, t, {coin, hole}, coin.position_mm);
  for (const rules::Vec2 at :
       std::vector<rules::Vec2>{{968.4, 553.4}, {903.1, 509.8}, {839.7, 466.9}, {796.0, 459.2}}) {
    run(Between(t, {Blur(at), hole}));
    t += 1.0 / 30;
  }
  const rules::Vec2 tile_change{792.8, 412.3};
  const rules::Vec2 coming_back{786.0, 513.4};
  run(Between(t, {Blur(tile_change), Blur(coming_back), hole}));
  const Track* track = run.tracker.FindTrack(id);
  ASSERT_NE(track, nullptr);
  EXPECT_LT(rules::Distance(track->piece.position_mm, coming_back), 1);
}

// Ppolf seed 13: a coin at rest under the hand flicked into the hole tile a few centimetres
// away showed first as one blob with the tile's change, its centre just inside the tile. A
// coin at rest, not yet seen sliding, is found there all the same.
TEST(PieceTrackerTest, ACoinAtRestFlickedIntoATileMayShowFirstInsideIt) {
  Recorder run;
  const ObservedPiece coin = Coin("suns", {1020.7, 512.4});
  const ObservedPiece hole = Tile({1043.9, 588.9});
  double t = 0;
  const int id = RestedTrack(run, t, {coin, hole}, coin.position_mm);
  const rules::Vec2 struck_the_tile{1038.0, 570.0};
  run(Between(t, {Blur(struck_the_tile), hole}));
  const Track* track = run.tracker.FindTrack(id);
  ASSERT_NE(track, nullptr);
  EXPECT_LT(rules::Distance(track->piece.position_mm, struck_the_tile), 1);
}

// Held-out Ppolf seed 210: a sliding coin struck a resting one aslant. The struck coin's blur
// flew on nearer the striker's straight way than the striker's own, turned aside, so the two
// were swapped; the struck coin was then taken to have touched the hole. Where the strike sends
// each is where each is looked for.
TEST(PieceTrackerTest, TheBlursOfACoinStruckAslantAndItsStrikerAreNotSwapped) {
  Recorder run;
  const rules::Vec2 resting{271.4, 177.7};
  const ObservedPiece striker = Confident(Coin("arms", {76, 210}));
  const ObservedPiece struck = Confident(Coin("suns", resting));
  double t = 0;
  for (; t < 1.0; t += 1.0 / 30) run(Look(t, {striker, struck}));
  const int striker_id = TrackNear(run.tracker.Table(t), striker.position_mm);
  const int struck_id = TrackNear(run.tracker.Table(t), resting);
  // Sliding at it 45 mm a frame; its last blur before the strike 20.9 mm from the resting
  // coin's centre, and the next two blurs 31 and 32 mm from where it was heading.
  rules::Vec2 at = striker.position_mm;
  for (int i = 0; i < 4; ++i, t += 1.0 / 30) {
    at = at + rules::Vec2{44, -10};
    run(Between(t, {Blur(at)}));
  }
  rules::Vec2 striker_at = at + rules::Vec2{13.3, -20.5};
  rules::Vec2 struck_at = resting + rules::Vec2{35.2, 11.9};
  run(Between(t, {Blur(struck_at), Blur(striker_at)}));
  t += 1.0 / 30;
  ASSERT_NE(run.tracker.FindTrack(striker_id), nullptr);
  ASSERT_NE(run.tracker.FindTrack(struck_id), nullptr);
  EXPECT_LT(rules::Distance(run.tracker.FindTrack(striker_id)->piece.position_mm, striker_at), 1);
  EXPECT_LT(rules::Distance(run.tracker.FindTrack(struck_id)->piece.position_mm, struck_at), 1);
  for (double step = 0.8; step > 0.1; step -= 0.2, t += 1.0 / 30) {
    striker_at = striker_at + rules::Vec2{9, -18} * step;
    struck_at = struck_at + rules::Vec2{32, 11} * step;
    run(Between(t, {Blur(struck_at), Blur(striker_at)}));
  }
  EXPECT_LT(rules::Distance(run.tracker.FindTrack(striker_id)->piece.position_mm, striker_at), 1);
  EXPECT_LT(rules::Distance(run.tracker.FindTrack(struck_id)->piece.position_mm, struck_at), 1);
}

}  // namespace
}  // namespace tabref::vision
