#pragma once

#include <string>

#include "rules/core/json.h"

namespace tabref::cli {

// Reads a whole file ("-" reads standard input). Throws CommandError naming the file and
// the reason it could not be read.
std::string ReadTextFile(const std::string& path);

// Reads and parses a JSON file; a syntax error names the file, line and column.
rules::Json ReadJsonFile(const std::string& path);

// Writes `contents` to a temporary file beside `path` and renames it over `path`, so a
// reader never sees a half-written file and a failure leaves an old file intact.
void WriteFileAtomically(const std::string& path, const std::string& contents);

}  // namespace tabref::cli
