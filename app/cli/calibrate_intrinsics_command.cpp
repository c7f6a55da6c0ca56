#include <algorithm>
#include <chrono>
#include <filesystem>
#include <opencv2/videoio.hpp>

#include "app/cli/calibration_access.h"
#include "app/cli/command.h"
#include "app/cli/store_access.h"
#include "calibration/intrinsics_calibration.h"
#include "calibration/view_selector.h"

namespace tabref::cli {
namespace {

bool IsImageFile(const std::filesystem::path& path) {
  std::string extension = path.extension().string();
  std::transform(extension.begin(), extension.end(), extension.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  for (const char* known : {".png", ".jpg", ".jpeg", ".bmp", ".tif", ".tiff", ".webp"}) {
    if (extension == known) return true;
  }
  return false;
}

// The image files named, a folder standing for the images in it (sorted by name).
std::vector<std::string> ImageFiles(const std::vector<std::string>& arguments) {
  std::vector<std::string> files;
  for (const std::string& argument : arguments) {
    if (!std::filesystem::is_directory(argument)) {
      files.push_back(argument);
      continue;
    }
    std::vector<std::string> in_folder;
    for (const auto& entry : std::filesystem::directory_iterator(argument)) {
      if (entry.is_regular_file() && IsImageFile(entry.path())) {
        in_folder.push_back(entry.path().string());
      }
    }
    if (in_folder.empty())
      throw CommandError("no images (PNG, JPEG, ...) in the folder " + argument);
    std::sort(in_folder.begin(), in_folder.end());
    files.insert(files.end(), in_folder.begin(), in_folder.end());
  }
  return files;
}

calibration::BoardSpec BoardFromArgs(const ParsedArgs& args) {
  const bool charuco = args.Has("charuco");
  if (charuco == args.Has("chessboard")) {
    throw UsageError("give the board with either --charuco COLSxROWS or --chessboard COLSxROWS");
  }
  if (!args.Has("square-mm")) throw UsageError("give the board's square size with --square-mm S");
  calibration::BoardSpec board;
  try {
    board.kind = charuco ? calibration::BoardKind::kCharuco : calibration::BoardKind::kChessboard;
    board.size = calibration::ParseBoardSize(*args.Value(charuco ? "charuco" : "chessboard"));
    board.square_mm = NumberOption(args, "square-mm", 0);
    if (charuco) {
      if (!args.Has("marker-mm")) throw UsageError("a ChArUco board needs --marker-mm M");
      board.marker_mm = NumberOption(args, "marker-mm", 0);
      if (auto dictionary = args.Value("dictionary")) {
        board.dictionary = calibration::DictionaryFromName(*dictionary);
      }
    } else if (args.Has("marker-mm") || args.Has("dictionary")) {
      throw UsageError("--marker-mm and --dictionary belong to --charuco boards");
    }
    board.Check();
  } catch (const std::invalid_argument& error) {
    throw UsageError(error.what());
  }
  return board;
}

std::vector<calibration::BoardView> ViewsFromFiles(const std::vector<std::string>& files,
                                                   const calibration::BoardSpec& board,
                                                   std::ostream& out) {
  std::vector<calibration::BoardView> views;
  for (const std::string& file : files) {
    const cv::Mat image = ReadImage(file);
    const std::string name = std::filesystem::path(file).filename().string();
    if (auto view = calibration::DetectBoard(image, board, name)) {
      out << "  " << name << ": " << view->image_points.size() << " corners\n";
      views.push_back(*view);
    } else {
      out << "  " << name << ": board not found\n";
    }
  }
  return views;
}

// Grabs views from a live camera until enough are taken with good coverage, or time is up.
std::vector<calibration::BoardView> ViewsFromCamera(int index, const calibration::BoardSpec& board,
                                                    int wanted, double seconds, std::ostream& out) {
  cv::VideoCapture capture(index, cv::CAP_V4L2);
  if (!capture.isOpened()) {
    throw CommandError("cannot open camera " + std::to_string(index) + " (/dev/video" +
                       std::to_string(index) + "); is it connected and not in use?");
  }
  cv::Mat frame;
  if (!capture.read(frame) || frame.empty()) {
    throw CommandError("camera " + std::to_string(index) + " gives no frames");
  }
  out << "camera " << index << ": " << frame.cols << "x" << frame.rows
      << "; hold the board still in different places and tilts\n"
      << std::flush;
  calibration::ViewSelector selector(frame.size());
  const auto start = std::chrono::steady_clock::now();
  while (std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() <
         seconds) {
    if (!capture.read(frame) || frame.empty()) break;
    if (selector.Offer(calibration::DetectBoard(frame, board, ""))) {
      const calibration::CoverageReport coverage = selector.Coverage();
      out << "  view " << selector.Views().size() << " taken; " << coverage.Guidance() << "\n"
          << std::flush;
      if (static_cast<int>(selector.Views().size()) >= wanted && coverage.missing_regions.empty() &&
          coverage.missing_tilts.empty()) {
        break;
      }
    }
  }
  return selector.Views();
}

}  // namespace

Command MakeCalibrateIntrinsicsCommand() {
  CommandSpec spec{
      "calibrate intrinsics",
      "IMAGES...|FOLDER (--charuco COLSxROWS --square-mm S --marker-mm M | --chessboard "
      "COLSxROWS --square-mm S) --out CAMERA.yml [--camera N] [--db FILE]",
      "the camera's lens (focal length, principal point, distortion) from board views",
      "COLSxROWS counts squares for a ChArUco board and inner corners for a chessboard (as\n"
      "OpenCV does). 'tabref markers' prints a ChArUco board: --charuco 9x6 --square-mm 25\n"
      "--marker-mm 18. Take 10-20 pictures of the whole board: in every part of the image,\n"
      "tilted 20-40 degrees each way. With --camera N the views are taken from a live camera\n"
      "whenever the board is held still somewhere new. A poor set is refused with the reason\n"
      "(too few views, too little coverage, RMS too high); outlier views are dropped and\n"
      "named. Writes OpenCV's calibration YAML and keeps it in the store (--db).",
      {{"charuco", "COLSxROWS", "a ChArUco board of COLS x ROWS squares"},
       {"chessboard", "COLSxROWS", "a chessboard of COLS x ROWS inner corners"},
       {"square-mm", "S", "the side of one square, measured on the print (mm)"},
       {"marker-mm", "M", "ChArUco: the side of the ArUco markers (mm)"},
       {"dictionary", "NAME", "ChArUco: the markers' dictionary (default 5X5_100)"},
       {"out", "CAMERA.yml", "the intrinsics file to write"},
       {"camera", "N", "take the views from live camera N (/dev/videoN) instead of images"},
       {"views", "N", "live camera: views to take (default 15)"},
       {"seconds", "S", "live camera: give up after this long (default 180)"},
       {"min-views", "N", "refuse fewer usable views than this (default 8)"},
       {"max-rms-px", "PX", "refuse a reprojection RMS above this (default 1.0)"},
       {"fix-k3", "", "keep the k3 distortion term at 0 (few or frontal views)"},
       CameraNameOption(),
       DatabaseOption()},
      0,
      10000};
  return {spec, [](const ParsedArgs& args, std::ostream& out) {
            const auto out_file = args.Value("out");
            if (!out_file)
              throw UsageError("give the intrinsics file to write with --out CAMERA.yml");
            const calibration::BoardSpec board = BoardFromArgs(args);
            calibration::IntrinsicsCalibrationOptions options;
            options.min_views =
                static_cast<int>(NumberOption(args, "min-views", options.min_views));
            options.max_rms_px = NumberOption(args, "max-rms-px", options.max_rms_px);
            options.fix_k3 = args.Has("fix-k3");
            try {
              options.Check();
            } catch (const std::invalid_argument& error) {
              throw UsageError(error.what());
            }
            CameraName(args);
            std::vector<calibration::BoardView> views;
            if (args.Has("camera")) {
              if (!args.positional.empty()) {
                throw UsageError("give either images or --camera N, not both");
              }
              const double index = NumberOption(args, "camera", 0);
              if (index < 0 || index != std::floor(index)) {
                throw UsageError("--camera needs a camera number (0 for /dev/video0)");
              }
              views = ViewsFromCamera(static_cast<int>(index), board,
                                      static_cast<int>(NumberOption(args, "views", 15)),
                                      NumberOption(args, "seconds", 180), out);
            } else {
              if (args.positional.empty()) {
                throw UsageError("give the board images (files or a folder), or --camera N");
              }
              views = ViewsFromFiles(ImageFiles(args.positional), board, out);
            }
            const calibration::IntrinsicsCalibrationResult result =
                calibration::CalibrateIntrinsics(views, options);
            const cv::Matx33d& k = result.intrinsics.camera_matrix;
            const cv::Vec4d& sigma = result.intrinsics_sigma;
            out << "calibrated from " << result.views.size() << " views ("
                << result.intrinsics.image_size.width << "x" << result.intrinsics.image_size.height
                << "): RMS " << Fixed(*result.intrinsics.avg_reprojection_error, 3) << " px\n";
            out << "  focal length fx " << Fixed(k(0, 0), 1) << " +- " << Fixed(sigma[0], 1)
                << ", fy " << Fixed(k(1, 1), 1) << " +- " << Fixed(sigma[1], 1) << " px\n";
            out << "  principal point (" << Fixed(k(0, 2), 1) << " +- " << Fixed(sigma[2], 1)
                << ", " << Fixed(k(1, 2), 1) << " +- " << Fixed(sigma[3], 1) << ") px\n";
            out << "  distortion k1 k2 p1 p2 k3:";
            for (int i = 0; i < result.intrinsics.distortion.cols; ++i) {
              out << " " << Fixed(result.intrinsics.distortion.at<double>(i), 5);
            }
            out << "\n";
            for (const auto& outlier : result.outliers) {
              out << "  dropped outlier view " << outlier.name << " (" << Fixed(outlier.rms_px, 2)
                  << " px)\n";
            }
            out << "  " << result.coverage.Guidance() << "\n";
            calibration::WriteIntrinsics(result.intrinsics, *out_file);
            StoreCalibration(args, "intrinsics", *result.intrinsics.avg_reprojection_error,
                             calibration::IntrinsicsToYaml(result.intrinsics));
            out << "wrote " << *out_file << "\n";
            return 0;
          }};
}

}  // namespace tabref::cli
