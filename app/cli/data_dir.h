#pragma once

#include <filesystem>

namespace tabref::cli {

// The bundled data folder (piece sets, sample logs): $TABREF_DATA_DIR when set, else the
// source tree's data/ that the build was configured from.
std::filesystem::path DataDir();

}  // namespace tabref::cli
