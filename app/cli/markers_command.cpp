#include <filesystem>

#include "app/cli/calibration_access.h"
#include "app/cli/command.h"
#include "calibration/printable_sheets.h"

namespace tabref::cli {

Command MakeMarkersCommand() {
  CommandSpec spec{
      "markers",
      "--out DIR [--paper a4|letter] [--marker-mm 60]",
      "print-ready table markers and a ChArUco calibration board (PDF and PNG)",
      "Writes the four table markers (ArUco DICT_4X4_50 ids 0-3), one per page with a 100 mm\n"
      "scale bar and where each goes, and a ChArUco board for 'tabref calibrate intrinsics'\n"
      "(9x6 squares of 25 mm, 18 mm DICT_5X5_100 markers) as vector PDF, plus 300 dpi PNGs.\n"
      "Print at 100 % (actual size) and check the scale bars.",
      {{"out", "DIR", "the output folder (created when missing)"},
       {"paper", "NAME", "a4 (default) or letter"},
       {"marker-mm", "MM", "side of the markers' black square (default 60)"}}};
  return {
      spec, [](const ParsedArgs& args, std::ostream& out) {
        const auto dir = args.Value("out");
        if (!dir) throw UsageError("give the output folder with --out DIR");
        calibration::MarkerSheetOptions options;
        try {
          options.paper = calibration::PaperFromName(args.Value("paper").value_or("a4"));
          options.marker_mm = NumberOption(args, "marker-mm", options.marker_mm);
          options.Check();
        } catch (const std::invalid_argument& error) {
          throw UsageError(error.what());
        }
        std::error_code error;
        std::filesystem::create_directories(*dir, error);
        if (error || !std::filesystem::is_directory(*dir)) {
          throw CommandError("cannot create the folder " + *dir +
                             (error ? ": " + error.message() : ""));
        }
        const std::string paper = calibration::PaperName(options.paper);
        const std::filesystem::path folder(*dir);
        std::vector<std::string> written;
        const auto write = [&](const std::filesystem::path& file, const auto& writer) {
          writer(file.string());
          written.push_back(file.string());
        };
        const calibration::PrintablePdfs pdfs = calibration::WritePrintablePdfs(folder, options);
        written.push_back(pdfs.table_markers.string());
        const std::vector<calibration::PdfPage> pages = calibration::TableMarkerPages(options);
        for (size_t id = 0; id < pages.size(); ++id) {
          write(folder / ("table-marker-" + std::to_string(id) + "-" + paper + "-300dpi.png"),
                [&](const std::string& file) {
                  WritePng(file, calibration::RenderPage(pages[id], 300));
                });
        }
        const calibration::PdfPage board =
            calibration::CharucoBoardPage(options.paper, calibration::PrintedCharucoBoard());
        written.push_back(pdfs.charuco_board.string());
        write(folder / ("charuco-board-" + paper + "-300dpi.png"), [&](const std::string& file) {
          WritePng(file, calibration::RenderPage(board, 300));
        });
        for (const std::string& file : written) out << "wrote " << file << "\n";
        out << "print at 100 % (actual size) and check that each scale bar measures 100 mm\n";
        return 0;
      }};
}

}  // namespace tabref::cli
