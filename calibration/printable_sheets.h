#pragma once

#include <filesystem>
#include <opencv2/core.hpp>
#include <string>
#include <vector>

#include "calibration/board.h"
#include "calibration/pdf_document.h"

namespace tabref::calibration {

enum class Paper { kA4, kLetter };
// "a4" or "letter" (case-insensitive); throws std::invalid_argument otherwise.
Paper PaperFromName(const std::string& name);
std::string PaperName(Paper paper);
// Portrait width x height in mm.
cv::Size2d PaperSizeMm(Paper paper);

struct MarkerSheetOptions {
  Paper paper = Paper::kA4;
  double marker_mm = 60;  // the black square's side (DESIGN.md default)

  // Throws std::invalid_argument naming the first field out of range (the marker must fit
  // the page with its scale bar and text).
  void Check() const;
};

// The board `tabref markers` prints for intrinsics: 9x6 squares of 25 mm with 18 mm
// DICT_5X5_100 markers, which fits A4 and Letter in landscape.
BoardSpec PrintedCharucoBoard();

// One portrait page per table marker (ids 0..3, DICT_4X4_50): the black square at exact size
// in the middle, its id large beside it, where it goes on the table, and a 100 mm scale bar
// to check the printer's scale.
std::vector<PdfPage> TableMarkerPages(const MarkerSheetOptions& options);
// The ChArUco board on a landscape page with its measurements, the intrinsics command that
// matches it and a scale bar.
PdfPage CharucoBoardPage(Paper paper, const BoardSpec& board);

// The two PDFs to print, written atomically into an existing `folder`: the table markers
// (table-markers-<paper>.pdf) and the ChArUco board (charuco-board-<paper>.pdf). Throws
// std::invalid_argument for options out of range, CalibrationError naming a file that
// cannot be written.
struct PrintablePdfs {
  std::filesystem::path table_markers;
  std::filesystem::path charuco_board;
};
PrintablePdfs WritePrintablePdfs(const std::filesystem::path& folder,
                                 const MarkerSheetOptions& options);

// The black pixels of a binary picture as rectangles (runs merged down the rows), in pixels.
std::vector<cv::Rect> BlackRectangles(const cv::Mat& binary);

}  // namespace tabref::calibration
