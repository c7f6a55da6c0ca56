#pragma once

#include <opencv2/aruco/dictionary.hpp>
#include <opencv2/core.hpp>
#include <optional>
#include <string>
#include <vector>

namespace tabref::calibration {

enum class BoardKind { kChessboard, kCharuco };

// A planar calibration board. `size` follows OpenCV: inner corners for a chessboard (as in
// OpenCV's calibration sample), squares for a ChArUco board (cv::aruco::CharucoBoard).
struct BoardSpec {
  BoardKind kind = BoardKind::kCharuco;
  cv::Size size{9, 6};
  double square_mm = 25;  // side of one chessboard square
  double marker_mm = 18;  // ChArUco only: side of the ArUco markers in the white squares
  // ChArUco only: the markers' dictionary (cv::aruco::PREDEFINED_DICTIONARY_NAME). Not the
  // table markers' DICT_4X4_50, so a board on the table is never taken for a table marker.
  int dictionary = cv::aruco::DICT_5X5_100;

  // Throws std::invalid_argument naming the first field out of range.
  void Check() const;
  // Corners a full view shows.
  int CornerCount() const;
};

// "9x6" -> 9 columns, 6 rows. Throws std::invalid_argument on anything else.
cv::Size ParseBoardSize(const std::string& text);
// "DICT_5X5_100" or "5X5_100" (case-insensitive) -> the cv::aruco dictionary id; throws
// std::invalid_argument naming the accepted names.
int DictionaryFromName(const std::string& name);
std::string DictionaryName(int dictionary);

// The board's corners found in one image.
struct BoardView {
  std::string name;  // the image file, or "view N" from a live camera
  cv::Size image_size;
  std::vector<cv::Point2f> image_points;   // sub-pixel
  std::vector<cv::Point3f> object_points;  // board frame, mm, z = 0
};

// Finds the board in `image` (BGR or grey). Nothing when it is not there, or (ChArUco) when
// fewer than a quarter of its corners or only collinear ones are seen.
std::optional<BoardView> DetectBoard(const cv::Mat& image, const BoardSpec& spec,
                                     const std::string& name);

}  // namespace tabref::calibration
