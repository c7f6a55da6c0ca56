#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace tabref::cli {

// Runs `tabref ARGS...` (without the program name). Results go to `out`; errors go to
// `err` as one line "tabref: ..." . Returns the exit status: 0 success, 1 a failure that
// the message explains, 2 bad usage.
int RunCli(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace tabref::cli
