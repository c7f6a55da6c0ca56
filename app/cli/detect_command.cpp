#include <filesystem>
#include <iomanip>
#include <optional>
#include <sstream>

#include "app/cli/calibration_access.h"
#include "app/cli/command.h"
#include "app/cli/files.h"
#include "app/cli/piece_set_access.h"
#include "app/cli/store_access.h"
#include "app/cli/table_image.h"
#include "calibration/markers.h"
#include "calibration/table_calibration.h"
#include "vision/detect/piece_detector.h"
#include "vision/observation/observation_json.h"
#include "vision/observation/piece_gaps.h"

namespace tabref::cli {
namespace {

using Json = nlohmann::ordered_json;

// Gaps are listed between pieces at most this far apart (mm): neighbours, not the whole table.
constexpr double kListedGapMm = 60;

Json TableJson(const calibration::MarkerDetection& markers,
               const calibration::TableCalibration& table) {
  Json ids = Json::array();
  for (const auto& marker : markers.table_markers) ids.push_back(marker.id);
  Json json = {{"found", true}, {"markers", ids}};
  Json rotation = Json::array();
  for (int row = 0; row < 3; ++row) {
    for (int column = 0; column < 3; ++column) rotation.push_back(table.rotation(row, column));
  }
  json["reprojection_rms_px"] = std::round(table.reprojection_rms_px * 1000) / 1000;
  json["camera_from_table"] = {
      {"R", rotation},
      {"t_mm", {table.translation[0], table.translation[1], table.translation[2]}}};
  return json;
}

Json DetectionJson(const std::string& image_file, const cv::Size& size, Json table,
                   const std::vector<vision::ObservedPiece>& pieces) {
  Json json = {{"image", std::filesystem::path(image_file).filename().string()},
               {"image_size", {size.width, size.height}},
               {"table", std::move(table)}};
  json["pieces"] = Json::array();
  for (const auto& piece : pieces) json["pieces"].push_back(vision::PieceToJson(piece));
  json["gaps"] = Json::array();
  for (const auto& gap : vision::MeasureGaps(pieces, kListedGapMm)) {
    json["gaps"].push_back(vision::GapToJson(gap));
  }
  return json;
}

// The detection as text: one line per piece and per gap, so that a file of many pieces stays
// readable and diffable.
std::string DetectionText(const Json& json) {
  std::string text = "{\n";
  bool first = true;
  for (const auto& [key, value] : json.items()) {
    text += first ? "" : ",\n";
    first = false;
    text += "  \"" + key + "\": ";
    if (value.is_array() && !value.empty() && value.front().is_object()) {
      text += "[\n";
      for (size_t i = 0; i < value.size(); ++i) {
        text += "    " + value[i].dump() + (i + 1 < value.size() ? ",\n" : "\n");
      }
      text += "  ]";
    } else {
      text += value.dump();
    }
  }
  return text + "\n}\n";
}

void WriteJson(const std::string& target, const Json& json, std::ostream& out) {
  if (target == "-") {
    out << DetectionText(json);
  } else {
    WriteFileAtomically(target, DetectionText(json));
  }
}

void PrintPieces(const vision::Detection& detection, std::ostream& out) {
  for (const auto& piece : detection.pieces) {
    out << "  " << vision::ToString(piece.kind);
    for (const auto* field :
         {&piece.side, &piece.suit, &piece.rank, &piece.colour, &piece.size, &piece.pose}) {
      if (*field) out << " " << **field;
    }
    out << " at (" << Fixed(piece.position_mm.x, 2) << ", " << Fixed(piece.position_mm.y, 2)
        << ") mm +- " << Fixed(piece.sigma_mm, 2) << " mm\n";
  }
  out << "time:";
  for (const auto& timing : detection.timings)
    out << " " << timing.stage << " " << Fixed(timing.ms, 1) << " ms,";
  out << " total " << Fixed(detection.TotalMs(), 1) << " ms\n";
}

void WriteDebugImages(const std::filesystem::path& folder, const vision::Detection& detection) {
  std::error_code error;
  std::filesystem::create_directories(folder, error);
  if (error)
    throw CommandError("cannot create the debug folder " + folder.string() + ": " +
                       error.message());
  for (const auto& [name, image] : detection.debug_images) {
    WritePng((folder / (name + ".png")).string(), image);
  }
  // The candidates the stages turned down, and why: what explains a miss.
  std::ostringstream rejected;
  rejected << std::fixed << std::setprecision(1);
  for (const vision::RejectedCandidate& candidate : detection.rejected) {
    rejected << vision::ToString(candidate.kind) << " at (" << candidate.table_mm.x << ", "
             << candidate.table_mm.y << ") mm, " << candidate.stage << ": " << candidate.reason
             << "\n";
  }
  WriteFileAtomically((folder / "rejected.txt").string(), rejected.str());
}

}  // namespace

Command MakeDetectCommand() {
  CommandSpec spec{
      "detect",
      "IMAGE [--intrinsics CAMERA.yml] [--marker-mm 60] [--set NAME|FILE] [--json OUT|-]",
      "find the pieces in a picture of the table and measure them in table millimetres",
      "Finds the table frame from the four markers in IMAGE (with the lens of --intrinsics, or\n"
      "the focal length estimated from the markers), then the coins, tiles and pyramids on\n"
      "it: what each is, where (the point on the table below its centre, mm), its footprint,\n"
      "a 1-sigma position uncertainty and the gaps between neighbours. --json writes the JSON\n"
      "of DESIGN.md ('-' for standard output). When the markers cannot be found the command\n"
      "says which and exits 1, leaving an existing OUT as it was.",
      {IntrinsicsOption(),
       MarkerSizeOption(),
       PieceSetOption(),
       {"json", "OUT|-", "write the detection as JSON to OUT, or '-' for standard output"},
       {"debug", "DIR",
        "write the detector's stage images (top view, votes) and rejected candidates to DIR"},
       DatabaseOption()},
      1,
      1};
  return {spec, [](const ParsedArgs& args, std::ostream& out) {
            const auto json_target = args.Value("json");
            std::ostream null_stream(nullptr);
            std::ostream& text = json_target == "-" ? null_stream : out;
            const std::string& image_file = args.positional[0];
            const TableImage seen = ReadTableImage(args, image_file);
            vision::DetectionOptions options;
            options.debug_images = args.Has("debug");
            vision::PieceDetector detector(ChoosePieceSet(args), options);
            text << EstimatedFocalWarning(seen.table);
            detector.SetCalibration(seen.table);
            const vision::Detection detection = detector.Detect(seen.image);
            if (auto folder = args.Value("debug")) WriteDebugImages(*folder, detection);
            text << detection.pieces.size() << " pieces in " << image_file << " ("
                 << detection.rejected.size() << " candidates rejected)\n";
            PrintPieces(detection, text);
            if (json_target) {
              WriteJson(*json_target,
                        DetectionJson(image_file, seen.image.size(),
                                      TableJson(seen.markers, seen.table), detection.pieces),
                        out);
              if (*json_target != "-") text << "wrote " << *json_target << "\n";
            }
            return 0;
          }};
}

}  // namespace tabref::cli
