#include "app/cli/command.h"
#include "app/cli/files.h"
#include "app/cli/piece_set_access.h"
#include "app/cli/store_access.h"
#include "app/cli/table_image.h"
#include "vision/enroll/set_enrollment.h"

namespace tabref::cli {

Command MakeEnrollCommand() {
  CommandSpec spec{
      "enroll",
      "IMAGE --name NAME [--from SET] [--intrinsics CAMERA.yml] [--marker-mm 60] [--out FILE] "
      "[--db FILE]",
      "measure your own piece set from a picture and keep it in the store",
      "Lay the set's coins on the calibrated table (markers in view), each suit's suit side up\n"
      "at least once, and take one picture. The pieces are found by shape with the --from set\n"
      "(default piecepack), then the coins' diameter and each suit's ink colour are measured "
      "(relative\n"
      "to the coin's face, so the camera's white balance cancels) and the set is stored under\n"
      "NAME: 'tabref detect --set NAME' uses it. What could not be measured is kept from the\n"
      "--from set and listed. --out also writes the set file.",
      {{"name", "NAME", "the name to keep the set under (letters, digits, '-' and '_')"},
       {"from", "SET", "the set the pieces resemble: a set file, enrolled or bundled set name"},
       IntrinsicsOption(),
       MarkerSizeOption(),
       {"out", "FILE", "also write the set file (JSON) here"},
       DatabaseOption()},
      1,
      1};
  return {
      spec, [](const ParsedArgs& args, std::ostream& out) {
        const auto name = args.Value("name");
        if (!name) throw UsageError("give the set's name with --name NAME");
        if (name->empty() || name->size() > 64 ||
            name->find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                    "0123456789-_") != std::string::npos) {
          throw UsageError("--name '" + *name +
                           "' must be 1-64 letters, digits, '-' or '_' (it is also a file name)");
        }
        const rules::Json base = ChoosePieceSetDefinition(args, "from");
        const std::string& image_file = args.positional[0];
        const TableImage seen = ReadTableImage(args, image_file);
        out << EstimatedFocalWarning(seen.table);
        const vision::SetEnrollment enrolled =
            vision::EnrollSet(base, *name, seen.image, seen.table);
        if (enrolled.measured.empty()) {
          throw CommandError("no coin of the set was found in " + image_file +
                             "; lay the coins flat on the table in view and try again");
        }
        out << "enrolled set '" << *name << "' from " << enrolled.detection.pieces.size()
            << " pieces in " << image_file << "\n";
        for (const std::string& line : enrolled.measured) out << "  measured " << line << "\n";
        for (const std::string& line : enrolled.kept) out << "  kept " << line << "\n";
        const std::string text = enrolled.definition.dump(2) + "\n";
        if (auto file = args.Value("out")) {
          WriteFileAtomically(*file, text);
          out << "wrote " << *file << "\n";
        }
        OpenStore(args)->SavePieceSet(*name, enrolled.definition);
        out << "stored; use it with --set " << *name << "\n";
        return 0;
      }};
}

}  // namespace tabref::cli
