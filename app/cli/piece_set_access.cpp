#include "app/cli/piece_set_access.h"

#include <filesystem>

#include "app/cli/data_dir.h"
#include "app/cli/store_access.h"

namespace tabref::cli {
namespace {

vision::PieceSet LoadSetFile(const std::filesystem::path& file) {
  try {
    return vision::LoadPieceSet(file);
  } catch (const vision::PieceSetError& error) {
    throw CommandError(error.what());
  }
}

}  // namespace

OptionSpec PieceSetOption() {
  return {"set", "NAME|FILE",
          "the piece set: a set file, a set enrolled with 'tabref enroll', or a bundled one "
          "(default piecepack)"};
}

vision::PieceSet ChoosePieceSet(const ParsedArgs& args) {
  const auto chosen = args.Value("set");
  if (!chosen) return LoadSetFile(DataDir() / "sets" / "piecepack.json");
  const std::filesystem::path path(*chosen);
  if (path.extension() == ".json" || path.has_parent_path() || std::filesystem::exists(path)) {
    if (!std::filesystem::is_regular_file(path)) {
      throw CommandError("set file " + *chosen +
                         " does not exist; give a set file or the name of " +
                         "an enrolled or bundled set");
    }
    return LoadSetFile(path);
  }
  if (auto store = OpenStoreForReading(args)) {
    if (auto record = store->PieceSet(*chosen)) {
      try {
        return vision::PieceSetFromJson(record->definition, "enrolled set '" + *chosen + "'");
      } catch (const vision::PieceSetError& error) {
        throw CommandError(error.what());
      }
    }
  }
  const std::filesystem::path bundled = DataDir() / "sets" / (*chosen + ".json");
  if (std::filesystem::is_regular_file(bundled)) return LoadSetFile(bundled);
  throw CommandError("no piece set named '" + *chosen + "' in the store or in " +
                     (DataDir() / "sets").string() + "; enroll it with 'tabref enroll' or give a " +
                     "set file");
}

}  // namespace tabref::cli
