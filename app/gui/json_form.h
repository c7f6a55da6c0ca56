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
// What a field means, for its tooltip; empty when there is nothing to add to its label.
using FieldHelp = std::function<QString(const std::string& pointer)>;

// A form generated from an example JSON object: a checkbox per boolean, a spin box per
// number, a drop-down per string that has choices, a line edit per other string, a row
// of editors per list and a nested group per object. "type" is kept as it is. Editors are
// named by their JSON pointer ("/field/0") so that tests and shortcuts can find them.
class JsonForm : public QWidget {
  Q_OBJECT

 public:
  JsonForm(const rules::Json& example, const FieldChoices& choices, QWidget* parent = nullptr,
           const FieldHelp& help = {});

  // The example with every edited value in place.
  rules::Json value() const;
  // Gives the keyboard to the first editor, so that a form can be filled without a mouse
  // (Tab moves on; a drop-down picks the item whose text is typed).
  void focusFirstField();
  QWidget* firstField() const { return first_field_; }

 private:
  using Reader = std::function<rules::Json()>;

  QWidget* editorFor(const std::string& pointer, const rules::Json& example, Reader& read);
  QWidget* objectEditor(const std::string& pointer, const rules::Json& example, Reader& read);
  QWidget* listEditor(const std::string& pointer, const rules::Json& example, Reader& read);
  QWidget* scalarEditor(const std::string& pointer, const rules::Json& example, Reader& read);

  FieldChoices choices_;
  FieldHelp help_;
  Reader read_;
  QWidget* first_field_ = nullptr;
};

// "bumper_measure" -> "Bumper measure", "close_call_mm" -> "Close call (mm)".
QString FieldLabel(const std::string& key);

}  // namespace tabref::gui
