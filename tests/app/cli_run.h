#pragma once

#include <filesystem>
#include <string>
#include <vector>

// Running `tabref` commands in-process for the command-line tests.
namespace tabref::cli {

struct Result {
  int status = 0;
  std::string out;
  std::string err;
};

// Runs `tabref ARGS...` in this process, capturing standard output and error.
Result RunTabref(const std::vector<std::string>& args);

// Exactly one line: what every explained failure prints on stderr.
bool IsOneLine(const std::string& text);

// A path in the temporary folder no other test process uses: named by STEM, this process
// and a count. ctest runs each test in a process of its own, two at a time; gtest's random
// seed, used before, is the same for processes started in one millisecond.
std::filesystem::path UniqueTempPath(const std::string& stem);

// A file's whole contents ("" when it cannot be read).
std::string ReadAll(const std::filesystem::path& file);

}  // namespace tabref::cli
