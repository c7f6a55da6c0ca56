// The calibration commands end to end: `tabref markers`, `calibrate intrinsics`, `calibrate
// table` and `calibrate check`, on a still of the synthetic table, OpenCV's sample photos and
// broken input.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>
#include <sstream>

#include "app/cli/cli.h"
#include "calibration/intrinsics.h"
#include "calibration/table_calibration.h"
#include "data/store/sqlite_game_store.h"
#include "tests/app/cli_run.h"

namespace tabref::cli {
namespace {

// A folder with a 1280x720 still of the synthetic table (still.png, camera.yml), shared by
// the tests of this file, and a database of its own.
class CalibrationCommands : public testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = new std::filesystem::path(std::filesystem::temp_directory_path() /
                                     ("tabref_calibration_cli_" + std::to_string(::getpid())));
    std::filesystem::create_directories(*dir_);
    const Result result = RunTabref({"simulate", "--game", "scene", "--seed", "4", "--out",
                                     (*dir_ / "sim").string(), "--still", "--tilt", "25"});
    ASSERT_EQ(result.status, 0) << result.err;
  }
  static void TearDownTestSuite() {
    std::filesystem::remove_all(*dir_);
    delete dir_;
  }

  static std::string Path(const std::string& name) { return (*dir_ / name).string(); }
  static std::string Still() { return Path("sim/still.png"); }
  static std::string Camera() { return Path("sim/camera.yml"); }
  static std::string Db() { return Path("calibrations.sqlite"); }

  // Runs a command that must fail with status 1 and one line naming `what`, leaving an
  // existing output file untouched.
  void ExpectFailure(std::vector<std::string> args, const std::string& what) {
    const std::string out_file = Path("kept.yml");
    std::ofstream(out_file) << "old contents\n";
    args.insert(args.end(), {"--out", out_file, "--db", Db()});
    const Result result = RunTabref(args);
    EXPECT_EQ(result.status, 1) << result.out << result.err;
    EXPECT_TRUE(IsOneLine(result.err)) << result.err;
    EXPECT_NE(result.err.find(what), std::string::npos) << what << " / " << result.err;
    EXPECT_EQ(ReadAll(out_file), "old contents\n");
  }

  static inline std::filesystem::path* dir_ = nullptr;
};

TEST_F(CalibrationCommands, TableWithIntrinsicsWritesTheFileAndTheStore) {
  const Result result = RunTabref({"calibrate", "table", Still(), "--intrinsics", Camera(), "--out",
                                   Path("table.yml"), "--db", Db(), "--camera-name", "webcam",
                                   "--debug", Path("markers.png")});
  ASSERT_EQ(result.status, 0) << result.err;
  EXPECT_EQ(cv::imread(Path("markers.png")).size(), cv::imread(Still()).size());
  EXPECT_NE(result.out.find("reprojection RMS"), std::string::npos);
  EXPECT_NE(result.out.find("marker 3 at"), std::string::npos);
  EXPECT_EQ(result.out.find("warning"), std::string::npos);
  const calibration::TableCalibration table = calibration::ReadTableCalibration(Path("table.yml"));
  EXPECT_LT(table.reprojection_rms_px, 0.5);
  data::SqliteGameStore store(Db());
  const auto stored = store.LatestCalibration("table", "webcam");
  ASSERT_TRUE(stored);
  EXPECT_NEAR(stored->residual_rms, table.reprojection_rms_px, 1e-9);
  EXPECT_EQ(calibration::TableCalibrationFromYaml(stored->yaml).translation, table.translation);

  const Result steady =
      RunTabref({"calibrate", "check", Still(), "--table", Path("table.yml"), "--db", Db()});
  ASSERT_EQ(steady.status, 0) << steady.err;
  EXPECT_EQ(steady.out.rfind("steady: 4 markers", 0), 0u) << steady.out;
}

TEST_F(CalibrationCommands, TableWithoutIntrinsicsWarnsAboutAccuracy) {
  const Result result =
      RunTabref({"calibrate", "table", Still(), "--out", Path("table2.yml"), "--db", Db()});
  ASSERT_EQ(result.status, 0) << result.err;
  EXPECT_EQ(result.out.rfind("warning: no --intrinsics", 0), 0u) << result.out;
  EXPECT_TRUE(calibration::ReadTableCalibration(Path("table2.yml")).focal_estimated);
}

