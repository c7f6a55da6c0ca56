#pragma once

#include <filesystem>

namespace tabref::data {

// $XDG_DATA_HOME/tabref/tabref.sqlite, else ~/.local/share/tabref/tabref.sqlite. Throws
// StoreError when neither XDG_DATA_HOME nor HOME is set (then --db must be given).
std::filesystem::path DefaultDatabasePath();

}  // namespace tabref::data
