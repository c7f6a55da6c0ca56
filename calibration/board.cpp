#include "calibration/board.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <opencv2/aruco/charuco.hpp>
#include <opencv2/calib3d.hpp>
#include <opencv2/imgproc.hpp>
#include <stdexcept>

namespace tabref::calibration {
namespace {

struct NamedDictionary {
  const char* name;
  int id;
};

constexpr std::array<NamedDictionary, 16> kDictionaries{{
    {"4X4_50", cv::aruco::DICT_4X4_50},
    {"4X4_100", cv::aruco::DICT_4X4_100},
    {"4X4_250", cv::aruco::DICT_4X4_250},
    {"4X4_1000", cv::aruco::DICT_4X4_1000},
    {"5X5_50", cv::aruco::DICT_5X5_50},
    {"5X5_100", cv::aruco::DICT_5X5_100},
    {"5X5_250", cv::aruco::DICT_5X5_250},
    {"5X5_1000", cv::aruco::DICT_5X5_1000},
    {"6X6_50", cv::aruco::DICT_6X6_50},
    {"6X6_100", cv::aruco::DICT_6X6_100},
    {"6X6_250", cv::aruco::DICT_6X6_250},
    {"6X6_1000", cv::aruco::DICT_6X6_1000},
    {"7X7_50", cv::aruco::DICT_7X7_50},
    {"7X7_100", cv::aruco::DICT_7X7_100},
    {"7X7_250", cv::aruco::DICT_7X7_250},
    {"7X7_1000", cv::aruco::DICT_7X7_1000},
}};

cv::Mat Grey(const cv::Mat& image) {
  if (image.channels() == 1) return image;
  cv::Mat grey;
  cv::cvtColor(image, grey, image.channels() == 4 ? cv::COLOR_BGRA2GRAY : cv::COLOR_BGR2GRAY);
  return grey;
}

std::optional<BoardView> DetectChessboard(const cv::Mat& grey, const BoardSpec& spec,
                                          BoardView view) {
  // The classic detector (with a quick check for the board) is fast; the sector-based one
  // finds boards it misses (strong blur, uneven light).
  std::vector<cv::Point2f> corners;
  bool found = cv::findChessboardCorners(
      grey, spec.size, corners,
      cv::CALIB_CB_ADAPTIVE_THRESH | cv::CALIB_CB_NORMALIZE_IMAGE | cv::CALIB_CB_FAST_CHECK);
  if (found) {
    cv::cornerSubPix(grey, corners, cv::Size(11, 11), cv::Size(-1, -1),
                     cv::TermCriteria(cv::TermCriteria::EPS | cv::TermCriteria::COUNT, 30, 1e-4));
  } else {
    found = cv::findChessboardCornersSB(grey, spec.size, corners, cv::CALIB_CB_ACCURACY);
  }
  if (!found) return std::nullopt;
  view.image_points = corners;
  for (int r = 0; r < spec.size.height; ++r) {
    for (int c = 0; c < spec.size.width; ++c) {
      view.object_points.emplace_back(static_cast<float>(c * spec.square_mm),
                                      static_cast<float>(r * spec.square_mm), 0.f);
    }
  }
  return view;
}

std::optional<BoardView> DetectCharuco(const cv::Mat& grey, const BoardSpec& spec, BoardView view) {
  const cv::Ptr<cv::aruco::Dictionary> dictionary =
      cv::aruco::getPredefinedDictionary(spec.dictionary);
  const cv::Ptr<cv::aruco::CharucoBoard> board = cv::aruco::CharucoBoard::create(
      spec.size.width, spec.size.height, static_cast<float>(spec.square_mm),
      static_cast<float>(spec.marker_mm), dictionary);
  std::vector<int> marker_ids;
  std::vector<std::vector<cv::Point2f>> marker_corners;
  std::vector<std::vector<cv::Point2f>> rejected;
  const cv::Ptr<cv::aruco::DetectorParameters> parameters = cv::aruco::DetectorParameters::create();
  cv::aruco::detectMarkers(grey, dictionary, marker_corners, marker_ids, parameters, rejected);
  if (marker_ids.empty()) return std::nullopt;
  cv::aruco::refineDetectedMarkers(grey, board, marker_corners, marker_ids, rejected);
  std::vector<cv::Point2f> corners;
  std::vector<int> ids;
  cv::aruco::interpolateCornersCharuco(marker_corners, marker_ids, grey, board, corners, ids);
  if (static_cast<int>(ids.size()) < std::max(6, spec.CornerCount() / 4)) return std::nullopt;
  if (cv::aruco::testCharucoCornersCollinear(board, ids)) return std::nullopt;
  view.image_points = corners;
  for (int id : ids)
    view.object_points.push_back(board->chessboardCorners[static_cast<size_t>(id)]);
  return view;
}

}  // namespace

void BoardSpec::Check() const {
  const bool charuco = kind == BoardKind::kCharuco;
  const int min_side = charuco ? 3 : 2;
  if (size.width < min_side || size.height < min_side || size.width > 100 || size.height > 100) {
    throw std::invalid_argument(std::string("BoardSpec.size must be ") +
                                (charuco ? "3x3 squares" : "2x2 inner corners") + " or more");
  }
  if (!(square_mm > 0 && square_mm < 1000)) {
    throw std::invalid_argument("BoardSpec.square_mm must be in (0, 1000) mm");
  }
  if (charuco && !(marker_mm > 0 && marker_mm < square_mm)) {
    throw std::invalid_argument("BoardSpec.marker_mm must be positive and smaller than square_mm");
  }
  if (charuco && (dictionary < 0 || dictionary > cv::aruco::DICT_7X7_1000)) {
    throw std::invalid_argument("BoardSpec.dictionary is not a cv::aruco dictionary");
  }
}

int BoardSpec::CornerCount() const {
  return kind == BoardKind::kCharuco ? (size.width - 1) * (size.height - 1)
                                     : size.width * size.height;
}

cv::Size ParseBoardSize(const std::string& text) {
  const size_t x = text.find_first_of("xX");
  const auto number = [&](const std::string& part) {
    if (part.empty() || part.size() > 3 ||
        part.find_first_not_of("0123456789") != std::string::npos) {
      throw std::invalid_argument("'" + text + "' is not COLSxROWS (for example 9x6)");
    }
    return std::stoi(part);
  };
  if (x == std::string::npos) {
    throw std::invalid_argument("'" + text + "' is not COLSxROWS (for example 9x6)");
  }
  return {number(text.substr(0, x)), number(text.substr(x + 1))};
}

int DictionaryFromName(const std::string& name) {
  std::string upper;
  for (char c : name) upper += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  if (upper.rfind("DICT_", 0) == 0) upper = upper.substr(5);
  for (const NamedDictionary& dictionary : kDictionaries) {
    if (upper == dictionary.name) return dictionary.id;
  }
  throw std::invalid_argument("unknown ArUco dictionary '" + name +
                              "'; use one of 4X4_50 .. 7X7_1000 (for example 5X5_100)");
}

std::string DictionaryName(int dictionary) {
  for (const NamedDictionary& named : kDictionaries) {
    if (named.id == dictionary) return std::string("DICT_") + named.name;
  }
  return "dictionary " + std::to_string(dictionary);
}

std::optional<BoardView> DetectBoard(const cv::Mat& image, const BoardSpec& spec,
                                     const std::string& name) {
  if (image.empty()) return std::nullopt;
  BoardView view;
  view.name = name;
  view.image_size = image.size();
  const cv::Mat grey = Grey(image);
  return spec.kind == BoardKind::kChessboard ? DetectChessboard(grey, spec, view)
                                             : DetectCharuco(grey, spec, view);
}

}  // namespace tabref::calibration
