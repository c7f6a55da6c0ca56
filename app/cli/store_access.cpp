#include "app/cli/store_access.h"

#include <filesystem>

#include "data/store/default_path.h"

namespace tabref::cli {

OptionSpec DatabaseOption() {
  return {"db", "FILE", "the game database (default: ~/.local/share/tabref/tabref.sqlite)"};
}

std::unique_ptr<data::SqliteGameStore> OpenStore(const ParsedArgs& args) {
  if (auto path = args.Value("db")) return std::make_unique<data::SqliteGameStore>(*path);
  const std::filesystem::path path = data::DefaultDatabasePath();
  std::error_code error;
  std::filesystem::create_directories(path.parent_path(), error);
  if (error) {
    throw CommandError("cannot create " + path.parent_path().string() + ": " + error.message() +
                       "; give the database with --db FILE");
  }
  return std::make_unique<data::SqliteGameStore>(path.string());
}

std::int64_t ParseGameId(const std::string& text) {
  const std::string digits = !text.empty() && text[0] == '#' ? text.substr(1) : text;
  if (digits.empty() || digits.size() > 15 ||
      digits.find_first_not_of("0123456789") != std::string::npos || std::stoll(digits) == 0) {
    throw UsageError("'" + text + "' is not a game id; 'tabref game list' shows the ids");
  }
  return std::stoll(digits);
}

rules::Json ParseJsonArgument(const std::string& text, const std::string& what) {
  try {
    return rules::Json::parse(text);
  } catch (const rules::Json::parse_error&) {
    throw UsageError(what + " is not valid JSON: " + text);
  }
}

}  // namespace tabref::cli
