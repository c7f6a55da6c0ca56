#include "app/gui/action_text.h"

#include <QObject>
#include <QStringList>
#include <algorithm>
#include <cmath>
#include <memory>
#include <set>
#include <string>

#include "app/gui/qt_text.h"

namespace tabref::gui {
namespace {

// Fields that name who or what an object is about: shown as the bare name.
const std::set<std::string>& NameFields() {
  static const std::set<std::string> fields = {"player", "name", "side"};
  return fields;
}
// Fields that hold a table position: shown as the bare point.
const std::set<std::string>& PointFields() {
  static const std::set<std::string> fields = {"at", "position"};
  return fields;
}
// Measurement detail nobody reads in a log line.
const std::set<std::string>& QuietFields() {
  static const std::set<std::string> fields = {"sigma_mm", "angle_deg", "type"};
  return fields;
}

QString Words(const std::string& key) { return ToQString(key).replace('_', ' '); }

QString NumberText(const rules::Json& number) {
  if (number.is_number_integer()) return QString::number(number.get<long long>());
  const double value = number.get<double>();
  return std::abs(value) >= 10.0 ? QString::number(std::lround(value))
                                 : QString::number(value, 'f', 1);
}

bool Omitted(const rules::Json& value) {
  return value.is_null() || (value.is_boolean() && !value.get<bool>()) ||
         ((value.is_array() || value.is_object()) && value.empty());
}

QString ValueText(const rules::Json& value);

QString PointText(const rules::Json& point) {
  QStringList coordinates;
  for (const auto& coordinate : point) {
    coordinates << (coordinate.is_number() ? QString::number(std::lround(coordinate.get<double>()))
                                           : ValueText(coordinate));
  }
  return "(" + coordinates.join(", ") + ")";
}

// "key value" pairs, names and points bare, in the object's order.
QString ObjectText(const rules::Json& object, const QString& separator) {
  QStringList parts;
  for (const auto& [key, value] : object.items()) {
    if (QuietFields().count(key) > 0 || Omitted(value)) continue;
    if (NameFields().count(key) > 0) {
      parts.prepend(ValueText(value));
    } else if (PointFields().count(key) > 0 && value.is_array()) {
      parts << PointText(value);
    } else if (value.is_boolean()) {
      parts << Words(key);
    } else {
      parts << Words(key) + " " + ValueText(value);
    }
  }
  return parts.join(separator);
}

QString ValueText(const rules::Json& value) {
  if (value.is_string()) return ToQString(value.get<std::string>());
  if (value.is_number()) return NumberText(value);
  if (value.is_boolean()) return value.get<bool>() ? QObject::tr("yes") : QObject::tr("no");
  if (value.is_object()) return ObjectText(value, " ");
  if (value.is_array()) {
    const bool objects = std::any_of(value.begin(), value.end(),
                                     [](const rules::Json& item) { return item.is_object(); });
    QStringList items;
    for (const auto& item : value) items << ValueText(item);
    return items.join(objects ? "; " : " ");
  }
  return {};
}

}  // namespace

QString ActionText(const rules::Action& action, const QString& actor) {
  QString text = Words(action.Type());
  const rules::Json& body = action.body;
  if (body.contains("player") && body["player"].is_string()) {
    text = ToQString(body["player"].get<std::string>()) + ": " + text;
  } else if (!actor.isEmpty()) {
    text = actor + ": " + text;
  }
  QStringList fields;
  for (const auto& [key, value] : body.items()) {
    if (key == "player" || QuietFields().count(key) > 0 || Omitted(value)) continue;
    if (value.is_boolean()) {
      fields << Words(key);
    } else if (PointFields().count(key) > 0 && value.is_array()) {
      fields << Words(key) + " " + PointText(value);
    } else if (value.is_object() && std::all_of(value.begin(), value.end(), [](const auto& item) {
                 return !item.is_object() && !item.is_array();
               })) {
      fields << Words(key) + " " + ObjectText(value, ", ");
    } else {
      fields << Words(key) + " " + ValueText(value);
    }
  }
  return fields.isEmpty() ? text : text + ", " + fields.join(", ");
}

std::vector<QString> HistoryActors(const rules::State& state) {
  std::vector<QString> actors;
  try {
    std::unique_ptr<rules::State> replay = state.game().NewInitialState();
    for (const rules::Action& action : state.History()) {
      const std::vector<int> seats = replay->Actors();
      actors.push_back(seats.size() == 1 ? ToQString(replay->Names(seats).front()) : QString());
      replay->Apply(action);
    }
  } catch (const std::exception&) {
    // A history the rules accepted replays; should it not, the log names no actors.
  }
  actors.resize(state.History().size());
  return actors;
}

QString ActionDetails(const rules::Action& action) { return ToQString(action.body.dump(2)); }

QString SourceText(rules::ActionSource source) { return ToQString(std::string(ToString(source))); }

}  // namespace tabref::gui
