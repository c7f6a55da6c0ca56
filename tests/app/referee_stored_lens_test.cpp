// The lens a user calibrated is used without --intrinsics: `tabref referee` on a folder of
// frames of the synthetic table takes the newest intrinsics stored for --camera-name, says
// so, lets --intrinsics override them, and refuses a damaged record without touching the
// store.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <regex>

#include "app/cli/calibration_access.h"
#include "app/cli/cli.h"
#include "calibration/intrinsics.h"
#include "data/store/sqlite_game_store.h"
#include "tests/app/cli_run.h"

namespace tabref::cli {
namespace {

namespace fs = std::filesystem;

constexpr char kDamagedYaml[] = "%YAML:1.0\n---\nimage_width: 1280\n";

// A folder of three frames of the synthetic table (1280x720) and the lens that took them,
// shared by the tests of this file; each test has a database of its own.
class RefereeStoredLens : public testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = new fs::path(fs::temp_directory_path() /
                        ("tabref_referee_stored_lens_" + std::to_string(::getpid())));
    fs::create_directories(*dir_ / "frames");
    const Result result = RunTabref({"simulate", "--game", "scene", "--seed", "4", "--out",
                                     (*dir_ / "sim").string(), "--still", "--tilt", "25"});
    ASSERT_EQ(result.status, 0) << result.err;
    for (const char* frame : {"000.png", "001.png", "002.png"})
      fs::copy_file(*dir_ / "sim" / "still.png", *dir_ / "frames" / frame);
  }
  static void TearDownTestSuite() {
    fs::remove_all(*dir_);
    delete dir_;
  }
  void SetUp() override {
    db_ = (*dir_ /
           (std::string(testing::UnitTest::GetInstance()->current_test_info()->name()) + ".sqlite"))
              .string();
  }

  static std::string Frames() { return (*dir_ / "frames").string(); }
  static std::string CameraFile() { return (*dir_ / "sim" / "camera.yml").string(); }
  static std::string CameraYaml() {
    return calibration::IntrinsicsToYaml(calibration::ReadIntrinsics(CameraFile()));
  }

  void StoreIntrinsics(const std::string& camera, const std::string& yaml,
                       double rms_px = 0.12) const {
    data::SqliteGameStore store(db_);
    store.SaveCalibration({0, "intrinsics", camera, "2025-03-01T18:04:27.123Z", rms_px, yaml});
  }

  Result Referee(std::vector<std::string> extra) const {
    std::vector<std::string> args = {"referee", "--game", "bocce", "--source",
                                     Frames(),  "--db",   db_};
    args.insert(args.end(), extra.begin(), extra.end());
    return RunTabref(args);
  }

  ParsedArgs StoreArgs(const std::string& camera) const {
    ParsedArgs args;
    args.values["db"] = {db_};
    args.values["camera-name"] = {camera};
    return args;
  }

  static inline fs::path* dir_ = nullptr;
  std::string db_;
};

// The marker reprojection RMS of the table the referee found, in px (-1 when none was found).
double TableReprojectionPx(const std::string& out) {
  std::smatch match;
  if (!std::regex_search(out, match, std::regex("table found \\(marker reprojection ([0-9.]+)")))
    return -1;
  return std::stod(match[1]);
}

TEST_F(RefereeStoredLens, ReaderReturnsTheNewestIntrinsicsOfTheCamera) {
  EXPECT_FALSE(LatestStoredIntrinsics(StoreArgs("default")));
  EXPECT_FALSE(fs::exists(db_));  // reading never creates the database

  StoreIntrinsics("default", kDamagedYaml);
  StoreIntrinsics("default", CameraYaml(), 0.21);
  StoreIntrinsics("desk", kDamagedYaml);
  const auto stored = LatestStoredIntrinsics(StoreArgs("default"));
  ASSERT_TRUE(stored);
  EXPECT_EQ(stored->record.camera, "default");
  EXPECT_EQ(stored->record.residual_rms, 0.21);
  EXPECT_EQ(stored->intrinsics.image_size, cv::Size(1280, 720));
  EXPECT_EQ(stored->intrinsics.camera_matrix,
            calibration::ReadIntrinsics(CameraFile()).camera_matrix);
  EXPECT_FALSE(LatestStoredIntrinsics(StoreArgs("phone")));
  EXPECT_THROW(LatestStoredIntrinsics(StoreArgs("desk")), CommandError);
}

TEST_F(RefereeStoredLens, RefereeUsesTheStoredIntrinsicsOfTheCamera) {
  const Result without = Referee({});
  ASSERT_EQ(without.status, 0) << without.err;
  EXPECT_NE(without.out.find("lens: no intrinsics stored for camera 'default'"), std::string::npos)
      << without.out;
  EXPECT_NE(without.out.find("tabref calibrate intrinsics"), std::string::npos);

  StoreIntrinsics("desk webcam", CameraYaml());
  const Result with = Referee({"--camera-name", "desk webcam"});
  ASSERT_EQ(with.status, 0) << with.err;
  EXPECT_NE(with.out.find("lens: camera 'desk webcam' as calibrated on 2025-03-01 18:04 UTC "
                          "(1280x720, RMS 0.12 px)"),
            std::string::npos)
      << with.out;
  // The true lens fits the markers far better than a focal length estimated without it.
  ASSERT_GT(TableReprojectionPx(without.out), 0) << without.out;
  ASSERT_GT(TableReprojectionPx(with.out), 0) << with.out;
  EXPECT_LT(TableReprojectionPx(with.out), 0.3);
  EXPECT_LT(TableReprojectionPx(with.out), TableReprojectionPx(without.out));
}

TEST_F(RefereeStoredLens, IntrinsicsFileOverridesTheStore) {
  StoreIntrinsics("default", kDamagedYaml);  // never read
  const Result result = Referee({"--intrinsics", CameraFile()});
  ASSERT_EQ(result.status, 0) << result.err;
  EXPECT_EQ(result.out.find("lens:"), std::string::npos) << result.out;
  EXPECT_GT(TableReprojectionPx(result.out), 0) << result.out;
  EXPECT_LT(TableReprojectionPx(result.out), 0.3);
}

TEST_F(RefereeStoredLens, DamagedStoredIntrinsicsFailInOneLineAndLeaveTheStoreAsItWas) {
  StoreIntrinsics("desk", kDamagedYaml);
  const std::string before = ReadAll(db_);
  ASSERT_FALSE(before.empty());
  const Result result = Referee({"--camera-name", "desk"});
  EXPECT_EQ(result.status, 1) << result.out;
  EXPECT_TRUE(IsOneLine(result.err)) << result.err;
  EXPECT_NE(result.err.find("camera 'desk'"), std::string::npos) << result.err;
  EXPECT_NE(result.err.find("calibrate the lens again"), std::string::npos) << result.err;
  EXPECT_EQ(ReadAll(db_), before);  // byte for byte: no game was started
}

}  // namespace
}  // namespace tabref::cli
