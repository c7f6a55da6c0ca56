#include "vision/pieces/piece_set.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "vision/sim/render_options.h"
#include "vision/sim/scene.h"

namespace tabref::vision::sim {
namespace {

using nlohmann::json;

json DefaultSetJson() {
  std::ifstream in(DefaultPieceSetFile());
  return json::parse(in);
}

// The message of the PieceSetError that loading `set_json` throws.
std::string LoadError(const json& set_json) {
  try {
    PieceSetFromJson(set_json, "test.json");
  } catch (const PieceSetError& error) {
    return error.what();
  }
  return "(no error)";
}

TEST(PieceSet, DefaultSetHasTheDesignDimensionsAndColours) {
  const PieceSet set = LoadPieceSet(DefaultPieceSetFile());
  EXPECT_EQ(set.name, "piecepack");
  EXPECT_DOUBLE_EQ(set.tile_side_mm, 50.8);
  EXPECT_DOUBLE_EQ(set.tile_thickness_mm, 6.35);
  EXPECT_DOUBLE_EQ(set.coin_diameter_mm, 19.05);
  EXPECT_DOUBLE_EQ(set.coin_thickness_mm, 3.18);
  EXPECT_EQ(set.Suit("suns").bgr, cv::Scalar(0x00, 0x5E, 0xD5));
  EXPECT_EQ(set.Suit("crowns").bgr, cv::Scalar(0x73, 0x9E, 0x00));
  EXPECT_EQ(set.Suit("arms").bgr, cv::Scalar(0xB2, 0x72, 0x00));
  EXPECT_EQ(set.values, (std::vector<std::string>{"null", "ace", "2", "3", "4", "5"}));
  EXPECT_DOUBLE_EQ(set.Pyramid("small").base_mm, 14.3);
  EXPECT_DOUBLE_EQ(set.Pyramid("medium").height_mm, 34.9);
  EXPECT_DOUBLE_EQ(set.Pyramid("large").height_mm, 44.5);
  EXPECT_THROW(set.Suit("hearts"), PieceSetError);
  EXPECT_THROW(set.PyramidColour("pink"), PieceSetError);
}

TEST(PieceSet, ErrorsNameTheFileAndTheField) {
  json missing = DefaultSetJson();
  missing["coin"].erase("diameter_mm");
  EXPECT_EQ(LoadError(missing), "test.json coin: missing \"diameter_mm\"");

  json negative = DefaultSetJson();
  negative["tile"]["side_mm"] = -3;
  EXPECT_EQ(LoadError(negative), "test.json tile: \"side_mm\" must be a positive number of mm");

  json bad_colour = DefaultSetJson();
  bad_colour["suits"][1]["colour"] = "black";
  EXPECT_EQ(LoadError(bad_colour),
            "test.json suits[1]: \"colour\" must be a colour like \"#D55E00\", not \"black\"");

  json no_suits = DefaultSetJson();
  no_suits["suits"] = json::array();
  EXPECT_EQ(LoadError(no_suits), "test.json: \"suits\" must be a non-empty array");

  json opaque = DefaultSetJson();
  opaque["pyramids"]["opacity"] = 1.5;
  EXPECT_EQ(LoadError(opaque), "test.json: pyramids \"opacity\" must be in (0, 1]");
}

TEST(PieceSet, UnreadableFilesAreReported) {
  const std::filesystem::path missing =
      std::filesystem::temp_directory_path() / "tabref-no-such-set.json";
  EXPECT_THROW(LoadPieceSet(missing), PieceSetError);
  const std::filesystem::path broken =
      std::filesystem::temp_directory_path() / "tabref-broken-set.json";
  std::ofstream(broken) << "{\"name\": ";
  try {
    LoadPieceSet(broken);
    FAIL() << "broken JSON accepted";
  } catch (const PieceSetError& error) {
    EXPECT_NE(std::string(error.what()).find("not valid JSON"), std::string::npos);
  }
  std::filesystem::remove(broken);
}

TEST(RenderOptions, DefaultsPassAndCheckNamesTheBadField) {
  EXPECT_NO_THROW(RenderOptions().Check());
  RenderOptions options;
  options.jpeg_quality = 101;
  try {
    options.Check();
    FAIL() << "jpeg_quality 101 accepted";
  } catch (const std::invalid_argument& error) {
    EXPECT_EQ(std::string(error.what()), "RenderOptions.jpeg_quality must be in 0..100");
  }
  options = RenderOptions();
  options.fill_light_direction = {0, 0, -1};
  EXPECT_THROW(options.Check(), std::invalid_argument);
}

TEST(TableLayout, MarkersFollowTheTableFrame) {
  TableLayout layout;
  EXPECT_NO_THROW(layout.Check());
  const auto centres = layout.MarkerCentres();
  EXPECT_EQ(centres[0], cv::Vec3d(0, 0, 0));
  EXPECT_EQ(centres[1], cv::Vec3d(layout.play_width_mm, 0, 0));
  EXPECT_EQ(centres[3], cv::Vec3d(0, layout.play_depth_mm, 0));
  const auto corners = layout.MarkerCorners(0);
  EXPECT_EQ(corners[0], cv::Vec3d(-30, 30, 0));  // top-left of the printed marker
  EXPECT_EQ(corners[2], cv::Vec3d(30, -30, 0));
  layout.paper_margin_mm = 2;
  EXPECT_THROW(layout.Check(), std::invalid_argument);
  EXPECT_THROW(TableMaterialFromString("glass"), std::invalid_argument);
  EXPECT_EQ(TableMaterialFromString("felt"), TableMaterial::kFelt);
}

}  // namespace
}  // namespace tabref::vision::sim
