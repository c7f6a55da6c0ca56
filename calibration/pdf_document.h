#pragma once

#include <opencv2/core.hpp>
#include <string>
#include <vector>

namespace tabref::calibration {

// A filled rectangle on a page; millimetres from the page's bottom-left corner (PDF's way).
struct PdfRect {
  double x_mm = 0;
  double y_mm = 0;
  double width_mm = 0;
  double height_mm = 0;
  double grey = 0;  // 0 black .. 1 white
};

// One line of Helvetica (or Helvetica-Bold) text, its baseline starting at (x, y).
struct PdfText {
  double x_mm = 0;
  double y_mm = 0;
  double size_pt = 10;
  std::string text;  // printable ASCII
  bool bold = false;
};

struct PdfPage {
  double width_mm = 210;
  double height_mm = 297;
  std::vector<PdfRect> rects;
  std::vector<PdfText> texts;
};

// A PDF 1.4 file of vector pages: exact sizes whatever the printer's resolution (print at
// 100 %, "actual size"). Only the standard Helvetica fonts, so nothing is embedded.
std::string WritePdf(const std::vector<PdfPage>& pages, const std::string& title);

// The page as a raster image at `dpi` (rectangles, which must not overlap, anti-aliased at
// their exact edges; text approximated with OpenCV's Hershey font), BGR on white.
cv::Mat RenderPage(const PdfPage& page, double dpi);

}  // namespace tabref::calibration