TEST_F(CalibrationCommands, BadTableInputFailsWithOneLineAndWritesNothing) {
  const cv::Mat still = cv::imread(Still());
  cv::imwrite(Path("blank.png"), cv::Mat(still.size(), CV_8UC3, cv::Scalar(80, 110, 140)));
  ExpectFailure({"calibrate", "table", Path("blank.png")}, "no table markers found");

  cv::Mat blurred;
  cv::GaussianBlur(still, blurred, cv::Size(0, 0), 9);
  cv::imwrite(Path("blurred.png"), blurred);
  ExpectFailure({"calibrate", "table", Path("blurred.png")}, "make sure the image is sharp");

  // Only the near-left corner of the view: marker 0 alone.
  cv::imwrite(Path("one.png"), still(cv::Rect(0, still.rows / 2, still.cols / 3, still.rows / 2)));
  ExpectFailure({"calibrate", "table", Path("one.png")}, "markers 1, 2 and 3 not found");

  ExpectFailure({"calibrate", "table", Still(), "--intrinsics", Camera(), "--marker-mm", "6"},
                "wrong --marker-mm");

  std::ofstream(Path("not-an-image.png")) << "hello";
  ExpectFailure({"calibrate", "table", Path("not-an-image.png")}, "cannot read");
  ExpectFailure({"calibrate", "table", Path("missing.png")}, "no such file");

  std::ofstream(Path("bad.yml")) << "%YAML:1.0\n---\nimage_width: 1280\n";
  ExpectFailure({"calibrate", "table", Still(), "--intrinsics", Path("bad.yml")},
                "bad.yml: missing field image_height");
}

TEST_F(CalibrationCommands, BadUsageIsStatusTwo) {
  EXPECT_EQ(RunTabref({"calibrate", "table", Still()}).status, 2);  // no --out
  EXPECT_EQ(RunTabref({"calibrate", "table", Still(), "--out", Path("x.yml"), "--marker-mm", "abc"})
                .status,
            2);
  EXPECT_EQ(RunTabref({"calibrate", "intrinsics", Still(), "--out", Path("c.yml")}).status, 2);
  EXPECT_EQ(RunTabref({"calibrate", "intrinsics", Still(), "--chessboard", "9x6", "--charuco",
                       "9x6", "--square-mm", "25", "--out", Path("c.yml")})
                .status,
            2);
  EXPECT_EQ(RunTabref({"calibrate", "intrinsics", Still(), "--charuco", "9x6", "--square-mm", "25",
                       "--out", Path("c.yml")})
                .status,
            2);  // no --marker-mm
  EXPECT_EQ(RunTabref({"markers", "--out", Path("m"), "--paper", "a3"}).status, 2);
  for (const std::string command : {"table", "intrinsics", "check"}) {
    const Result help = RunTabref({"calibrate", command, "--help"});
    EXPECT_EQ(help.status, 0);
    EXPECT_NE(help.out.find("usage: tabref calibrate " + command), std::string::npos);
  }
  EXPECT_EQ(RunTabref({"calibrate", "--help"}).status, 0);
}

TEST_F(CalibrationCommands, IntrinsicsFromOpenCvsSamplePhotos) {
  const std::string folder = std::string(TABREF_SOURCE_DIR) + "/tests/calibration/data/opencv-left";
  const Result result = RunTabref({"calibrate", "intrinsics", folder, "--chessboard", "9x6",
                                   "--square-mm", "25", "--out", Path("left.yml"), "--db", Db()});
  ASSERT_EQ(result.status, 0) << result.err;
  EXPECT_NE(result.out.find("dropped outlier view left02.jpg"), std::string::npos) << result.out;
  const calibration::Intrinsics intrinsics = calibration::ReadIntrinsics(Path("left.yml"));
  EXPECT_NEAR(intrinsics.camera_matrix(0, 0), 535.9, 0.01 * 535.9);
  data::SqliteGameStore store(Db());
  EXPECT_TRUE(store.LatestCalibration("intrinsics", "default"));

  // Three photos are not enough; a camera that is not there cannot be opened.
  ExpectFailure({"calibrate", "intrinsics", folder + "/left01.jpg", folder + "/left03.jpg",
                 folder + "/left04.jpg", "--chessboard", "9x6", "--square-mm", "25"},
                "too few views");
  ExpectFailure(
      {"calibrate", "intrinsics", "--camera", "63", "--chessboard", "9x6", "--square-mm", "25"},
      "cannot open camera 63");
}

TEST_F(CalibrationCommands, MarkersWritesPdfAndPngFiles) {
  const Result result = RunTabref({"markers", "--out", Path("print"), "--paper", "letter"});
  ASSERT_EQ(result.status, 0) << result.err;
  for (const std::string name :
       {"table-markers-letter.pdf", "charuco-board-letter.pdf", "table-marker-2-letter-300dpi.png",
        "charuco-board-letter-300dpi.png"}) {
    const std::string contents = ReadAll(Path("print/" + name));
    ASSERT_FALSE(contents.empty()) << name;
    EXPECT_EQ(contents.rfind(name.ends_with(".pdf") ? "%PDF-1.4" : "\x89PNG", 0), 0u) << name;
  }
  EXPECT_EQ(cv::imread(Path("print/table-marker-2-letter-300dpi.png")).cols,
            static_cast<int>(std::ceil(215.9 / 25.4 * 300)));
}

}  // namespace
}  // namespace tabref::cli
