#include <cmath>
#include <optional>

#include "app/cli/calibration_access.h"
#include "app/cli/command.h"
#include "app/cli/store_access.h"
#include "app/cli/table_image.h"
#include "calibration/drift.h"
#include "calibration/table_calibration.h"

namespace tabref::cli {
namespace {

void PrintCalibration(const calibration::TableCalibration& table, std::ostream& out) {
  out << "reprojection RMS " << Fixed(table.reprojection_rms_px, 2) << " px over 16 corners\n";
  for (size_t id = 0; id < calibration::kTableMarkerCount; ++id) {
    out << "  marker " << id << " at (" << Fixed(table.marker_centres_mm[id].x, 1) << ", "
        << Fixed(table.marker_centres_mm[id].y, 1) << ") mm, turned "
        << Fixed(table.marker_angles_deg[id], 2) << " deg, RMS "
        << Fixed(table.marker_rms_px[id], 2) << " px\n";
  }
  const cv::Vec3d eye = -(table.rotation.t() * table.translation);
  const cv::Vec3d forward(table.rotation(2, 0), table.rotation(2, 1), table.rotation(2, 2));
  out << "camera " << Fixed(eye[2], 0) << " mm above the table at (" << Fixed(eye[0], 0) << ", "
      << Fixed(eye[1], 0) << ") mm, looking " << Fixed(std::acos(-forward[2]) * 180 / CV_PI, 1)
      << " deg from straight down; focal length " << Fixed(table.intrinsics.camera_matrix(0, 0), 1)
      << " px\n";
}

std::optional<calibration::Intrinsics> GivenIntrinsics(const ParsedArgs& args) {
  if (auto file = args.Value("intrinsics")) return calibration::ReadIntrinsics(*file);
  return std::nullopt;
}

}  // namespace

Command MakeCalibrateTableCommand() {
  CommandSpec spec{
      "calibrate table",
      "IMAGE [--intrinsics CAMERA.yml] [--marker-mm 60] --out TABLE.yml [--db FILE]",
      "the table frame from the four printed markers in one image",
      "Finds the table markers 0-3 (print them with 'tabref markers'), estimates the camera's\n"
      "pose and the markers' positions by least squares over all 16 corners and writes the\n"
      "table file. Without --intrinsics the focal length is estimated from the markers too\n"
      "(centred principal point, no lens distortion): good for a first try, a few mm off at\n"
      "the table's edges. The calibration is also kept in the store (--db).",
      {IntrinsicsOption(),
       MarkerSizeOption(),
       {"out", "TABLE.yml", "the table file to write"},
       {"debug", "PNG", "also write the markers found (green) and rejected (red) as a picture"},
       CameraNameOption(),
       DatabaseOption()},
      1,
      1};
  return {spec, [](const ParsedArgs& args, std::ostream& out) {
            const auto out_file = args.Value("out");
            if (!out_file) throw UsageError("give the table file to write with --out TABLE.yml");
            const calibration::TableCalibrationOptions options = TableOptions(args);
            CameraName(args);
            const std::string& image_file = args.positional[0];
            const cv::Mat image = ReadImage(image_file);
            const auto intrinsics = GivenIntrinsics(args);
            const calibration::MarkerDetection markers = calibration::DetectTableMarkers(image);
            if (auto debug = args.Value("debug")) {
              WritePng(*debug, calibration::DrawMarkerDetection(image, markers));
            }
            const calibration::TableCalibration table =
                calibration::CalibrateTable(markers, image.size(), intrinsics, options);
            if (table.focal_estimated) {
              out << "warning: no --intrinsics: the focal length was estimated from the markers "
                     "and lens distortion ignored; expect errors of millimetres at the table's "
                     "edges. Calibrate the lens with 'tabref calibrate intrinsics'.\n";
            }
            out << "table calibrated from " << image_file << " (" << image.cols << "x" << image.rows
                << ")\n";
            PrintCalibration(table, out);
            calibration::WriteTableCalibration(table, *out_file);
            StoreCalibration(args, "table", table.reprojection_rms_px,
                             calibration::TableCalibrationToYaml(table));
            out << "wrote " << *out_file << "\n";
            return 0;
          }};
}

Command MakeCalibrateCheckCommand() {
  CommandSpec spec{
      "calibrate check",
      "IMAGE --table TABLE.yml [--update] [--max-shift-px 0.75] [--db FILE]",
      "check a new frame against a table calibration (did the camera move?)",
      "Compares where the stored calibration puts the markers' corners with where they are in\n"
      "IMAGE. When the camera moved and three or more markers are in view, the pose is\n"
      "estimated again with the stored lens and marker layout; --update writes it to the\n"
      "table file (and the store) so play can continue.",
      {{"table", "TABLE.yml", "the table file from 'tabref calibrate table'"},
       {"update", "", "write the re-estimated pose to TABLE.yml when the camera moved"},
       {"max-shift-px", "PX", "corner shift that counts as a move (default 0.75)"},
       CameraNameOption(),
       DatabaseOption()},
      1,
      1};
  return {
      spec, [](const ParsedArgs& args, std::ostream& out) {
        const auto table_file = args.Value("table");
        if (!table_file) throw UsageError("give the table file with --table TABLE.yml");
        calibration::DriftOptions options;
        options.max_corner_shift_px =
            NumberOption(args, "max-shift-px", options.max_corner_shift_px);
        if (!(options.max_corner_shift_px > 0)) {
          throw UsageError("--max-shift-px must be positive");
        }
        CameraName(args);
        const calibration::TableCalibration stored = calibration::ReadTableCalibration(*table_file);
        const cv::Mat image = ReadImage(args.positional[0]);
        if (image.size() != stored.intrinsics.image_size) {
          throw CommandError(args.positional[0] + " is " + std::to_string(image.cols) + "x" +
                             std::to_string(image.rows) + " but " + *table_file + " was made at " +
                             std::to_string(stored.intrinsics.image_size.width) + "x" +
                             std::to_string(stored.intrinsics.image_size.height));
        }
        const calibration::DriftReport report =
            calibration::CheckDrift(stored, calibration::DetectTableMarkers(image), options);
        if (report.verdict == calibration::DriftVerdict::kNotEnoughView) {
          out << "not enough markers in view (" << report.markers_seen
              << "): cannot tell whether the camera moved\n";
          return 0;
        }
        out << (report.verdict == calibration::DriftVerdict::kSteady ? "steady" : "moved") << ": "
            << report.markers_seen << " markers, corners off by up to "
            << Fixed(report.max_corner_shift_px, 2) << " px (RMS "
            << Fixed(report.rms_corner_shift_px, 2) << " px)\n";
        if (report.verdict != calibration::DriftVerdict::kMoved) return 0;
        if (!report.recalibrated) {
          out << "the pose could not be estimated again (a sheet moved, or fewer than three "
                 "markers in view): run 'tabref calibrate table'\n";
          return 0;
        }
        out << "pose estimated again with the stored lens and layout: ";
        PrintCalibration(*report.recalibrated, out);
        if (args.Has("update")) {
          calibration::WriteTableCalibration(*report.recalibrated, *table_file);
          StoreCalibration(args, "table", report.recalibrated->reprojection_rms_px,
                           calibration::TableCalibrationToYaml(*report.recalibrated));
          out << "updated " << *table_file << "\n";
        }
        return 0;
      }};
}

}  // namespace tabref::cli
