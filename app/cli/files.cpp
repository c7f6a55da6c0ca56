#include "app/cli/files.h"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "app/cli/arguments.h"

namespace tabref::cli {

std::string ReadTextFile(const std::string& path) {
  if (path == "-") {
    std::ostringstream buffer;
    buffer << std::cin.rdbuf();
    return buffer.str();
  }
  if (std::filesystem::is_directory(path)) {
    throw CommandError("cannot read " + path + ": it is a directory, not a file");
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) throw CommandError("cannot read " + path + ": " + std::strerror(errno));
  std::ostringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

rules::Json ReadJsonFile(const std::string& path) {
  const std::string text = ReadTextFile(path);
  try {
    return rules::Json::parse(text);
  } catch (const rules::Json::parse_error& error) {
    // nlohmann reports a byte offset; players need a line and column.
    const size_t offset = std::min(error.byte == 0 ? 0 : error.byte - 1, text.size());
    const auto line = 1 + std::count(text.begin(), text.begin() + static_cast<long>(offset), '\n');
    const size_t line_start = text.rfind('\n', offset == 0 ? 0 : offset - 1);
    const size_t column = offset - (line_start == std::string::npos ? 0 : line_start + 1) + 1;
    throw CommandError(path + " is not valid JSON (line " + std::to_string(line) + ", column " +
                       std::to_string(column) + ")");
  }
}

void WriteFileAtomically(const std::string& path, const std::string& contents) {
  const std::filesystem::path target(path);
  if (std::filesystem::is_directory(target)) {
    throw CommandError("cannot write " + path + ": it is a directory; give a file name");
  }
  std::filesystem::path temporary = target;
  temporary += ".tmp" + std::to_string(::getpid());
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    if (!out) throw CommandError("cannot write " + path + ": " + std::strerror(errno));
    out << contents;
    out.flush();
    if (!out) {
      std::filesystem::remove(temporary);
      throw CommandError("cannot write " + path + ": " + std::strerror(errno));
    }
  }
  std::error_code error;
  std::filesystem::rename(temporary, target, error);
  if (error) {
    std::filesystem::remove(temporary);
    throw CommandError("cannot write " + path + ": " + error.message());
  }
}

}  // namespace tabref::cli
