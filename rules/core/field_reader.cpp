#include "rules/core/field_reader.h"

#include <cmath>

#include "rules/core/rule_error.h"

namespace tabref::rules {

FieldReader::FieldReader(const Json& object, std::string context)
    : object_(object), context_(std::move(context)) {
  if (!object_.is_object() && !object_.is_null()) {
    throw RuleError(context_ + " must be a JSON object, got " + object_.dump());
  }
  known_.insert("type");
  known_.insert("source");
}

bool FieldReader::Has(std::string_view key) const {
  return object_.is_object() && object_.contains(key) && !object_.at(std::string(key)).is_null();
}

const Json* FieldReader::Optional(std::string_view key) {
  known_.emplace(key);
  if (!Has(key)) return nullptr;
  return &object_.at(std::string(key));
}

const Json& FieldReader::Required(std::string_view key) {
  const Json* value = Optional(key);
  if (value == nullptr) Fail(key, "is missing");
  return *value;
}

void FieldReader::Fail(std::string_view key, std::string_view problem) const {
  throw RuleError(context_ + ": field \"" + std::string(key) + "\" " + std::string(problem));
}

double FieldReader::Number(std::string_view key) {
  const Json& value = Required(key);
  if (!value.is_number() || !std::isfinite(value.get<double>())) {
    Fail(key, "must be a finite number, got " + value.dump());
  }
  return value.get<double>();
}

double FieldReader::Number(std::string_view key, double fallback) {
  return Has(key) ? Number(key) : (known_.emplace(key), fallback);
}

int FieldReader::Int(std::string_view key, int min, int max) {
  const Json& value = Required(key);
  if (!value.is_number_integer()) Fail(key, "must be a whole number, got " + value.dump());
  const auto number = value.get<long long>();
  if (number < min || number > max) {
    Fail(key, "must be between " + std::to_string(min) + " and " + std::to_string(max) + ", got " +
                  value.dump());
  }
  return static_cast<int>(number);
}

int FieldReader::Int(std::string_view key, int min, int max, int fallback) {
  return Has(key) ? Int(key, min, max) : (known_.emplace(key), fallback);
}

bool FieldReader::Bool(std::string_view key) {
  const Json& value = Required(key);
  if (!value.is_boolean()) Fail(key, "must be true or false, got " + value.dump());
  return value.get<bool>();
}

bool FieldReader::Bool(std::string_view key, bool fallback) {
  return Has(key) ? Bool(key) : (known_.emplace(key), fallback);
}

std::string FieldReader::String(std::string_view key) {
  const Json& value = Required(key);
  if (!value.is_string()) Fail(key, "must be a string, got " + value.dump());
  return value.get<std::string>();
}

std::string FieldReader::String(std::string_view key, std::string_view fallback) {
  return Has(key) ? String(key) : (known_.emplace(key), std::string(fallback));
}

std::string FieldReader::Choice(std::string_view key, const std::vector<std::string>& allowed) {
  std::string value = String(key);
  for (const auto& option : allowed) {
    if (option == value) return value;
  }
  Fail(key, "must be " + JoinChoices(allowed) + ", got \"" + value + "\"");
}

std::string FieldReader::Choice(std::string_view key, const std::vector<std::string>& allowed,
                                std::string_view fallback) {
  return Has(key) ? Choice(key, allowed) : (known_.emplace(key), std::string(fallback));
}

void FieldReader::Allow(std::initializer_list<std::string_view> keys) {
  for (auto key : keys) known_.emplace(key);
}

void FieldReader::RejectUnknown() const {
  if (!object_.is_object()) return;
  for (const auto& [key, value] : object_.items()) {
    if (known_.count(key) == 0) {
      std::vector<std::string> names;
      for (const auto& name : known_) {
        if (name != "type" && name != "source") names.push_back(name);
      }
      throw RuleError(context_ + ": unknown field \"" + key + "\"" +
                      (names.empty() ? std::string("; it takes no fields")
                                     : "; known fields: " + JoinChoices(names, "and")));
    }
  }
}

std::string JoinChoices(const std::vector<std::string>& items, std::string_view last_joiner) {
  std::string text;
  for (size_t i = 0; i < items.size(); ++i) {
    if (i > 0 && i + 1 == items.size()) {
      text.append(" ").append(last_joiner).append(" ");
    } else if (i > 0) {
      text.append(", ");
    }
    text += items[i];
  }
  return text;
}

}  // namespace tabref::rules
