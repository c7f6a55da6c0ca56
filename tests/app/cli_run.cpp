#include "tests/app/cli_run.h"

#include <unistd.h>

#include <fstream>
#include <iterator>
#include <sstream>

#include "app/cli/cli.h"

namespace tabref::cli {

Result RunTabref(const std::vector<std::string>& args) {
  std::ostringstream out;
  std::ostringstream err;
  const int status = RunCli(args, out, err);
  return {status, out.str(), err.str()};
}

bool IsOneLine(const std::string& text) {
  return !text.empty() && text.find('\n') == text.size() - 1;
}

std::filesystem::path UniqueTempPath(const std::string& stem) {
  static int count = 0;
  return std::filesystem::temp_directory_path() /
         (stem + "_" + std::to_string(::getpid()) + "_" + std::to_string(count++));
}

std::string ReadAll(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace tabref::cli
