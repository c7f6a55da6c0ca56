#include "calibration/printable_sheets.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <opencv2/imgcodecs.hpp>

#include "calibration/markers.h"

namespace tabref::calibration {
namespace {

constexpr double kDpi = 150;

// Renders page `page` (1-based) of a PDF with poppler's pdftoppm, as a printer would.
cv::Mat Rasterise(const std::string& pdf, int page) {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("tabref_pdf_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const std::filesystem::path file = dir / "sheet.pdf";
  std::ofstream(file, std::ios::binary) << pdf;
  const std::string command = "pdftoppm -r " + std::to_string(static_cast<int>(kDpi)) +
                              " -gray -png -f " + std::to_string(page) + " -l " +
                              std::to_string(page) + " -singlefile " + file.string() + " " +
                              (dir / "page").string();
  const int status = std::system(command.c_str());
  cv::Mat image = status == 0 ? cv::imread((dir / "page.png").string()) : cv::Mat();
  std::filesystem::remove_all(dir);
  return image;
}

bool HavePdftoppm() { return std::system("pdftoppm -v > /dev/null 2>&1") == 0; }

double PxOf(double mm) { return mm * kDpi / 25.4; }

TEST(PrintableSheets, TableMarkersPrintAtExactSizeAndDecode) {
  if (!HavePdftoppm())
    GTEST_SKIP() << "pdftoppm (poppler-utils, scripts/debian-packages.txt) missing";
  for (const Paper paper : {Paper::kA4, Paper::kLetter}) {
    MarkerSheetOptions options;
    options.paper = paper;
    options.marker_mm = 60;
    const std::vector<PdfPage> pages = TableMarkerPages(options);
    ASSERT_EQ(pages.size(), 4u);
    const std::string pdf = WritePdf(pages, "tabref table markers");
    for (int id = 0; id < 4; ++id) {
      const cv::Mat image = Rasterise(pdf, id + 1);
      ASSERT_FALSE(image.empty()) << "pdftoppm failed on page " << id + 1;
      const cv::Size2d size = PaperSizeMm(paper);
      EXPECT_NEAR(image.cols, PxOf(size.width), 1.0);
      EXPECT_NEAR(image.rows, PxOf(size.height), 1.0);
      const MarkerDetection found = DetectTableMarkers(image);
      ASSERT_EQ(found.table_markers.size(), 1u) << PaperName(paper) << " page " << id + 1;
      EXPECT_EQ(found.table_markers[0].id, id);
      const auto& c = found.table_markers[0].corners;
      for (size_t k = 0; k < 4; ++k) {
        // The black square's side; the corners are pixel edges, so within a pixel.
        EXPECT_NEAR(cv::norm(c[(k + 1) % 4] - c[k]), PxOf(60), 1.0);
      }
      // Printed upright: corner 0 (top-left of the marker) is up and left.
      EXPECT_LT(c[0].x, c[1].x);
      EXPECT_LT(c[0].y, c[3].y);
    }
  }
}

TEST(PrintableSheets, CharucoBoardPrintsAtExactSizeAndIsFound) {
  if (!HavePdftoppm())
    GTEST_SKIP() << "pdftoppm (poppler-utils, scripts/debian-packages.txt) missing";
  const BoardSpec board = PrintedCharucoBoard();
  for (const Paper paper : {Paper::kA4, Paper::kLetter}) {
    const cv::Mat image = Rasterise(WritePdf({CharucoBoardPage(paper, board)}, "board"), 1);
    ASSERT_FALSE(image.empty());
    EXPECT_NEAR(image.cols, PxOf(PaperSizeMm(paper).height), 1.0);  // landscape
    const auto view = DetectBoard(image, board, "board");
    ASSERT_TRUE(view);
    EXPECT_EQ(static_cast<int>(view->image_points.size()), board.CornerCount());
    // Corners seven squares apart along a row (the printer's raster rounds single squares to
    // whole pixels).
    int spans = 0;
    for (size_t i = 0; i < view->object_points.size(); ++i) {
      for (size_t j = 0; j < view->object_points.size(); ++j) {
        const cv::Point3f apart = view->object_points[j] - view->object_points[i];
        if (std::abs(apart.y) > 1e-3 || std::abs(apart.x - 7 * board.square_mm) > 1e-3) continue;
        EXPECT_NEAR(cv::norm(view->image_points[j] - view->image_points[i]), PxOf(7 * 25), 1.0);
        ++spans;
      }
    }
    EXPECT_EQ(spans, 5);
  }
}

TEST(PrintableSheets, PdfIsWellFormedAndPngMatchesIt) {
  const std::vector<PdfPage> pages = TableMarkerPages({});
  const std::string pdf = WritePdf(pages, "tabref (table) markers");
  EXPECT_EQ(pdf.rfind("%PDF-1.4", 0), 0u);
  EXPECT_NE(pdf.find("/BaseFont /Helvetica"), std::string::npos);
  EXPECT_NE(pdf.find("(tabref \\(table\\) markers)"), std::string::npos);
  // The xref offsets point at the objects.
  const size_t startxref = std::stoul(pdf.substr(pdf.rfind("startxref") + 10));
  EXPECT_EQ(pdf.compare(startxref, 4, "xref"), 0);
  const size_t free_entry = pdf.find("65535 f \n", startxref);
  const size_t first = std::stoul(pdf.substr(free_entry + 9, 10));
  EXPECT_EQ(pdf.compare(first, 7, "1 0 obj"), 0);
  // Our own raster of page 1 decodes the same marker at the same size.
  const cv::Mat png = RenderPage(pages[0], 300);
  const MarkerDetection found = DetectTableMarkers(png);
  ASSERT_EQ(found.table_markers.size(), 1u);
  EXPECT_EQ(found.table_markers[0].id, 0);
  EXPECT_NEAR(cv::norm(found.table_markers[0].corners[1] - found.table_markers[0].corners[0]),
              60 * 300 / 25.4, 1.0);
}

TEST(PrintableSheets, MarkersTooLargeForThePaperAreRefused) {
  MarkerSheetOptions options;
  options.marker_mm = 190;
  EXPECT_THROW(options.Check(), std::invalid_argument);
  EXPECT_THROW(PaperFromName("a3"), std::invalid_argument);
  EXPECT_EQ(PaperFromName("Letter"), Paper::kLetter);
}

}  // namespace
}  // namespace tabref::calibration
