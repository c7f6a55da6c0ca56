#include "app/cli/store_access.h"

#include <cstdlib>
#include <filesystem>

#include "data/store/default_path.h"

namespace tabref::cli {
namespace {

constexpr char kLockTimeoutVariable[] = "TABREF_LOCK_TIMEOUT_MS";

// The store options of every command: how long to wait for another program's lock comes
// from TABREF_LOCK_TIMEOUT_MS when it is set.
data::SqliteStoreOptions StoreOptions(bool read_only) {
  data::SqliteStoreOptions options;
  options.read_only = read_only;
  if (const char* text = std::getenv(kLockTimeoutVariable); text != nullptr && *text != '\0') {
    const std::string value = text;
    if (value.size() > 9 || value.find_first_not_of("0123456789") != std::string::npos) {
      throw UsageError(std::string(kLockTimeoutVariable) +
                       " must be a whole number of milliseconds, got '" + value + "'");
    }
    options.busy_timeout_ms = std::stoi(value);
  }
  return options;
}

void RefuseFolder(const std::filesystem::path& path) {
  std::error_code error;
  if (std::filesystem::is_directory(path, error)) {
    throw CommandError(path.string() + " is a folder, not a database file; give --db FILE");
  }
}

}  // namespace

OptionSpec DatabaseOption() {
  return {"db", "FILE", "the game database (default: ~/.local/share/tabref/tabref.sqlite)"};
}

std::unique_ptr<data::SqliteGameStore> OpenStore(const ParsedArgs& args) {
  const data::SqliteStoreOptions options = StoreOptions(false);
  if (auto path = args.Value("db")) {
    RefuseFolder(*path);
    return std::make_unique<data::SqliteGameStore>(*path, options);
  }
  const std::filesystem::path path = data::DefaultDatabasePath();
  std::error_code error;
  std::filesystem::create_directories(path.parent_path(), error);
  if (error) {
    throw CommandError("cannot create " + path.parent_path().string() + ": " + error.message() +
                       "; give the database with --db FILE");
  }
  return std::make_unique<data::SqliteGameStore>(path.string(), options);
}

std::unique_ptr<data::SqliteGameStore> OpenStoreForReading(const ParsedArgs& args) {
  const data::SqliteStoreOptions options = StoreOptions(true);
  const auto given = args.Value("db");
  const std::filesystem::path path =
      given ? std::filesystem::path(*given) : data::DefaultDatabasePath();
  RefuseFolder(path);
  std::error_code error;
  if (!std::filesystem::exists(path, error)) {
    if (!given) return nullptr;
    throw CommandError("there is no database " + *given +
                       "; check the --db path ('tabref game new --db FILE' creates one)");
  }
  return std::make_unique<data::SqliteGameStore>(path.string(), options);
}

CommandError NoGamesYet() {
  return CommandError("no games are stored yet; 'tabref game new' starts one");
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
