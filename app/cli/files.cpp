#include "app/cli/files.h"

#include <fcntl.h>
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

namespace {

// Writes all of `contents` to `fd` and flushes it to the disk; false with errno set on failure.
bool WriteAndSync(int fd, const std::string& contents) {
  size_t done = 0;
  while (done < contents.size()) {
    const ssize_t n = ::write(fd, contents.data() + done, contents.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return false;
    done += static_cast<size_t>(n);
  }
  return ::fsync(fd) == 0;
}

}  // namespace

void WriteFileAtomically(const std::string& path, const std::string& contents) {
  const std::filesystem::path target(path);
  if (std::filesystem::is_directory(target)) {
    throw CommandError("cannot write " + path + ": it is a directory; give a file name");
  }
  std::filesystem::path temporary = target;
  temporary += ".tmp" + std::to_string(::getpid());
  const int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) throw CommandError("cannot write " + path + ": " + std::strerror(errno));
  // Synced before the rename, so that after a crash the file is the old one or the whole
  // new one, never a renamed but empty or partial file.
  const bool written = WriteAndSync(fd, contents);
  const int write_errno = errno;
  if (::close(fd) != 0 || !written) {
    std::filesystem::remove(temporary);
    throw CommandError("cannot write " + path + ": " +
                       std::strerror(written ? errno : write_errno));
  }
  std::error_code error;
  std::filesystem::rename(temporary, target, error);
  if (error) {
    std::filesystem::remove(temporary);
    throw CommandError("cannot write " + path + ": " + error.message());
  }
}

}  // namespace tabref::cli
