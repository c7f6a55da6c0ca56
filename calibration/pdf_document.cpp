#include "calibration/pdf_document.h"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <opencv2/imgproc.hpp>
#include <sstream>

namespace tabref::calibration {
namespace {

constexpr double kPointsPerMm = 72.0 / 25.4;

std::string Number(double value) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.4f", value);
  std::string text(buffer);
  while (!text.empty() && text.back() == '0') text.pop_back();
  if (!text.empty() && text.back() == '.') text.pop_back();
  return text == "-0" ? "0" : text;
}

std::string Escaped(const std::string& text) {
  std::string escaped;
  for (char c : text) {
    if (c == '(' || c == ')' || c == '\\') escaped += '\\';
    escaped += (c >= 32 && c < 127) ? c : '?';
  }
  return escaped;
}

std::string ContentStream(const PdfPage& page) {
  std::ostringstream content;
  double grey = -1;
  for (const PdfRect& rect : page.rects) {
    if (rect.grey != grey) {
      grey = rect.grey;
      content << Number(grey) << " g\n";
    }
    content << Number(rect.x_mm * kPointsPerMm) << " " << Number(rect.y_mm * kPointsPerMm) << " "
            << Number(rect.width_mm * kPointsPerMm) << " " << Number(rect.height_mm * kPointsPerMm)
            << " re f\n";
  }
  if (!page.texts.empty()) content << "0 g\n";
  for (const PdfText& text : page.texts) {
    content << "BT /" << (text.bold ? "F2 " : "F1 ") << Number(text.size_pt) << " Tf "
            << Number(text.x_mm * kPointsPerMm) << " " << Number(text.y_mm * kPointsPerMm)
            << " Td (" << Escaped(text.text) << ") Tj ET\n";
  }
  return content.str();
}

}  // namespace

std::string WritePdf(const std::vector<PdfPage>& pages, const std::string& title) {
  // Objects: 1 catalog, 2 page tree, 3 and 4 fonts, 5 info, then a page and its content
  // stream per page.
  std::vector<std::string> objects;
  std::ostringstream kids;
  for (size_t i = 0; i < pages.size(); ++i) kids << (i ? " " : "") << 6 + 2 * i << " 0 R";
  objects.emplace_back("<< /Type /Catalog /Pages 2 0 R >>");
  objects.emplace_back("<< /Type /Pages /Kids [" + kids.str() + "] /Count " +
                       std::to_string(pages.size()) + " >>");
  objects.emplace_back("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>");
  objects.emplace_back("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold >>");
  objects.emplace_back("<< /Title (" + Escaped(title) + ") /Producer (tabref) >>");
  for (size_t i = 0; i < pages.size(); ++i) {
    const PdfPage& page = pages[i];
    objects.emplace_back("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 " +
                         Number(page.width_mm * kPointsPerMm) + " " +
                         Number(page.height_mm * kPointsPerMm) +
                         "] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents " +
                         std::to_string(7 + 2 * i) + " 0 R >>");
    const std::string content = ContentStream(page);
    objects.emplace_back("<< /Length " + std::to_string(content.size()) + " >>\nstream\n" +
                         content + "endstream");
  }
  std::string pdf = "%PDF-1.4\n%\xE2\xE3\xCF\xD3\n";
  std::vector<size_t> offsets;
  for (size_t i = 0; i < objects.size(); ++i) {
    offsets.push_back(pdf.size());
    pdf += std::to_string(i + 1) + " 0 obj\n" + objects[i] + "\nendobj\n";
  }
  const size_t xref = pdf.size();
  pdf += "xref\n0 " + std::to_string(objects.size() + 1) + "\n0000000000 65535 f \n";
  for (size_t offset : offsets) {
    char line[24];
    std::snprintf(line, sizeof line, "%010zu 00000 n \n", offset);
    pdf += line;
  }
  pdf += "trailer\n<< /Size " + std::to_string(objects.size() + 1) +
         " /Root 1 0 R /Info 5 0 R >>\nstartxref\n" + std::to_string(xref) + "\n%%EOF\n";
  return pdf;
}

cv::Mat RenderPage(const PdfPage& page, double dpi) {
  const double px_per_mm = dpi / 25.4;
  const cv::Size size(static_cast<int>(std::ceil(page.width_mm * px_per_mm)),
                      static_cast<int>(std::ceil(page.height_mm * px_per_mm)));
  cv::Mat image(size, CV_8UC3, cv::Scalar(255, 255, 255));
  // Rectangles are axis-aligned and do not overlap: each pixel sums the ink of the area
  // fractions they cover, so rectangles sharing an edge inside a pixel leave no seam.
  cv::Mat ink(size, CV_64F, cv::Scalar(0));
  for (const PdfRect& rect : page.rects) {
    const double x0 = rect.x_mm * px_per_mm;
    const double x1 = (rect.x_mm + rect.width_mm) * px_per_mm;
    const double y0 = (page.height_mm - rect.y_mm - rect.height_mm) * px_per_mm;
    const double y1 = (page.height_mm - rect.y_mm) * px_per_mm;
    const int first_column = std::max(0, static_cast<int>(std::floor(x0)));
    const int last_column = std::min(size.width - 1, static_cast<int>(std::ceil(x1)) - 1);
    const int first_row = std::max(0, static_cast<int>(std::floor(y0)));
    const int last_row = std::min(size.height - 1, static_cast<int>(std::ceil(y1)) - 1);
    for (int r = first_row; r <= last_row; ++r) {
      const double cover_y = std::min(y1, r + 1.0) - std::max(y0, static_cast<double>(r));
      auto* row = ink.ptr<double>(r);
      for (int c = first_column; c <= last_column; ++c) {
        row[c] += (1 - rect.grey) * cover_y *
                  (std::min(x1, c + 1.0) - std::max(x0, static_cast<double>(c)));
      }
    }
  }
  cv::Mat grey;
  ink.convertTo(grey, CV_8U, -255, 255);  // saturates where ink reaches 1
  cv::cvtColor(grey, image, cv::COLOR_GRAY2BGR);
  for (const PdfText& text : page.texts) {
    const int thickness =
        std::max(1, static_cast<int>(text.size_pt * dpi / 72 / (text.bold ? 8 : 14)));
    // Hershey simplex capitals are about 22 units tall at scale 1; Helvetica's about 0.72 em.
    const double scale = 0.72 * text.size_pt * dpi / 72 / 22;
    const cv::Point origin(static_cast<int>(std::lround(text.x_mm * px_per_mm)),
                           static_cast<int>(std::lround((page.height_mm - text.y_mm) * px_per_mm)));
    cv::putText(image, text.text, origin, cv::FONT_HERSHEY_SIMPLEX, scale, cv::Scalar(0, 0, 0),
                thickness, cv::LINE_AA);
  }
  return image;
}

}  // namespace tabref::calibration
