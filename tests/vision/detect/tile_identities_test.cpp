// Tiles of one detection read as the same face settle who is which (SettleRepeatedFaces).
#include "vision/detect/tile_identities.h"

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

namespace tabref::vision {
namespace {

constexpr double kMinMatch = 0.45;

TileReading Reading(const std::string& suit, const std::string& rank, double score, int turns = 0) {
  return {"face", suit, rank, turns, score};
}

TileFace Face(const std::string& suit, const std::string& rank, double score, double confidence,
              std::vector<TileReading> alternatives) {
  TileFace face;
  face.recognised = true;
  face.side = "face";
  face.suit = suit;
  face.rank = rank;
  face.score = score;
  face.margin = alternatives.empty() ? score : score - alternatives.front().score;
  face.confidence = confidence;
  face.alternatives = std::move(alternatives);
  return face;
}

std::string Named(const TileFace& face) {
  return face.side + " " + face.suit.value_or("-") + " " + face.rank.value_or("-");
}

// Held-out Ppolf seed 193: the suns ace far from the camera (31 px across) read as the suns 4
// by 0.011 (0.790 against 0.779), the suns 4 itself read surely; the hole it marked was unknown.
TEST(SettleRepeatedFaces, TheTileThatLosesLeastTakesItsNextReading) {
  std::vector<TileFace> faces = {
      Face("suns", "4", 0.811, 1.0, {Reading("suns", "3", 0.327), Reading("suns", "null", 0.265)}),
      Face("suns", "4", 0.790, 0.055,
           {Reading("suns", "ace", 0.779, 3), Reading("suns", "5", 0.501),
            Reading("suns", "3", 0.467)}),
  };
  EXPECT_EQ(SettleRepeatedFaces(faces, kMinMatch), std::vector<size_t>{1});
  EXPECT_EQ(Named(faces[0]), "face suns 4");
  EXPECT_EQ(Named(faces[1]), "face suns ace");
  EXPECT_EQ(faces[1].quarter_turns, 3);
  EXPECT_DOUBLE_EQ(faces[1].score, 0.779);
  EXPECT_NEAR(faces[1].margin, 0.779 - 0.501, 1e-12);
  EXPECT_DOUBLE_EQ(faces[1].confidence, 1.0);
}

// The first look of that game: the rivals of the ace scored under the least match (0.443 and
// 0.436); the margin is over them all the same, not nothing.
TEST(SettleRepeatedFaces, RivalsUnderTheLeastMatchStillBoundTheMargin) {
  std::vector<TileFace> faces = {
      Face("suns", "4", 0.824, 1.0, {Reading("suns", "3", 0.328)}),
      Face("suns", "4", 0.780, 0.145,
           {Reading("suns", "ace", 0.751), Reading("suns", "5", 0.443),
            Reading("suns", "3", 0.436)}),
  };
  SettleRepeatedFaces(faces, kMinMatch);
  EXPECT_EQ(Named(faces[1]), "face suns ace");
  EXPECT_NEAR(faces[1].margin, 0.751 - 0.443, 1e-12);
  EXPECT_GT(faces[1].confidence, 0.5);
}

TEST(SettleRepeatedFaces, AReadingAnotherTileClaimsIsNotTaken) {
  std::vector<TileFace> faces = {
      Face("moons", "2", 0.9, 1.0, {Reading("moons", "3", 0.4)}),
      Face("moons", "2", 0.7, 0.3, {Reading("moons", "5", 0.69), Reading("moons", "ace", 0.6)}),
      Face("moons", "5", 0.95, 1.0, {Reading("moons", "2", 0.3)}),
  };
  SettleRepeatedFaces(faces, kMinMatch);
  EXPECT_EQ(Named(faces[0]), "face moons 2");
  EXPECT_EQ(Named(faces[1]), "face moons ace");
  EXPECT_EQ(Named(faces[2]), "face moons 5");
}

TEST(SettleRepeatedFaces, ATakenReadingIsNoSurerThanTheTileItGaveWayTo) {
  std::vector<TileFace> faces = {
      Face("arms", "null", 0.8, 0.4, {Reading("arms", "2", 0.3)}),
      Face("arms", "null", 0.7, 0.2, {Reading("arms", "ace", 0.68), Reading("arms", "3", 0.2)}),
  };
  SettleRepeatedFaces(faces, kMinMatch);
  EXPECT_EQ(Named(faces[1]), "face arms ace");
  EXPECT_DOUBLE_EQ(faces[1].confidence, 0.4);
}

// The tile whose best other reading is close gives way, though its own best scores higher.
TEST(SettleRepeatedFaces, TheLeastLossDecidesNotTheBestScore) {
  std::vector<TileFace> faces = {
      Face("crowns", "3", 0.9, 0.1, {Reading("crowns", "5", 0.88)}),
      Face("crowns", "3", 0.85, 1.0, {Reading("crowns", "2", 0.5)}),
  };
  SettleRepeatedFaces(faces, kMinMatch);
  EXPECT_EQ(Named(faces[0]), "face crowns 5");
  EXPECT_EQ(Named(faces[1]), "face crowns 3");
}

// An evaluation scene of detection_benchmark (they draw faces from the set's at random, as if
// from several sets): two crowns 4s, each read surely (0.898 and 0.889 against 0.504 and 0.487
// as arms 4s).
TEST(SettleRepeatedFaces, TilesSureOfTheirReadingsKeepThem) {
  std::vector<TileFace> faces = {
      Face("crowns", "4", 0.898, 1.0, {Reading("arms", "4", 0.504)}),
      Face("crowns", "4", 0.889, 1.0, {Reading("arms", "4", 0.487)}),
  };
  EXPECT_TRUE(SettleRepeatedFaces(faces, kMinMatch).empty());
  EXPECT_EQ(Named(faces[0]), "face crowns 4");
  EXPECT_EQ(Named(faces[1]), "face crowns 4");
}

TEST(SettleRepeatedFaces, TilesWithNothingElseToReadAsKeepTheirReadings) {
  std::vector<TileFace> faces = {
      Face("suns", "2", 0.8, 1.0, {Reading("suns", "3", 0.4)}),  // under the least match
      Face("suns", "2", 0.7, 1.0, {}),
  };
  EXPECT_TRUE(SettleRepeatedFaces(faces, kMinMatch).empty());
  EXPECT_EQ(Named(faces[0]), "face suns 2");
  EXPECT_EQ(Named(faces[1]), "face suns 2");
}

TEST(SettleRepeatedFaces, BacksAndUnrecognisedTilesAreLeftAlone) {
  TileFace back;
  back.recognised = true;
  back.side = "back";
  back.score = 0.9;
  back.confidence = 1;
  back.alternatives = {Reading("moons", "4", 0.6)};
  TileFace unread = Face("moons", "4", 0.3, 0, {Reading("moons", "ace", 0.29)});
  unread.recognised = false;
  std::vector<TileFace> faces = {back, back, unread, Face("moons", "4", 0.9, 1.0, {})};
  EXPECT_TRUE(SettleRepeatedFaces(faces, kMinMatch).empty());
  EXPECT_EQ(Named(faces[0]), "back - -");
  EXPECT_EQ(Named(faces[1]), "back - -");
  EXPECT_EQ(Named(faces[2]), "face moons 4");
}

}  // namespace
}  // namespace tabref::vision
