#pragma once

#include <QStringList>
#include <QWidget>
#include <functional>
#include <string>

#include "rules/core/json.h"

namespace tabref::gui {

// The values a field may take, when it is a choice (a player, a card, an option's
// choices); empty for a free field. Asked with the field's JSON pointer ("/field/2") and
// its example value.
using FieldChoices =
    std::function<QStringList(const std::string& pointer, const rules::Json& example)>;

// A form generated from an example JSON object: a checkbox per boolean, a spin box per
// number, a drop-down per string that has choices, a line edit per other string, a row
// of editors per list and a nested group per object. "type" is kept as it is. Editors are
// named by their JSON pointer ("/field/0") so that tests and shortcuts can find them.
class JsonForm : public QWidget {
  Q_OBJECT

 public:
  JsonForm(const rules::Json& example, const FieldChoices& choices, QWidget* parent = nullptr);

  // The example with every edited value in place.
  rules::Json value() const;

 private:
  using Reader = std::function<rules::Json()>;

  QWidget* editorFor(const std::string& pointer, const rules::Json& example, Reader& read);
  QWidget* objectEditor(const std::string& pointer, const rules::Json& example, Reader& read);
  QWidget* listEditor(const std::string& pointer, const rules::Json& example, Reader& read);
  QWidget* scalarEditor(const std::string& pointer, const rules::Json& example, Reader& read);

  FieldChoices choices_;
  Reader read_;
};

// "bumper_measure" -> "Bumper measure".
QString FieldLabel(const std::string& key);

}  // namespace tabref::gui
