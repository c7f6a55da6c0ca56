#include "app/cli/data_dir.h"

#include <cstdlib>

namespace tabref::cli {

std::filesystem::path DataDir() {
  if (const char* overridden = std::getenv("TABREF_DATA_DIR"); overridden && *overridden) {
    return overridden;
  }
  return TABREF_DEFAULT_DATA_DIR;
}

}  // namespace tabref::cli
