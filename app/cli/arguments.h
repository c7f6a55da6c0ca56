#pragma once

#include <map>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

namespace tabref::cli {

// Bad usage (exit status 2): an unknown option, a missing argument.
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A failure the command explains in one line (exit status 1).
class CommandError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct OptionSpec {
  std::string name;        // without the leading "--"
  std::string value_name;  // empty for a switch that takes no value
  std::string help;
  bool repeatable = false;  // may be given several times (--option a=1 --option b=2)
};

struct CommandSpec {
  std::string name;     // "replay", "score", ...
  std::string usage;    // "LOG.json [--json]"
  std::string summary;  // one line for `tabref --help`
  std::string details;  // paragraphs for `tabref NAME --help`
  std::vector<OptionSpec> options;
  int min_positional = 0;
  int max_positional = 0;
};

struct ParsedArgs {
  std::vector<std::string> positional;
  std::map<std::string, std::vector<std::string>> values;
  std::set<std::string> switches;
  bool help = false;

  bool Has(const std::string& name) const;
  // The value of an option given once (the last one if repeated).
  std::optional<std::string> Value(const std::string& name) const;
  // Every value of a repeatable option, in order.
  std::vector<std::string> Values(const std::string& name) const;
};

// Accepts --name VALUE, --name=VALUE and switches; "--help"/"-h" anywhere sets help.
// Throws UsageError naming the problem and pointing at --help.
ParsedArgs ParseArgs(const CommandSpec& spec, const std::vector<std::string>& args);

std::string HelpText(const CommandSpec& spec);

// The number given with --name, or `fallback` when the option is absent. Throws UsageError
// when the value is not a number.
double NumberOption(const ParsedArgs& args, const std::string& name, double fallback);

}  // namespace tabref::cli
