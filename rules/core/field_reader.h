#pragma once

#include <initializer_list>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "rules/core/json.h"

namespace tabref::rules {

// Reads typed fields from a JSON object (game options or an action body) and turns every
// problem into a one-line RuleError that names the field, the context and what is
// allowed. Call RejectUnknown() last so that a misspelt key is an error, not ignored.
class FieldReader {
 public:
  // `context` names the object in messages, e.g. "bocce option" or "action 'flick'".
  FieldReader(const Json& object, std::string context);

  bool Has(std::string_view key) const;
  const Json& Required(std::string_view key);
  const Json* Optional(std::string_view key);

  double Number(std::string_view key);
  double Number(std::string_view key, double fallback);
  int Int(std::string_view key, int min, int max);
  int Int(std::string_view key, int min, int max, int fallback);
  bool Bool(std::string_view key);
  bool Bool(std::string_view key, bool fallback);
  std::string String(std::string_view key);
  std::string String(std::string_view key, std::string_view fallback);
  // A string that must be one of `allowed`.
  std::string Choice(std::string_view key, const std::vector<std::string>& allowed);
  std::string Choice(std::string_view key, const std::vector<std::string>& allowed,
                     std::string_view fallback);

  // Throws when the object holds a key that was never read (or allowed via Allow()).
  void RejectUnknown() const;
  // Marks keys as known without reading them ("type" and "source" always are).
  void Allow(std::initializer_list<std::string_view> keys);

  [[noreturn]] void Fail(std::string_view key, std::string_view problem) const;

 private:
  const Json& object_;
  std::string context_;
  std::set<std::string, std::less<>> known_;
};

// "a, b or c" for messages.
std::string JoinChoices(const std::vector<std::string>& items, std::string_view last_joiner = "or");

}  // namespace tabref::rules
