#include "app/cli/arguments.h"

#include <sstream>

namespace tabref::cli {

bool ParsedArgs::Has(const std::string& name) const {
  return switches.count(name) > 0 || values.count(name) > 0;
}

std::optional<std::string> ParsedArgs::Value(const std::string& name) const {
  auto it = values.find(name);
  if (it == values.end()) return std::nullopt;
  return it->second.back();
}

std::vector<std::string> ParsedArgs::Values(const std::string& name) const {
  auto it = values.find(name);
  return it == values.end() ? std::vector<std::string>{} : it->second;
}

namespace {

const OptionSpec* FindOption(const CommandSpec& spec, const std::string& name) {
  for (const auto& option : spec.options) {
    if (option.name == name) return &option;
  }
  return nullptr;
}

}  // namespace

ParsedArgs ParseArgs(const CommandSpec& spec, const std::vector<std::string>& args) {
  ParsedArgs parsed;
  const std::string see_help = "; see 'tabref " + spec.name + " --help'";
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (arg == "--help" || arg == "-h") {
      parsed.help = true;
      return parsed;
    }
    if (arg.rfind("--", 0) != 0 || arg == "--") {
      parsed.positional.push_back(arg);
      continue;
    }
    std::string name = arg.substr(2);
    std::optional<std::string> inline_value;
    if (auto eq = name.find('='); eq != std::string::npos) {
      inline_value = name.substr(eq + 1);
      name = name.substr(0, eq);
    }
    const OptionSpec* option = FindOption(spec, name);
    if (option == nullptr) throw UsageError("unknown option --" + name + see_help);
    if (option->value_name.empty()) {
      if (inline_value) throw UsageError("--" + name + " takes no value" + see_help);
      parsed.switches.insert(name);
      continue;
    }
    if (!inline_value) {
      if (i + 1 >= args.size()) {
        throw UsageError("--" + name + " needs a value " + option->value_name + see_help);
      }
      inline_value = args[++i];
    }
    auto& given = parsed.values[name];
    if (!given.empty() && !option->repeatable) {
      throw UsageError("--" + name + " is given twice" + see_help);
    }
    given.push_back(*inline_value);
  }
  const int count = static_cast<int>(parsed.positional.size());
  if (count < spec.min_positional) {
    throw UsageError("missing argument: usage: tabref " + spec.name + " " + spec.usage);
  }
  if (count > spec.max_positional) {
    throw UsageError("unexpected argument '" + parsed.positional[spec.max_positional] +
                     "': usage: tabref " + spec.name + " " + spec.usage);
  }
  return parsed;
}

std::string HelpText(const CommandSpec& spec) {
  std::ostringstream out;
  out << "usage: tabref " << spec.name << " " << spec.usage << "\n\n" << spec.summary << "\n";
  if (!spec.details.empty()) out << "\n" << spec.details << "\n";
  if (!spec.options.empty()) {
    out << "\noptions:\n";
    for (const auto& option : spec.options) {
      std::string left = "--" + option.name;
      if (!option.value_name.empty()) left += " " + option.value_name;
      out << "  " << left << std::string(left.size() < 22 ? 22 - left.size() : 1, ' ')
          << option.help << "\n";
    }
  }
  out << "  --help                show this help\n";
  return out.str();
}

double NumberOption(const ParsedArgs& args, const std::string& name, double fallback) {
  const auto text = args.Value(name);
  if (!text) return fallback;
  try {
    size_t used = 0;
    const double value = std::stod(*text, &used);
    if (used == text->size()) return value;
  } catch (const std::exception&) {
  }
  throw UsageError("--" + name + " needs a number, got '" + *text + "'");
}

}  // namespace tabref::cli
