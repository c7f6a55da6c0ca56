#include "app/cli/piece_set_access.h"

#include <filesystem>

#include "app/cli/data_dir.h"
#include "app/cli/files.h"
#include "app/cli/store_access.h"

namespace tabref::cli {
namespace {

// The JSON of a set file, checked to be a valid set.
rules::Json ReadSetFile(const std::filesystem::path& file) {
  rules::Json definition = ReadJsonFile(file.string());
  try {
    vision::PieceSetFromJson(definition, file.string());
  } catch (const vision::PieceSetError& error) {
    throw CommandError(error.what());
  }
  return definition;
}

}  // namespace

OptionSpec PieceSetOption() {
  return {"set", "NAME|FILE",
          "the piece set: a set file, a set enrolled with 'tabref enroll', or a bundled one "
          "(default piecepack)"};
}

rules::Json ChoosePieceSetDefinition(const ParsedArgs& args, const std::string& option) {
  const auto chosen = args.Value(option);
  if (!chosen) return ReadSetFile(DataDir() / "sets" / "piecepack.json");
  const std::filesystem::path path(*chosen);
  if (path.extension() == ".json" || path.has_parent_path() || std::filesystem::exists(path)) {
    if (!std::filesystem::is_regular_file(path)) {
      throw CommandError("set file " + *chosen +
                         " does not exist; give a set file or the name of " +
                         "an enrolled or bundled set");
    }
    return ReadSetFile(path);
  }
  if (auto store = OpenStoreForReading(args)) {
    if (auto record = store->PieceSet(*chosen)) {
      try {
        vision::PieceSetFromJson(record->definition, "enrolled set '" + *chosen + "'");
      } catch (const vision::PieceSetError& error) {
        throw CommandError(error.what());
      }
      return record->definition;
    }
  }
  const std::filesystem::path bundled = DataDir() / "sets" / (*chosen + ".json");
  if (std::filesystem::is_regular_file(bundled)) return ReadSetFile(bundled);
  throw CommandError("no piece set named '" + *chosen + "' in the store or in " +
                     (DataDir() / "sets").string() + "; enroll it with 'tabref enroll' or give a " +
                     "set file");
}

vision::PieceSet ChoosePieceSet(const ParsedArgs& args) {
  return vision::PieceSetFromJson(ChoosePieceSetDefinition(args), "set");
}

}  // namespace tabref::cli
