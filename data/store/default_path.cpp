#include "data/store/default_path.h"

#include <cstdlib>

#include "data/store/store_error.h"

namespace tabref::data {

std::filesystem::path DefaultDatabasePath() {
  if (const char* xdg = std::getenv("XDG_DATA_HOME"); xdg != nullptr && *xdg == '/') {
    return std::filesystem::path(xdg) / "tabref" / "tabref.sqlite";
  }
  if (const char* home = std::getenv("HOME"); home != nullptr && *home != '\0') {
    return std::filesystem::path(home) / ".local" / "share" / "tabref" / "tabref.sqlite";
  }
  throw StoreError("neither XDG_DATA_HOME nor HOME is set; give the database with --db FILE");
}

}  // namespace tabref::data
