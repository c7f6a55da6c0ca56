#include "calibration/printable_sheets.h"

#include <cctype>
#include <cmath>
#include <map>
#include <opencv2/aruco/charuco.hpp>
#include <opencv2/imgproc.hpp>
#include <sstream>
#include <stdexcept>

#include "calibration/atomic_file.h"
#include "calibration/markers.h"

namespace tabref::calibration {
namespace {

constexpr double kScaleBarMm = 100;
constexpr std::array<const char*, 4> kPlaces{
    "the near-left corner of the play area (the origin)",
    "the near-right corner (the table's +x axis runs from marker 0 to here)",
    "the far-right corner", "the far-left corner (+y runs from marker 0 to here)"};

std::string Millimetres(double value) {
  std::ostringstream text;
  text << value;
  return text.str();
}

// `picture`'s black pixels as rectangles of `mm_per_px`, its top-left corner at (left, top)
// on the page (PDF coordinates: y up).
void AddPicture(PdfPage& page, const cv::Mat& picture, double left_mm, double top_mm,
                double mm_per_px) {
  for (const cv::Rect& rect : BlackRectangles(picture)) {
    page.rects.push_back({left_mm + rect.x * mm_per_px, top_mm - (rect.y + rect.height) * mm_per_px,
                          rect.width * mm_per_px, rect.height * mm_per_px, 0});
  }
}

// A bar of alternating black and white centimetres with a thin frame, labelled below.
void AddScaleBar(PdfPage& page, double left_mm, double bottom_mm) {
  constexpr double kHeight = 4;
  constexpr double kLine = 0.25;
  for (int cm = 0; cm < static_cast<int>(kScaleBarMm / 10); cm += 2) {
    page.rects.push_back({left_mm + cm * 10, bottom_mm, 10, kHeight, 0});
  }
  page.rects.push_back({left_mm, bottom_mm, kScaleBarMm, kLine, 0});
  page.rects.push_back({left_mm, bottom_mm + kHeight - kLine, kScaleBarMm, kLine, 0});
  page.rects.push_back({left_mm + kScaleBarMm - kLine, bottom_mm, kLine, kHeight, 0});
  page.texts.push_back({left_mm, bottom_mm - 5, 9, "0", false});
  page.texts.push_back({left_mm + 48, bottom_mm - 5, 9, "50", false});
  page.texts.push_back({left_mm + kScaleBarMm - 4, bottom_mm - 5, 9, "100 mm", false});
  page.texts.push_back(
      {left_mm + kScaleBarMm + 8, bottom_mm + 0.5, 9, "<- must measure exactly 100 mm", false});
}

}  // namespace

Paper PaperFromName(const std::string& name) {
  std::string lower;
  for (char c : name) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (lower == "a4") return Paper::kA4;
  if (lower == "letter") return Paper::kLetter;
  throw std::invalid_argument("unknown paper '" + name + "'; use a4 or letter");
}

std::string PaperName(Paper paper) { return paper == Paper::kA4 ? "a4" : "letter"; }

cv::Size2d PaperSizeMm(Paper paper) {
  return paper == Paper::kA4 ? cv::Size2d(210, 297) : cv::Size2d(215.9, 279.4);
}

void MarkerSheetOptions::Check() const {
  const double largest = PaperSizeMm(paper).width - 60;
  if (!(marker_mm >= 20 && marker_mm <= largest)) {
    throw std::invalid_argument("MarkerSheetOptions.marker_mm must be in 20.." +
                                Millimetres(largest) + " mm to fit " + PaperName(paper) +
                                " paper with its scale bar");
  }
}

BoardSpec PrintedCharucoBoard() {
  BoardSpec board;
  board.kind = BoardKind::kCharuco;
  board.size = {9, 6};
  board.square_mm = 25;
  board.marker_mm = 18;
  board.dictionary = cv::aruco::DICT_5X5_100;
  return board;
}

std::vector<cv::Rect> BlackRectangles(const cv::Mat& binary) {
  std::vector<cv::Rect> rectangles;
  std::map<std::pair<int, int>, size_t> open;  // run [x0, x1) -> rectangle still growing
  for (int y = 0; y < binary.rows; ++y) {
    std::map<std::pair<int, int>, size_t> still_open;
    const auto* row = binary.ptr<std::uint8_t>(y);
    for (int x = 0; x < binary.cols;) {
      if (row[x] >= 128) {
        ++x;
        continue;
      }
      const int start = x;
      while (x < binary.cols && row[x] < 128) ++x;
      const std::pair<int, int> run{start, x};
      if (auto it = open.find(run); it != open.end()) {
        ++rectangles[it->second].height;
        still_open[run] = it->second;
      } else {
        rectangles.emplace_back(start, y, x - start, 1);
        still_open[run] = rectangles.size() - 1;
      }
    }
    open = std::move(still_open);
  }
  return rectangles;
}

std::vector<PdfPage> TableMarkerPages(const MarkerSheetOptions& options) {
  options.Check();
  const cv::Size2d paper = PaperSizeMm(options.paper);
  const auto dictionary = cv::aruco::getPredefinedDictionary(cv::aruco::DICT_4X4_50);
  std::vector<PdfPage> pages;
  for (int id = 0; id < kTableMarkerCount; ++id) {
    PdfPage page;
    page.width_mm = paper.width;
    page.height_mm = paper.height;
    const double left = 20;
    double line = paper.height - 22;
    page.texts.push_back({left, line, 20, "tabref table marker " + std::to_string(id), true});
    const std::vector<std::string> lines{
        "ArUco DICT_4X4_50 id " + std::to_string(id) + ", black square " +
            Millimetres(options.marker_mm) + " mm (tabref calibrate table --marker-mm " +
            Millimetres(options.marker_mm) + ").",
        "Place it at " + std::string(kPlaces[static_cast<size_t>(id)]) + ".",
        "Print at 100 % (\"actual size\", no \"fit to page\") and check the scale bar.",
        "Lay it flat with this text toward the far side of the table; keep the white border."};
    for (const std::string& text : lines) {
      line -= 7;
      page.texts.push_back({left, line, 10, text, false});
    }
    // One picture pixel per marker cell: 4x4 bits and a one-cell black border.
    cv::Mat marker;
    dictionary->drawMarker(id, 6, marker, 1);
    const double side = options.marker_mm;
    const double marker_left = (paper.width - side) / 2;
    const double marker_top = paper.height / 2 + side / 2;
    AddPicture(page, marker, marker_left, marker_top, side / 6);
    page.texts.push_back(
        {marker_left + side + 8, marker_top - side / 2 - 8, 40, std::to_string(id), true});
    AddScaleBar(page, left, marker_top - side - 30);
    pages.push_back(page);
  }
  return pages;
}

PdfPage CharucoBoardPage(Paper paper, const BoardSpec& board) {
  board.Check();
  const cv::Size2d portrait = PaperSizeMm(paper);
  PdfPage page;
  page.width_mm = portrait.height;  // landscape
  page.height_mm = portrait.width;
  const double width = board.size.width * board.square_mm;
  const double height = board.size.height * board.square_mm;
  if (width > page.width_mm - 20 || height > page.height_mm - 55) {
    throw std::invalid_argument("the ChArUco board (" + Millimetres(width) + " x " +
                                Millimetres(height) + " mm) does not fit " + PaperName(paper) +
                                " paper");
  }
  // Draw at a resolution where every square and marker cell edge falls on a pixel edge
  // (14 px/mm for 25 mm squares with 18 mm markers), then trace the black pixels.
  constexpr double kPxPerMm = 14;
  cv::Mat picture;
  const auto charuco = cv::aruco::CharucoBoard::create(
      board.size.width, board.size.height, static_cast<float>(board.square_mm),
      static_cast<float>(board.marker_mm), cv::aruco::getPredefinedDictionary(board.dictionary));
  charuco->draw(cv::Size(static_cast<int>(std::lround(width * kPxPerMm)),
                         static_cast<int>(std::lround(height * kPxPerMm))),
                picture, 0, 1);
  cv::threshold(picture, picture, 127, 255, cv::THRESH_BINARY);
  const double left = (page.width_mm - width) / 2;
  const double top = page.height_mm - 30;
  AddPicture(page, picture, left, top, 1 / kPxPerMm);
  page.texts.push_back({left, page.height_mm - 14, 14, "tabref ChArUco calibration board", true});
  page.texts.push_back({left, page.height_mm - 21, 9,
                        std::to_string(board.size.width) + "x" + std::to_string(board.size.height) +
                            " squares of " + Millimetres(board.square_mm) + " mm, markers " +
                            Millimetres(board.marker_mm) + " mm, " +
                            DictionaryName(board.dictionary) +
                            ". Print at 100 %, glue flat on card, check the scale bar.",
                        false});
  page.texts.push_back(
      {left, top - height - 8, 9,
       "tabref calibrate intrinsics IMAGES... --charuco " + std::to_string(board.size.width) + "x" +
           std::to_string(board.size.height) + " --square-mm " + Millimetres(board.square_mm) +
           " --marker-mm " + Millimetres(board.marker_mm) + " --out camera.yml",
       false});
  AddScaleBar(page, left, top - height - 20);
  return page;
}

PrintablePdfs WritePrintablePdfs(const std::filesystem::path& folder,
                                 const MarkerSheetOptions& options) {
  options.Check();
  const std::string paper = PaperName(options.paper);
  PrintablePdfs written{folder / ("table-markers-" + paper + ".pdf"),
                        folder / ("charuco-board-" + paper + ".pdf")};
  WriteFileAtomically(written.table_markers,
                      WritePdf(TableMarkerPages(options), "tabref table markers"));
  WriteFileAtomically(
      written.charuco_board,
      WritePdf({CharucoBoardPage(options.paper, PrintedCharucoBoard())}, "tabref ChArUco board"));
  return written;
}

}  // namespace tabref::calibration
