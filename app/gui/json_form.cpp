#include "app/gui/json_form.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QFrame>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>
#include <QVBoxLayout>
#include <algorithm>
#include <vector>

#include "app/gui/qt_text.h"

namespace tabref::gui {
namespace {

constexpr int kIntegerLimit = 1'000'000;
constexpr double kNumberLimit = 1e9;
constexpr int kDecimals = 2;

bool IsScalar(const rules::Json& value) { return !value.is_object() && !value.is_array(); }

// "/peeked" and "Bob" -> "/peeked/Bob".
std::string ChildPointer(const std::string& pointer, const std::string& key) {
  std::string child = pointer;
  child += '/';
  child += key;
  return child;
}

}  // namespace

QString FieldLabel(const std::string& key) {
  QString label = ToQString(key).replace('_', ' ');
  for (const QString unit : {"mm", "deg"}) {
    if (label.endsWith(" " + unit)) label = label.chopped(unit.size() + 1) + " (" + unit + ")";
  }
  if (!label.isEmpty()) label[0] = label[0].toUpper();
  return label;
}

JsonForm::JsonForm(const rules::Json& example, const FieldChoices& choices, QWidget* parent,
                   const FieldHelp& help)
    : QWidget(parent), choices_(choices), help_(help) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(editorFor("", example, read_));
}

rules::Json JsonForm::value() const { return read_(); }

void JsonForm::focusFirstField() {
  if (first_field_ != nullptr) first_field_->setFocus(Qt::OtherFocusReason);
}

QWidget* JsonForm::editorFor(const std::string& pointer, const rules::Json& example, Reader& read) {
  QWidget* editor = nullptr;
  if (example.is_object()) {
    editor = objectEditor(pointer, example, read);
  } else if (example.is_array()) {
    editor = listEditor(pointer, example, read);
  } else {
    editor = scalarEditor(pointer, example, read);
  }
  editor->setObjectName(ToQString(pointer));
  if (help_) editor->setToolTip(help_(pointer));
  if (first_field_ == nullptr && IsScalar(example)) first_field_ = editor;
  return editor;
}

QWidget* JsonForm::objectEditor(const std::string& pointer, const rules::Json& example,
                                Reader& read) {
  auto* box = new QFrame;
  auto* form = new QFormLayout(box);
  form->setContentsMargins(pointer.empty() ? 0 : 12, 0, 0, 0);
  std::vector<std::pair<std::string, Reader>> fields;
  for (const auto& [key, value] : example.items()) {
    Reader field_read;
    if (key == "type") {
      field_read = [value = value] { return value; };
    } else {
      const std::string child = ChildPointer(pointer, key);
      auto* label = new QLabel(FieldLabel(key));
      if (help_) label->setToolTip(help_(child));
      form->addRow(label, editorFor(child, value, field_read));
    }
    fields.emplace_back(key, std::move(field_read));
  }
  read = [fields = std::move(fields)] {
    rules::Json object = rules::Json::object();
    for (const auto& [key, field_read] : fields) object[key] = field_read();
    return object;
  };
  return box;
}

QWidget* JsonForm::listEditor(const std::string& pointer, const rules::Json& example,
                              Reader& read) {
  auto* box = new QWidget;
  const bool in_a_row = std::all_of(example.begin(), example.end(), IsScalar);
  QBoxLayout* layout = in_a_row ? static_cast<QBoxLayout*>(new QHBoxLayout(box))
                                : static_cast<QBoxLayout*>(new QVBoxLayout(box));
  layout->setContentsMargins(0, 0, 0, 0);
  std::vector<Reader> elements(example.size());
  for (size_t i = 0; i < example.size(); ++i) {
    layout->addWidget(editorFor(ChildPointer(pointer, std::to_string(i)), example[i], elements[i]));
  }
  if (in_a_row) layout->addStretch();
  read = [elements = std::move(elements)] {
    rules::Json list = rules::Json::array();
    for (const auto& element_read : elements) list.push_back(element_read());
    return list;
  };
  return box;
}

QWidget* JsonForm::scalarEditor(const std::string& pointer, const rules::Json& example,
                                Reader& read) {
  if (example.is_boolean()) {
    auto* check = new QCheckBox;
    check->setChecked(example.get<bool>());
    read = [check] { return rules::Json(check->isChecked()); };
    return check;
  }
  if (example.is_number_integer()) {
    auto* spin = new QSpinBox;
    spin->setRange(-kIntegerLimit, kIntegerLimit);
    spin->setValue(example.get<int>());
    read = [spin] { return rules::Json(spin->value()); };
    return spin;
  }
  if (example.is_number()) {
    auto* spin = new QDoubleSpinBox;
    spin->setRange(-kNumberLimit, kNumberLimit);
    spin->setDecimals(kDecimals);
    spin->setValue(example.get<double>());
    read = [spin] { return rules::Json(spin->value()); };
    return spin;
  }
  const QString text = example.is_string() ? ToQString(example.get<std::string>()) : QString();
  if (const QStringList allowed = choices_ ? choices_(pointer, example) : QStringList();
      !allowed.isEmpty()) {
    auto* combo = new QComboBox;
    combo->addItems(allowed);
    if (!allowed.contains(text)) combo->addItem(text);
    combo->setCurrentText(text);
    read = [combo] { return rules::Json(ToStdString(combo->currentText())); };
    return combo;
  }
  auto* line = new QLineEdit(text);
  if (example.is_null()) {
    // A value the example leaves open: typed as JSON, empty for none.
    line->setPlaceholderText(QObject::tr("none"));
    read = [line] {
      const std::string typed = ToStdString(line->text().trimmed());
      if (typed.empty()) return rules::Json();
      return rules::Json::parse(typed, nullptr, /*allow_exceptions=*/false).is_discarded()
                 ? rules::Json(typed)
                 : rules::Json::parse(typed);
    };
  } else {
    read = [line] { return rules::Json(ToStdString(line->text())); };
  }
  return line;
}

}  // namespace tabref::gui
