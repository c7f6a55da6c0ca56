#include "vision/track/contacts.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <utility>
#include <vector>

namespace tabref::vision {
namespace {

constexpr double kFrameS = 1.0 / 30;
constexpr double kCoinRadiusMm = 9.525;
constexpr double kTileSideMm = 50.8;
constexpr double kBlurSigmaMm = 2.0;
constexpr double kSharpSigmaMm = 0.15;

// The hole tile at the origin, square to the axes, resting through the shot.
ShotPiece HoleTile() {
  ShotPiece tile;
  tile.track = 1;
  tile.footprint = rules::Square({0, 0}, kTileSideMm, 0);
  tile.sigma_mm = 0.3;
  return tile;
}

// A coin below the tile (y > 0) at `gap` mm from its edge.
rules::Vec2 BelowTile(double x, double gap) { return {x, kTileSideMm / 2 + kCoinRadiusMm + gap}; }

// A coin resting at `samples.front()` and sliding through the rest, one frame apart.
ShotPiece Coin(const std::vector<PathSample>& samples, std::optional<double> left_seen_s = {}) {
  ShotPiece coin;
  coin.track = 2;
  coin.rest = samples.front().position;
  coin.footprint = rules::Circle{coin.rest, kCoinRadiusMm};
  coin.sigma_mm = samples.back().sigma_mm;
  coin.path = Path(samples, TrackerOptions());
  coin.left_seen_s = left_seen_s;
  return coin;
}

std::vector<ObservedContact> Contacts(const ShotPiece& coin) {
  return FindContacts({HoleTile(), coin}, TrackerOptions());
}

// A coin sliding past the tile's side at `gap` mm from it, placed to `sigma_mm`, measured
// `closest` mm from it as it passes the middle.
std::vector<PathSample> PassingAlongTheTile(double gap, double closest, double sigma_mm) {
  std::vector<PathSample> samples = {{0, BelowTile(-100, gap), kSharpSigmaMm}};
  for (int frame = 1; frame <= 9; ++frame) {
    const double x = -100 + 20 * frame;
    samples.push_back({frame * kFrameS, BelowTile(x, x == 0 ? closest : gap), sigma_mm});
  }
  return samples;
}

TEST(ContactsTest, ABlurredFrameOverlappingTheHoleIsOnlyAPossibleGraze) {
  // Half a millimetre clear of the tile, but one frame's blur, placed to two millimetres,
  // overlaps it by 0.4 mm.
  const auto contacts = Contacts(Coin(PassingAlongTheTile(0.55, -0.4, kBlurSigmaMm)));
  ASSERT_EQ(contacts.size(), 1u);
  EXPECT_TRUE(contacts[0].uncertain);
}

TEST(ContactsTest, ASharpFrameOverlappingTheHoleBeyondItsUncertaintyIsATouch) {
  const auto contacts = Contacts(Coin(PassingAlongTheTile(0.55, -1, kSharpSigmaMm)));
  ASSERT_EQ(contacts.size(), 1u);
  EXPECT_FALSE(contacts[0].uncertain);
}

// A putt from 9 mm below the tile, first seen 17 mm farther down, sliding on away from it.
std::vector<PathSample> PuttSeenGoingAway(double rest_s) {
  const double first_s = rest_s + kFrameS;
  return {{rest_s, BelowTile(0, 9), kSharpSigmaMm},
          {first_s, BelowTile(4, 26), kBlurSigmaMm},
          {first_s + kFrameS, BelowTile(5, 30.5), kBlurSigmaMm},
          {first_s + 2 * kFrameS, BelowTile(5.5, 32.4), kBlurSigmaMm},
          {first_s + 3 * kFrameS, BelowTile(5.5, 32.6), kSharpSigmaMm}};
}

TEST(ContactsTest, APuttFlickedUnderTheHandAndFirstSeenGoingAwayMayHaveReboundedOffTheHole) {
  // Last seen at rest five frames before it was first seen moving: the hand hid the flick, and
  // a coin that fast covers 9 mm out and 26 mm back in that time.
  const double rest_s = 1.0;
  const auto contacts = Contacts(Coin(PuttSeenGoingAway(rest_s), rest_s - 4 * kFrameS));
  ASSERT_EQ(contacts.size(), 1u);
  EXPECT_TRUE(contacts[0].uncertain);
  // Seen at rest the frame before: the coin was flicked straight away from the tile.
  EXPECT_TRUE(Contacts(Coin(PuttSeenGoingAway(rest_s), rest_s)).empty());
}

TEST(ContactsTest, APuttFirstSeenGoingBackTowardTheFingerReboundedOffTheHole) {
  const double rest_s = 1.0;
  ShotPiece putt = Coin(PuttSeenGoingAway(rest_s), rest_s - 4 * kFrameS);
  putt.pushed_toward = rules::Vec2{0, -1};  // the finger below the coin pushed it at the tile
  auto contacts = Contacts(putt);
  ASSERT_EQ(contacts.size(), 1u);
  EXPECT_FALSE(contacts[0].uncertain);
  EXPECT_EQ(contacts[0].other, HoleTile().track);
  // Pushed aslant at the tile's side, it came off it aslant: still back against the push.
  putt.pushed_toward = rules::Vec2{0.6, -0.8};
  contacts = Contacts(putt);
  ASSERT_EQ(contacts.size(), 1u);
  EXPECT_FALSE(contacts[0].uncertain);
  // Pushed away from the tile, it went the way it was pushed: only possibly a rebound.
  putt.pushed_toward = rules::Vec2{0, 1};
  contacts = Contacts(putt);
  ASSERT_EQ(contacts.size(), 1u);
  EXPECT_TRUE(contacts[0].uncertain);
  // Seen at rest the frame before, it had no time to reach the tile 9 mm away and come back.
  putt = Coin(PuttSeenGoingAway(rest_s), rest_s);
  putt.pushed_toward = rules::Vec2{0, -1};
  EXPECT_TRUE(Contacts(putt).empty());
}

TEST(ContactsTest, APuttRestingTurnedFromThePushUnderTheHandMayHaveReboundedOffTheHole) {
  // Held-out Ppolf seed 139: flicked at the tile 9 mm away under the hand, the coin came off
  // its side unseen and rested 10 mm to the side of its place; its one blur, taken where it
  // rests, never moved (no step to tell a way by).
  const double rest_s = 1.0;
  const double first_s = rest_s + kFrameS;
  const std::vector<PathSample> samples = {
      {rest_s, BelowTile(0, 9), kSharpSigmaMm},
      {first_s, BelowTile(10, 12), kBlurSigmaMm},
      {first_s + kFrameS, BelowTile(10, 12), kBlurSigmaMm},
      {first_s + 2 * kFrameS, BelowTile(10, 12), kSharpSigmaMm}};
  ShotPiece putt = Coin(samples, rest_s - 4 * kFrameS);
  EXPECT_TRUE(Contacts(putt).empty());
  putt.pushed_toward = rules::Vec2{0, -1};  // at the tile: it went 107 degrees from the push
  const auto contacts = Contacts(putt);
  ASSERT_EQ(contacts.size(), 1u);
  EXPECT_TRUE(contacts[0].uncertain);
  EXPECT_EQ(contacts[0].other, HoleTile().track);
  // Pushed along the tile's side, it went the way it was pushed (17 degrees off).
  putt.pushed_toward = rules::Vec2{1, 0};
  EXPECT_TRUE(Contacts(putt).empty());
  // Pushed away from the tile and turned: nothing lay ahead of the push.
  putt.pushed_toward = rules::Vec2{0, 1};
  EXPECT_TRUE(Contacts(putt).empty());
}

// A putt from 30 mm below the tile, seen once 12 mm on its way, lost from sight for five frames
// and found at rest where `found` places it (below the tile, from the first sighting's spot).
std::vector<PathSample> PuttLostAndFound(rules::Vec2 found) {
  const rules::Vec2 seen = BelowTile(0, 18);
  return {{0, BelowTile(0, 30), kSharpSigmaMm},
          {kFrameS, seen, kBlurSigmaMm},
          {6 * kFrameS, seen + found, kSharpSigmaMm}};
}

TEST(ContactsTest, APuttLostAndFoundBehindWhereItWasHeadingReboundedOffTheHole) {
  // A sliding coin turns only where it strikes something, and nothing but the hole lay within
  // reach of where it was lost.
  const auto contacts = Contacts(Coin(PuttLostAndFound({0, 7})));
  ASSERT_EQ(contacts.size(), 1u);
  EXPECT_FALSE(contacts[0].uncertain);
  EXPECT_EQ(contacts[0].other, HoleTile().track);
}

TEST(ContactsTest, APuttLostAndFoundBehindWithACoinBesideItsWayMayHaveReboundedOffEither) {
  // Off the line the putt was seen heading along, but on one its blurred step allows.
  ShotPiece other;
  other.track = 3;
  other.rest = BelowTile(-26, 5);
  other.footprint = rules::Circle{other.rest, kCoinRadiusMm};
  other.sigma_mm = kSharpSigmaMm;
  const ShotPiece putt = Coin(PuttLostAndFound({0, 7}));
  auto contacts = FindContacts({HoleTile(), putt, other}, TrackerOptions());
  ASSERT_EQ(contacts.size(), 1u);
  EXPECT_TRUE(contacts[0].uncertain);
  EXPECT_EQ(contacts[0].other, HoleTile().track);
  // Farther off, on no way the step allows: the hole, surely.
  other.rest = BelowTile(-40, 5);
  other.footprint = rules::Circle{other.rest, kCoinRadiusMm};
  contacts = FindContacts({HoleTile(), putt, other}, TrackerOptions());
  ASSERT_EQ(contacts.size(), 1u);
  EXPECT_FALSE(contacts[0].uncertain);
}

TEST(ContactsTest, APuttLostAndFoundTurnedByLessThanItsBlurCanHideMayHaveReboundedOffTheHole) {
  // Turned 50 degrees, 6 mm from a blur placed to 2 mm: the turn may be the blur's error.
  const double turn = 50 * std::numbers::pi / 180;
  const auto contacts = Contacts(Coin(PuttLostAndFound({6 * std::sin(turn), -6 * std::cos(turn)})));
  ASSERT_EQ(contacts.size(), 1u);
  EXPECT_TRUE(contacts[0].uncertain);
}

TEST(ContactsTest,
     APuttFlickedUnseenAndSeenGoingBackInStepsWithinTheBlursErrorReboundedOffTheHole) {
  // Last seen at rest 20 mm below the tile, first seen 12 mm nearer it, then coming back 4 mm
  // a frame (no more than two blurs' error) for 10 mm: a straight run back, surely a rebound.
  const std::vector<PathSample> samples = {{0, BelowTile(0, 20), kSharpSigmaMm},
                                           {kFrameS, BelowTile(0, 8), kBlurSigmaMm},
                                           {2 * kFrameS, BelowTile(0, 12), kBlurSigmaMm},
                                           {3 * kFrameS, BelowTile(0, 16), kBlurSigmaMm},
                                           {4 * kFrameS, BelowTile(0, 18), kSharpSigmaMm}};
  const auto contacts = Contacts(Coin(samples, -4 * kFrameS));
  ASSERT_EQ(contacts.size(), 1u);
  EXPECT_FALSE(contacts[0].uncertain);
  EXPECT_EQ(contacts[0].other, HoleTile().track);
}

TEST(ContactsTest, APathBentBesideTheHoleWhereTheCoinCameToRestIsOnlyAPossibleTouch) {
  // Ppolf seed 96: a coin sliding aslant up to the tile's side came to rest 1.2 mm short of
  // it; its last blur but one was taken some 5 mm off its line towards the tile, so the path
  // turned there, but the coin went on as it was going, not away from the tile.
  const std::vector<PathSample> bent = {{0, {-65, 100}, kSharpSigmaMm},
                                        {kFrameS, {-49.7, 85.2}, kBlurSigmaMm},
                                        {2 * kFrameS, {-34.8, 71.5}, kBlurSigmaMm},
                                        {3 * kFrameS, {-22.6, 59.6}, kBlurSigmaMm},
                                        {4 * kFrameS, {-11.9, 50.5}, kBlurSigmaMm},
                                        {5 * kFrameS, {-3.4, 43.4}, kBlurSigmaMm},
                                        {6 * kFrameS, {-0.7, 34.4}, kBlurSigmaMm},
                                        {8 * kFrameS, {2.9, 36.3}, kBlurSigmaMm},
                                        {14 * kFrameS, BelowTile(5.2, 1.2), 0.77}};
  auto contacts = Contacts(Coin(bent));
  ASSERT_EQ(contacts.size(), 1u);
  EXPECT_TRUE(contacts[0].uncertain);
  // A coin that struck the tile came back off it: surely a touch.
  const std::vector<PathSample> bounced = {
      {0, BelowTile(0, 60), kSharpSigmaMm},          {kFrameS, BelowTile(0, 40), kBlurSigmaMm},
      {2 * kFrameS, BelowTile(0, 22), kBlurSigmaMm}, {3 * kFrameS, BelowTile(0, 6), kBlurSigmaMm},
      {4 * kFrameS, BelowTile(0, 4), kBlurSigmaMm},  {5 * kFrameS, BelowTile(0, 10), kBlurSigmaMm},
      {8 * kFrameS, BelowTile(0, 13), kSharpSigmaMm}};
  contacts = Contacts(Coin(bounced));
  ASSERT_EQ(contacts.size(), 1u);
  EXPECT_FALSE(contacts[0].uncertain);
  EXPECT_EQ(contacts[0].other, HoleTile().track);
}

TEST(ContactsTest, ACoinSeenTurningBackShortOfTheHoleReboundedOffIt) {
  // Held-out Ppolf seed 298: a coin flicked up at the tile's side, seen in every frame. Its
  // blurs lag it, its last one in is 10 mm short of the tile, the one of the bounce's frame
  // strays 8 mm aside, and the lines in and out, nearly opposite, meet 7.6 mm short of the
  // tile: no kink touches it. A sliding coin turns back only off what it struck.
  const std::vector<std::pair<double, double>> seen = {
      {-47.9, 165}, {-36.1, 120}, {-23.7, 77},   {-9.9, 28.6}, {-1, 10.2},
      {-8.7, 21.3}, {-4.9, 45.6}, {-5.7, 64.8},  {-6.3, 81},   {-7.2, 93.6},
      {-7.7, 104},  {-8.2, 111},  {-8.6, 116.5}, {-8.4, 116.5}};
  std::vector<PathSample> samples = {{0, BelowTile(-54.8, 198.5), kSharpSigmaMm}};
  for (const auto& [x, gap] : seen)
    samples.push_back(
        {static_cast<double>(samples.size()) * kFrameS, BelowTile(x, gap), kBlurSigmaMm});
  samples.back().sigma_mm = kSharpSigmaMm;  // at rest
  const auto contacts = Contacts(Coin(samples));
  ASSERT_EQ(contacts.size(), 1u);
  EXPECT_FALSE(contacts[0].uncertain);
  EXPECT_EQ(contacts[0].other, HoleTile().track);
  EXPECT_NEAR(contacts[0].time_s, 5 * kFrameS, 0.5 * kFrameS);
}

// A coin 12 mm below the tile, flicked up at it under the hand (last seen at rest four frames
// before it was first seen moving), off the tile's side aslant and first seen 20 mm along its
// way back, sliding on that way; rebounding at `rebound` along `out` (unit).
ShotPiece FlickedUnseenOffTheSide(rules::Vec2 rebound, rules::Vec2 out) {
  const double rest_s = 1.0;
  std::vector<PathSample> samples = {{rest_s, BelowTile(10, 12), kSharpSigmaMm}};
  double along = 20;
  for (const double step : {0.0, 6.0, 3.0, 1.0}) {
    along += step;
    samples.push_back({rest_s + (samples.size()) * kFrameS, rebound + out * along,
                       step == 1.0 ? kSharpSigmaMm : kBlurSigmaMm});
  }
  return Coin(samples, rest_s - 4 * kFrameS);
}

// Held-out Ppolf seed 195: a coin flicked at the hole tile under the hand came off the tile's
// slanted face and back past its place; first seen sliding off to a side of the way from its
// place, where nothing lay ahead. Going back along its run, it meets the tile: a sure touch,
// unless the hand pushed it the other way. A coin flicked straight from its place is none.
TEST(ContactsTest, ACoinFlickedUnseenAndFirstSeenOffToASideReboundedOffWhatLayBehindItsRun) {
  const rules::Vec2 out = rules::Vec2{-0.882, 0.471} * (1 / std::hypot(0.882, 0.471));
  ShotPiece coin = FlickedUnseenOffTheSide(BelowTile(10, 0), out);
  auto contacts = Contacts(coin);
  ASSERT_EQ(contacts.size(), 1u);
  EXPECT_FALSE(contacts[0].uncertain);
  EXPECT_EQ(contacts[0].other, HoleTile().track);
  coin.pushed_toward = rules::Vec2{0, -1};  // at the tile
  contacts = Contacts(coin);
  ASSERT_EQ(contacts.size(), 1u);
  EXPECT_FALSE(contacts[0].uncertain);
  coin.pushed_toward = rules::Vec2{0, 1};  // away from it: the way in contradicts the push
  contacts = Contacts(coin);
  ASSERT_EQ(contacts.size(), 1u);
  EXPECT_TRUE(contacts[0].uncertain);
  // From its place straight along the same way: nothing behind its run but its place.
  EXPECT_TRUE(Contacts(FlickedUnseenOffTheSide(BelowTile(10, 12) - out * 20, out)).empty());
}

// A coin slid straight up at the tile from `gap0` below it at `speed`, slowed by friction
// (2700 mm/s^2, as on the synthetic table), its blurs scattered 0.2 mm either side of its way,
// until it comes within `last_gap` of the tile; then resting `rest_gap` from it.
std::vector<PathSample> SlidUpToTheTile(double gap0, double speed, double last_gap,
                                        double rest_gap) {
  constexpr double kFriction = 2700;
  std::vector<PathSample> samples = {{0, BelowTile(0, gap0), kSharpSigmaMm}};
  int frame = 1;
  for (;; ++frame) {
    const double t = std::min(frame * kFrameS, speed / kFriction);
    const double gap = gap0 - (speed * t - 0.5 * kFriction * t * t);
    if (gap < last_gap) break;
    samples.push_back({frame * kFrameS, BelowTile(frame % 2 ? 0.2 : -0.2, gap), kBlurSigmaMm});
  }
  for (int k = 0; k < 3; ++k)
    samples.push_back({(frame + k) * kFrameS, BelowTile(0, rest_gap), kSharpSigmaMm});
  return samples;
}

// Held-out Ppolf seed 194: a putt struck the hole tile head on and stopped 1.8 mm short of it,
// its last blurs beside the tile too close to it to show the bounce. Slowing as it was, it
// would have gone on 6 mm farther: into the tile. One that stops where friction stops it, as
// near, did not touch it.
TEST(ContactsTest, ACoinThatStoppedShortOfItsSlideIntoTheHoleStruckIt) {
  // Would have slid 150 mm: 5 mm into the tile.
  auto contacts = Contacts(Coin(SlidUpToTheTile(145, 900, 6, 1.8)));
  ASSERT_EQ(contacts.size(), 1u);
  EXPECT_FALSE(contacts[0].uncertain);
  EXPECT_EQ(contacts[0].other, HoleTile().track);
  // Would have stopped 1.8 mm short of it, and did.
  contacts = Contacts(Coin(SlidUpToTheTile(151.8, 900, 6, 1.8)));
  EXPECT_TRUE(std::none_of(contacts.begin(), contacts.end(),
                           [](const ObservedContact& contact) { return !contact.uncertain; }));
}

TEST(ContactsTest, ACoinSeenTurningBackWithinItsBlursSlackIsLeftToTheKinks) {
  // Held-out Ppolf seed 262: blobs straying about a bounce off another tile turned the path
  // back beside the hole by less than their slack can hide. Slow steps of 7 mm, each within
  // 4-5.7 mm of jitter, turning 110 degrees 12 mm short of the tile: no touch to tell.
  std::vector<PathSample> samples = {{0, BelowTile(0, 47), kSharpSigmaMm}};
  for (const double gap : {40.0, 33.0, 26.0, 19.0, 12.0})
    samples.push_back(
        {static_cast<double>(samples.size()) * kFrameS, BelowTile(0, gap), kBlurSigmaMm});
  const double turn_rad = 110 * std::numbers::pi / 180;
  for (int k = 0; k < 2; ++k)
    samples.push_back({static_cast<double>(samples.size()) * kFrameS,
                       BelowTile(7 * std::sin(turn_rad), 12 - 7 * std::cos(turn_rad)),
                       kSharpSigmaMm});
  EXPECT_TRUE(Contacts(Coin(samples)).empty());
}

TEST(ContactsTest, APathThatStoppedOnItsWayAndWentOutAndBackStruckNothing) {
  // Held-out Ppolf seed 185: a track left on blobs about a vacated place, at rest a frame,
  // went 15 mm out towards the hole and 20 mm back. Only a piece struck starts again.
  std::vector<PathSample> samples = {{0, BelowTile(0, 110), kSharpSigmaMm}};
  for (const double gap : {90.0, 70.0, 52.0, 38.0, 30.0, 30.0, 22.5, 15.0, 34.6, 34.6})
    samples.push_back(
        {static_cast<double>(samples.size()) * kFrameS, BelowTile(0, gap), kBlurSigmaMm});
  samples.back().sigma_mm = kSharpSigmaMm;  // at rest
  EXPECT_TRUE(Contacts(Coin(samples)).empty());
}

// Held-out Ppolf seed 181: a coin slid up to the hole and stopped 5 mm short of it, where
// friction stopped it, but its blob at rest was 3 mm over towards the tile, within a graze and
// the blob's two sigmas of it. Its slide keeps it clear all the way to its stop: no touch. Had
// the slide stopped 1 mm short, it would be too close to call.
TEST(ContactsTest, ACoinThatCameToRestWhereItsSlideStopsClearOfTheHoleDidNotTouchIt) {
  const auto rest_blob_towards_the_tile = [](double stop_gap) {
    std::vector<PathSample> samples =
        SlidUpToTheTile(150 + stop_gap, 900, stop_gap + 0.5, stop_gap - 2.8);
    for (size_t k = samples.size() - 3; k < samples.size(); ++k) samples[k].sigma_mm = kBlurSigmaMm;
    return Coin(samples);
  };
  EXPECT_TRUE(Contacts(rest_blob_towards_the_tile(5)).empty());
  const auto contacts = Contacts(rest_blob_towards_the_tile(1));
  ASSERT_EQ(contacts.size(), 1u);
  EXPECT_TRUE(contacts[0].uncertain);
}

// A coin flicked at 1500 mm/s past the tile's corner, `gap` mm from it midway between its 4th
// and 5th blurs, which scatter 0.2 mm either side of its way; none of its blurs near the tile.
ShotPiece PastTheCorner(double gap) {
  constexpr double kFriction = 2700;
  constexpr double kSpeed = 1500;
  const auto along = [&](int frame) {
    const double t = frame * kFrameS;
    return kSpeed * t - 0.5 * kFriction * t * t;
  };
  const rules::Vec2 corner{kTileSideMm / 2, kTileSideMm / 2};
  const rules::Vec2 heading = rules::Vec2{1, -1} * (1 / std::sqrt(2.0));
  const rules::Vec2 away = rules::Vec2{1, 1} * (1 / std::sqrt(2.0));
  const rules::Vec2 closest = corner + away * (kCoinRadiusMm + gap);
  const double closest_along = 0.5 * (along(4) + along(5));
  std::vector<PathSample> samples;
  for (int frame = 0; frame <= 10; ++frame) {
    const rules::Vec2 scatter = away * (frame % 2 ? 0.2 : -0.2);
    samples.push_back({frame * kFrameS,
                       closest + heading * (along(frame) - closest_along) + scatter,
                       frame == 0 ? kSharpSigmaMm : kBlurSigmaMm});
  }
  ShotPiece coin = Coin(samples);
  coin.resting = false;  // on its way, off the table
  return coin;
}

// Held-out Ppolf seed 196: a coin flicked past the hole tile 3 mm from it, between two blurs,
// each placed to 2 mm: a graze too close to call by them, though the slide through all of
// them passes clear by far more than its error. One that passes as close as its blurs' scatter
// is still too close to call.
TEST(ContactsTest, ACoinWhoseSlidePassedTheHoleClearDidNotTouchIt) {
  std::vector<ObservedContact> cleared;
  EXPECT_TRUE(FindContacts({HoleTile(), PastTheCorner(3)}, TrackerOptions(), &cleared).empty());
  ASSERT_EQ(cleared.size(), 1u);
  EXPECT_EQ(cleared[0].other, HoleTile().track);
  const auto contacts = FindContacts({HoleTile(), PastTheCorner(0.6)}, TrackerOptions(), &cleared);
  ASSERT_EQ(contacts.size(), 1u);
  EXPECT_TRUE(contacts[0].uncertain);
  EXPECT_TRUE(cleared.empty());
}

// Held-out Ppolf seed 238: a coin at 2.2 m/s seen as two blobs in its first frames, the
// second (a blur of its own, never read) ahead of the first along its way. That twin is no
// piece beside the coin's way: the coin's blobs by it still show its slide, clear of the hole.
TEST(ContactsTest, ATwinBlurAlongAFastCoinsStreakLeavesItsSlideClear) {
  const ShotPiece coin = PastTheCorner(3);
  ShotPiece twin;
  twin.track = 3;
  twin.blur = true;
  std::vector<PathSample> ahead;
  const std::vector<PathSample>& samples = coin.path.Samples();
  for (size_t f = 1; f <= 3; ++f) {
    const rules::Vec2 step = samples[f].position - samples[f - 1].position;
    ahead.push_back({samples[f].time_s, samples[f].position + step * 0.3, kBlurSigmaMm});
  }
  twin.rest = ahead.front().position;
  twin.footprint = rules::Circle{twin.rest, kCoinRadiusMm};
  twin.sigma_mm = kBlurSigmaMm;
  twin.path = Path(ahead, TrackerOptions());
  twin.resting = false;  // lost
  std::vector<ObservedContact> cleared;
  const auto contacts = FindContacts({HoleTile(), coin, twin}, TrackerOptions(), &cleared);
  EXPECT_TRUE(std::none_of(contacts.begin(), contacts.end(), [](const ObservedContact& contact) {
    return contact.other == 1 || contact.piece == 1;
  }));
  ASSERT_EQ(cleared.size(), 1u);
  EXPECT_EQ(cleared[0].other, HoleTile().track);
  // Read as a piece of its own, it is a piece beside the coin's way: no clear run there.
  twin.blur = false;
  const auto beside = FindContacts({HoleTile(), coin, twin}, TrackerOptions(), &cleared);
  EXPECT_TRUE(cleared.empty());
}

// One blob of the slide broken off its streak, 10 mm back along the way: it strays alone, and
// the slide through the others still shows the pass clear. A touch turns every blob after it.
TEST(ContactsTest, OneBlobStrayingAloneLeavesTheSlidePastTheHoleClear) {
  ShotPiece coin = PastTheCorner(3);
  std::vector<PathSample> samples = coin.path.Samples();
  const rules::Vec2 heading = rules::Vec2{1, -1} * (1 / std::sqrt(2.0));
  samples[2].position = samples[2].position - heading * 10;
  coin.path = Path(samples, TrackerOptions());
  std::vector<ObservedContact> cleared;
  EXPECT_TRUE(FindContacts({HoleTile(), coin}, TrackerOptions(), &cleared).empty());
  EXPECT_EQ(cleared.size(), 1u);
  // Turned by 20 degrees after passing the corner: too close to call.
  std::vector<PathSample> turned = PastTheCorner(3).path.Samples();
  for (size_t f = 6; f < turned.size(); ++f) {
    const rules::Vec2 from = turned[5].position;
    turned[f].position = from + rules::Rotated(turned[f].position - from, 20);
  }
  coin.path = Path(turned, TrackerOptions());
  const auto contacts = FindContacts({HoleTile(), coin}, TrackerOptions(), &cleared);
  EXPECT_TRUE(cleared.empty());
}

}  // namespace
}  // namespace tabref::vision
